package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.NotLeaderException;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongFunction;

import static io.lockfacade.client.transport.FailoverMemoryLockService.DEADLINE_BOUND;
import static io.lockfacade.client.transport.FailoverMemoryLockService.SLICE_ANSWER_MARGIN;
import static io.lockfacade.client.transport.FailoverMemoryLockService.WAIT_SLICE;

/**
 * How a client of a master group calls it, whatever the service: ask the member believed to lead, follow a
 * {@code not leader; leader is X} answer, skip members that cannot be reached, pause briefly when no member names
 * a leader (an election is under way), and give up when no member has answered within the call's budget. A waiting
 * call waits in slices and keeps its deadline ({@link FailoverMemoryLockService} documents the bounds). The
 * {@link LeaderBoard} is shared by every client of the same members in this JVM. Thread-safe.
 *
 * @param <S> the service each member serves, e.g. {@link io.lockfacade.api.MemoryLockService}
 */
final class LeaderFollowingCalls<S> {

    /**
     * Pause before asking again when no live member named a leader. An election takes a few hundred ms and the new
     * leader serves as soon as it is elected: a short pause finds it within a few ms (a 100 ms pause added 50 ms to
     * a failover on average), at the cost of two quick "not leader" answers per pause and caller while it lasts.
     */
    static final Duration ELECTION_PAUSE = Duration.ofMillis(25);

    /**
     * How long a member that could not be reached is skipped, even when another member still names it leader
     * (followers name a silent leader until they elect another, a few hundred ms later).
     */
    static final Duration SUSPECT_PERIOD = Duration.ofSeconds(3);

    /**
     * An attempt that timed out after less time than this was cut short by its caller's deadline: it says nothing
     * about the member, which is not suspected for it. Otherwise one {@code tryLock(100 ms)} whose last attempt got
     * a millisecond could make every client of the JVM skip the group's new leader for {@link #SUSPECT_PERIOD}
     * (seen: a hung leader's failover took 4 s instead of 2 s).
     */
    static final Duration LEAST_ATTEMPT_TO_SUSPECT = Duration.ofMillis(500);

    /** No end for an attempt other than the call's deadline and the proxy's read timeout. */
    private static final long NO_CAP = Long.MIN_VALUE;

    /**
     * One member: a client for short calls and one for waiting calls, each with its own read timeout.
     *
     * @param <S> the service it serves
     */
    record Member<S>(URI endpoint, S quick, S waiting) {
    }

    private final List<Member<S>> members;
    private final Duration budget;
    private final LeaderBoard board;

