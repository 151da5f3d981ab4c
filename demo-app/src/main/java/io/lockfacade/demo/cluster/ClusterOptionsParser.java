package io.lockfacade.demo.cluster;

import io.lockfacade.demo.locks.LockMode;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the launcher's command line. Flags take their value as the next argument or after {@code =}; each may
 * appear once.
 */
public final class ClusterOptionsParser {

    /** The usage text {@code --help} prints. */
    public static final String USAGE = """
            Usage: java -jar demo-app/target/lock-facade-demo.jar [options]

            Starts a Lock Facade master and N demo nodes (separate JVMs on this machine). The nodes make
            deposits and transfers on shared account files, guarded by the chosen lock, then the launcher
            prints the verdict: lost updates and fencing-token violations (none with a distributed lock).

            Options:
              --nodes N          demo node JVMs (default 3, at most 16)
              --lock MODE        none | memory | distributed (default distributed)
              --seconds N        how long the nodes run (default 15)
              --operations N     run N operations per node instead of a fixed time
              --threads N        worker threads per node (default 4)
              --accounts N       accounts in the shared store (default 8; fewer means more contention)
              --port N           the master's port (default 0: any free port)
              --masters N        1 (default): one master; 3 or 5: a master group on free ports
                                 whose leader is killed (SIGKILL) halfway through the run; the
                                 verdict then adds who took over and the failover time
              --exit-when-done   stop the master after the verdict instead of waiting for Ctrl-C
              --help             print this help and exit

            Exit codes: 0 done (lost updates are expected with none and memory); 1 a node or the master
            failed, a distributed run lost updates, or no new leader took over; 2 bad command line.
            """;

    /** The flag asking for the usage. */
    public static final String HELP = "--help";

    private static final String NODES = "--nodes";
    private static final String LOCK = "--lock";
    private static final String SECONDS = "--seconds";
    private static final String OPERATIONS = "--operations";
    private static final String THREADS = "--threads";
    private static final String ACCOUNTS = "--accounts";
    private static final String PORT = "--port";
    private static final String MASTERS = "--masters";
    private static final String EXIT_WHEN_DONE = "--exit-when-done";
    private static final Set<String> VALUED = Set.of(NODES, LOCK, SECONDS, OPERATIONS, THREADS, ACCOUNTS, PORT,
            MASTERS);

    private ClusterOptionsParser() {
    }

    /** @return whether the command line asks for the usage */
    public static boolean wantsHelp(List<String> args) {
        return args.contains(HELP) || args.contains("-h");
    }

    /**
     * @param args the command line, without {@code --help}
     * @return the options
     * @throws IllegalArgumentException naming the flag if one is unknown, repeated, lacks its value or has a bad one
     */
    public static ClusterOptions parse(List<String> args) {
        Map<String, String> values = new HashMap<>();
        boolean exitWhenDone = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int equals = arg.indexOf('=');
            String flag = equals > 0 ? arg.substring(0, equals) : arg;
            if (EXIT_WHEN_DONE.equals(arg)) {
                exitWhenDone = true;
                continue;
            }
            if (!VALUED.contains(flag)) {
                throw new IllegalArgumentException(arg.startsWith("-") ? "unknown option " + flag
                        : "unexpected argument \"" + arg + "\"");
            }
            String value = equals > 0 ? arg.substring(equals + 1) : i + 1 < args.size() ? args.get(++i) : null;
            if (value == null) {
                throw new IllegalArgumentException(flag + " needs a value");
            }
            if (values.putIfAbsent(flag, value) != null) {
                throw new IllegalArgumentException(flag + " given more than once");
            }
        }
        if (values.containsKey(SECONDS) && values.containsKey(OPERATIONS)) {
            throw new IllegalArgumentException(SECONDS + " and " + OPERATIONS + " exclude each other");
        }
        ClusterOptions defaults = ClusterOptions.defaults();
        return new ClusterOptions(
                (int) number(values, NODES, defaults.nodes()),
                values.containsKey(LOCK) ? LockMode.parse(values.get(LOCK)) : defaults.mode(),
                (int) number(values, THREADS, defaults.threads()),
                number(values, OPERATIONS, defaults.operations()),
                values.containsKey(OPERATIONS) ? Duration.ZERO
                        : Duration.ofSeconds(number(values, SECONDS, defaults.duration().toSeconds())),
                (int) number(values, ACCOUNTS, defaults.accounts()),
                (int) number(values, PORT, defaults.port()),
                exitWhenDone,
                (int) number(values, MASTERS, defaults.masters()));
    }

    private static long number(Map<String, String> values, String flag, long fallback) {
        String text = values.get(flag);
        if (text == null) {
            return fallback;
        }
        try {
            long value = Long.parseLong(text.strip());
            if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
                throw new IllegalArgumentException(flag + " is too large: " + text);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " must be a whole number, was \"" + text + "\"", e);
        }
    }
}
