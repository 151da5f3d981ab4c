package io.lockfacade.webapp;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * {@code java -jar lock-facade-webapp.jar [options]}: starts a master and runs until SIGTERM or Ctrl-C.
 *
 * <p>Once ready it prints the Hessian endpoint and admin page URLs (and a generated admin password) on standard
 * output. Exit codes: 0 after {@code --help}; 2 for a bad command line (message and usage on standard error);
 * 1 if the master cannot start; 143 after SIGTERM, when the shutdown hook has stopped the master (the JVM's usual
 * 128 + 15).
 */
public final class MasterMain {

    /** Exit code of a command line that cannot be run. */
    public static final int EXIT_USAGE = 2;

    /** Exit code of a master that failed to start. */
    public static final int EXIT_START_FAILED = 1;

    /** Name of the thread that stops the master on SIGTERM. */
    public static final String SHUTDOWN_THREAD = "lock-facade-shutdown";

    private MasterMain() {
    }

    /**
     * @param args see {@link MasterOptionsParser#USAGE}
     */
    public static void main(String[] args) {
        List<String> arguments = Arrays.asList(args);
        if (MasterOptionsParser.wantsHelp(arguments)) {
            System.out.print(MasterOptionsParser.USAGE);
            return;
        }
        MasterOptions options;
        try {
            options = new MasterOptionsParser().parse(arguments);
        } catch (UsageException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println();
            System.err.print(MasterOptionsParser.USAGE);
            System.exit(EXIT_USAGE);
            return;
        }
        MasterServer master;
        try {
            master = MasterServer.start(options);
        } catch (IOException e) {
            System.err.println("error: " + e.getMessage() + (e.getCause() != null ? ": " + e.getCause() : ""));
            System.exit(EXIT_START_FAILED);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(master::stop, SHUTDOWN_THREAD));
        printReady(System.out, master, options);
    }

    /** Prints the lines operators and scripts look for once the master is ready. */
    static void printReady(PrintStream out, MasterServer master, MasterOptions options) {
        out.println("Lock Facade master ready");
        out.println("  Hessian endpoint: " + master.serviceUri());
        out.println("  Admin page:       " + master.adminUri() + " (user " + options.adminUser() + ")");
        master.groupStatusUri().ifPresent(group -> out.println("  Group status:     " + group));
        if (options.adminPasswordGenerated()) {
            out.println("  Admin password:   " + options.adminPassword()
                    + " (generated; set --admin-password or LOCKFACADE_ADMIN_PASSWORD to choose one)");
        }
        out.flush();
    }
}
