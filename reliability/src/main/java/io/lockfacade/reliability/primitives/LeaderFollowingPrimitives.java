package io.lockfacade.reliability.primitives;

import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.client.transport.PooledHttpConnectionFactory;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The primitives of a master group through the raw Hessian client ({@link MemoryLockServiceProxies#createPrimitives},
 * one per member): a call goes to the member believed to lead, follows a {@code not leader; leader is URL} answer,
 * and tries the next member when one cannot be reached or names no leader, until a deadline. Every call is
 * idempotent per owner, holder or participant, so asking again is safe. Thread-safe.
 */
final class LeaderFollowingPrimitives implements AutoCloseable {

    private static final Duration ELECTION_PAUSE = Duration.ofMillis(25);

    private final List<URI> endpoints;
    private final List<PrimitiveLockService> members = new ArrayList<>();
    private final List<PooledHttpConnectionFactory> pools = new ArrayList<>();
    private final Duration deadline;
    private volatile int current;

    /**
     * @param endpoints the members' service endpoints
     * @param settings  connect and read timeouts of one attempt
     * @param deadline  longest one call tries before it gives up
     */
    LeaderFollowingPrimitives(List<URI> endpoints, ClientTransportSettings settings, Duration deadline) {
        this.endpoints = List.copyOf(endpoints);
        this.deadline = deadline;
        for (URI endpoint : endpoints) {
            PooledHttpConnectionFactory pool = new PooledHttpConnectionFactory(settings);
            pools.add(pool);
            members.add(MemoryLockServiceProxies.createPrimitives(endpoint, settings, pool));
        }
    }

    /**
     * @return what the leader answered
     * @throws LockServiceUnavailableException if no member served the call before the deadline
     */
    <T> T call(Function<PrimitiveLockService, T> call) {
        long giveUp = System.nanoTime() + deadline.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() < giveUp) {
            int member = current;
            try {
                return call.apply(members.get(member));
            } catch (NotLeaderException notLeader) {
                last = notLeader;
                int named = notLeader.leaderEndpoint().map(endpoints::indexOf).orElse(-1);
                current = named >= 0 ? named : (member + 1) % members.size();
                if (named < 0) {
                    pause();
                }
            } catch (LockServiceUnavailableException unreachable) {
                last = unreachable;
                current = (member + 1) % members.size();
                pause();
            }
        }
        throw new LockServiceUnavailableException("no member served the call within " + deadline, last);
    }

    private static void pause() {
        try {
            Thread.sleep(ELECTION_PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LockServiceUnavailableException("interrupted", e);
        }
    }

    @Override
    public void close() {
        pools.forEach(PooledHttpConnectionFactory::close);
    }
}
