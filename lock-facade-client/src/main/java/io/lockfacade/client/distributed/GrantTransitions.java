package io.lockfacade.client.distributed;

import io.lockfacade.client.distributed.GrantState.Cached;
import io.lockfacade.client.distributed.GrantState.Free;
import io.lockfacade.client.distributed.GrantState.Held;
import io.lockfacade.client.distributed.GrantState.Lost;
import io.lockfacade.client.distributed.GrantStep.Effect;

import static io.lockfacade.client.distributed.GrantState.FREE;

/**
 * The rules of {@link GrantState}: pure functions from a state, an event and the time ({@code nowNanos}, passed
 * in from the node's clock) to a {@link GrantStep}. No clock is read, no thread is touched, no call is made here:
 * the {@link LocalArbiter} stores the next state and performs the step's effect. The one input that another
 * thread writes, a {@link WaiterProbe}'s answer, is part of the state and read as it stands.
 *
 * <p>Each event is applied by the thread that holds the lock's local lock, so that moves of one entry never race.
 * An event that does not fit the state is a bug in the caller and throws {@link IllegalStateException}.
 */
final class GrantTransitions {

    private final HandoffPolicy handoffPolicy;

    /** @param handoffPolicy decides, on a final unlock, between a local hand-off and a remote release */
    GrantTransitions(HandoffPolicy handoffPolicy) {
        this.handoffPolicy = handoffPolicy;
    }

    /**
     * A thread has just taken the local lock (not a re-entry).
     *
     * @return {@code ASK_MASTER} from FREE; {@code USE_CACHED} (to HELD) from a live CACHED grant;
     *         {@code DISCARD_THEN_ASK_MASTER} (to FREE) from a cached grant that is LOST at {@code nowNanos}
     * @throws IllegalStateException from HELD, which only the holder's re-entry reaches
     */
    GrantStep take(GrantState state, long nowNanos) {
        GrantState current = state.at(nowNanos);
        if (current instanceof Free) {
            return GrantStep.of(FREE, Effect.ASK_MASTER, null);
        }
        if (current instanceof Cached cached) {
            return GrantStep.of(new Held(cached.hold(), cached.handoffs(), cached.probe()), Effect.USE_CACHED,
                    cached.hold());
        }
        if (current instanceof Lost lost) {
            return new GrantStep(FREE, Effect.DISCARD_THEN_ASK_MASTER, lost.hold(), lost.reason());
        }
        throw unexpected("take", current);
    }

    /**
     * The master granted the lock to the thread holding the local lock.
     *
     * @return HELD with no hand-off so far
     * @throws IllegalStateException unless FREE
     */
    GrantState granted(GrantState state, RemoteHold hold) {
        if (!(state instanceof Free)) {
            throw unexpected("granted", state);
        }
        return new Held(hold, 0);
    }

    /**
     * The holder's final unlock. When the policy says the run of hand-offs is over, the grant's
     * {@link WaiterProbe} decides, as its answer stands now: none asked yet, ask now and hand off meanwhile; still
     * pending, hand off; nobody waits, a new run; another node waits or no answer came, yield.
     *
     * @param localThreadsQueued whether another thread of this node waits for the local lock
     * @param closed             whether the client is closed (a closed client never hands off)
     * @return {@code HANDED_OFF} (to CACHED) when the policy allows it, or at the run's bound while the probe is
     *         pending or said nobody waits (then a new run starts); {@code PROBE_WAITERS} (to CACHED, with a new
     *         probe for the caller to send) at the bound when none was asked; {@code YIELD_TO_WAITERS} (HELD,
     *         unchanged but for the probe, dropped) at the bound when another node waits or the probe went
     *         unanswered; {@code RELEASE_ON_MASTER} (to FREE) otherwise; {@code REPORT_LOST} (to FREE) when the
     *         grant is LOST at {@code nowNanos}
     * @throws IllegalStateException unless HELD (or LOST from HELD)
     */
    GrantStep finalUnlock(GrantState state, long nowNanos, boolean localThreadsQueued, boolean closed) {
        GrantState current = state.at(nowNanos);
        if (current instanceof Lost lost) {
            return new GrantStep(FREE, Effect.REPORT_LOST, lost.hold(), lost.reason());
        }
        if (!(current instanceof Held held)) {
            throw unexpected("finalUnlock", current);
        }
        HandoffPolicy.Decision decision = handoffPolicy.onFinalUnlock(!closed, localThreadsQueued, held.handoffs());
        return switch (decision) {
            case HAND_OFF -> GrantStep.of(new Cached(held.hold(), held.handoffs() + 1), Effect.HANDED_OFF, held.hold());
            case YIELD_TO_OTHER_NODES -> atRunBound(held);
            case RELEASE_REMOTELY -> GrantStep.of(FREE, Effect.RELEASE_ON_MASTER, held.hold());
        };
    }

    private static GrantStep atRunBound(Held held) {
        RemoteHold hold = held.hold();
        int handoffs = held.handoffs() + 1;
        if (held.probe() == null) {
            return GrantStep.of(new Cached(hold, handoffs, new WaiterProbe()), Effect.PROBE_WAITERS, hold);
        }
        return switch (held.probe().answer()) {
            case PENDING -> GrantStep.of(new Cached(hold, handoffs, held.probe()), Effect.HANDED_OFF, hold);
            case NOBODY_WAITS -> GrantStep.of(new Cached(hold, 1), Effect.HANDED_OFF, hold);
            case OTHERS_WAIT, UNANSWERED ->
                    GrantStep.of(new Held(hold, held.handoffs()), Effect.YIELD_TO_WAITERS, hold);
        };
    }

    /**
     * The master answered the holder's {@code YIELD_TO_WAITERS}.
     *
     * @param kept whether the master kept the grant for this node because no other node's call waited
     * @return {@code HANDED_OFF} (to CACHED, starting a new run of hand-offs) if kept; {@code NONE} (to FREE)
     *         if the grant is gone (released to a waiter, or lost: the caller tells which)
     * @throws IllegalStateException unless HELD
     */
    GrantStep yielded(GrantState state, boolean kept) {
        if (!(state instanceof Held held)) {
            throw unexpected("yielded", state);
        }
        return kept ? GrantStep.of(new Cached(held.hold(), 1), Effect.HANDED_OFF, held.hold())
                : GrantStep.of(FREE, Effect.NONE, held.hold());
    }

    /**
     * Nobody is left to take a cached grant (the thread expected to take it gave up), or the client closes.
     *
     * @return {@code DISCARD} (to FREE) from CACHED or LOST; {@code NONE} from FREE
     * @throws IllegalStateException from HELD: a held grant is its holder's to release
     */
    GrantStep abandon(GrantState state) {
        if (state instanceof Free) {
            return GrantStep.of(FREE, Effect.NONE, null);
        }
        if (state instanceof Held) {
            throw unexpected("abandon", state);
        }
        return GrantStep.of(FREE, Effect.DISCARD, state.hold());
    }

    private static IllegalStateException unexpected(String event, GrantState state) {
        return new IllegalStateException("event " + event + " does not apply to grant state " + state);
    }
}
