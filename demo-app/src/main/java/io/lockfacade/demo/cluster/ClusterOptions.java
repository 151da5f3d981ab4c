package io.lockfacade.demo.cluster;

import io.lockfacade.demo.locks.LockMode;

import java.time.Duration;
import java.util.Set;

/**
 * What the launcher runs: how many nodes with which lock, for how long, and what happens afterwards.
 *
 * @param nodes       demo node JVMs
 * @param mode        the lock every node uses
 * @param threads     worker threads per node
 * @param operations  operations per node, or 0 to run for {@code duration}
 * @param duration    how long the nodes run when {@code operations} is 0
 * @param accounts    accounts in the shared store
 * @param port        the master's port; 0 picks a free one
 * @param exitWhenDone whether to stop the master after the verdict instead of waiting for Ctrl-C
 * @param masters     1 for the single master; 3 or 5 for a master group whose leader is killed mid-run
 */
public record ClusterOptions(int nodes, LockMode mode, int threads, long operations, Duration duration, int accounts,
                             int port, boolean exitWhenDone, int masters) {

    /** Default number of nodes. */
    public static final int DEFAULT_NODES = 3;
    /** Most nodes the launcher starts on one machine. */
    public static final int MAX_NODES = 16;
    /** Default worker threads per node. */
    public static final int DEFAULT_THREADS = 4;
    /** Most worker threads per node. */
    public static final int MAX_THREADS = 64;
    /** Default run time. */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(15);
    /** Longest run time. */
    public static final Duration MAX_DURATION = Duration.ofMinutes(10);
    /** Default number of accounts: few enough that operations on one account collide often. */
    public static final int DEFAULT_ACCOUNTS = 8;
    /** Most accounts. */
    public static final int MAX_ACCOUNTS = 10_000;
    /** Opening balance of every account. */
    public static final long OPENING_BALANCE = 1_000;
    /** Highest TCP port. */
    public static final int MAX_PORT = 65_535;
    /** The single master: no group, nothing killed. */
    public static final int SINGLE_MASTER = 1;
    /** The sizes of master group the launcher runs: a majority survives the loss of one member. */
    public static final Set<Integer> GROUP_SIZES = Set.of(3, 5);

    /** Checks every value; messages name the command-line flag. */
    public ClusterOptions {
        require(nodes >= 1 && nodes <= MAX_NODES, "--nodes must be between 1 and " + MAX_NODES + ", was " + nodes);
        require(mode != null, "--lock is required");
        require(threads >= 1 && threads <= MAX_THREADS,
                "--threads must be between 1 and " + MAX_THREADS + ", was " + threads);
        require(operations >= 0, "--operations must not be negative, was " + operations);
        require(duration != null && !duration.isNegative() && duration.compareTo(MAX_DURATION) <= 0,
                "--seconds must be between 1 and " + MAX_DURATION.toSeconds());
        require(operations > 0 || !duration.isZero(), "--seconds must be at least 1");
        require(accounts >= 2 && accounts <= MAX_ACCOUNTS,
                "--accounts must be between 2 and " + MAX_ACCOUNTS + ", was " + accounts);
        require(port >= 0 && port <= MAX_PORT, "--port must be between 0 and " + MAX_PORT + ", was " + port);
        require(masters == SINGLE_MASTER || GROUP_SIZES.contains(masters),
                "--masters must be 1, 3 or 5, was " + masters);
        require(masters == SINGLE_MASTER || mode.needsMaster(), "--masters " + masters + " needs --lock distributed");
        require(masters == SINGLE_MASTER || port == 0,
                "--port names the single master's port; a master group takes free ports");
    }

    /** The options of a run with the single master: the canonical constructor with {@code masters} 1. */
    public ClusterOptions(int nodes, LockMode mode, int threads, long operations, Duration duration, int accounts,
                          int port, boolean exitWhenDone) {
        this(nodes, mode, threads, operations, duration, accounts, port, exitWhenDone, SINGLE_MASTER);
    }

    /** @return whether the nodes use a master group (whose leader the run kills) rather than the single master */
    public boolean runsGroup() {
        return masters > SINGLE_MASTER;
    }

    /** @return the defaults: 3 distributed nodes, 4 threads each, 15 seconds, 8 accounts, any free port */
    public static ClusterOptions defaults() {
        return new ClusterOptions(DEFAULT_NODES, LockMode.DISTRIBUTED, DEFAULT_THREADS, 0, DEFAULT_DURATION,
                DEFAULT_ACCOUNTS, 0, false);
    }

    /** @return whether the run ends after a number of operations rather than a time */
    public boolean countsOperations() {
        return operations > 0;
    }

    /** @return the sum of all opening balances */
    public long openingTotal() {
        return accounts * OPENING_BALANCE;
    }

    /** @return how the run is bounded, for the header: "300 operations per node" or "15 s" */
    public String workloadDescription() {
        return countsOperations() ? String.format("%,d operations per node", operations)
                : duration.toSeconds() + " s";
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
