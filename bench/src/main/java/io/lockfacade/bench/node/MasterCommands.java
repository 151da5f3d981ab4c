package io.lockfacade.bench.node;

/**
 * The commands a master child ({@link MasterNodeMain}) answers, and the tags of its answers. Kept in one place so
 * that both sides of the protocol agree.
 */
public final class MasterCommands {

    /** Printed once the master accepts calls: {@code url}, {@code pid}. */
    public static final String READY = "READY";
    /** Asks for CPU time, threads, heap and table counters; answered with {@value #STATS}. */
    public static final String STATS = "STATS";
    /** Resets the peak thread count; answered with {@value #OK}. */
    public static final String RESET_PEAK = "RESETPEAK";
    /** Counts parked waiters of {@code type}; answered with {@value #WAITERS} {@code n}. */
    public static final String WAITERS = "WAITERS";
    /**
     * Counts request threads parked or sleeping inside the lock service in every one of a few samples (a waiting
     * call holding its thread); answered with {@value #HELD_THREADS} {@code n} and {@code pool}, the request threads
     * alive.
     */
    public static final String HELD_THREADS = "HELDTHREADS";
    /** Collects garbage and reports the heap in use; answered with {@value #HEAP} {@code used}. */
    public static final String HEAP = "HEAP";
    /** Fills the table through the service: {@code type count leaseMillis owners}; answered {@value #FILLED}. */
    public static final String FILL = "FILL";
    /**
     * Fills the table with locks whose leases all end {@code inMillis} from now: {@code type count inMillis owners};
     * answered {@value #FILLED} with {@code deadlineNanos} ({@link System#nanoTime()}).
     */
    public static final String FILL_EXPIRING = "FILLEXPIRING";
    /** Answer of the fill commands: {@code count}, {@code millis}, and for expiring fills {@code deadlineNanos}. */
    public static final String FILLED = "FILLED";
    /** Starts counting the keep-alives the master receives, sampling every {@code periodMillis}; answered {@value #OK}. */
    public static final String WATCH_SESSIONS = "WATCHSESSIONS";
    /** Asks for the keep-alives counted so far; answered with {@value #KEEP_ALIVES} {@code n sessions}. */
    public static final String KEEP_ALIVES = "KEEPALIVES";
    /**
     * Opens a session and fills the table under it: {@code type count ttlMillis owners}; answered {@value #FILLED}
     * with {@code keptAliveNanos}, the moment of its last keep-alive ({@link System#nanoTime()}).
     */
    public static final String FILL_SESSION = "FILLSESSION";
    /** Waits until no lock of {@code type} is held, up to {@code timeoutMillis}; answered {@value #EMPTY}. */
    public static final String AWAIT_EMPTY = "AWAITEMPTY";
    /** Answer of {@value #AWAIT_EMPTY}: {@code atNanos}, and {@code empty} 1 or 0 (timed out). */
    public static final String EMPTY = "EMPTY";
    /** Plain acknowledgement. */
    public static final String OK = "OK";

    private MasterCommands() {
    }
}
