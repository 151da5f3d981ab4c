package io.lockfacade.bench.ha;

import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * S2 from several client JVMs at once: each runs {@link S2ClientMain} with its share of the threads on keys of its
 * own, all measuring the same wall-clock window after a common warm-up. Every JVM it starts has ended when it
 * returns.
 */
final class S2ClientJvms {

    /** How long every client JVM warms up before the common window. */
    static final Duration WARMUP = Duration.ofSeconds(8);

    private S2ClientJvms() {
    }

    /**
     * @param jvms          how many client JVMs
     * @param threadsPerJvm threads in each
     * @return lock+unlock pairs per second over all of them
     * @throws IllegalStateException if a JVM does not report within the window plus a minute
     */
    static double run(List<String> endpoints, int leader, int jvms, int threadsPerJvm, Duration window, Path dir,
                      String label) throws IOException, InterruptedException {
        long startAt = System.currentTimeMillis() + WARMUP.toMillis();
        List<MemberJvm> clients = new ArrayList<>();
        try {
            for (int i = 0; i < jvms; i++) {
                clients.add(MemberJvm.start(label + "-client-" + i, JavaCommand.mainClass(
                        S2ClientMain.class.getName(), List.of(String.join(",", endpoints), Integer.toString(leader),
                                Integer.toString(threadsPerJvm), Long.toString(startAt),
                                Long.toString(window.toSeconds()), label + "-jvm" + i)),
                        dir.resolve(label + "-client-" + i + ".log")));
            }
            double total = 0;
            Duration patience = WARMUP.plus(window).plusMinutes(1);
            for (MemberJvm client : clients) {
                if (!client.awaitEnd(patience)) {
                    throw new IllegalStateException(client.name() + " did not finish S2 within " + patience);
                }
                total += result(client.log());
            }
            return total;
        } finally {
            clients.forEach(MemberJvm::close);
        }
    }

    private static double result(Path log) throws IOException {
        return Files.readAllLines(log).stream().filter(line -> line.startsWith(S2ClientMain.RESULT_PREFIX))
                .mapToDouble(line -> Double.parseDouble(line.substring(S2ClientMain.RESULT_PREFIX.length())))
                .findFirst().orElseThrow(() -> new IllegalStateException("no S2 result in " + log));
    }
}
