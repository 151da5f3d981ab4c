package io.lockfacade.webapp.browser;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.webapp.testing.HessianClients;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;

/**
 * A client JVM for the browser test, speaking raw Hessian to a master the way the Java client does: it takes one
 * lock ({@code hold}) or waits for it ({@code wait}), then renews it until the lock is lost, its parent goes away
 * (standard input closes) or {@link #LIFETIME} is over. It prints one line per event, which the test reads:
 * {@code OWNER <owner>}, {@code WAITING}, {@code HELD <token>}, {@code ACQUIRED <token>}, {@code LOST},
 * {@code UNLOCK <result>}.
 *
 * <p>Usage: {@code LockClientMain hold|wait SERVICE_URI TYPE KEY NODE_ID}. The owner is
 * {@code NODE_ID:main#<thread id>}, as the Java client would name it.
 */
public final class LockClientMain {

    /** Lease asked for: long enough that only a removal, never expiry, ends the hold during a test. */
    public static final Duration LEASE = Duration.ofSeconds(30);

    /** Time between renewals: the loss of a removed lock shows within it. */
    public static final Duration RENEW_INTERVAL = Duration.ofMillis(200);

    /** Longest one waiting call parks on the master. */
    public static final Duration WAIT = Duration.ofSeconds(5);

    /** Longest this process lives, in case its parent could not stop it. */
    public static final Duration LIFETIME = Duration.ofMinutes(2);

    private static final int EXIT_USAGE = 2;
    private static final int EXIT_GAVE_UP = 3;

    private LockClientMain() {
    }

    /** @param args {@code hold|wait SERVICE_URI TYPE KEY NODE_ID} */
    @SuppressWarnings("deprecation") // Thread.getId(): Thread.threadId() needs Java 19
    public static void main(String[] args) throws InterruptedException {
        if (args.length != 5 || !(args[0].equals("hold") || args[0].equals("wait"))) {
            System.err.println("usage: LockClientMain hold|wait SERVICE_URI TYPE KEY NODE_ID");
            System.exit(EXIT_USAGE);
        }
        exitWhenParentGoes();
        MemoryLockService locks = HessianClients.proxy(URI.create(args[1]));
        String type = args[2];
        String key = args[3];
        String owner = args[4] + ":" + Thread.currentThread().getName() + "#" + Thread.currentThread().getId();
        long deadline = System.nanoTime() + LIFETIME.toNanos();
        say("OWNER " + owner);

        LockGrant grant;
        if (args[0].equals("hold")) {
            grant = locks.tryLock(type, key, owner, LEASE.toMillis(), 0);
            say(grant == null ? "BUSY" : "HELD " + grant.getFencingToken());
        } else {
            say("WAITING");
            grant = null;
            while (grant == null && System.nanoTime() < deadline) {
                grant = locks.tryLock(type, key, owner, LEASE.toMillis(), WAIT.toMillis());
            }
            say(grant == null ? "GAVE UP" : "ACQUIRED " + grant.getFencingToken());
        }
        if (grant == null) {
            System.exit(EXIT_GAVE_UP);
        }
        while (System.nanoTime() < deadline) {
            Thread.sleep(RENEW_INTERVAL.toMillis());
            if (!locks.renew(type, key, owner, LEASE.toMillis())) {
                say("LOST");
                say("UNLOCK " + locks.unlock(type, key, owner));
                return;
            }
        }
        locks.unlock(type, key, owner);
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    /** The test holds this process's standard input open; end of input means the test JVM is gone. */
    private static void exitWhenParentGoes() {
        Thread watcher = new Thread(() -> {
            InputStream in = System.in;
            try {
                while (in.read() >= 0) {
                    // nothing is ever sent; only the end matters
                }
            } catch (IOException e) {
                // treated as the end
            }
            Runtime.getRuntime().halt(0);
        }, "parent-watcher");
        watcher.setDaemon(true);
        watcher.start();
    }
}
