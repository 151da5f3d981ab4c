package io.lockfacade.reliability.primitives;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.RemoteMemoryLockService;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client JVM of a master group's read-write lock, semaphore and leadership, through the group's transport client
 * ({@link MemoryLockServiceProxies#create} given every member, whose primitives follow the leader): one session kept
 * alive, threads that take the read or write lock or a permit and enter the {@link SectionReferee}'s
 * section while they hold it, and a participant that writes to the referee under its epoch while it leads. Run as
 * {@code PrimitiveWorker ENDPOINTS REFEREE_PORT NAME RUN_MILLIS THREADS}; prints {@code DONE ...} and exits 0 when
 * its time is up, or exits 2 if its session was lost.
 */
public final class PrimitiveWorker {

    /** The semaphore's capacity. */
    public static final int CAPACITY = 2;

    /** The session's TTL: long beside a failover, so a live worker never loses its grants. */
    static final long SESSION_TTL_MILLIS = 15_000;

    private static final long WAIT_MILLIS = 1_000;
    private static final String TYPE = "chaos";
    /** Writes a leader makes before it hands over. */
    private static final int TERM_WRITES = 25;

    private final PrimitiveLockService primitives;
    private final int refereePort;
    private final String name;
    private final String session;
    private final long endNanos;
    private final AtomicLong operations = new AtomicLong();
    private final AtomicLong unavailable = new AtomicLong();

    private PrimitiveWorker(PrimitiveLockService primitives, int refereePort, String name, String session,
                            long endNanos) {
        this.primitives = primitives;
        this.refereePort = refereePort;
        this.name = name;
        this.session = session;
        this.endNanos = endNanos;
    }

    public static void main(String[] args) throws Exception {
        int refereePort = Integer.parseInt(args[1]);
        String name = args[2];
        long endNanos = System.nanoTime() + Duration.ofMillis(Long.parseLong(args[3])).toNanos();
        int threads = Integer.parseInt(args[4]);
        // the read timeout bounds a call's whole failover: long beside an election; one attempt is capped shorter
        ClientTransportSettings settings = new ClientTransportSettings(Duration.ofSeconds(1), Duration.ofSeconds(10),
                null);
        RemoteMemoryLockService sessions = MemoryLockServiceProxies.create(args[0], settings);
        PrimitiveLockService primitives = sessions.primitives().orElseThrow();
        String session = name + "-" + System.nanoTime();
        sessions.openSession(session, SESSION_TTL_MILLIS);
        PrimitiveWorker worker = new PrimitiveWorker(primitives, refereePort, name, session, endNanos);
        Thread keepAlive = daemon("keep-alive", () -> worker.keepAlive(sessions));
        List<Thread> all = new java.util.ArrayList<>();
        for (int i = 0; i < threads; i++) {
            String owner = name + "-t" + i;
            all.add(daemon(owner, () -> worker.contend(owner)));
        }
        all.add(daemon("participant", worker::lead));
        for (Thread thread : all) {
            thread.join();
        }
        keepAlive.interrupt();
        System.out.println("DONE " + name + " operations=" + worker.operations + " unavailable="
                + worker.unavailable);
        sessions.closeSession(session);
    }

    private static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private void keepAlive(MemoryLockService sessions) {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                if (sessions.keepAliveSession(session) < 0) {
                    System.out.println("SESSION LOST " + session);
                    System.exit(2);
                }
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                return;
            } catch (LockServiceUnavailableException e) {
                unavailable.incrementAndGet();
            }
        }
    }

    /** Takes the read lock, the write lock (one in five) or a permit, again and again, until the time is up. */
    private void contend(String owner) {
        try (SectionReferee.Client referee = new SectionReferee.Client(refereePort)) {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            while (System.nanoTime() < endNanos) {
                try {
                    if (random.nextInt(4) == 0) {
                        permits(referee, owner);
                    } else {
                        readWrite(referee, owner, random.nextInt(5) == 0 ? "W" : "R");
                    }
                } catch (LockServiceUnavailableException e) {
                    unavailable.incrementAndGet();
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("the referee went away", e);
        }
    }

    private void readWrite(SectionReferee.Client referee, String owner, String mode) throws IOException {
        boolean write = mode.equals("W");
        LockGrant grant;
        try {
            grant = write ? primitives.tryWriteLockInSession(TYPE, "rw", owner, session, WAIT_MILLIS)
                    : primitives.tryReadLockInSession(TYPE, "rw", owner, session, WAIT_MILLIS);
        } catch (AcquisitionRefusedException heldARead) {
            // A read granted to an earlier attempt whose answer was lost in a failover: give it back.
            primitives.unlockRead(TYPE, "rw", owner);
            return;
        }
        if (grant != null) {
            section(referee, "rw", mode, owner);
            if (write) {
                primitives.unlockWrite(TYPE, "rw", owner);
            } else {
                primitives.unlockRead(TYPE, "rw", owner);
            }
        }
    }

    private void permits(SectionReferee.Client referee, String owner) throws IOException {
        LockGrant grant = primitives.tryAcquirePermits(TYPE, "sem", owner, 1, CAPACITY, session,
                WAIT_MILLIS);
        if (grant != null) {
            section(referee, "sem", "P", owner);
            primitives.releasePermits(TYPE, "sem", owner, 0);
        }
    }

    private void section(SectionReferee.Client referee, String resource, String mode, String owner)
            throws IOException {
        referee.call("ENTER " + resource + " " + mode + " " + owner);
        try {
            Thread.sleep(1 + ThreadLocalRandom.current().nextInt(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            referee.call("LEAVE " + resource + " " + mode + " " + owner);
        }
        operations.incrementAndGet();
    }

    /**
     * Joins the leadership; while it leads, writes under its epoch until the referee or the master says it does not,
     * and hands over after {@link #TERM_WRITES} writes so that epochs change during the run.
     */
    private void lead() {
        try (SectionReferee.Client referee = new SectionReferee.Client(refereePort)) {
            while (System.nanoTime() < endNanos) {
                try {
                    LockGrant elected = primitives.joinLeadership("chaos-jobs", name, session,
                            WAIT_MILLIS);
                    if (elected != null) {
                        writeWhileLeading(referee, elected.getFencingToken());
                        primitives.leaveLeadership("chaos-jobs", name);
                    }
                } catch (LockServiceUnavailableException e) {
                    unavailable.incrementAndGet();
                }
            }
            primitives.leaveLeadership("chaos-jobs", name);
        } catch (IOException e) {
            throw new IllegalStateException("the referee went away", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void writeWhileLeading(SectionReferee.Client referee, long epoch) throws IOException, InterruptedException {
        for (int i = 0; i < TERM_WRITES && System.nanoTime() < endNanos; i++) {
            if (!"OK".equals(referee.call("LEAD " + epoch + " " + name))
                    || primitives.leadershipEpoch("chaos-jobs", name) != epoch) {
                return;
            }
            Thread.sleep(20);
        }
    }
}
