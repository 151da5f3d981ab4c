package io.lockfacade.group.state;

import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.LockKey;

import java.util.List;

/**
 * The result of applying one command: the answer for its caller, the locks it freed (which a leader's waiters may
 * now take), the calls parked in the table (read-write locks, semaphores, leaderships) it answered, and why each
 * grant ended (for the leader's per-type meters).
 *
 * @param outcome  the answer
 * @param freed    the locks released, expired or removed by the command, in the order it freed them
 * @param answered the parked calls the command answered, granted or not, in order
 * @param endings  the grants the command ended, with their causes, in the order they ended
 */
public record Applied(Reply outcome, List<LockKey> freed, List<Effects.Handover> answered,
                      List<Effects.Ending> endings) {

    /** Copies the lists. */
    public Applied {
        freed = List.copyOf(freed);
        answered = List.copyOf(answered);
        endings = List.copyOf(endings);
    }

    /** @return a result that answered no parked call and ended no grant */
    public Applied(Reply outcome, List<LockKey> freed) {
        this(outcome, freed, List.of(), List.of());
    }
}
