package io.lockfacade.client.cluster;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.util.List;

/**
 * Starts the cluster tests' client nodes and masters in JVMs of their own, on this test's class path, keeping what
 * they print for {@link ChildJvm#awaitLine} and failure messages; a shutdown hook kills any a test left running.
 */
final class NodeJvms {

    /** The heap of a client node. */
    static final String NODE_HEAP = "-Xmx128m";

    private NodeJvms() {
    }

    /** Starts {@code mainClass} with {@code args} and {@link #NODE_HEAP}. */
    static ChildJvm start(String name, Class<?> mainClass, String... args) throws IOException {
        return start(name, NODE_HEAP, mainClass, args);
    }

    /** Starts {@code mainClass} with {@code args} and that heap option. */
    static ChildJvm start(String name, String heapOption, Class<?> mainClass, String... args) throws IOException {
        JavaCommand command = JavaCommand.mainClass(mainClass.getName(), List.of(args))
                .withJvmOptions(List.of(heapOption));
        return ChildJvm.launcher(name, command).keepLines().killedAtExit().start();
    }
}
