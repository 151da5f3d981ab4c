package io.lockfacade.bench.node;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the command line of a child JVM: this JDK's {@code java}, this process's class path (the shaded jar, or
 * the test class path under Surefire), the given heap, quiet logging, then the main class and its arguments.
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
    public static List<String> of(String maxHeap, Class<?> mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.add("-Xmx" + maxHeap);
        command.add("-XX:+UseG1GC");
        command.add(QUIET_LOGGING);
        command.add("-cp");
        command.add(classPath());
        command.add(mainClass.getName());
        command.addAll(args);
        return command;
    }

    /** @return the {@code java} launcher of the running JDK */
    public static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** @return the class path children run with: Surefire's test class path when under test, else ours */
    public static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }
}
