package io.lockfacade.process;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The command line of a child JVM: an optional wrapper (a command that runs the rest in place of itself, keeping
 * its pid, such as {@code ip netns exec NS}), this JDK's {@code java}, JVM options, then a main class on a class
 * path or a jar, and the program's arguments. Immutable; each {@code with...} returns a new command.
 */
public final class JavaCommand {

    private final List<String> wrapper;
    private final List<String> jvmOptions;
    private final List<String> launch;

    private JavaCommand(List<String> wrapper, List<String> jvmOptions, List<String> launch) {
        this.wrapper = List.copyOf(wrapper);
        this.jvmOptions = List.copyOf(jvmOptions);
        this.launch = List.copyOf(launch);
    }

    /**
     * @param mainClass the class to run, on {@link #classPath()}
     * @param arguments the program's arguments
     * @return {@code java -cp CLASSPATH mainClass arguments}
     */
    public static JavaCommand mainClass(String mainClass, List<String> arguments) {
        List<String> launch = new ArrayList<>(List.of("-cp", classPath(), Objects.requireNonNull(mainClass)));
        launch.addAll(arguments);
        return new JavaCommand(List.of(), List.of(), launch);
    }

    /**
     * @param jar       an executable jar
     * @param arguments the program's arguments
     * @return {@code java -jar jar arguments}
     */
    public static JavaCommand jar(Path jar, List<String> arguments) {
        List<String> launch = new ArrayList<>(List.of("-jar", jar.toAbsolutePath().toString()));
        launch.addAll(arguments);
        return new JavaCommand(List.of(), List.of(), launch);
    }

    /** @return this command with {@code options} added to its JVM options */
    public JavaCommand withJvmOptions(List<String> options) {
        List<String> all = new ArrayList<>(jvmOptions);
        all.addAll(options);
        return new JavaCommand(wrapper, all, launch);
    }

    /** @return this command with the system property {@code -Dname=value} added */
    public JavaCommand withSystemProperty(String name, String value) {
        return withJvmOptions(List.of("-D" + name + "=" + value));
    }

    /** @return this command run through {@code command}, which must keep its pid (it replaces itself) */
    public JavaCommand wrappedBy(List<String> command) {
        return new JavaCommand(command, jvmOptions, launch);
    }

    /** @return the whole command line */
    public List<String> toList() {
        List<String> command = new ArrayList<>(wrapper);
        command.add(javaBinary());
        command.addAll(jvmOptions);
        command.addAll(launch);
        return command;
    }

    /** @return the {@code java} binary running this JVM */
    public static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * @return the class path children run with: Surefire's test class path under a test, else this JVM's, every
     *         entry made absolute so that a child may run in any directory
     */
    public static String classPath() {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(classPath.split(File.pathSeparator))
                .filter(entry -> !entry.isBlank())
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }

    @Override
    public String toString() {
        return String.join(" ", toList());
    }
}
