package io.lockfacade.bench.ha;

import com.caucho.hessian.client.HessianProxyFactory;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;

import java.net.MalformedURLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A Lock Facade caller for one thread that finds the leader by itself, using nothing but the group contract: it
 * calls its current member; a {@code not leader; leader is URL} fault sends it to that URL, a fault that names no
 * leader, a refused connection or a call unanswered within {@link HaLimits#CALL_TIMEOUT} send it to the next
 * member after a short pause (so a dead leader still named by a follower is not hammered). So a silent leader
 * costs at most one call timeout. Not thread-safe: one instance per client thread.
 */
final class LeaderFollowingLocks implements LockCalls {

    private final List<String> endpoints;
    private final List<MemoryLockService> members = new ArrayList<>();
    private int current;

    /**
     * @param endpoints every member's Hessian endpoint; one endpoint for a single master
     * @param first     index of the member to call first
     */
    LeaderFollowingLocks(List<String> endpoints, int first) {
        this(endpoints, first, Duration.ZERO);
    }

    /**
     * @param endpoints   every member's Hessian endpoint; one endpoint for a single master
     * @param first       index of the member to call first
     * @param longestWait the longest {@code waitMillis} this caller passes: a call may be parked that long on the
     *                    leader before {@link HaLimits#CALL_TIMEOUT} starts to count
     */
    LeaderFollowingLocks(List<String> endpoints, int first, Duration longestWait) {
        this.endpoints = List.copyOf(endpoints);
        for (String endpoint : endpoints) {
            members.add(proxy(endpoint, HaLimits.CALL_TIMEOUT.plus(longestWait)));
        }
        this.current = first;
    }

    /** @return Caucho's own Hessian proxy of one member, with the bench's connect timeout and this read timeout */
    static MemoryLockService proxy(String endpoint, Duration readTimeout) {
        HessianProxyFactory factory = new HessianProxyFactory();
        factory.setConnectTimeout(HaLimits.CONNECT_TIMEOUT.toMillis());
        factory.setReadTimeout(readTimeout.toMillis());
        factory.setHessian2Request(true);
        try {
            return (MemoryLockService) factory.create(MemoryLockService.class, endpoint,
                    LeaderFollowingLocks.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("bad endpoint " + endpoint, e);
        }
    }

    @Override
    public Answered<LockGrant> tryLock(String type, String key, String owner, long leaseMillis, long waitMillis,
                                long deadlineNanos) throws InterruptedException {
        return call(service -> service.tryLock(type, key, owner, leaseMillis, waitMillis), deadlineNanos);
    }

    @Override
    public Answered<Boolean> unlock(String type, String key, String owner, long deadlineNanos)
            throws InterruptedException {
        return call(service -> service.unlock(type, key, owner), deadlineNanos);
    }

    /**
     * Calls members until one answers as leader.
     *
     * @throws InterruptedException  if the thread is interrupted between attempts
     * @throws IllegalStateException if no member answered by the deadline
     */
    private <T> Answered<T> call(Function<MemoryLockService, T> operation, long deadlineNanos)
            throws InterruptedException {
        RuntimeException last = null;
        while (System.nanoTime() < deadlineNanos) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            try {
                T value = operation.apply(members.get(current));
                return new Answered<>(value, current, System.nanoTime());
            } catch (RuntimeException failure) {
                last = failure;
                redirect(NotLeaderAnswer.of(failure));
            }
        }
        throw new IllegalStateException("no leader answered by the deadline", last);
    }

    private void redirect(Optional<NotLeaderAnswer> notLeader) throws InterruptedException {
        int named = notLeader.map(NotLeaderAnswer::leaderEndpoint).map(endpoints::indexOf).orElse(-1);
        if (named >= 0 && named != current) {
            current = named;
            return;
        }
        current = (current + 1) % members.size();
        Thread.sleep(HaLimits.RETRY_BACKOFF.toMillis());
    }
}
