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
import java.util.concurrent.atomic.AtomicLongArray;
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
 * {@link #WAIT_SLICE} per attempt. A call gives up with {@link LockServiceUnavailableException} when no member has
 * answered it within the read timeout (plus the wait it asked for). Thread-safe.
 */
public final class FailoverMemoryLockService implements MemoryLockService {

    /** Longest one attempt of a call that does not wait for a lock may take before the next member is asked. */
    public static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(2);

    /** Longest wait one attempt of a waiting {@code tryLock} asks for; a longer wait is asked in turns. */
    public static final Duration WAIT_SLICE = Duration.ofSeconds(2);

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

    private final List<Member> members;
    private final Duration budget;
    private final AtomicLongArray suspectUntil;
    private volatile int leader;

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
        this.suspectUntil = new AtomicLongArray(endpoints.size());
        long now = System.nanoTime();
        for (int i = 0; i < endpoints.size(); i++) {
            suspectUntil.set(i, now);
        }
    }

    /** @return the endpoint of the member this client currently believes leads */
    public URI currentLeader() {
        return members.get(leader).endpoint();
    }

    @Override
    public LockGrant tryLock(String lockType, String key, String owner, long leaseMillis, long waitMillis) {
        return waiting(waitMillis, slice -> call(service -> service.tryLock(lockType, key, owner, leaseMillis, slice),
                slice > 0, slice, "tryLock"));
    }

    @Override
    public LockGrant tryLockInSession(String lockType, String key, String owner, String sessionId,
                                      long waitMillis) {
        return waiting(waitMillis, slice -> call(service -> service.tryLockInSession(lockType, key, owner, sessionId,
                slice), slice > 0, slice, "tryLockInSession"));
    }

    @Override
    public LockGrant tryLockInSessionHolding(String lockType, String key, String owner, String sessionId,
                                             long waitMillis, String heldLocks, long deadlockCheckMillis) {
        return waiting(waitMillis, slice -> call(service -> service.tryLockInSessionHolding(lockType, key, owner,
                sessionId, slice, heldLocks, deadlockCheckMillis), slice > 0, slice, "tryLockInSessionHolding"));
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

    /** Asks for a lock in slices of {@link #WAIT_SLICE} until granted or {@code waitMillis} is over. */
    private static LockGrant waiting(long waitMillis, LongFunction<LockGrant> attempt) {
        if (waitMillis <= 0) {
            return attempt.apply(waitMillis);
        }
        long deadline = System.nanoTime() + Duration.ofMillis(waitMillis).toNanos();
        while (true) {
            long left = Duration.ofNanos(deadline - System.nanoTime()).toMillis();
            LockGrant grant = attempt.apply(Math.max(0, Math.min(left, WAIT_SLICE.toMillis())));
            if (grant != null || left <= WAIT_SLICE.toMillis()) {
                return grant;
            }
        }
    }

    private <T> T call(Function<MemoryLockService, T> remoteCall, boolean waits, long waitMillis, String operation) {
        long deadline = System.nanoTime() + budget.plusMillis(waitMillis).toNanos();
        RuntimeException last = null;
        int attempts = 0;
        while (attempts == 0 || System.nanoTime() < deadline) {
            attempts++;
            int asked = leader;
            Member member = members.get(asked);
            try {
                T result = remoteCall.apply(waits ? member.waiting() : member.quick());
                suspectUntil.set(asked, System.nanoTime());
                return result;
            } catch (NotLeaderException notLeader) {
                last = notLeader;
                int named = notLeader.leaderEndpoint().map(this::indexOf).orElse(-1);
                if (named >= 0 && named != asked && !isSuspect(named)) {
                    moveLeader(asked, named);
                    continue;
                }
                moveLeader(asked, next(asked));
                pauseIfRoundDone(attempts);
            } catch (LockServiceUnavailableException unreachable) {
                last = unreachable;
                suspectUntil.set(asked, System.nanoTime() + SUSPECT_PERIOD.toNanos());
                moveLeader(asked, next(asked));
                pauseIfRoundDone(attempts);
            }
        }
        throw new LockServiceUnavailableException(operation + " found no leader among " + members.stream()
                .map(Member::endpoint).toList() + " within " + budget.plusMillis(waitMillis).toMillis() + " ms; last: "
                + last.getMessage(), last);
    }

    /** @return the member after {@code from} that is not suspect, or simply the next if all are */
    private int next(int from) {
        for (int step = 1; step < members.size(); step++) {
            int candidate = (from + step) % members.size();
            if (!isSuspect(candidate)) {
                return candidate;
            }
        }
        return (from + 1) % members.size();
    }

    private boolean isSuspect(int member) {
        return System.nanoTime() - suspectUntil.get(member) < 0;
    }

    private void pauseIfRoundDone(int attempts) {
        if (attempts % members.size() == 0) {
            try {
                Thread.sleep(ELECTION_PAUSE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LockServiceUnavailableException("interrupted while looking for the group's leader", e);
            }
        }
    }

    private void moveLeader(int from, int to) {
        synchronized (this) {
            if (leader == from) {
                leader = to;
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
