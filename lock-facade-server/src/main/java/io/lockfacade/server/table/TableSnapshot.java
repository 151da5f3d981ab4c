package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The whole state of a {@link LockMachine} as plain values, in a canonical order (locks by type then key,
 * sessions by id), so that two equal states give equal snapshots.
 *
 * <p>Waiters are part of the state: who gets a lock next decides every later outcome, so replicas must agree on
 * the queues. They are droppable: a new leader of a replicated table answers them all with
 * {@link LockMachine#dropWaiters()}, since the calls they stand for were parked on the old leader.
 *
 * @param lastToken  the last fencing token issued
 * @param grantCount how many grants the table has made
 * @param locks      every held lock
 * @param sessions   every open session
 * @param primitives the read-write locks, semaphores and leaderships, which live under those sessions
 */
public record TableSnapshot(long lastToken, long grantCount, List<LockEntry> locks, List<SessionView> sessions,
                           PrimitivesSnapshot primitives) {

    private static final Comparator<LockEntry> LOCK_ORDER = Comparator.comparing(LockEntry::lockKey, LockKey.ORDER);

    /** Copies the lists; no primitives stands for none. */
    public TableSnapshot {
        locks = List.copyOf(locks);
        sessions = List.copyOf(sessions);
        primitives = primitives == null ? PrimitivesSnapshot.EMPTY : primitives;
    }

    /** A snapshot of locks and sessions only, as a format older than the other primitives holds it. */
    public TableSnapshot(long lastToken, long grantCount, List<LockEntry> locks, List<SessionView> sessions) {
        this(lastToken, grantCount, locks, sessions, PrimitivesSnapshot.EMPTY);
    }

    /**
     * One held lock.
     *
     * @param lockKey         the lock
     * @param owner           its holder
     * @param fencingToken    the current grant's token
     * @param acquiredAtNanos when the grant was made
     * @param leaseMillis     the lease it reports
     * @param deadlineNanos   when its own lease ends (meaningless under a session)
     * @param handouts        how many calls were handed the grant
     * @param sessionId       its session, or {@code null}
     * @param waiters         the parked calls, oldest first
     */
    public record LockEntry(LockKey lockKey, String owner, long fencingToken, long acquiredAtNanos, long leaseMillis,
                            long deadlineNanos, int handouts, String sessionId, List<Waiter> waiters) {

        /** Copies the waiters. */
        public LockEntry {
            waiters = List.copyOf(waiters);
        }
    }

    static TableSnapshot of(ConcurrentHashMap<LockKey, LockState> states, Ledger ledger,
                            PrimitivesSnapshot primitives) {
        List<LockEntry> locks = new ArrayList<>(states.size());
        for (LockKey key : states.keySet()) {
            // Read each lock inside its key's critical section, so that one entry is never torn.
            states.computeIfPresent(key, (k, s) -> {
                LockEntry entry = entry(k, s);
                if (entry != null) {
                    locks.add(entry);
                }
                return s;
            });
        }
        locks.sort(LOCK_ORDER);
        List<SessionView> sessions = ledger.sessions.values().stream()
                .map(s -> new SessionView(s.id, s.ttlMillis, s.lockCount(), s.lastKeepAliveNanos(), s.endNanos(),
                        s.forceRemovals()))
                .sorted(Comparator.comparing(SessionView::id))
                .toList();
        return new TableSnapshot(ledger.tokens.last(), ledger.grants.get(), locks, sessions, primitives);
    }

    private static LockEntry entry(LockKey key, LockState s) {
        String owner = s.owner;
        if (owner == null) {
            return null;
        }
        SessionState session = s.session();
        return new LockEntry(key, owner, s.fencingToken, s.acquiredAtNanos, s.leaseMillis,
                session == null ? s.deadlineNanos : 0, s.handouts(), session == null ? null : session.id,
                s.waiterList());
    }

    void restoreInto(Map<LockKey, LockState> states, Ledger ledger) {
        for (SessionView view : sessions) {
            ledger.sessions.put(view.id(), new SessionState(view.id(), view.ttlMillis(), view.endNanos(),
                    view.lastKeepAliveNanos(), view.forceRemovals()));
        }
        for (LockEntry entry : locks) {
            LockState s = new LockState();
            s.owner = entry.owner();
            s.fencingToken = entry.fencingToken();
            s.acquiredAtNanos = entry.acquiredAtNanos();
            s.leaseMillis = Math.toIntExact(entry.leaseMillis());
            s.deadlineNanos = entry.deadlineNanos();
            s.setHandouts(entry.handouts());
            if (entry.sessionId() != null) {
                SessionState session = ledger.sessions.get(entry.sessionId());
                s.setSession(session);
                if (session == null || !session.attach(entry.lockKey())) {
                    throw new IllegalArgumentException("lock " + entry.lockKey() + " names session "
                            + entry.sessionId() + ", which the snapshot does not hold open");
                }
            }
            entry.waiters().forEach(s::addWaiter);
            states.put(entry.lockKey(), s);
            ledger.liveTypes.increment(entry.lockKey().lockType());
        }
    }
}
