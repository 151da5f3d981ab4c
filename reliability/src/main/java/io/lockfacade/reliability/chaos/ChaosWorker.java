package io.lockfacade.reliability.chaos;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockHandle;
import io.lockfacade.reliability.resource.FencedStore.Outcome;
import io.lockfacade.reliability.resource.ResourceClient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One thread of a chaos node: forever takes one or two random locks (in a fixed order, so nodes cannot deadlock)
 * with a random API and wait, sometimes re-enters, enters the fenced resource with the grant's token, writes a few
 * times over a random hold, leaves the resource and unlocks, reporting how the unlock ended.
 */
final class ChaosWorker implements Runnable {

    private enum Api { LOCK, TRY_NOW, TRY_WAIT, HANDLE }

    private static final long LONG_HOLD_MILLIS = 1_000;
    private static final long LONG_HOLD_WRITE_MILLIS = 100;

    private final NodeConfig config;
    private final LockFacade locks;
    private final NodeStats stats;
    private final NodeClock clock;
    private final Map<String, KeyTraffic> traffic;
    private final Random random;
    private final ChaosNode node;
    private final AtomicLong sectionNumbers;
    private ResourceClient resource;

    private volatile long opStartNanos;
    private volatile long opPausedAtStart;
    private volatile long opWaitMillis;
    private volatile boolean opRunning;
    private volatile boolean hangReported;

    ChaosWorker(ChaosNode node, NodeConfig config, LockFacade locks, NodeStats stats, NodeClock clock,
                Map<String, KeyTraffic> traffic, long seed, AtomicLong sectionNumbers) {
        this.node = node;
        this.config = config;
        this.locks = locks;
        this.stats = stats;
        this.clock = clock;
        this.traffic = traffic;
        this.random = new Random(seed);
        this.sectionNumbers = sectionNumbers;
    }

    @Override
    public void run() {
        try (ResourceClient connection = new ResourceClient(config.resourcePort())) {
            resource = connection;
            while (!node.stopping()) {
                iteration();
            }
        } catch (RuntimeException | Error e) {
            node.error("worker died", e);
        }
    }

    /** @return whether the current call has overrun its wait by more than the hang bound (reported once) */
    boolean checkHang() {
        if (!opRunning || hangReported) {
            return false;
        }
        long overrun = clock.overrunNanos(opStartNanos, opPausedAtStart, opWaitMillis);
        if (overrun > TimeUnit.MILLISECONDS.toNanos(config.hangBoundMillis())) {
            hangReported = true;
            return true;
        }
        return false;
    }

    private void iteration() {
        if (random.nextInt(20) == 0) {
            checkTypeEmpty();
            return;
        }
        List<Hold> holds = new ArrayList<>();
        long holdMillis = pickHoldMillis();
        try {
            List<String[]> names = pickNames();
            for (String[] name : names) {
                Hold hold = acquire(name[0], name[1]);
                if (hold == null) {
                    break;
                }
                holds.add(hold);
                hold.accepted = resource.enter(hold.resourceKey(), hold.token, config.nodeId(), hold.sectionId,
                        holdMillis);
            }
            if (holds.size() == names.size()) {
                reenterSometimes(holds.get(0));
                work(holds, holdMillis);
            }
        } finally {
            for (int i = holds.size() - 1; i >= 0; i--) {
                release(holds.get(i));
            }
        }
    }

    private List<String[]> pickNames() {
        int count = random.nextInt(5) == 0 ? 2 : 1;
        TreeSet<String> names = new TreeSet<>();
        while (names.size() < count) {
            names.add("t" + random.nextInt(config.lockTypes()) + "/k" + random.nextInt(config.keysPerType()));
        }
        return names.stream().map(name -> name.split("/")).toList();
    }

    private Hold acquire(String type, String key) {
        Api api = Api.values()[random.nextInt(Api.values().length)];
        long wait = switch (api) {
            case LOCK -> 100 + random.nextInt(2_900);
            case TRY_NOW -> 0;
            case TRY_WAIT, HANDLE -> random.nextInt(2_000);
        };
        KeyTraffic keyTraffic = traffic.computeIfAbsent(type + "/" + key, k -> new KeyTraffic());
        keyTraffic.inFlight.incrementAndGet();
        boolean acquired = false;
        LockHandle handle = null;
        beginCall(wait);
        try {
            switch (api) {
                case LOCK -> {
                    locks.lock(type, key, wait);
                    acquired = true;
                }
                case TRY_NOW -> acquired = locks.tryLock(type, key);
                case TRY_WAIT -> acquired = locks.tryLock(type, key, wait, TimeUnit.MILLISECONDS);
                case HANDLE -> {
                    handle = locks.acquire(type, key, Duration.ofMillis(wait));
                    acquired = true;
                }
            }
            if (!acquired) {
                stats.timeouts.incrementAndGet();
            }
        } catch (TimeoutException e) {
            stats.timeouts.incrementAndGet();
        } catch (LockServiceUnavailableException e) {
            stats.unavailable.incrementAndGet();
        } catch (InterruptedException | RuntimeException e) {
            node.error(api + " " + type + "/" + key, e);
        } finally {
            if (acquired) {
                keyTraffic.acquisitions.incrementAndGet(); // before leaving inFlight: see release()
            }
            keyTraffic.inFlight.decrementAndGet();
            endCall(wait);
        }
        if (!acquired) {
            return null;
        }
        stats.grants.incrementAndGet();
        long token = locks.fencingToken(type, key).orElse(-1);
        if (token <= 0 || (handle != null && handle.fencingToken() != token)) {
            node.error("fencing token of a held lock " + type + "/" + key + " is " + token, null);
        }
        return new Hold(type, key, handle, token, config.nodeId() + "-s" + sectionNumbers.incrementAndGet());
    }

