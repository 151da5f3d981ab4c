package io.lockfacade.bench.node;

import io.lockfacade.process.JavaCommand;

import java.util.List;

/**
 * The command line of the benchmark's child JVMs: this JDK's {@code java} and this process's class path (the shaded
 * jar, or the test class path under Surefire; see {@link JavaCommand}), the given heap, G1, quiet logging, then the
 * main class and its arguments.
 */
public final class JvmCommand {

    /** Log level of children: Jetty and the master log only warnings. */
    private static final String QUIET_LOGGING = "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn";

    private JvmCommand() {
    }

    /**
     * @param maxHeap   the {@code -Xmx} value, e.g. {@code 512m}
     * @param mainClass the child's main class
     * @param args      its arguments
     * @return the command line
     */
    public static JavaCommand of(String maxHeap, Class<?> mainClass, List<String> args) {
        return JavaCommand.mainClass(mainClass.getName(), args)
                .withJvmOptions(List.of("-Xmx" + maxHeap, "-XX:+UseG1GC", QUIET_LOGGING));
    }
}
