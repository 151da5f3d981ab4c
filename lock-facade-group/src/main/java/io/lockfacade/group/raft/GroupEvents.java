package io.lockfacade.group.raft;

import io.lockfacade.group.state.Applied;
import io.lockfacade.group.state.Command;

/**
 * What the state machine tells the member's service. Called on jgroups-raft's threads (its processing thread for
 * {@link #applied}): implementations must not block.
 */
public interface GroupEvents {

    /** A command was applied at log index {@code index}, on this member. */
    void applied(Command command, Applied applied, long index);

    /** This member was elected leader; writes are accepted now. */
    void leaderReady();

    /** This member stopped leading (or learnt that another leads); jgroups-raft fails its pending writes. */
    void notLeader();

    /** Events that go nowhere, until the service is attached. */
    GroupEvents NONE = new GroupEvents() {
        @Override
        public void applied(Command command, Applied applied, long index) {
        }

        @Override
        public void leaderReady() {
        }

        @Override
        public void notLeader() {
        }
    };
}
