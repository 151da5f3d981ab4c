package io.lockfacade.group.state;

import io.lockfacade.server.table.Effects;
import io.lockfacade.server.table.LockKey;

import java.util.List;

/**
 * The result of applying one command: the answer for its caller, the locks it freed (which a leader's waiters may
 * now take) and why each grant ended (for the leader's per-type meters).
 *
 * @param outcome the answer
 * @param freed   the locks released, expired or removed by the command, in the order it freed them
 * @param endings the grants the command ended, with their causes, in the same order
 */
public record Applied(Reply outcome, List<LockKey> freed, List<Effects.Ending> endings) {

    /** Copies the lists. */
    public Applied {
        freed = List.copyOf(freed);
        endings = List.copyOf(endings);
    }
}
