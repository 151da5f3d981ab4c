package io.lockfacade.group.state;

import io.lockfacade.server.table.LockKey;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The master group's lock and session table: a deterministic state machine. Every replica applies the same
 * {@link Command}s in log order and ends in the same state, because nothing here reads a clock, a random number or
 * a thread: time is the leader's (carried by each command, never allowed to go back), and a grant's fencing token
 * is the log index of the entry that granted it, so tokens strictly increase across leaders and restarts.
 *
 * <p>Waiting is not part of this table: a busy lock answers {@link Outcome.Kind#BUSY}, and the leader parks the
 * caller and asks again when {@link Applied#freed()} names the lock.
 *
 * <p>Thread-safe: applies come from one thread, reads from any; every method holds the table's monitor briefly and
 * does no I/O.
 */
public final class ReplicatedLockTable {

    private final Map<LockKey, HeldLock> locks = new HashMap<>();
    private final Map<String, Set<LockKey>> keysByType = new HashMap<>();
    private final Map<String, OpenSession> sessions = new HashMap<>();
    private final Deadlines<LockKey> leaseEnds = new Deadlines<>();
    private final Deadlines<String> sessionEnds = new Deadlines<>();
    private long clock;

    /**
     * Applies one command.
     *
     * @param command what to do, with the leader's time
     * @param index   the log index of the entry carrying it: the fencing token of a new grant
     * @return the answer and the locks freed
     */
    public synchronized Applied apply(Command command, long index) {
        clock = Math.max(clock, command.time());
        List<LockKey> freed = new ArrayList<>();
        Outcome outcome = switch (command.kind()) {
            case TRY_LOCK -> acquire(command, null, command.millis(), index, freed);
            case TRY_LOCK_IN_SESSION -> acquireInSession(command, index, freed);
            case UNLOCK -> unlock(command, freed);
            case RENEW -> renew(command, freed);
            case OPEN_SESSION -> openSession(command, freed);
            case KEEP_ALIVE_SESSION -> keepAlive(command, freed);
            case CLOSE_SESSION -> Outcome.of(sessions.containsKey(command.sessionId())
                    && endSession(command.sessionId(), freed) >= 0);
            case FORCE_REMOVE -> forceRemove(command, freed);
            case RELEASE_UNDELIVERED -> releaseUndelivered(command, freed);
            case EXPIRE_DUE -> Outcome.number(expireDue(freed));
            case TERM_START -> Outcome.number(extendAll());
        };
        return new Applied(outcome, freed);
    }

    private Outcome acquire(Command command, String sessionId, long lease, long index, List<LockKey> freed) {
        LockKey key = new LockKey(command.lockType(), command.key());
        HeldLock held = liveOrDrop(key, freed);
        if (held != null) {
            if (!held.owner.equals(command.owner())) {
                return Outcome.of(Outcome.Kind.BUSY);
            }
            if (held.sessionId == null && sessionId == null) {
                leaseEnds.move(held.expiresAt, clock + lease, key);
                held.expiresAt = clock + lease;
                held.leaseMillis = lease;
            }
            held.handouts++;
            return Outcome.granted(held.token, leaseOf(held), held.handouts);
        }
        HeldLock granted = new HeldLock(key.lockType(), key.key(), command.owner(), index, clock, sessionId, lease,
                sessionId == null ? clock + lease : 0, 1);
        put(key, granted);
        return Outcome.granted(granted.token, lease, granted.handouts);
    }

    private Outcome acquireInSession(Command command, long index, List<LockKey> freed) {
        OpenSession session = liveSession(command.sessionId(), freed);
        if (session == null) {
            return Outcome.of(Outcome.Kind.SESSION_ENDED);
        }
        return acquire(command, session.id, session.ttlMillis, index, freed);
    }

    private Outcome unlock(Command command, List<LockKey> freed) {
        LockKey key = new LockKey(command.lockType(), command.key());
        HeldLock held = liveOrDrop(key, freed);
        if (held == null || !held.owner.equals(command.owner())) {
            return Outcome.of(false);
        }
        remove(key, freed);
        return Outcome.of(true);
    }

    private Outcome renew(Command command, List<LockKey> freed) {
        LockKey key = new LockKey(command.lockType(), command.key());
        HeldLock held = liveOrDrop(key, freed);
        if (held == null || !held.owner.equals(command.owner())) {
            return Outcome.of(false);
        }
        if (held.sessionId == null) {
            leaseEnds.move(held.expiresAt, clock + command.millis(), key);
            held.expiresAt = clock + command.millis();
            held.leaseMillis = command.millis();
        }
        return Outcome.of(true);
    }

    private Outcome openSession(Command command, List<LockKey> freed) {
        String id = command.sessionId();
        if (sessions.containsKey(id)) {
            OpenSession session = liveSession(id, freed);
            if (session == null) {
                return Outcome.of(Outcome.Kind.SESSION_ENDED);
            }
            extend(session);
            return Outcome.number(session.ttlMillis);
        }
        OpenSession session = new OpenSession(id, command.millis(), clock + command.millis(), 0);
        sessions.put(id, session);
        sessionEnds.add(session.expiresAt, id);
        return Outcome.number(session.ttlMillis);
    }

    private Outcome keepAlive(Command command, List<LockKey> freed) {
        OpenSession session = liveSession(command.sessionId(), freed);
        if (session == null) {
            return Outcome.number(-1);
        }
        extend(session);
        return Outcome.number(session.forceRemovals);
    }

    private Outcome forceRemove(Command command, List<LockKey> freed) {
        LockKey key = new LockKey(command.lockType(), command.key());
        HeldLock held = liveOrDrop(key, freed);
        if (held == null || (command.expected() != 0 && held.token != command.expected())) {
            return Outcome.of(false);
        }
        if (held.sessionId != null) {
            sessions.get(held.sessionId).forceRemovals++;
        }
        remove(key, freed);
        return Outcome.of(true);
    }

    private Outcome releaseUndelivered(Command command, List<LockKey> freed) {
        LockKey key = new LockKey(command.lockType(), command.key());
        HeldLock held = liveOrDrop(key, freed);
        if (held == null || !held.owner.equals(command.owner()) || held.token != command.expected()) {
            return Outcome.of(false);
        }
        if (held.handouts > 1) {
            // A retry can overtake the call it retries: the grant goes only when no handout of it may have arrived.
            held.handouts--;
            return Outcome.of(false);
        }
        remove(key, freed);
        return Outcome.of(true);
    }

    private int expireDue(List<LockKey> freed) {
        int ended = 0;
        for (String id : sessionEnds.due(clock)) {
            endSession(id, freed);
            ended++;
        }
        for (LockKey key : leaseEnds.due(clock)) {
            remove(key, freed);
            ended++;
        }
        return ended;
    }

    /** A new leader's lease extension: nobody loses a lock because its keep-alives went to the old leader. */
    private int extendAll() {
        for (OpenSession session : sessions.values()) {
            if (session.expiresAt < clock + session.ttlMillis) {
                extend(session);
            }
        }
        for (Map.Entry<LockKey, HeldLock> entry : locks.entrySet()) {
            HeldLock held = entry.getValue();
            if (held.sessionId == null && held.expiresAt < clock + held.leaseMillis) {
                leaseEnds.move(held.expiresAt, clock + held.leaseMillis, entry.getKey());
                held.expiresAt = clock + held.leaseMillis;
            }
        }
        return sessions.size();
    }

    private void extend(OpenSession session) {
        sessionEnds.move(session.expiresAt, clock + session.ttlMillis, session.id);
        session.expiresAt = clock + session.ttlMillis;
    }

    /** @return the session if it is live; an expired one is ended (its locks freed) and null is returned */
    private OpenSession liveSession(String id, List<LockKey> freed) {
        OpenSession session = sessions.get(id);
        if (session == null) {
            return null;
        }
        if (session.expiresAt <= clock) {
            endSession(id, freed);
            return null;
        }
        return session;
    }

    /** @return how many locks the session held, or -1 if it was not open */
    private int endSession(String id, List<LockKey> freed) {
        OpenSession session = sessions.remove(id);
        if (session == null) {
            return -1;
        }
        sessionEnds.remove(session.expiresAt, id);
        int released = session.locks.size();
        for (LockKey key : List.copyOf(session.locks)) {
            remove(key, freed);
        }
        return released;
    }

    /** @return the live lock at {@code key}; a lock whose time is over is removed first (and null returned) */
    private HeldLock liveOrDrop(LockKey key, List<LockKey> freed) {
        HeldLock held = locks.get(key);
        if (held == null) {
            return null;
        }
        if (isLive(held, clock)) {
            return held;
        }
        if (held.sessionId != null) {
            endSession(held.sessionId, freed);
        } else {
            remove(key, freed);
        }
        return null;
    }

    private boolean isLive(HeldLock held, long now) {
        if (held.sessionId == null) {
            return held.expiresAt > now;
        }
        OpenSession session = sessions.get(held.sessionId);
        return session != null && session.expiresAt > now;
    }

    private long leaseOf(HeldLock held) {
        return held.sessionId == null ? held.leaseMillis : sessions.get(held.sessionId).ttlMillis;
    }

    private void put(LockKey key, HeldLock held) {
        locks.put(key, held);
        keysByType.computeIfAbsent(key.lockType(), type -> new LinkedHashSet<>()).add(key);
        if (held.sessionId == null) {
            leaseEnds.add(held.expiresAt, key);
        } else {
            sessions.get(held.sessionId).locks.add(key);
        }
    }

    private void remove(LockKey key, List<LockKey> freed) {
        HeldLock held = locks.remove(key);
        if (held == null) {
            return;
        }
        Set<LockKey> ofType = keysByType.get(key.lockType());
        ofType.remove(key);
        if (ofType.isEmpty()) {
            keysByType.remove(key.lockType());
        }
        if (held.sessionId == null) {
            leaseEnds.remove(held.expiresAt, key);
        } else {
            OpenSession session = sessions.get(held.sessionId);
            if (session != null) {
                session.locks.remove(key);
            }
        }
        freed.add(key);
    }

    /**
     * @param lockType a lock type
     * @param now      the leader's time; the table's own clock counts if it is later
     * @return whether no live lock of that type exists
     */
    public synchronized boolean isTypeEmpty(String lockType, long now) {
        long at = Math.max(clock, now);
        Set<LockKey> keys = keysByType.get(lockType);
        return keys == null || keys.stream().noneMatch(key -> isLive(locks.get(key), at));
    }

    /** @return whether some lease or session has ended by {@code now} and waits for {@link Command.Kind#EXPIRE_DUE} */
    public synchronized boolean hasDue(long now) {
        long at = Math.max(clock, now);
        return leaseEnds.anyDue(at) || sessionEnds.anyDue(at);
    }

    /** @return the owner of the live lock at {@code key} at {@code now}, or null if it is free */
    public synchronized String holder(LockKey key, long now) {
        HeldLock held = locks.get(key);
        return held != null && isLive(held, Math.max(clock, now)) ? held.owner : null;
    }

    /** @return how many locks the table holds (live or waiting for expiry) */
    public synchronized int size() {
        return locks.size();
    }

    /** @return the table's clock: the latest leader time it applied */
    public synchronized long clock() {
        return clock;
    }

    /** @return a copy of the state, see {@link TableImage} */
    public synchronized TableImage image() {
        return TableImage.of(clock, sessions.values(), locks.values());
    }

    /** Replaces the whole state with a snapshot's. */
    public synchronized void restore(TableImage image) {
        locks.clear();
        keysByType.clear();
        sessions.clear();
        leaseEnds.clear();
        sessionEnds.clear();
        clock = image.clock();
        for (TableImage.SessionRow row : image.sessions()) {
            OpenSession session = new OpenSession(row.id(), row.ttlMillis(), row.expiresAt(), row.forceRemovals());
            sessions.put(row.id(), session);
            sessionEnds.add(row.expiresAt(), row.id());
        }
        for (TableImage.LockRow row : image.locks()) {
            put(new LockKey(row.lockType(), row.key()), new HeldLock(row.lockType(), row.key(), row.owner(),
                    row.token(), row.grantedAt(), row.sessionId(), row.leaseMillis(), row.expiresAt(),
                    row.handouts()));
        }
    }
}
