package io.lockfacade.demo.cluster;

import java.util.Arrays;
import java.util.List;

/**
 * {@code java -jar lock-facade-demo.jar [options]}: the one command that runs the demo cluster. See
 * {@link ClusterOptionsParser#USAGE} for the options and exit codes.
 *
 * <p>Ctrl-C at any time stops every process the launcher started (a shutdown hook, and each child also exits
 * when the launcher's pipe to it closes) and deletes the shared store.
 */
public final class ClusterMain {

    /** Exit code: the run failed, or a distributed run was not consistent. */
    public static final int EXIT_FAILED = 1;
    /** Exit code: bad command line. */
    public static final int EXIT_USAGE = 2;

    private ClusterMain() {
    }

    /** @param args see {@link ClusterOptionsParser#USAGE} */
    public static void main(String[] args) {
        List<String> arguments = Arrays.asList(args);
        if (ClusterOptionsParser.wantsHelp(arguments)) {
            System.out.print(ClusterOptionsParser.USAGE);
            return;
        }
        ClusterOptions options;
        try {
            options = ClusterOptionsParser.parse(arguments);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println();
            System.err.print(ClusterOptionsParser.USAGE);
            System.exit(EXIT_USAGE);
            return;
        }
        System.exit(run(options));
    }

    private static int run(ClusterOptions options) {
        ClusterRun run = new ClusterRun(options, System.out, System.err);
        Runtime.getRuntime().addShutdownHook(new Thread(run::close, "lock-facade-demo-cleanup"));
        try {
            Verdict verdict = run.run();
            run.printAdminAccess();
            if (run.hasMaster() && !options.exitWhenDone()) {
                System.out.println(run.hasGroup()
                        ? "The surviving members keep running so you can look at them; press Ctrl-C to stop them."
                        : "The master keeps running so you can look at it; press Ctrl-C to stop it.");
                System.out.flush();
                run.awaitMasterExit();
                System.out.println(run.hasGroup() ? "The master group has stopped." : "The master has stopped.");
            } else if (run.hasMaster()) {
                System.out.println(run.hasGroup() ? "Stopping the master group (--exit-when-done)."
                        : "Stopping the master (--exit-when-done).");
            }
            return verdict.correct() || !options.mode().needsMaster() ? 0 : EXIT_FAILED;
        } catch (Exception e) {
            System.err.println("demo failed: " + e.getMessage());
            return EXIT_FAILED;
        } finally {
            run.close();
        }
    }
}