    private void reenterSometimes(Hold hold) {
        if (random.nextInt(10) >= 3) {
            return;
        }
        beginCall(0);
        try {
            boolean reentered = random.nextBoolean() ? locks.tryLock(hold.type, hold.key)
                    : locks.tryLock(hold.type, hold.key, 10, TimeUnit.MILLISECONDS);
            if (reentered) {
                hold.reentered = true;
                stats.reentries.incrementAndGet();
            } else {
                node.error("re-entry of a held lock " + hold.resourceKey() + " was refused", null);
            }
        } catch (InterruptedException | RuntimeException e) {
            node.error("re-entry of " + hold.resourceKey(), e);
        } finally {
            endCall(0);
        }
    }

    /** Writes a few times over the hold; a long hold writes every {@value #LONG_HOLD_WRITE_MILLIS} ms. */
    private void work(List<Hold> holds, long holdMillis) {
        int writes = holdMillis >= LONG_HOLD_MILLIS ? (int) (holdMillis / LONG_HOLD_WRITE_MILLIS)
                : 1 + random.nextInt(4);
        for (int i = 0; i < writes; i++) {
            sleep(holdMillis / writes);
            for (Hold hold : holds) {
                if (hold.accepted) {
                    boolean believedHeld = !locks.isLost(hold.type, hold.key);
                    hold.accepted = resource.write(hold.sectionId, believedHeld);
                }
            }
        }
    }

    /** Mostly short holds; one in ten outlives the lease, kept only by renewal (and the fault's favourite). */
    private long pickHoldMillis() {
        int roll = random.nextInt(100);
        if (roll < 65) {
            return random.nextInt(100);
        }
        if (roll < 90) {
            return 100 + random.nextInt(400);
        }
        return LONG_HOLD_MILLIS + random.nextInt((int) config.leaseMillis());
    }

    private void release(Hold hold) {
        resource.leave(hold.sectionId);
        boolean lost = false;
        if (hold.reentered) {
            lost = unlockInner(hold);
        }
        KeyTraffic keyTraffic = traffic.get(hold.resourceKey());
        long acquisitionsBefore = keyTraffic.acquisitions.get();
        Outcome outcome;
        beginCall(0);
        try {
            if (hold.handle != null) {
                hold.handle.close();
            } else {
                locks.unlock(hold.type, hold.key);
            }
            // A queued local thread may have been handed the grant without asking the master.
            boolean mayHaveHandedOff = keyTraffic.inFlight.get() > 0
                    || keyTraffic.acquisitions.get() != acquisitionsBefore;
            outcome = lost ? Outcome.LOST : mayHaveHandedOff ? Outcome.HANDED_OFF : Outcome.RELEASED;
            if (lost) {
                node.error("the outer unlock of " + hold.resourceKey() + " succeeded after the inner one "
                        + "reported the lock lost", null);
            }
        } catch (LockLostException e) {
            stats.lost.incrementAndGet();
            outcome = Outcome.LOST;
        } catch (LockServiceUnavailableException e) {
            stats.unavailable.incrementAndGet();
            outcome = Outcome.UNAVAILABLE;
        } catch (RuntimeException e) {
            node.error("unlock of " + hold.resourceKey(), e);
            outcome = Outcome.ERROR;
        } finally {
            endCall(0);
        }
        resource.outcome(hold.sectionId, outcome);
    }

    /** @return whether the inner unlock reported the lock lost */
    private boolean unlockInner(Hold hold) {
        beginCall(0);
        try {
            locks.unlock(hold.type, hold.key);
            return false;
        } catch (LockLostException e) {
            stats.lost.incrementAndGet();
            return true;
        } catch (RuntimeException e) {
            node.error("inner unlock of " + hold.resourceKey(), e);
            return false;
        } finally {
            endCall(0);
        }
    }

    private void checkTypeEmpty() {
        beginCall(0);
        try {
            locks.isLockTypeEmpty("t" + random.nextInt(config.lockTypes()));
        } catch (LockServiceUnavailableException e) {
            stats.unavailable.incrementAndGet();
        } catch (RuntimeException e) {
            node.error("isLockTypeEmpty", e);
        } finally {
            endCall(0);
        }
    }

    private void beginCall(long waitMillis) {
        stats.operations.incrementAndGet();
        opPausedAtStart = clock.pausedNanos();
        opWaitMillis = waitMillis;
        opStartNanos = System.nanoTime();
        hangReported = false;
        opRunning = true;
    }

    private void endCall(long waitMillis) {
        opRunning = false;
        clock.finished(opStartNanos, opPausedAtStart, waitMillis);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Per lock of this node: threads acquiring it now, and acquisitions so far; tells hand-offs apart. */
    static final class KeyTraffic {
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicLong acquisitions = new AtomicLong();
    }

    /** One acquired lock and its section at the resource. */
    private static final class Hold {
        private final String type;
        private final String key;
        private final LockHandle handle;
        private final long token;
        private final String sectionId;
        private boolean accepted;
        private boolean reentered;

        Hold(String type, String key, LockHandle handle, long token, String sectionId) {
            this.type = type;
            this.key = key;
            this.handle = handle;
            this.token = token;
            this.sectionId = sectionId;
        }

        String resourceKey() {
            return type + "/" + key;
        }
    }

    static Map<String, KeyTraffic> newTrafficMap() {
        return new ConcurrentHashMap<>();
    }
}
