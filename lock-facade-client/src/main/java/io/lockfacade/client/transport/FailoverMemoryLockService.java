package io.lockfacade.client.transport;

import io.lockfacade.api.CallNotServedException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.YieldOutcome;
import io.lockfacade.client.transport.LeaderFollowingCalls.Member;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
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
 * background, and before the same owner asks for the same lock again ({@link AbandonedAcquisitions}). An unlock
 * is asked as {@link #unlockEarly}: the leader may answer before the release is durable, and the release is kept
 * until it is known to have taken effect ({@link PendingReleases}). The clients
 * of one JVM share what they learn about a silent or new leader ({@link LeaderBoard}). The group's read-write locks,
 * semaphores and leaderships are called the same way ({@link #primitives()}); the calling itself is
 * {@link LeaderFollowingCalls}. Thread-safe.
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

    private final LeaderFollowingCalls<MemoryLockService> calls;
    private final AbandonedAcquisitions abandoned;
    private final PendingReleases pendingReleases;
    private volatile boolean earlyUnlocks = true;
    private final FailoverPrimitiveService primitives;

    /**
     * @param endpoints the members' endpoints, as {@link MasterUrls#parse} gives them
     * @param settings  connect timeout, secret, and the read timeout, which bounds a whole call's failover
     */
    public FailoverMemoryLockService(List<URI> endpoints, ClientTransportSettings settings) {
        Objects.requireNonNull(settings, "settings");
        Duration quick = min(settings.readTimeout(), ATTEMPT_TIMEOUT);
        Duration waiting = min(settings.readTimeout(), WAIT_SLICE.plus(ATTEMPT_TIMEOUT));
        List<Member<RemoteMemoryLockService>> clients = endpoints.stream().map(uri -> new Member<>(uri,
                MemoryLockServiceProxies.create(uri, settings.withReadTimeout(quick)),
                MemoryLockServiceProxies.create(uri, settings.withReadTimeout(waiting)))).toList();
        this.calls = new LeaderFollowingCalls<>(clients.stream().map(member -> new Member<MemoryLockService>(
                member.endpoint(), member.quick(), member.waiting())).toList(), settings.readTimeout());
        // released durably (plain unlock): an early answer would leave a release to keep behind the acquisition
        // that settles it
        this.abandoned = new AbandonedAcquisitions((acquisition, deadline) -> calls.callBy(deadline,
                service -> service.unlock(acquisition.lockType(), acquisition.key(), acquisition.owner()), "unlock"),
                settings.readTimeout());
        this.pendingReleases = new PendingReleases((owner, grants, deadline) -> calls.callBy(deadline,
                service -> service.settleReleases(owner, grants), "settleReleases"), settings.readTimeout());
        this.primitives = new FailoverPrimitiveService(new LeaderFollowingCalls<>(clients.stream()
                .map(member -> new Member<PrimitiveLockService>(member.endpoint(),
                        member.quick().primitivesOrNotServed(), member.waiting().primitivesOrNotServed()))
                .toList(), settings.readTimeout()));
    }

    /** @return the endpoint of the member this client currently believes leads */
    public URI currentLeader() {
        return calls.currentLeader();
    }

    /**
     * @return the same group's read-write locks, semaphores and leaderships, called on its leader as this
     *         service's calls are, over the same connections
     */
    public FailoverPrimitiveService primitives() {
        return primitives;
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

    /**
     * {@inheritDoc}
     *
     * <p>Asks the leader for {@link #unlockEarly}: when it answers before the release is durable, the release is
     * kept and settled ({@link PendingReleases}), so {@code true} here means the release has taken effect or will,
     * though another owner may see the lock held for a moment longer. A member that does not know
     * {@code unlockEarly} is asked {@code unlock} from then on.
     */
    @Override
    public boolean unlock(String lockType, String key, String owner) {
        if (earlyUnlocks) {
            try {
                long answer = call(service -> service.unlockEarly(lockType, key, owner), "unlock");
                if (answer > 0) {
                    pendingReleases.answeredEarly(new AbandonedAcquisitions.Acquisition(lockType, key, owner), answer);
                    return true;
                }
                return answer == UNLOCK_RELEASED;
            } catch (CallNotServedException olderMember) {
                earlyUnlocks = false;
            }
        }
        return call(service -> service.unlock(lockType, key, owner), "unlock");
    }

    /** {@link #unlock}, answered as {@link MemoryLockService#unlockEarly} answers (with the release kept here). */
    @Override
    public long unlockEarly(String lockType, String key, String owner) {
        return unlock(lockType, key, owner) ? UNLOCK_RELEASED : UNLOCK_NOT_HELD;
    }

    /** Forwarded to the leader; the releases this client keeps are settled by itself. */
    @Override
    public int settleReleases(String owner, String grants) {
        return call(service -> service.settleReleases(owner, grants), "settleReleases");
    }

    /** @return how many releases answered early this client keeps, not yet known to have taken effect */
    public int pendingReleases() {
        return pendingReleases.size();
    }

    /** @return how many releases answered early this client settled in the background since it started */
    public long releasesSettledInBackground() {
        return pendingReleases.settledInBackground();
    }

    @Override
    public YieldOutcome yieldToWaiters(String lockType, String key, String owner) {
        return call(service -> service.yieldToWaiters(lockType, key, owner), "yieldToWaiters");
    }

    @Override
    public boolean renew(String lockType, String key, String owner, long leaseMillis) {
        return call(service -> service.renew(lockType, key, owner, leaseMillis), "renew");
    }

    @Override
    public boolean hasWaiters(String lockType, String key) {
        return call(service -> service.hasWaiters(lockType, key), "hasWaiters");
    }

    @Override
    public boolean isLockTypeEmpty(String lockType) {
        return call(service -> service.isLockTypeEmpty(lockType), "isLockTypeEmpty");
    }

    @Override
    public long openSession(String sessionId, long ttlMillis) {
        return call(service -> service.openSession(sessionId, ttlMillis), "openSession");
    }

    @Override
    public long keepAliveSession(String sessionId) {
        return call(service -> service.keepAliveSession(sessionId), "keepAliveSession");
    }

    @Override
    public boolean closeSession(String sessionId) {
        return call(service -> service.closeSession(sessionId), "closeSession");
    }

    @Override
    public String toString() {
        return "FailoverMemoryLockService" + calls.endpoints();
    }

    private LockGrant acquire(AbandonedAcquisitions.Acquisition acquisition, long waitMillis,
                              LongFunction<Function<MemoryLockService, LockGrant>> request, String operation) {
        long startNanos = System.nanoTime();
        pendingReleases.beforeAcquiring(acquisition, calls.deadlineOf(startNanos, waitMillis));
        return calls.acquire(abandoned, acquisition, startNanos, waitMillis, request, operation);
    }

    private <T> T call(Function<MemoryLockService, T> remoteCall, String operation) {
        return calls.call(remoteCall, operation);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
