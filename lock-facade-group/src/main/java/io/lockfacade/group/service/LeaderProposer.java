package io.lockfacade.group.service;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.raft.CommandBatch;
import io.lockfacade.group.raft.GroupMember;
import io.lockfacade.group.raft.RaftSubmitter;
import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.PrimitiveQuery;
import io.lockfacade.group.state.Reply;
import io.lockfacade.group.state.TypeQuery;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongFunction;

/**
 * How this member's service reaches the log: only as the leader whose term has started ({@link LeaderGate}),
 * stamping each command with the leader's clock when it is appended, and within a bounded time. Everything that
 * means "this member cannot serve" surfaces as {@link NotLeaderException}.
 */
final class LeaderProposer {

    private final GroupMember member;
    private final RaftSubmitter submitter;
    private final LeaderGate gate = new LeaderGate();
    private final Duration commitTimeout;
    private final Duration termStartWait;

    /**
     * @param commitTimeout longest a call waits for the gate and the log together
     * @param termStartWait longest a call waits at the gate of a leader whose term has not started
     * @param timer         ends the short wait of a lingering proposal
     */
    LeaderProposer(GroupMember member, Duration commitTimeout, Duration termStartWait,
                   ScheduledExecutorService timer) {
        this.member = member;
        this.submitter = new RaftSubmitter(member, timer);
        this.commitTimeout = commitTimeout;
        this.termStartWait = termStartWait;
    }

    /** @throws NotLeaderException naming the leader, if this member is not the leader */
    void requireLeader() {
        if (!member.isLeader()) {
            throw notLeader();
        }
    }

    /** @return whether this member leads and its term-start entry is applied */
    boolean isServing() {
        CompletableFuture<Void> ready = gate.ready();
        return member.isLeader() && ready.isDone() && !ready.isCompletedExceptionally();
    }

    /** @return the contract's answer naming the leader this member knows */
    NotLeaderException notLeader() {
        return submitter.notLeader();
    }

    /** This member was elected leader: hold calls until {@link #startTerm} instead of answering "not leader". */
    void leading() {
        gate.close();
    }

    /** This member stopped leading: fail held and later calls. */
    void stoppedLeading(NotLeaderException notLeader) {
        gate.fail(notLeader);
        submitter.stoppedLeading();
    }

    /** Appends a command bypassing the gate. */
    CompletableFuture<Reply> submitNow(Command command) {
        return submitter.submit(command);
    }

    /**
     * Appends the term-start entry bypassing the gate, and opens the gate as soon as the entry is queued for the
     * log rather than once it is applied: jgroups-raft appends entries in the order they are submitted, so every
     * command let through afterwards gets a later index and is applied after the lease extension, and none can
     * commit unless the term-start entry does. This saves a new leader one replication round before its first
     * grant.
     *
     * @return the term-start entry's outcome
     */
    CompletableFuture<Reply> startTerm(Command termStart) {
        CompletableFuture<Reply> pending = submitter.submit(termStart);
        if (!pending.isCompletedExceptionally() && member.isLeader()) {
            gate.open();
        }
        return pending;
    }

    /**
     * Appends a command once the term has started; fails with {@link NotLeaderException} if it is not applied
     * within the commit timeout (a leader that lost its majority, or a member shutting down). A command that
     * still commits later is harmless: every command is idempotent for the caller who asks again.
     */
    CompletableFuture<Reply> propose(LongFunction<Command> request) {
        return bounded(serving().thenCompose(ready -> submitter.submit(request.apply(System.currentTimeMillis()))));
    }

    /**
     * {@link #propose} for a command that may wait a moment to share an entry with a later proposal (a release already
     * answered early): it is appended with the next proposal, or alone after {@code GroupCommit.LINGER}.
     */
    CompletableFuture<Reply> proposeLingering(LongFunction<Command> request) {
        return bounded(serving().thenCompose(ready -> submitter.submitLingering(
                request.apply(System.currentTimeMillis()))));
    }

    /** @return a linearizable read of whether a lock type is empty */
    CompletableFuture<Reply> read(String lockType) {
        return bounded(serving().thenCompose(ready -> submitter.read(new TypeQuery(lockType))));
    }

    /** @return a linearizable read of a semaphore's permits or a participant's standing, asked at the leader's time */
    CompletableFuture<Reply> read(LongFunction<PrimitiveQuery> query) {
        return bounded(serving().thenCompose(ready -> submitter.read(query.apply(System.currentTimeMillis()))));
    }

    /**
     * {@link #propose} for several commands in one entry (one replication round); the same time stamps them all.
     *
     * @return each command's outcome, in order
     */
    CompletableFuture<List<Reply>> proposeBatch(LongFunction<CommandBatch> request) {
        return bounded(serving().thenCompose(ready -> submitter.submit(request.apply(System.currentTimeMillis()))));
    }

    /** @return the gate for one call, which waits there at most the term-start wait */
    private CompletableFuture<Void> serving() {
        return gate.ready(termStartWait, this::notLeader);
    }

    /** {@link #propose} on the leader, waiting for the outcome. */
    Reply commit(LongFunction<Command> request) {
        requireLeader();
        return await(propose(request));
    }

    /** Waits for an outcome; every failure is rethrown as the runtime exception it is. */
    <T> T await(CompletableFuture<T> pending) {
        try {
            return pending.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw notLeader();
        } catch (ExecutionException e) {
            Throwable reason = Failures.unwrap(e);
            throw reason instanceof RuntimeException runtime ? runtime : new IllegalStateException(reason);
        }
    }

    private <T> CompletableFuture<T> bounded(CompletableFuture<T> pending) {
        return pending.orTimeout(commitTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .exceptionallyCompose(failure -> CompletableFuture.failedFuture(
                        Failures.unwrap(failure) instanceof TimeoutException ? notLeader()
                                : Failures.unwrap(failure)));
    }
}
