package io.lockfacade.group.state;

import io.lockfacade.server.expiry.ExpiryIndex;
import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.Outcome;
import io.lockfacade.server.table.PrimitiveOutcome;
import io.lockfacade.server.table.SessionOutcome;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What one applied command did besides its answer, gathered from the {@link io.lockfacade.server.table.LockMachine}
 * outcomes of its transitions: the expiry visits they need (kept in the table's {@link ExpiryIndex}) and the locks
 * they freed, in order. No parked lock call lives in the replicated machine (the leader parks callers outside it),
 * so every lock grant that ends leaves its lock free. Calls of read-write locks, semaphores and leaderships do park
 * in the machine: the answers it gives them are gathered for the leader, which holds their callers.
 */
final class AppliedEffects {

    private final ExpiryIndex expiry;
    private final List<LockKey> freed = new ArrayList<>();
    private final List<Effects.Handover> answered = new ArrayList<>();
    private final List<Effects.Ending> endings = new ArrayList<>();
    /** Sessions that lost a lock to expiry in this command and are still to be ended, in the order seen. */
    private final Deque<String> lapsedSessions = new ArrayDeque<>();

    AppliedEffects(ExpiryIndex expiry) {
        this.expiry = expiry;
    }

    /** @return the outcome of a lock transition, its visits scheduled and its freed locks noted */
    Outcome lock(Outcome outcome) {
        expiry.answered(outcome);
        effects(outcome.effects());
        return outcome;
    }

    /** @return the outcome of a session transition, its visits scheduled and its freed locks noted */
    SessionOutcome session(SessionOutcome outcome, String sessionId) {
        expiry.answered(outcome, sessionId);
        if (outcome instanceof SessionOutcome.Ended ended) {
            effects(ended.effects());
        }
        return outcome;
    }

    /**
     * @return the outcome of a primitive's transition, its effects noted: a session it found lapsed ends with its
     *         locks too, and the calls it answered are the leader's to complete
     */
    PrimitiveOutcome primitive(PrimitiveOutcome outcome) {
        effects(outcome.effects());
        return outcome;
    }

    private void effects(Effects effects) {
        for (Effects.Ending ending : effects.endings()) {
            expiry.ended(ending.lock());
            freed.add(ending.lock().lockKey());
            endings.add(ending);
            if (ending.cause() == Effects.Cause.EXPIRED && ending.lock().sessionId() != null) {
                lapsedSessions.add(ending.lock().sessionId());
            }
        }
        // Grants of primitives live under sessions: they have no expiry visit, and the leader completes their calls.
        for (Effects.Handover handover : effects.handovers()) {
            if (handover.isGranted()) {
                expiry.granted(handover.lock());
            }
        }
        answered.addAll(effects.handovers());
    }

    /** @return the next session that lost a lock to expiry, to end with the rest of its locks; null if none */
    String nextLapsedSession() {
        return lapsedSessions.poll();
    }

    /** @return the locks freed so far, in the order they were freed */
    List<LockKey> freed() {
        return freed;
    }

    /** @return the parked calls answered so far (granted or not), in order */
    List<Effects.Handover> answered() {
        return answered;
    }

    /** @return the grants ended so far, with their causes, in the order they ended */
    List<Effects.Ending> endings() {
        return endings;
    }
}
