package io.lockfacade.group.raft;

import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Reply;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link GroupCommit} against a log whose appends the test completes by hand. */
class GroupCommitTest {

    /** The entries appended, in order, each with the future the test completes. */
    private final List<byte[]> entries = new ArrayList<>();
    private final List<CompletableFuture<byte[]>> pending = new ArrayList<>();
    /** The linger timer's tasks, run by the test when it wants. */
    private final List<Runnable> timerTasks = new ArrayList<>();
    private final ScheduledExecutorService timer = timerRunByTheTest();
    private final GroupCommit commit = new GroupCommit(entry -> {
        entries.add(entry);
        CompletableFuture<byte[]> applied = new CompletableFuture<>();
        pending.add(applied);
        return applied;
    }, timer);

    private ScheduledExecutorService timerRunByTheTest() {
        return (ScheduledExecutorService) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ScheduledExecutorService.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("schedule")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    timerTasks.add((Runnable) args[0]);
                    return null;
                });
    }

    @Test
    void aProposalWithNothingInFlightIsAppendedAtOnceAsItsOwnEntry() {
        CompletableFuture<List<Reply>> outcome = commit.propose(List.of(unlock("a")));
        assertEquals(1, entries.size());
        assertFalse(CommandBatch.isBatch(entries.get(0)));
        pending.get(0).complete(Reply.of(true).encode());
        assertEquals(List.of(Reply.of(true)), outcome.join());
    }

    @Test
    void proposalsMadeWhileAnEntryIsInFlightShareTheNextEntryInTheirOrder() {
        commit.propose(List.of(unlock("a")));
        CompletableFuture<List<Reply>> second = commit.propose(List.of(unlock("b")));
        CompletableFuture<List<Reply>> third = commit.propose(List.of(unlock("c"), unlock("d")));
        assertEquals(1, entries.size(), "the others wait for the entry in flight");

        pending.get(0).complete(Reply.of(true).encode());
        assertEquals(2, entries.size());
        assertEquals(List.of(unlock("b"), unlock("c"), unlock("d")), CommandBatch.decode(entries.get(1)));
        pending.get(1).complete(CommandBatch.encodeOutcomes(List.of(Reply.of(true), Reply.of(false),
                Reply.number(7))));
        assertEquals(List.of(Reply.of(true)), second.join());
        assertEquals(List.of(Reply.of(false), Reply.number(7)), third.join(), "each gets its own outcomes");
    }

    @Test
    void aProposalThatWouldOverfillTheEntryGoesWholeInTheNextOne() {
        commit.propose(List.of(unlock("first")));
        IntStream.range(0, CommandBatch.MAX_COMMANDS - 1).forEach(i -> commit.propose(List.of(unlock("u" + i))));
        commit.propose(List.of(unlock("x"), unlock("y")));
        pending.get(0).complete(Reply.of(true).encode());
        assertEquals(CommandBatch.MAX_COMMANDS - 1, CommandBatch.decode(entries.get(1)).size());
        pending.get(1).complete(CommandBatch.encodeOutcomes(
                IntStream.range(0, CommandBatch.MAX_COMMANDS - 1).mapToObj(i -> Reply.of(true)).toList()));
        assertEquals(List.of(unlock("x"), unlock("y")), CommandBatch.decode(entries.get(2)));
    }

    @Test
    void aFailedEntryFailsItsProposalsAndTheNextOnesAreStillAppended() {
        CompletableFuture<List<Reply>> first = commit.propose(List.of(unlock("a")));
        CompletableFuture<List<Reply>> second = commit.propose(List.of(unlock("b")));
        pending.get(0).completeExceptionally(new IllegalStateException("not leader"));
        assertTrue(first.isCompletedExceptionally());
        assertEquals(2, entries.size());
        pending.get(1).complete(Reply.of(true).encode());
        assertEquals(List.of(Reply.of(true)), second.join());
    }

    @Test
    void failQueuedFailsWhatWaitsButNotTheEntryInFlight() {
        CompletableFuture<List<Reply>> inFlight = commit.propose(List.of(unlock("a")));
        CompletableFuture<List<Reply>> queued = commit.propose(List.of(unlock("b")));
        commit.failQueued(new IllegalStateException("stepped down"));
        assertTrue(queued.isCompletedExceptionally());
        pending.get(0).complete(Reply.of(true).encode());
        assertEquals(List.of(Reply.of(true)), inFlight.join());
        assertEquals(1, entries.size(), "nothing was left to append");
        commit.propose(List.of(unlock("c")));
        assertEquals(2, entries.size(), "with nothing in flight the next proposal goes at once");
    }

    @Test
    void aLingeringProposalWaitsForTheNextProposalAndSharesItsEntry() {
        CompletableFuture<List<Reply>> release = commit.proposeLingering(unlock("a"));
        assertTrue(entries.isEmpty(), "it waits for company");

        CompletableFuture<List<Reply>> next = commit.propose(List.of(unlock("b")));
        assertEquals(List.of(unlock("a"), unlock("b")), CommandBatch.decode(entries.get(0)));
        pending.get(0).complete(CommandBatch.encodeOutcomes(List.of(Reply.of(true), Reply.of(false))));
        assertEquals(List.of(Reply.of(true)), release.join());
        assertEquals(List.of(Reply.of(false)), next.join());
        timerTasks.forEach(Runnable::run);
        assertEquals(1, entries.size(), "the end of the wait finds nothing left to append");
    }

    @Test
    void aLingeringProposalNobodyJoinsIsAppendedAloneWhenItsWaitEnds() {
        CompletableFuture<List<Reply>> release = commit.proposeLingering(unlock("a"));
        assertEquals(1, timerTasks.size());

        timerTasks.get(0).run();
        assertEquals(1, entries.size());
        assertFalse(CommandBatch.isBatch(entries.get(0)));
        pending.get(0).complete(Reply.of(true).encode());
        assertEquals(List.of(Reply.of(true)), release.join());
    }

    @Test
    void aLingeringProposalMadeWhileAnEntryIsInFlightGoesWithTheNextEntry() {
        commit.propose(List.of(unlock("a")));
        commit.proposeLingering(unlock("b"));
        assertTrue(timerTasks.isEmpty(), "no wait of its own: the entry in flight sets the pace");

        pending.get(0).complete(Reply.of(true).encode());
        assertEquals(2, entries.size());
        assertFalse(CommandBatch.isBatch(entries.get(1)), "the release alone, at once");
    }

    @Test
    void anEmptyOrOversizedProposalIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> commit.propose(List.of()));
        List<Command> tooMany = IntStream.rangeClosed(0, CommandBatch.MAX_COMMANDS).mapToObj(i -> unlock("k" + i))
                .toList();
        assertThrows(IllegalArgumentException.class, () -> commit.propose(tooMany));
        assertTrue(entries.isEmpty());
    }

    private static Command unlock(String key) {
        return Command.onLock(Command.Kind.UNLOCK, 1_000, "orders", key, "owner", 0);
    }
}
