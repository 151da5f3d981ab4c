package io.lockfacade.demo.process;

import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Starts the demo's child JVMs (the master, group members, nodes): the launcher's {@code java} and class path,
 * small heaps, standard output line by line to a listener, standard error forwarded with the child's name, and
 * standard input kept open as a command channel (see {@link ParentWatch}).
 */
public final class DemoJvms {

    /** JVM options of every child: small heaps and the serial collector keep four JVMs light on two cores. */
    static final List<String> JVM_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC");

    private DemoJvms() {
    }

    /**
     * Starts a child JVM.
     *
     * @param name        names the child in forwarded error output and thread names
     * @param mainClass   the class to run
     * @param properties  system properties ({@code -Dname=value})
     * @param arguments   the program's arguments
     * @param environment variables added to the launcher's environment
     * @param stdout      receives each line of the child's standard output
     * @param stderr      where the child's standard error is forwarded
     * @return the running child
     * @throws IOException if the JVM cannot be started
     */
    public static ChildJvm start(String name, String mainClass, Map<String, String> properties, List<String> arguments,
                                 Map<String, String> environment, Consumer<String> stdout, PrintStream stderr)
            throws IOException {
        JavaCommand command = JavaCommand.mainClass(mainClass, arguments).withJvmOptions(JVM_OPTIONS);
        for (Map.Entry<String, String> property : properties.entrySet()) {
            command = command.withSystemProperty(property.getKey(), property.getValue());
        }
        return ChildJvm.launcher(name, command).environment(environment)
                .lines(stdout, line -> stderr.println("[" + name + "] " + line)).start();
    }
}
