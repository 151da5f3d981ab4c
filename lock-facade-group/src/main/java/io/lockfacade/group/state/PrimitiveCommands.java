package io.lockfacade.group.state;

import io.lockfacade.server.table.AccessMode;
import io.lockfacade.server.table.Leaderships;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.LockMachine;
import io.lockfacade.server.table.Moment;
import io.lockfacade.server.table.PrimitiveOutcome;

/**
 * Applies the commands of read-write locks, semaphores and leaderships to a {@link LockMachine}: each is one of the
 * machine's own transitions, the ones the single master runs, and its {@link PrimitiveOutcome} becomes the
 * {@link Reply} for the caller. Unlike a lock's acquisition, a primitive's may park in the machine (its command
 * carries the waiter id): writer preference and first-come-first-served permits are decided by the machine's own
 * lines, which every replica holds alike. The parked call itself waits on the leader, which learns of its answer
 * from {@link Applied#answered()}.
 */
final class PrimitiveCommands {

    private PrimitiveCommands() {
    }

    /** Applies one primitive's command at {@code m}; its effects go to {@code fx}. */
    static Reply apply(LockMachine machine, Command c, Moment m, AppliedEffects fx) {
        LockKey key = new LockKey(c.lockType(), c.key());
        PrimitiveOutcome outcome = switch (c.kind()) {
            case READ_LOCK -> machine.readWriteLocks().acquire(key, c.owner(), AccessMode.READ, c.sessionId(),
                    c.expected(), m);
            case WRITE_LOCK -> machine.readWriteLocks().acquire(key, c.owner(), AccessMode.WRITE, c.sessionId(),
                    c.expected(), m);
            case UNLOCK_READ -> machine.readWriteLocks().release(key, c.owner(), AccessMode.READ, m);
            case UNLOCK_WRITE -> machine.readWriteLocks().release(key, c.owner(), AccessMode.WRITE, m);
            case ACQUIRE_PERMITS -> machine.semaphores().acquire(key, c.owner(), c.permits(), c.capacity(),
                    c.sessionId(), c.expected(), m);
            case RELEASE_PERMITS -> machine.semaphores().reduce(key, c.owner(), (int) c.millis(), m);
            case JOIN_LEADERSHIP -> machine.leaderships().join(leadership(c), c.owner(), c.sessionId(),
                    c.expected(), m);
            case LEAVE_LEADERSHIP -> machine.leaderships().leave(leadership(c), c.owner(), m);
            case WITHDRAW_READ_WRITE -> machine.readWriteLocks().withdraw(key, c.expected(), m);
            case WITHDRAW_PERMITS -> machine.semaphores().withdraw(key, c.expected(), m);
            case WITHDRAW_LEADERSHIP -> machine.leaderships().withdraw(leadership(c), c.expected(), m);
            case FORCE_RELEASE_READ_WRITE -> machine.readWriteLocks().forceRelease(key, c.expected(), m);
            case FORCE_RELEASE_PERMITS -> machine.semaphores().forceRelease(key, c.expected(), m);
            case REVOKE_LEADERSHIP -> machine.leaderships().revoke(leadership(c), c.expected(), m);
            case SET_CAPACITY -> machine.semaphores().setCapacity(key, (int) c.millis(), m);
            default -> throw new IllegalArgumentException("not a primitive's command: " + c.kind());
        };
        return reply(fx.primitive(outcome));
    }

    /** @return the wire form of what the machine decided */
    private static Reply reply(PrimitiveOutcome outcome) {
        if (outcome instanceof PrimitiveOutcome.Granted granted) {
            return Reply.granted(granted.handout());
        } else if (outcome instanceof PrimitiveOutcome.AlreadyHeld again) {
            return Reply.granted(again.handout());
        } else if (outcome instanceof PrimitiveOutcome.Parked) {
            return Reply.of(Reply.Kind.PARKED);
        } else if (outcome instanceof PrimitiveOutcome.SessionGone) {
            return Reply.of(Reply.Kind.SESSION_ENDED);
        } else if (outcome instanceof PrimitiveOutcome.Refused refused) {
            return Reply.refused(refused.reason());
        } else if (outcome instanceof PrimitiveOutcome.Busy) {
            return Reply.of(Reply.Kind.BUSY);
        }
        return Reply.of(outcome instanceof PrimitiveOutcome.Released || outcome instanceof PrimitiveOutcome.Withdrawn);
    }

    private static LockKey leadership(Command c) {
        return Leaderships.key(c.key());
    }
}
