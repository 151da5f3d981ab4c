package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.List;

/**
 * What a transition did besides its direct answer, in the order it happened: grants that ended and parked calls
 * that must be answered. Whoever drives the table applies them (answers the calls, schedules and unschedules
 * expiry visits, reports events); the table itself completes nothing.
 *
 * @param endings   grants that ended, oldest first
 * @param handovers parked calls answered, oldest first
 */
public record Effects(List<Ending> endings, List<Handover> handovers) {

    /** Nothing happened besides the answer. */
    public static final Effects NONE = new Effects(List.of(), List.of());

    /** Why a grant ended. */
    public enum Cause {
        /** Its holder released it ({@code unlock}, or closing its session). */
        RELEASED,
        /** The transport could not deliver it to the call it was made for. */
        UNDELIVERED,
        /** Its lease or its session's TTL ran out. */
        EXPIRED,
        /** An operator removed it or force-expired its session. */
        REMOVED
    }

    /**
     * One grant that ended.
     *
     * @param lock  what was held, just before it ended
     * @param cause why it ended
     */
    public record Ending(LockView lock, Cause cause) {
    }

    /**
     * The answer to one parked call.
     *
     * @param waiter  the call
     * @param handout the grant it gets, or {@code null} if it gets none (retried, or its session ended)
     * @param lock    the lock as granted to it, or {@code null} if it gets none
     */
    public record Handover(Waiter waiter, Handout handout, LockView lock) {

        /** @return whether the call gets the lock */
        public boolean isGranted() {
            return handout != null;
        }
    }

    /** Collects effects inside one transition; not thread-safe, used by one step only. */
    static final class Builder {

        private List<Ending> endings;
        private List<Handover> handovers;

        void ended(LockView lock, Cause cause) {
            if (endings == null) {
                endings = new ArrayList<>(1);
            }
            endings.add(new Ending(lock, cause));
        }

        void answered(Waiter waiter, Handout handout, LockView lock) {
            if (handovers == null) {
                handovers = new ArrayList<>(1);
            }
            handovers.add(new Handover(waiter, handout, lock));
        }

        Effects build() {
            if (endings == null && handovers == null) {
                return NONE;
            }
            return new Effects(endings == null ? List.of() : endings, handovers == null ? List.of() : handovers);
        }
    }
}
