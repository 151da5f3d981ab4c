package io.lockfacade.server.table;

/**
 * The state of a read-write lock or a semaphore: grants, and one {@link AskLine} of parked calls served first come,
 * first served. The head of the line is granted as soon as what it asks for fits, and the calls behind it wait
 * their turn even if theirs would fit sooner, so nobody starves; a call whose session has ended is answered "not
 * granted" when its turn comes.
 *
 * @param <A> what a call asks for
 */
abstract class LinedState<A> extends PrimitiveState {

    final PrimitiveTable<? extends LinedState<A>, ?> table;
    final AskLine<A> line = new AskLine<>();

    LinedState(PrimitiveTable<? extends LinedState<A>, ?> table) {
        this.table = table;
    }

    /** @return whether a call of {@code owner} asking for {@code ask} can be granted now */
    abstract boolean fits(String owner, A ask);

    /** @return whether a call asking for {@code ask} can never be granted as things are (it is answered at once) */
    boolean never(A ask) {
        return false;
    }

    /** Makes the grant; {@code null} if the session has ended. */
    abstract Hold grant(LockKey key, String owner, A ask, SessionState session, Moment m);

    /** Grants the oldest calls while what they ask for fits. */
    final void serve(LockKey key, Moment m, Effects.Builder fx) {
        AskLine.Ask<A> head;
        while ((head = line.peek()) != null) {
            Waiter waiter = head.waiter();
            SessionState session = table.ledger.liveSession(waiter.sessionId(), m.nanos());
            boolean never = never(head.ask());
            if (session != null && !never && !fits(waiter.owner(), head.ask())) {
                return;
            }
            line.poll();
            Hold granted = session == null || never ? null : grant(key, waiter.owner(), head.ask(), session, m);
            if (granted == null) {
                fx.answered(waiter, null, null);
            } else {
                fx.answered(waiter, granted.handout(key), granted.view(key, line.size()));
            }
        }
    }

    /** Takes the owner's earlier parked call out of the line (answered "not granted"), before its new call. */
    final void replaceEarlierCall(LockKey key, String owner, Moment m, Effects.Builder fx) {
        AskLine.Ask<A> earlier = line.removeOwner(owner);
        if (earlier != null) {
            fx.answered(earlier.waiter(), null, null);
            serve(key, m, fx);
        }
    }

    /** Parks a call at the end of the line. */
    final PrimitiveOutcome park(LockKey key, String owner, A ask, SessionState session, long waiterId,
                                Effects.Builder fx) {
        if (waiterId == 0) {
            return new PrimitiveOutcome.Busy(fx.build());
        }
        Waiter waiter = new Waiter(waiterId, key, owner, 0, session.id);
        line.add(waiter, ask);
        return new PrimitiveOutcome.Parked(waiter, fx.build());
    }

    /** @return {@code Granted}, or {@code SessionGone} if the session ended meanwhile */
    final PrimitiveOutcome granted(LockKey key, String owner, A ask, SessionState session, Moment m,
                                   Effects.Builder fx) {
        Hold granted = grant(key, owner, ask, session, m);
        return granted == null ? new PrimitiveOutcome.SessionGone(fx.build())
                : new PrimitiveOutcome.Granted(granted.handout(key), fx.build());
    }

    @Override
    final boolean withdraw(LockKey key, long waiterId, Moment m, Ledger ledger, Effects.Builder fx) {
        if (line.removeId(waiterId) == null) {
            return false;
        }
        serve(key, m, fx);
        return true;
    }

    @Override
    final void dropWaiters(Effects.Builder fx) {
        line.dropAll(fx);
    }
}
