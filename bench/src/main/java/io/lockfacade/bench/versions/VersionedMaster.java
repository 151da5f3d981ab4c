package io.lockfacade.bench.versions;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * A single master of one build, run from that build's webapp jar (copied first: a jar rebuilt under a running JVM
 * breaks it) on a free loopback port, with the same JVM options for every build. Closing it kills the process.
 */
final class VersionedMaster implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final String ENDPOINT_LINE = "Hessian endpoint:";
    private static final List<String> JVM_OPTIONS = List.of("-Xmx512m", "-XX:+UseG1GC",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");

    private final ChildJvm jvm;
    private final String endpoint;

    private VersionedMaster(ChildJvm jvm, String endpoint) {
        this.jvm = jvm;
        this.endpoint = endpoint;
    }

    /**
     * Starts the master and waits for its ready lines.
     *
     * @param label  how reports and the log name the build
     * @param jar    the build's runnable webapp jar
     * @param runDir where the copy of the jar goes
     * @throws IllegalArgumentException if there is no such jar
     * @throws TimeoutException         if it printed no endpoint within {@link #START_TIMEOUT}
     */
    static VersionedMaster start(String label, Path jar, Path runDir) throws IOException, InterruptedException,
            TimeoutException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("no master jar at " + jar);
        }
        Path copy = Files.copy(jar, runDir.resolve(label + "-master.jar"), StandardCopyOption.REPLACE_EXISTING);
        ChildJvm jvm = ChildJvm.launcher(label + "-master",
                JavaCommand.jar(copy, List.of("--host", "127.0.0.1", "--port", "0")).withJvmOptions(JVM_OPTIONS))
                .keepLines().withoutInput().killedAtExit().start();
        try {
            String line = jvm.awaitLine(text -> text.contains(ENDPOINT_LINE), START_TIMEOUT);
            return new VersionedMaster(jvm, line.substring(line.indexOf(ENDPOINT_LINE) + ENDPOINT_LINE.length())
                    .strip());
        } catch (InterruptedException | TimeoutException | RuntimeException e) {
            jvm.close();
            throw e;
        }
    }

    /** @return the master's Hessian endpoint */
    String endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        jvm.close();
    }
}
