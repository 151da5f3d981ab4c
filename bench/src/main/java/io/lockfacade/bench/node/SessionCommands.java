package io.lockfacade.bench.node;

import io.lockfacade.api.MemoryLockService;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The session commands of a master child ({@link MasterNodeMain}): watching keep-alives, filling the table under one
 * session through the service in the master's JVM, and waiting until a lock type is empty.
 */
final class SessionCommands implements AutoCloseable {

    /** How often {@link #awaitEmpty} asks the table. */
    static final Duration EMPTY_POLL = Duration.ofMillis(5);

    private final HostedMaster master;
    private final ParentLink parent;
    private KeepAliveWatch watch;

    SessionCommands(HostedMaster master, ParentLink parent) {
        this.master = master;
        this.parent = parent;
    }

    /** Starts counting keep-alives, sampling every {@code periodMillis}. */
    void watch(NodeLine command) {
        close();
        watch = new KeepAliveWatch(master::sessionKeepAlives, Duration.ofMillis(command.number("periodMillis")));
        parent.say(MasterCommands.OK);
    }

    /** Reports the keep-alives (and openings) seen since {@link #watch}. */
    void sayKeepAlives() {
        parent.say(MasterCommands.KEEP_ALIVES, "n", watch == null ? -1 : watch.seen(),
                "sessions", watch == null ? -1 : watch.sessions());
    }

    /**
     * Opens a session and takes {@code count} locks under it, keeping it alive while filling; reports when the last
     * keep-alive was sent, from which its TTL runs.
     */
    void fill(NodeLine command) {
        String type = command.text("type");
        int count = (int) command.number("count");
        long ttlMillis = command.number("ttlMillis");
        int owners = (int) command.number("owners");
        MemoryLockService service = master.service();
        String session = "bench-filler/" + UUID.randomUUID();
        long started = System.nanoTime();
        long keepAliveEvery = TimeUnit.MILLISECONDS.toNanos(ttlMillis) / 3;
        long lastKeepAlive = started;
        service.openSession(session, ttlMillis);
        int granted = 0;
        for (int i = 0; i < count; i++) {
            // Fresh strings, as decoding a call would make them; owners repeat as threads of a few nodes would.
            if (service.tryLockInSession(type, "s" + i, "filler-" + (i % owners), session, 0) != null) {
                granted++;
            }
            if (System.nanoTime() - lastKeepAlive > keepAliveEvery) {
                lastKeepAlive = System.nanoTime();
                service.keepAliveSession(session);
            }
        }
        lastKeepAlive = System.nanoTime();
        service.keepAliveSession(session);
        parent.say(MasterCommands.FILLED, "count", granted,
                "millis", TimeUnit.NANOSECONDS.toMillis(lastKeepAlive - started), "keptAliveNanos", lastKeepAlive);
    }

    /** Waits until no lock of the type is held, or the timeout passes; reports the moment. */
    void awaitEmpty(NodeLine command) throws InterruptedException {
        String type = command.text("type");
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(command.number("timeoutMillis"));
        boolean empty;
        while (!(empty = master.service().isLockTypeEmpty(type)) && System.nanoTime() - deadline < 0) {
            Thread.sleep(EMPTY_POLL.toMillis());
        }
        parent.say(MasterCommands.EMPTY, "atNanos", System.nanoTime(), "empty", empty ? 1 : 0);
    }

    @Override
    public void close() {
        if (watch != null) {
            watch.close();
            watch = null;
        }
    }
}
