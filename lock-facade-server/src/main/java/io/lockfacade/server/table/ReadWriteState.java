package io.lockfacade.server.table;

import io.lockfacade.api.PrimitiveLockService;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Predicate;

/**
 * One read-write lock: a writer, readers, and one line of parked calls of both modes, served first come, first
 * served. A reader is granted at once only while no writer holds and nobody waits, so once a writer waits, new
 * readers line up behind it: writers never starve. An owner that holds the write lock may take the read lock too
 * (and then release the write lock: a downgrade); an owner that holds only the read lock is refused the write lock
 * at once, since it would wait for itself. Reentrancy is counted by the client; asking again for a mode already
 * held returns the same grant.
 */
final class ReadWriteState extends LinedState<AccessMode> {

    /** The reason a read-to-write upgrade is refused. */
    static final String UPGRADE_REFUSED = "read-write lock %s: %s holds the read lock and asks for the write lock;"
            + " an upgrade would wait for itself, so release the read lock first";

    private Hold writer;
    private final LinkedHashMap<String, Hold> readers = new LinkedHashMap<>(4);

    ReadWriteState(PrimitiveTable<ReadWriteState, ?> table) {
        super(table);
    }

    PrimitiveOutcome acquire(LockKey key, String owner, AccessMode mode, SessionState session, long waiterId,
                             Moment m, Effects.Builder fx) {
        replaceEarlierCall(key, owner, m, fx);
        Hold held = mode == AccessMode.WRITE ? heldWrite(owner) : readers.get(owner);
        if (held != null) {
            return handOutAgain(key, held, fx);
        }
        if (mode == AccessMode.WRITE && readers.containsKey(owner)) {
            return new PrimitiveOutcome.Refused(String.format(UPGRADE_REFUSED, key, owner), fx.build());
        }
        // A reader that finds the write lock free still queues behind any waiting call: no barging past a writer.
        boolean free = mode == AccessMode.READ && heldWrite(owner) != null || line.isEmpty() && fits(owner, mode);
        return free ? granted(key, owner, mode, session, m, fx) : park(key, owner, mode, session, waiterId, fx);
    }

    PrimitiveOutcome release(LockKey key, String owner, AccessMode mode, Moment m, Effects.Builder fx) {
        Hold released;
        if (mode == AccessMode.WRITE) {
            released = heldWrite(owner);
            writer = released == null ? writer : null;
        } else {
            released = readers.remove(owner);
        }
        if (released == null) {
            return new PrimitiveOutcome.NotHolder(fx.build());
        }
        table.letGoIfDone(key, this, released.session());
        serve(key, m, fx);
        return new PrimitiveOutcome.Released(fx.build());
    }

    /** Ends the grant of that token, or every grant if {@code token} is 0 (an operator's removal). */
    @Override
    PrimitiveOutcome endGrant(LockKey key, long token, Moment m, Effects.Builder fx) {
        boolean any = false;
        if (writer != null && (token == 0 || writer.token() == token)) {
            Hold removed = writer;
            writer = null;
            table.letGoIfDone(key, this, removed.session());
            any = true;
        }
        for (Iterator<Hold> it = readers.values().iterator(); it.hasNext(); ) {
            Hold reader = it.next();
            if (token == 0 || reader.token() == token) {
                it.remove();
                table.letGoIfDone(key, this, reader.session());
                any = true;
            }
        }
        if (!any) {
            return new PrimitiveOutcome.NotHolder(fx.build());
        }
        serve(key, m, fx);
        return new PrimitiveOutcome.Released(fx.build());
    }

    @Override
    Hold heldUnder(long token) {
        if (writer != null && writer.token() == token) {
            return writer;
        }
        return readers.values().stream().filter(reader -> reader.token() == token).findFirst().orElse(null);
    }

    @Override
    void replace(Hold old, Hold now) {
        if (writer == old) {
            writer = now;
        } else {
            readers.put(old.owner(), now);
        }
    }

    /** @return see {@link ReadWriteLocks#waiterStanding} */
    int waiterStanding(String owner) {
        if (heldWrite(owner) == null && !readers.containsKey(owner)) {
            return PrimitiveLockService.READ_WRITE_NOT_HELD;
        }
        return line.isEmpty() ? PrimitiveLockService.READ_WRITE_QUIET : PrimitiveLockService.READ_WRITE_WAITING;
    }

    private Hold heldWrite(String owner) {
        return writer != null && writer.owner().equals(owner) ? writer : null;
    }

    @Override
    boolean fits(String owner, AccessMode mode) {
        if (mode == AccessMode.WRITE) {
            return writer == null && readers.isEmpty();
        }
        return writer == null || writer.owner().equals(owner);
    }

    @Override
    Hold grant(LockKey key, String owner, AccessMode mode, SessionState session, Moment m) {
        Hold hold = Hold.grant(table.holding(key), owner, 1, session, m, table.ledger);
        if (hold != null && mode == AccessMode.WRITE) {
            writer = hold;
        } else if (hold != null) {
            readers.put(owner, hold);
        }
        return hold;
    }

    @Override
    void dropLapsed(LockKey key, Moment m, Ledger ledger, Effects.Builder fx) {
        dropHolders(key, hold -> hold.hasLapsed(m.nanos()), m, fx);
    }

    @Override
    void dropSession(LockKey key, SessionState session, Moment m, Ledger ledger, Effects.Builder fx) {
        dropHolders(key, hold -> hold.session() == session, m, fx);
    }

    private void dropHolders(LockKey key, Predicate<Hold> drops, Moment m, Effects.Builder fx) {
        boolean any = writer != null && drops.test(writer);
        if (any) {
            writer = null;
        }
        any |= readers.values().removeIf(drops);
        if (any) {
            serve(key, m, fx);
        }
    }

    @Override
    boolean isIdle() {
        return writer == null && readers.isEmpty() && line.isEmpty();
    }

    @Override
    boolean heldBy(SessionState session) {
        return writer != null && writer.session() == session
                || readers.values().stream().anyMatch(reader -> reader.session() == session);
    }

    /** @return the lock as a snapshot holds it */
    PrimitivesSnapshot.ReadWriteEntry entry(LockKey key) {
        return new PrimitivesSnapshot.ReadWriteEntry(key, writer == null ? null : HolderView.of(writer),
                readers.values().stream().map(HolderView::of).toList(), line.list().stream()
                .map(ask -> new PrimitivesSnapshot.ParkedAsk(ask.waiter(), ask.ask(), 0)).toList());
    }

    /** Takes the state a snapshot holds; the sessions it names must be restored already. */
    void restore(PrimitivesSnapshot.ReadWriteEntry entry) {
        SessionHolding holding = table.holding(entry.lockKey());
        if (entry.writer() != null) {
            writer = entry.writer().restore(restoredSession(entry.writer().sessionId(), holding, table.ledger));
        }
        for (HolderView reader : entry.readers()) {
            readers.put(reader.owner(), reader.restore(restoredSession(reader.sessionId(), holding, table.ledger)));
        }
        entry.line().forEach(ask -> line.add(ask.waiter(), ask.mode()));
    }

    /** @return a picture of the lock: its writer, readers and waiters by mode */
    ReadWriteView view(LockKey key) {
        List<HolderView> readerViews = readers.values().stream().map(HolderView::of).toList();
        int writersWaiting = line.count(mode -> mode == AccessMode.WRITE);
        return new ReadWriteView(key, writer == null ? null : HolderView.of(writer), readerViews,
                line.size() - writersWaiting, writersWaiting);
    }
}
