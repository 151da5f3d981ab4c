package io.lockfacade.group.raft;

import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Reply;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Group commit on the leader: commands proposed while the previous entry is still on its way (appended, forced to
 * disk and acknowledged by a majority) wait for it, then travel together as one {@link CommandBatch} in the next
 * entry. Concurrent requests thus share one append, one fsync on every member and one replication round, and the
 * members' per-entry work (messages, log records, applies) is paid once per batch. A proposal made when nothing is
 * in flight is appended at once: a request alone waits for nothing.
 *
 * <p>A proposal that may <b>linger</b> ({@link #proposeLingering}: a release already answered early) does not start
 * an entry of its own at once: it waits up to {@link #LINGER} for another proposal to share the next entry with (the
 * same client's next acquisition, typically, which then costs no extra round), and is appended on its own when none
 * comes.
 *
 * <p>The commands of one proposal (a release and the grant to its lock's next waiter) always share an entry, in
 * their order; proposals are appended in the order they were made. Thread-safe.
 */
final class GroupCommit {

    /**
     * Entries this leader has on their way at once. One keeps every member's disk busy with one force at a time
     * while the next batch forms; jgroups-raft's own batching (the requests its thread drains together) would
     * otherwise append each request as it comes, one force and one round of messages per few requests.
     */
    static final int MAX_IN_FLIGHT = 1;

    /**
     * Longest a lingering proposal waits for company. A client that unlocks and locks again sends its next request
     * within a loopback round trip (about 0.2 ms here); a release nobody waits for is not hurried by anyone.
     */
    static final Duration LINGER = Duration.ofMillis(2);

    /** One proposal: its commands and the future of their outcomes. */
    private record Proposal(List<Command> commands, CompletableFuture<List<Reply>> outcomes) {
    }

    private final Function<byte[], CompletableFuture<byte[]>> append;
    private final Deque<Proposal> queued = new ArrayDeque<>();
    private final ScheduledExecutorService timer;
    private int inFlight;
    private boolean lingering;

    /**
     * @param append appends an entry to the log, its future completing with what the state machine answered
     * @param timer  runs the end of a lingering proposal's wait
     */
    GroupCommit(Function<byte[], CompletableFuture<byte[]>> append, ScheduledExecutorService timer) {
        this.append = append;
        this.timer = timer;
    }

    /**
     * Proposes commands that must share one entry, in order.
     *
     * @return their outcomes, in order, once the entry carrying them is applied; fails as the append fails
     */
    CompletableFuture<List<Reply>> propose(List<Command> commands) {
        if (commands.isEmpty() || commands.size() > CommandBatch.MAX_COMMANDS) {
            throw new IllegalArgumentException("1 to " + CommandBatch.MAX_COMMANDS + " commands, not "
                    + commands.size());
        }
        Proposal proposal = new Proposal(List.copyOf(commands), new CompletableFuture<>());
        List<Proposal> batch = null;
        synchronized (this) {
            queued.addLast(proposal);
            if (inFlight < MAX_IN_FLIGHT) {
                inFlight++;
                batch = nextBatch();
            }
        }
        if (batch != null) {
            appendBatch(batch);
        }
        return proposal.outcomes();
    }

    /**
     * Proposes a command that may wait up to {@link #LINGER} to share an entry with a later proposal; with an entry
     * in flight it goes with the next one, as any proposal.
     *
     * @return its outcome, once the entry carrying it is applied; fails as the append fails
     */
    CompletableFuture<List<Reply>> proposeLingering(Command command) {
        Proposal proposal = new Proposal(List.of(command), new CompletableFuture<>());
        boolean startTimer = false;
        synchronized (this) {
            queued.addLast(proposal);
            if (inFlight == 0 && !lingering) {
                lingering = true;
                startTimer = true;
            }
        }
        if (startTimer) {
            timer.schedule(this::endLinger, LINGER.toNanos(), TimeUnit.NANOSECONDS);
        }
        return proposal.outcomes();
    }

    /** No proposal came to share the lingering one's entry: it is appended alone, unless one is in flight. */
    private void endLinger() {
        List<Proposal> batch = null;
        synchronized (this) {
            lingering = false;
            if (!queued.isEmpty() && inFlight < MAX_IN_FLIGHT) {
                inFlight++;
                batch = nextBatch();
            }
        }
        if (batch != null) {
            appendBatch(batch);
        }
    }

    /** Fails every proposal still queued (not yet appended): this member stopped leading. */
    void failQueued(RuntimeException reason) {
        List<Proposal> failed;
        synchronized (this) {
            failed = new ArrayList<>(queued);
            queued.clear();
        }
        failed.forEach(proposal -> proposal.outcomes().completeExceptionally(reason));
    }

    /** @return the queued proposals that fit one entry, oldest first; called holding the monitor, queue not empty */
    private List<Proposal> nextBatch() {
        List<Proposal> batch = new ArrayList<>();
        int commands = 0;
        while (!queued.isEmpty() && commands + queued.peekFirst().commands().size() <= CommandBatch.MAX_COMMANDS) {
            Proposal next = queued.pollFirst();
            batch.add(next);
            commands += next.commands().size();
        }
        return batch;
    }

    private void appendBatch(List<Proposal> batch) {
        List<Command> commands = batch.stream().flatMap(proposal -> proposal.commands().stream()).toList();
        CompletableFuture<List<Reply>> applied = commands.size() == 1
                ? append.apply(commands.get(0).encode()).thenApply(reply -> List.of(Reply.decode(reply)))
                : append.apply(new CommandBatch(commands).encode()).thenApply(CommandBatch::decodeOutcomes);
        applied.whenComplete((outcomes, failure) -> {
            appendNext(); // first: the next batch goes to the log before these callers are woken
            int from = 0;
            for (Proposal proposal : batch) {
                int to = from + proposal.commands().size();
                if (failure != null) {
                    proposal.outcomes().completeExceptionally(failure);
                } else {
                    proposal.outcomes().complete(outcomes.subList(from, to));
                }
                from = to;
            }
        });
    }

    /** The entry in flight is done: append what queued meanwhile as the next one, or note that none is in flight. */
    private void appendNext() {
        List<Proposal> batch;
        synchronized (this) {
            if (queued.isEmpty()) {
                inFlight--;
                return;
            }
            batch = nextBatch();
        }
        appendBatch(batch);
    }
}
