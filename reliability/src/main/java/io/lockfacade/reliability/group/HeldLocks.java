package io.lockfacade.reliability.group;

import io.lockfacade.api.LockGrant;
import io.lockfacade.testkit.group.GroupChaosLimits;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Locks taken before a fault and checked after it: {@link GroupChaosLimits#KEEPER_LOCKS} with leases of their own
 * and one under a session, each by its own owner. "No lock lost by a leader change" means that after the fault
 * each is still held by the same owner with the same fencing token (asking again as its owner returns the same
 * grant, as the contract says), and another owner cannot take it. The session is kept alive every
 * {@link GroupChaosLimits#KEEPER_KEEP_ALIVE} by a thread of its own, as a client node does; a keep-alive that finds
 * no leader is retried at the next tick, one that finds the session ended is a lost lock.
 */
public final class HeldLocks implements AutoCloseable {

    /** The lock type of the held locks. */
    public static final String LOCK_TYPE = "held";

    private final String sessionId = "keeper-session-" + UUID.randomUUID();
    private final Map<String, Long> tokens = new LinkedHashMap<>();
    private final String sessionKey;
    private final java.util.concurrent.ScheduledExecutorService keeper =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "held-locks-keep-alive");
                thread.setDaemon(true);
                return thread;
            });
    private volatile boolean sessionEnded;

    private HeldLocks(String sessionKey) {
        this.sessionKey = sessionKey;
    }

    /** Stops keeping the session alive. */
    @Override
    public void close() {
        keeper.shutdownNow();
    }

    private void keepAlive(LeaderFollowingCaller caller) {
        try {
            if (caller.call("keeper keepAlive", service -> service.keepAliveSession(sessionId)).value() < 0) {
                sessionEnded = true;
            }
        } catch (GroupUnavailableException e) {
            // no leader for a whole call: the next tick tries again, well within the TTL
        }
    }

    /**
     * Takes the locks through {@code caller}; {@code label} keeps keys of several rounds apart.
     *
     * @throws IllegalStateException if one of them was not granted
     */
    public static HeldLocks take(LeaderFollowingCaller caller, String label) {
        HeldLocks held = new HeldLocks(label + "-session");
        for (int i = 0; i < GroupChaosLimits.KEEPER_LOCKS; i++) {
            String key = label + "-" + i;
            LockGrant grant = caller.call("keeper tryLock " + key, service -> service.tryLock(LOCK_TYPE, key,
                    owner(key), GroupChaosLimits.KEEPER_LEASE.toMillis(), 0)).value();
            held.put(key, grant);
        }
        caller.call("keeper openSession", service -> service.openSession(held.sessionId,
                GroupChaosLimits.KEEPER_SESSION_TTL.toMillis()));
        LockGrant grant = caller.call("keeper tryLockInSession", service -> service.tryLockInSession(LOCK_TYPE,
                held.sessionKey, owner(held.sessionKey), held.sessionId, 0)).value();
        held.put(held.sessionKey, grant);
        long every = GroupChaosLimits.KEEPER_KEEP_ALIVE.toMillis();
        held.keeper.scheduleWithFixedDelay(() -> held.keepAlive(caller), every, every,
                java.util.concurrent.TimeUnit.MILLISECONDS);
        return held;
    }

    /** @return key to the token it was granted with */
    public Map<String, Long> tokens() {
        return Map.copyOf(tokens);
    }

    /** @return the largest token of the held locks */
    public long maxToken() {
        return tokens.values().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /**
     * Asks the group, through {@code caller}, whether every lock is still held by its owner with its token.
     *
     * @return what is wrong, empty if nothing
     */
    public List<String> check(LeaderFollowingCaller caller) {
        List<String> problems = new ArrayList<>();
        long alive = caller.call("keeper keepAlive", service -> service.keepAliveSession(sessionId)).value();
        if (alive < 0 || sessionEnded) {
            problems.add("the keeper's session " + sessionId + " ended");
        }
        for (Map.Entry<String, Long> held : tokens.entrySet()) {
            String key = held.getKey();
            LockGrant rival = caller.call("rival tryLock " + key,
                    service -> service.tryLock(LOCK_TYPE, key, "rival", GroupChaosLimits.LOAD_LEASE.toMillis(), 0))
                    .value();
            if (rival != null) {
                problems.add(key + " was granted to a rival with token " + rival.getFencingToken());
            }
            LockGrant again = key.equals(sessionKey)
                    ? caller.call("keeper again " + key, service -> service.tryLockInSession(LOCK_TYPE, key,
                            owner(key), sessionId, 0)).value()
                    : caller.call("keeper again " + key, service -> service.tryLock(LOCK_TYPE, key, owner(key),
                            GroupChaosLimits.KEEPER_LEASE.toMillis(), 0)).value();
            if (again == null || again.getFencingToken() != held.getValue()) {
                problems.add(key + " held with token " + held.getValue() + " is now "
                        + (again == null ? "not granted to its owner" : "token " + again.getFencingToken()));
            }
        }
        return problems;
    }

    private void put(String key, LockGrant grant) {
        if (grant == null) {
            throw new IllegalStateException("the keeper of " + key + " was not granted it");
        }
        tokens.put(key, grant.getFencingToken());
    }

    private static String owner(String key) {
        return "keeper-of-" + key;
    }
}
