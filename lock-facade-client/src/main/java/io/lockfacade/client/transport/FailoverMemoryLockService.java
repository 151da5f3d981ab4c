package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.api.YieldOutcome;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * The {@link MemoryLockService} of a master group: calls the member it believes leads, and on a
 * {@code not leader; leader is X} answer asks X; on a member that cannot be reached, or that answers
 * {@code not leader} without naming one (an election is under way), it asks the next member. Every call of the
 * contract is idempotent per owner or per session, so asking again is safe.
 *
 * <p>A silent leader (a frozen or unreachable host) holds no call long: calls that do not wait for a lock use a
 * short per-attempt timeout ({@link #ATTEMPT_TIMEOUT}), and a waiting {@code tryLock} waits in slices of at most
 * {@link #WAIT_SLICE} per attempt, each attempt given {@link #SLICE_ANSWER_MARGIN} beyond its slice to answer. A
 * call gives up with {@link LockServiceUnavailableException} when no member has answered it within the read timeout
 * (plus the slice it asked for). <b>A waiting {@code tryLock} keeps its deadline</b>: it returns (not granted, or
 * failing if no member answered) by its wait plus {@link #DEADLINE_BOUND}, whatever the members do.
 *
 * <p>An acquisition given up on while an attempt was unanswered may have been granted: it is released in the
 * background, and before the same owner asks for the same lock again ({@link AbandonedAcquisitions}). The clients
 * of one JVM share what they learn about a silent or new leader ({@link LeaderBoard}). Thread-safe.
 */
public final class FailoverMemoryLockService implements MemoryLockService {

    /** Longest one attempt of a call that does not wait for a lock may take before the next member is asked. */
    public static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(2);

    /**
     * Longest wait one attempt of a waiting {@code tryLock} asks for; a longer wait is asked in turns. A waiting
     * client parked on a leader that froze finds the new one at most this (plus {@link #DEADLINE_BOUND}) after the
     * freeze: the group replaces a silent leader in about 1.7 s, so the client is there when it starts serving.
     */
    public static final Duration WAIT_SLICE = Duration.ofSeconds(1);

    /**
     * How long after its deadline a waiting {@code tryLock} returns at the latest, and how long beyond its slice
     * one waiting attempt may take to be answered.
     */
    public static final Duration DEADLINE_BOUND = Duration.ofMillis(150);

    /**
     * How long beyond its slice a waiting attempt that is not the call's last may take to be answered before the
     * member counts as silent: long enough for a loaded leader's garbage-collection pause, short enough that a
     * client parked on a frozen leader leaves it before the group has replaced it.
     */
    public static final Duration SLICE_ANSWER_MARGIN = Duration.ofMillis(500);

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

    /** No end for an attempt other than the call's deadline and the proxy's read timeout. */
    private static final long NO_CAP = Long.MIN_VALUE;

    private final List<Member> members;
    private final Duration budget;
    private final LeaderBoard board;
    private final AbandonedAcquisitions abandoned;

    /** One member: a proxy for short calls and one for waiting calls, each with its own read timeout. */
    private record Member(URI endpoint, MemoryLockService quick, MemoryLockService waiting) {
    }

    /**
     * @param endpoints the members' endpoints, as {@link MasterUrls#parse} gives them
     * @param settings  connect timeout, secret, and the read timeout, which bounds a whole call's failover
     */
    public FailoverMemoryLockService(List<URI> endpoints, ClientTransportSettings settings) {
        Objects.requireNonNull(settings, "settings");
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("a master group needs at least one endpoint");
        }
        Duration quick = min(settings.readTimeout(), ATTEMPT_TIMEOUT);
        Duration waiting = min(settings.readTimeout(), WAIT_SLICE.plus(ATTEMPT_TIMEOUT));
        this.members = endpoints.stream().map(uri -> new Member(uri,
                MemoryLockServiceProxies.create(uri, settings.withReadTimeout(quick)),
                MemoryLockServiceProxies.create(uri, settings.withReadTimeout(waiting)))).toList();
        this.budget = settings.readTimeout();
        this.board = LeaderBoard.of(endpoints);
        this.abandoned = new AbandonedAcquisitions(acquisition -> unlock(acquisition.lockType(), acquisition.key(),
                acquisition.owner()));
    }

    /** @return the endpoint of the member this client currently believes leads */
    public URI currentLeader() {
        return members.get(board.leader()).endpoint();
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        return acquire(new AbandonedAcquisitions.Acquisition(lockType, key, owner), waitMillis,
                slice -> service -> service.tryLock(lockType, key, owner, leaseMillis, slice), "tryLock");
    }

    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                      long waitMillis) {
        return acquire(new AbandonedAcquisitions.Acquisition(lockType, key, owner), waitMillis,
                slice -> service -> service.tryLockInSession(lockType, key, owner, sessionId, slice),
                "tryLockInSession");
    }

    @Override
    public LockGrant tryLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                             long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return acquire(new AbandonedAcquisitions.Acquisition(lockType, key, owner), waitMillis,
                slice -> service -> service.tryLockInSessionHolding(lockType, key, owner, sessionId, slice,
                        heldLocks, deadlockCheckMillis),
                "tryLockInSessionHolding");
    }

    @Override
    public boolean unlock(String lockType, String key, String owner) {
        return call(service -> service.unlock(lockType, key, owner), false, 0, "unlock");
    }

    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        return call(service -> service.yieldToWaiters(lockType, key, owner), false, 0, "yieldToWaiters");
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        return call(service -> service.renew(lockType, key, owner, leaseMillis), false, 0, "renew");
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        return call(service -> service.hasWaiters(lockType, key), false, 0, "hasWaiters");
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return call(service -> service.isLockTypeEmpty(lockType), false, 0, "isLockTypeEmpty");
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        return call(service -> service.openSession(sessionId, ttlMillis), false, 0, "openSession");
    }

    @Override
    public long keepAliveSession(String sessionId) {
        return call(service -> service.keepAliveSession(sessionId), false, 0, "keepAliveSession");
    }

    @Override
    public boolean closeSession(String sessionId) {
        return call(service -> service.closeSession(sessionId), false, 0, "closeSession");
    }

    @Override
    public String toString() {
        return "FailoverMemoryLockService" + members.stream().map(Member::endpoint).toList();
    }

    /**
     * Asks for a lock, in slices of {@link #WAIT_SLICE} until granted or {@code waitMillis} is over; settles an
     * earlier abandoned acquisition of the same lock and owner first, and abandons this one if it ends without a
     * grant while an attempt's outcome is unknown.
     */
    private LockGrant acquire(AbandonedAcquisitions.Acquisition acquisition, long waitMillis,
                              LongFunction<Function<MemoryLockService, LockGrant>> request, String operation) {
        abandoned.settleBefore(acquisition);
        boolean[] unanswered = {false};
        boolean granted = false;
        try {
            LockGrant grant = waitMillis <= 0
                    ? call(request.apply(waitMillis), false, NO_CAP, System.nanoTime() + budget.toNanos(),
                            operation, unanswered)
                    : waitInSlices(waitMillis, request, operation, unanswered);
            granted = grant != null;
            return grant;
        } finally {
            if (!granted && unanswered[0]) {
                abandoned.abandon(acquisition);
            }
        }
    }

    private LockGrant waitInSlices(long waitMillis, LongFunction<Function<MemoryLockService, LockGrant>> request,
                                   String operation, boolean[] unanswered) {
        long waitDeadline = System.nanoTime() + Duration.ofMillis(waitMillis).toNanos();
        long callDeadline = waitDeadline + DEADLINE_BOUND.toNanos();
        // each attempt asks for what is left of the slice: one that follows a redirect must not outwait the call
        Function<MemoryLockService, LockGrant> attempt = service -> request.apply(sliceLeft(waitDeadline))
                .apply(service);
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

    /** @return the wait one attempt asks for now: the rest of the wait, at most one slice */
    private static long sliceLeft(long waitDeadline) {
        return Math.max(0, Math.min(WAIT_SLICE.toMillis(),
                Duration.ofNanos(waitDeadline - System.nanoTime()).toMillis()));
    }

    private <T> T call(Function<MemoryLockService, T> remoteCall, boolean waits, long waitMillis, String operation) {
        return call(remoteCall, waits, NO_CAP, System.nanoTime() + budget.plusMillis(waitMillis).toNanos(),
                operation, new boolean[1]);
    }

    /**
     * Calls the member believed to lead, following "not leader" answers and skipping silent members, until one
     * answers or {@code deadlineNanos} passes; each attempt ends by then too, and the first by
     * {@code firstAttemptEndNanos} ({@link #NO_CAP}: its proxy's read timeout).
     *
     * @param unanswered set to true if an attempt got no answer (the member may have acted on it)
     */
    private <T> T call(Function<MemoryLockService, T> remoteCall, boolean waits, long firstAttemptEndNanos,
                       long deadlineNanos, String operation, boolean[] unanswered) {
        RuntimeException last = null;
        int attempts = 0;
        long startNanos = System.nanoTime();
        while (attempts == 0 || System.nanoTime() - deadlineNanos < 0) {
            attempts++;
            int asked = board.leader();
            Member member = members.get(asked);
            long attemptEnd = attempts == 1 && firstAttemptEndNanos != NO_CAP ? firstAttemptEndNanos : deadlineNanos;
            long attemptMillis = Math.max(1, Duration.ofNanos(attemptEnd - System.nanoTime()).toMillis());
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
                last = unreachable;
                unanswered[0] = true;
                board.suspect(asked, SUSPECT_PERIOD.toNanos());
                board.moveLeader(asked, board.next(asked));
                pauseIfRoundDone(attempts, deadlineNanos);
            }
        }
        throw new LockServiceUnavailableException(operation + " found no leader among " + members.stream()
                .map(Member::endpoint).toList() + " within " + Duration.ofNanos(System.nanoTime() - startNanos)
                .toMillis() + " ms; last: " + last.getMessage(), last);
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

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
