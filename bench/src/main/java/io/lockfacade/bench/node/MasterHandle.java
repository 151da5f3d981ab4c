package io.lockfacade.bench.node;

import io.lockfacade.bench.client.Design;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * The benchmark's handle on a master child JVM ({@link MasterNodeMain}): its endpoint, and the commands it answers.
 * Closing it stops the master.
 */
public final class MasterHandle implements AutoCloseable {

    /** Longest a master may take to start (JVM, Jetty, Spring admin pages). */
    public static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** Longest one command may take; filling a million locks and a full GC included. */
    public static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(2);

    private final Design design;
    private final NodeChannel child;
    private final URI serviceUri;

    private MasterHandle(Design design, NodeChannel child, URI serviceUri) {
        this.design = design;
        this.child = child;
        this.serviceUri = serviceUri;
    }

    /**
     * Starts a master of {@code design} in a new JVM and waits until it accepts calls.
     *
     * @param maxHeap the master's {@code -Xmx}
     * @throws IOException if the JVM cannot be started
     */
    public static MasterHandle start(Design design, String maxHeap) throws IOException {
        NodeChannel child = NodeChannel.start(design.cliName() + "-master",
                JvmCommand.of(maxHeap, MasterNodeMain.class, List.of(design.cliName())));
        try {
            NodeLine ready = child.await(MasterCommands.READY, START_TIMEOUT);
            return new MasterHandle(design, child, URI.create(ready.text("url")));
        } catch (RuntimeException e) {
            child.close();
            throw e;
        }
    }

    /** @return the design of this master */
    public Design design() {
        return design;
    }

    /** @return the Hessian endpoint */
    public URI serviceUri() {
        return serviceUri;
    }

    /** @return the master's CPU, threads and counters now */
    public MasterStats stats() {
        return MasterStats.of(child.request(MasterCommands.STATS, MasterCommands.STATS, COMMAND_TIMEOUT));
    }

    /** Starts counting the peak number of threads from now. */
    public void resetPeakThreads() {
        child.request(MasterCommands.RESET_PEAK, MasterCommands.OK, COMMAND_TIMEOUT);
    }

    /** @return calls parked for locks of {@code lockType}, or -1 if the design parks none */
    public int parkedWaiters(String lockType) {
        return (int) child.request(NodeLine.format(MasterCommands.WAITERS, "type", lockType), MasterCommands.WAITERS,
                COMMAND_TIMEOUT).number("n");
    }

    /** @return the master's request threads now: alive, and held by waiting calls */
    public RequestThreads requestThreads() {
        NodeLine line = child.request(MasterCommands.HELD_THREADS, MasterCommands.HELD_THREADS, COMMAND_TIMEOUT);
        return new RequestThreads((int) line.number("n"), (int) line.number("pool"));
    }

    /** @return heap in use after full garbage collections, in bytes */
    public long heapAfterGc() {
        return child.request(MasterCommands.HEAP, MasterCommands.HEAP, COMMAND_TIMEOUT).number("used");
    }

    /**
     * Fills the table through the service, in the master's JVM.
     *
     * @return how many locks were granted
     */
    public long fill(String lockType, int count, Duration lease, int owners) {
        return child.request(NodeLine.format(MasterCommands.FILL, "type", lockType, "count", count,
                "leaseMillis", lease.toMillis(), "owners", owners), MasterCommands.FILLED, COMMAND_TIMEOUT)
                .number("count");
    }

    /**
     * Fills the table with locks that all expire {@code in} from now.
     *
     * @return when they expire, as {@link System#nanoTime()} (comparable across JVMs of this Linux host)
     */
    public long fillExpiring(String lockType, int count, Duration in, int owners) {
        return child.request(NodeLine.format(MasterCommands.FILL_EXPIRING, "type", lockType, "count", count,
                "inMillis", in.toMillis(), "owners", owners), MasterCommands.FILLED, COMMAND_TIMEOUT)
                .number("deadlineNanos");
    }

    /** Starts counting, inside the master, the keep-alives it receives, sampling every {@code period}. */
    public void watchKeepAlives(Duration period) {
        child.request(NodeLine.format(MasterCommands.WATCH_SESSIONS, "periodMillis", Math.max(1, period.toMillis())),
                MasterCommands.OK, COMMAND_TIMEOUT);
    }

    /** @return keep-alives (and session openings) the master received since {@link #watchKeepAlives} */
    public long keepAlivesSeen() {
        return child.request(MasterCommands.KEEP_ALIVES, MasterCommands.KEEP_ALIVES, COMMAND_TIMEOUT).number("n");
    }

    /**
     * Opens a session in the master's JVM and takes {@code count} locks under it, then leaves it to expire.
     *
     * @return how many locks were granted, and when the session was last kept alive
     */
    public SessionFill fillSession(String lockType, int count, Duration ttl, int owners) {
        NodeLine line = child.request(NodeLine.format(MasterCommands.FILL_SESSION, "type", lockType, "count", count,
                "ttlMillis", ttl.toMillis(), "owners", owners), MasterCommands.FILLED, COMMAND_TIMEOUT);
        return new SessionFill(line.number("count"), line.number("keptAliveNanos"));
    }

    /**
     * Asks the master to report the moment no lock of {@code lockType} is held any more; collect the answer with
     * {@link #emptyAtNanos}. The master answers no other command meanwhile.
     */
    public void watchForEmpty(String lockType, Duration timeout) {
        child.send(NodeLine.format(MasterCommands.AWAIT_EMPTY, "type", lockType, "timeoutMillis", timeout.toMillis()));
    }

    /**
     * @return when the type asked of {@link #watchForEmpty} became empty ({@link System#nanoTime()}), or -1 if it
     *         did not within the master's timeout
     */
    public long emptyAtNanos() {
        NodeLine line = child.await(MasterCommands.EMPTY, COMMAND_TIMEOUT);
        return line.number("empty") == 1 ? line.number("atNanos") : -1;
    }

    /**
     * A table filled under one session.
     *
     * @param granted        locks granted
     * @param keptAliveNanos the session's last keep-alive ({@link System#nanoTime()}); its TTL runs from there
     */
    public record SessionFill(long granted, long keptAliveNanos) {
    }

    /** Stops the master and its JVM. */
    @Override
    public void close() {
        child.close();
    }
}