    /**
     * @param members the group's members, in the order the client was given them
     * @param budget  how long a call may go without any member answering it (the read timeout)
     */
    LeaderFollowingCalls(List<Member<S>> members, Duration budget) {
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a master group needs at least one endpoint");
        }
        this.members = List.copyOf(members);
        this.budget = budget;
        this.board = LeaderBoard.of(endpoints());
    }

    /** @return the members' endpoints, in order */
    List<URI> endpoints() {
        return members.stream().map(Member::endpoint).toList();
    }

    /** @return how long a call may go without any member answering it */
    Duration budget() {
        return budget;
    }

    /** @return the endpoint of the member believed to lead */
    URI currentLeader() {
        return members.get(board.leader()).endpoint();
    }

    /**
     * Makes a call that does not wait for a grant on the leader.
     *
     * @throws LockServiceUnavailableException if no member answered it within the budget
     */
    <T> T call(Function<S, T> remoteCall, String operation) {
        return call(remoteCall, false, NO_CAP, System.nanoTime() + budget.toNanos(), operation, new boolean[1]);
    }

    /**
     * Makes a call that does not wait for a grant on the leader, ending by {@code deadlineNanos}: no attempt is
     * started after it, and each ends by then.
     *
     * @throws LockServiceUnavailableException if no member answered by the deadline, or it had passed already
     */
    <T> T callBy(long deadlineNanos, Function<S, T> remoteCall, String operation) {
        if (deadlineNanos - System.nanoTime() <= 0) {
            throw new LockServiceUnavailableException(operation + " was not sent: its caller's deadline had passed", null);
        }
        return call(remoteCall, false, NO_CAP, deadlineNanos, operation, new boolean[1]);
    }

    /**
     * @param startNanos when the call started ({@link System#nanoTime()})
     * @param waitMillis the wait it asked for
     * @return when an acquisition started then returns at the latest: its wait plus
     *         {@link FailoverMemoryLockService#DEADLINE_BOUND}, or the budget for one that does not wait
     */
    long deadlineOf(long startNanos, long waitMillis) {
        return waitMillis <= 0 ? startNanos + budget.toNanos()
                : startNanos + Duration.ofMillis(waitMillis).plus(DEADLINE_BOUND).toNanos();
    }

    /**
     * Asks the leader for a grant: once if {@code waitMillis <= 0}, otherwise in slices of at most
     * {@link FailoverMemoryLockService#WAIT_SLICE} until granted or the wait is over, returning by the wait plus
     * {@link FailoverMemoryLockService#DEADLINE_BOUND} at the latest.
     *
     * @param request    the call, given the wait one attempt asks for
     * @param unanswered set to true if an attempt got no answer (the member may have granted)
     * @return the grant, or {@code null} if none by the end of the wait
     * @throws LockServiceUnavailableException if no member answered within the budget (plus the slice asked for)
     */
    LockGrant waitFor(long waitMillis, LongFunction<Function<S, LockGrant>> request, String operation,
                      boolean[] unanswered) {
        return waitFor(System.nanoTime(), waitMillis, request, operation, unanswered);
    }

    /** {@link #waitFor(long, LongFunction, String, boolean[])} for a call that started at {@code startNanos}. */
    private LockGrant waitFor(long startNanos, long waitMillis, LongFunction<Function<S, LockGrant>> request,
                              String operation, boolean[] unanswered) {
        if (waitMillis <= 0) {
            return call(request.apply(waitMillis), false, NO_CAP, deadlineOf(startNanos, waitMillis), operation,
                    unanswered);
        }
        long waitDeadline = startNanos + Duration.ofMillis(waitMillis).toNanos();
        long callDeadline = deadlineOf(startNanos, waitMillis);
        if (callDeadline - System.nanoTime() <= 0) {
            return null; // what came before the first attempt (settling an earlier release) took the whole wait
        }
        // each attempt asks for what is left of the slice: one that follows a redirect must not outwait the call
        Function<S, LockGrant> attempt = service -> request.apply(sliceLeft(waitDeadline)).apply(service);
        while (true) {
            long now = System.nanoTime();
            Duration slice = Duration.ofMillis(sliceLeft(waitDeadline));
            long attemptEnd = Math.min(callDeadline, now + slice.plus(SLICE_ANSWER_MARGIN).toNanos());
            // as any call, a slice fails once no member has answered it within the read timeout (plus its wait)
            long sliceDeadline = Math.min(callDeadline, now + budget.plus(slice).toNanos());
            LockGrant grant = call(attempt, true, attemptEnd, sliceDeadline, operation, unanswered);
            if (grant != null || waitDeadline - System.nanoTime() <= 0) {
                return grant;
            }
        }
    }

    /**
     * Like {@link #waitFor}, settling an earlier abandoned acquisition of the same name first, and abandoning this
     * one to {@code abandoned} if it ends without a grant while an attempt's outcome is unknown. The settling counts
     * against the wait: the call returns by the same deadline ({@link #deadlineOf}) or fails.
     *
     * @param startNanos when the caller's call started ({@link System#nanoTime()})
     */
    LockGrant acquire(AbandonedAcquisitions abandoned, AbandonedAcquisitions.Acquisition acquisition,
                      long startNanos, long waitMillis, LongFunction<Function<S, LockGrant>> request,
                      String operation) {
        abandoned.settleBefore(acquisition, deadlineOf(startNanos, waitMillis));
        boolean[] unanswered = {false};
        boolean granted = false;
        try {
            LockGrant grant = waitFor(startNanos, waitMillis, request, operation, unanswered);
            granted = grant != null;
            return grant;
        } finally {
            if (!granted && unanswered[0]) {
                abandoned.abandon(acquisition);
            }
        }
    }

    /** @return the wait one attempt asks for now: the rest of the wait, at most one slice */
    private static long sliceLeft(long waitDeadline) {
        return Math.max(0, Math.min(WAIT_SLICE.toMillis(),
                Duration.ofNanos(waitDeadline - System.nanoTime()).toMillis()));
    }

    /**
     * Calls the member believed to lead, following "not leader" answers and skipping silent members, until one
     * answers or {@code deadlineNanos} passes; each attempt ends by then too, and the first by
     * {@code firstAttemptEndNanos} ({@link #NO_CAP}: its client's read timeout).
     */
    private <T> T call(Function<S, T> remoteCall, boolean waits, long firstAttemptEndNanos, long deadlineNanos,
                       String operation, boolean[] unanswered) {
        RuntimeException last = null;
        int attempts = 0;
        long startNanos = System.nanoTime();
        while (attempts == 0 || System.nanoTime() - deadlineNanos < 0) {
            attempts++;
            int asked = board.leader();
            Member<S> member = members.get(asked);
            long attemptEnd = attempts == 1 && firstAttemptEndNanos != NO_CAP ? firstAttemptEndNanos : deadlineNanos;
            long allottedNanos = attemptEnd - System.nanoTime();
            long attemptMillis = Math.max(1, Duration.ofNanos(allottedNanos).toMillis());
            try {
                T result = AttemptTimeout.within(attemptMillis,
                        () -> remoteCall.apply(waits ? member.waiting() : member.quick()));
                board.answered(asked);
                return result;
            } catch (NotLeaderException notLeader) {
                last = notLeader;
                int named = notLeader.leaderEndpoint().map(this::indexOf).orElse(-1);
                if (named >= 0 && named != asked && !board.isSuspect(named)) {
                    board.moveLeader(asked, named);
                    continue;
                }
                board.moveLeader(asked, board.next(asked));
                pauseIfRoundDone(attempts, deadlineNanos);
            } catch (LockServiceUnavailableException unreachable) {
                boolean cutShort = RemoteCalls.timedOut(unreachable)
                        && allottedNanos < LEAST_ATTEMPT_TO_SUSPECT.toNanos();
                // an attempt the deadline cut short says less about the group than the failures before it
                if (!cutShort || last == null) {
                    last = unreachable;
                }
                unanswered[0] = true;
                if (!cutShort) {
                    board.suspect(asked, SUSPECT_PERIOD.toNanos());
                }
                board.moveLeader(asked, board.next(asked));
                pauseIfRoundDone(attempts, deadlineNanos);
            }
        }
        throw new LockServiceUnavailableException(operation + " found no leader among " + endpoints() + " within "
                + Duration.ofNanos(System.nanoTime() - startNanos).toMillis() + " ms; last: " + last.getMessage(),
                last);
    }

    /** After every member was asked once, pauses {@link #ELECTION_PAUSE}, but never past the call's deadline. */
    private void pauseIfRoundDone(int attempts, long deadlineNanos) {
        if (attempts % members.size() == 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(Math.min(ELECTION_PAUSE.toNanos(), deadlineNanos - System.nanoTime()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LockServiceUnavailableException("interrupted while looking for the group's leader", e);
            }
        }
    }

    private int indexOf(URI endpoint) {
        for (int i = 0; i < members.size(); i++) {
            if (members.get(i).endpoint().equals(endpoint)) {
                return i;
            }
        }
        return -1;
    }
}
