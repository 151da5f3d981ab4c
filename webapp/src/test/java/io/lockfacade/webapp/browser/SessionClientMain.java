package io.lockfacade.webapp.browser;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.webapp.testing.HessianClients;

import java.net.URI;
import java.time.Duration;
import java.util.UUID;

/**
 * A client node for the sessions browser test, speaking raw Hessian to a master the way the Java client does
 * with sessions: it opens one session ({@code NODE_ID/<random UUID>}), takes {@code COUNT} locks under it (keys
 * {@code KEY_PREFIX-1} to {@code KEY_PREFIX-COUNT}) and keeps the session alive with one call per
 * {@link LockClientMain#RENEW_INTERVAL}, whatever it holds, until the master says the session has ended.
 *
 * <p>It reports through its exit code, so that the test needs nothing but the process: {@link #EXIT_LOST_AND_FREED}
 * once told the session ended and every one of its unlocks was refused (nothing is still held for it),
 * {@link #EXIT_LOST_BUT_STILL_HELD} if the master still released one of them, {@link #EXIT_BUSY} if a lock was
 * taken by someone else, {@link #EXIT_NEVER_LOST} after {@link LockClientMain#LIFETIME} without a loss (it closes
 * its session then). It halts as soon as the test JVM is gone. Lines it prints are for the test's diagnostics.
 *
 * <p>Usage: {@code SessionClientMain SERVICE_URI NODE_ID TYPE KEY_PREFIX COUNT}.
 */
public final class SessionClientMain {

    /** Session TTL asked for: long enough that only an operator, never expiry, ends the session during a test. */
    public static final Duration TTL = Duration.ofSeconds(30);

    /** Told the session ended; the master held none of its locks any more. */
    public static final int EXIT_LOST_AND_FREED = 10;

    /** Told the session ended, yet the master still held one of its locks for it. */
    public static final int EXIT_LOST_BUT_STILL_HELD = 11;

    /** One of the locks was held by another owner. */
    public static final int EXIT_BUSY = 12;

    /** The lifetime ran out without the session ending. */
    public static final int EXIT_NEVER_LOST = 13;

    private static final int EXIT_USAGE = 2;
    private static final int EXIT_PARENT_GONE = 3;
    private static final int ARGUMENTS = 5;

    private SessionClientMain() {
    }

    /** @param args {@code SERVICE_URI NODE_ID TYPE KEY_PREFIX COUNT} */
    @SuppressWarnings("deprecation") // Thread.getId(): Thread.threadId() needs Java 19
    public static void main(String[] args) throws InterruptedException {
        if (args.length != ARGUMENTS) {
            System.err.println("usage: SessionClientMain SERVICE_URI NODE_ID TYPE KEY_PREFIX COUNT");
            System.exit(EXIT_USAGE);
        }
        ProcessHandle.current().parent().ifPresent(parent ->
                parent.onExit().thenRun(() -> Runtime.getRuntime().halt(EXIT_PARENT_GONE)));
        MemoryLockService master = HessianClients.proxy(URI.create(args[0]));
        String nodeId = args[1];
        String type = args[2];
        String[] keys = keys(args[3], Integer.parseInt(args[4]));
        String owner = nodeId + ":" + Thread.currentThread().getName() + "#" + Thread.currentThread().getId();
        String session = nodeId + "/" + UUID.randomUUID();
        long deadline = System.nanoTime() + LockClientMain.LIFETIME.toNanos();

        System.out.println("SESSION " + session + " TTL " + master.openSession(session, TTL.toMillis()));
        for (String key : keys) {
            LockGrant grant = master.tryLockInSession(type, key, owner, session, 0);
            if (grant == null) {
                System.out.println("BUSY " + key);
                System.exit(EXIT_BUSY);
            }
            System.out.println("HELD " + key + " " + grant.getFencingToken());
        }
        while (System.nanoTime() < deadline) {
            Thread.sleep(LockClientMain.RENEW_INTERVAL.toMillis());
            if (master.keepAliveSession(session) < 0) {
                System.out.println("LOST");
                System.exit(unlockAll(master, type, keys, owner));
            }
        }
        master.closeSession(session);
        System.exit(EXIT_NEVER_LOST);
    }

    /** @return the exit code: whether the master still released any of the locks for this owner */
    private static int unlockAll(MemoryLockService master, String type, String[] keys, String owner) {
        int stillHeld = 0;
        for (String key : keys) {
            if (master.unlock(type, key, owner)) {
                stillHeld++;
            }
        }
        System.out.println("UNLOCKED " + stillHeld);
        return stillHeld == 0 ? EXIT_LOST_AND_FREED : EXIT_LOST_BUT_STILL_HELD;
    }

    /** @return the keys {@code prefix-1} to {@code prefix-count} */
    static String[] keys(String prefix, int count) {
        String[] keys = new String[count];
        for (int i = 0; i < count; i++) {
            keys[i] = prefix + "-" + (i + 1);
        }
        return keys;
    }
}
