package io.lockfacade.group.state;

import io.lockfacade.server.table.LockKey;

import java.util.List;

/**
 * The result of applying one command: the answer for its caller, and the locks it freed (which a leader's
 * waiters may now take).
 *
 * @param outcome the answer
 * @param freed   the locks released, expired or removed by the command, in the order it freed them
 */
public record Applied(Reply outcome, List<LockKey> freed) {

    /** Copies the list. */
    public Applied {
        freed = List.copyOf(freed);
    }
}
