package io.lockfacade.group.raft;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.PrimitiveQuery;
import io.lockfacade.group.state.Reply;
import io.lockfacade.group.state.TypeQuery;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Appends commands and reads to this member's Raft log in-process and turns the answer into an {@link Reply}.
 * Commands go through {@link GroupCommit}: those proposed while an entry is on its way share the next one. A
 * failure that means "this member cannot serve it" (it does not lead, or stopped leading before the entry
 * committed) becomes the contract's {@link NotLeaderException} naming the leader if one is known; an entry the
 * state machine could not apply becomes an {@link IllegalStateException} (for every command it carried).
 */
public final class RaftSubmitter {

    private final GroupMember member;
    private final GroupCommit groupCommit;

    /**
     * @param member the member whose log receives the entries
     * @param timer  ends the wait of a lingering proposal ({@link #submitLingering})
     */
    public RaftSubmitter(GroupMember member, ScheduledExecutorService timer) {
        this.member = member;
        this.groupCommit = new GroupCommit(this::send, timer);
    }

    /** @return the outcome of appending and applying {@code command}; fails as the class comment says */
    public CompletableFuture<Reply> submit(Command command) {
        return groupCommit.propose(List.of(command)).thenApply(outcomes -> outcomes.get(0));
    }

    /**
     * {@link #submit(Command)} for a command that may wait a moment to share an entry with a later one (a release
     * already answered early).
     */
    public CompletableFuture<Reply> submitLingering(Command command) {
        return groupCommit.proposeLingering(command).thenApply(outcomes -> outcomes.get(0));
    }

    /**
     * Appends several commands in one entry (one replication round), applied in order.
     *
     * @return the outcome of each command, in the batch's order; fails as the class comment says
     */
    public CompletableFuture<List<Reply>> submit(CommandBatch batch) {
        return groupCommit.propose(batch.commands());
    }

    /** Fails the commands still waiting for an entry: this member stopped leading. */
    public void stoppedLeading() {
        groupCommit.failQueued(notLeader());
    }

    /**
     * @return the outcome of {@code query}, answered once an entry carrying it is committed: a deposed leader
     *         cannot answer it
     */
    public CompletableFuture<Reply> read(TypeQuery query) {
        return send(query.encode()).thenApply(Reply::decode);
    }

    /** @return the outcome of a primitive's read, answered once an entry carrying it is committed */
    public CompletableFuture<Reply> read(PrimitiveQuery query) {
        return send(query.encode()).thenApply(Reply::decode);
    }

    private CompletableFuture<byte[]> send(byte[] entry) {
        return member.append(entry).exceptionallyCompose(failure -> CompletableFuture.failedFuture(
                refusedByTable(failure) ? new IllegalStateException("the replicated table refused the command: "
                        + failure.getMessage(), failure) : notLeader()));
    }

    /** The state machine throws {@link IllegalArgumentException} for an entry it cannot apply. */
    private static boolean refusedByTable(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause != cause.getCause()) {
            cause = cause.getCause();
        }
        return cause instanceof IllegalArgumentException;
    }

    /** @return the contract's answer naming the leader this member knows, unless that is itself */
    public NotLeaderException notLeader() {
        String selfId = member.self().id();
        return NotLeaderException.pointingTo(member.leaderId().filter(id -> !id.equals(selfId))
                .flatMap(id -> member.topology().member(id)).map(GroupMemberAddress::serviceUri).orElse(null));
    }
}
