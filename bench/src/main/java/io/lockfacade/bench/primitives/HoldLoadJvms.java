package io.lockfacade.bench.primitives;

import io.lockfacade.bench.node.JvmCommand;
import io.lockfacade.process.ChildJvm;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;

/**
 * Runs client JVMs that speak {@link HoldLoad}'s protocol (a main calling {@link HoldLoad#run}), starts their load at
 * once and sweeps their holds. Every JVM it starts has ended when it returns.
 */
public final class HoldLoadJvms {

    private static final String NODE_HEAP = "128m";
    private static final Duration START = Duration.ofSeconds(90);

    private HoldLoadJvms() {
    }

    /**
     * @param label      names the JVMs and their hold files
     * @param main       the client JVMs' main class
     * @param argsOf     the arguments of JVM {@code i} (its node id, {@code label-i}, and its hold file given)
     * @param jvms       how many client JVMs
     * @param permits    holders allowed at once
     * @param warmup     the JVMs' unrecorded seconds, to bound the wait for them
     * @param seconds    their recorded seconds
     * @param work       where the hold files go
     * @return every hold of every JVM, swept
     * @throws TimeoutException if a JVM is not ready, or not done, in time
     */
    public static HoldSweep run(String label, Class<?> main, BiFunction<String, Path, List<String>> argsOf, int jvms,
                                int permits, int warmup, int seconds, Path work)
            throws IOException, InterruptedException, TimeoutException {
        List<ChildJvm> nodes = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        try {
            for (int i = 0; i < jvms; i++) {
                String id = label + "-" + i;
                Path file = work.resolve(id + ".txt");
                files.add(file);
                nodes.add(ChildJvm.launcher(id, JvmCommand.of(NODE_HEAP, main, argsOf.apply(id, file)))
                        .keepLines().killedAtExit().start());
            }
            for (ChildJvm node : nodes) {
                node.awaitLine(line -> line.equals("READY"), START);
            }
            nodes.forEach(node -> node.send("GO"));
            for (ChildJvm node : nodes) {
                node.awaitLine(line -> line.startsWith("DONE"), START.plusSeconds(warmup + seconds));
            }
        } finally {
            nodes.forEach(ChildJvm::close);
        }
        return HoldSweep.of(files, permits);
    }
}
