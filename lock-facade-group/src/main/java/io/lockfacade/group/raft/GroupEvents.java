package io.lockfacade.group.raft;

import io.lockfacade.group.state.Applied;
import io.lockfacade.group.state.Command;
import org.apache.ratis.protocol.RaftPeerId;

/**
 * What the state machine tells the member's service. Called on Ratis threads (the apply thread for
 * {@link #applied} and {@link #leaderReady}): implementations must not block.
 */
public interface GroupEvents {

    /** A command was applied at {@code index} in term {@code term}, on this member. */
    void applied(Command command, Applied applied, long term, long index);

    /** This member became leader and Ratis' first entry of its term is applied; writes are accepted now. */
    void leaderReady();

    /** This member learnt of a new leader ({@code leaderId} may be this member). */
    void leaderChanged(RaftPeerId leaderId);

    /** This member stopped leading; Ratis fails its pending writes. */
    void notLeader();

    /** Events that go nowhere, until the service is attached. */
    GroupEvents NONE = new GroupEvents() {
        @Override
        public void applied(Command command, Applied applied, long term, long index) {
        }

        @Override
        public void leaderReady() {
        }

        @Override
        public void leaderChanged(RaftPeerId leaderId) {
        }

        @Override
        public void notLeader() {
        }
    };
}
