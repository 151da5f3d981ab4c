package io.lockfacade.reliability.group;

import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.testkit.group.GroupChaosLimits;
import io.lockfacade.testkit.group.GroupTls;
import io.lockfacade.testkit.group.MasterGroup;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The test harness's own way to reach the group's leader over the Hessian contract only: it calls the member it
 * believes leads, follows a {@code not leader; leader is URL} answer, tries the next member when one is down or
 * knows no leader, and gives up after {@link GroupChaosLimits#CALL_DEADLINE}. It can call through proxies: each
 * member has an endpoint to call, and a leader named by its real URL is recognised by its HTTP port.
 *
 * <p>It tells a caller whether an answer may be ambiguous: a call that failed otherwise than by {@code not leader}
 * (which changes nothing) may have been applied before it was retried.
 */
public final class LeaderFollowingCaller {

    private final List<String> ids;
    private final Map<String, MemoryLockService> services = new LinkedHashMap<>();
    private final Map<Integer, String> idsByRealPort;
    private volatile String current;

    /**
     * An answer and who gave it.
     *
     * @param value     what the call returned
     * @param member    the member that answered
     * @param ambiguous whether an earlier attempt failed in a way that may have changed the table
     */
    public record Answer<T>(T value, String member, boolean ambiguous) {
    }

    /**
     * @param callEndpoints member id to the endpoint to call it at (the member's own, or a proxy's)
     * @param realHttpPorts member id to the member's real HTTP port, as {@code not leader} answers name it
     */
    public LeaderFollowingCaller(Map<String, URI> callEndpoints, Map<String, Integer> realHttpPorts) {
        this(callEndpoints, realHttpPorts, null);
    }

    /**
     * @param callEndpoints member id to the endpoint to call it at (the member's own, or a proxy's)
     * @param realHttpPorts member id to the member's real HTTP port, as {@code not leader} answers name it
     * @param tls           the group's certificates when it runs with TLS, else {@code null}
     */
    public LeaderFollowingCaller(Map<String, URI> callEndpoints, Map<String, Integer> realHttpPorts, GroupTls tls) {
        ClientTransportSettings plain = new ClientTransportSettings(GroupChaosLimits.CONNECT_TIMEOUT,
                GroupChaosLimits.READ_TIMEOUT, null);
        ClientTransportSettings transport = tls == null ? plain : tls.clientSettings(plain);
        callEndpoints.forEach((id, uri) -> services.put(id, MemoryLockServiceProxies.create(uri, transport)));
        this.ids = List.copyOf(callEndpoints.keySet());
        Map<Integer, String> byPort = new LinkedHashMap<>();
        realHttpPorts.forEach((id, port) -> byPort.put(port, id));
        this.idsByRealPort = Map.copyOf(byPort);
        this.current = ids.get(0);
    }

    /** @return a caller that calls every member of {@code group} directly */
    public static LeaderFollowingCaller direct(MasterGroup group) {
        Map<String, URI> endpoints = new LinkedHashMap<>();
        group.ids().forEach(id -> endpoints.put(id, group.endpoint(id)));
        return new LeaderFollowingCaller(endpoints, realPorts(group), group.tls().orElse(null));
    }

    /** @return member id to real HTTP port */
    public static Map<String, Integer> realPorts(MasterGroup group) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        group.ids().forEach(id -> ports.put(id, group.httpPort(id)));
        return ports;
    }

    /**
     * Calls the leader.
     *
     * @param what for the failure message
     * @throws GroupUnavailableException if no leader answered before the deadline
     * @throws RuntimeException          what the leader threw, other than {@code not leader} and unavailability
     */
    public <T> Answer<T> call(String what, Function<MemoryLockService, T> call) {
        long deadline = System.nanoTime() + GroupChaosLimits.CALL_DEADLINE.toNanos();
        boolean ambiguous = false;
        List<String> tried = new ArrayList<>();
        RuntimeException last = null;
        boolean redirectedBefore = false;
        while (true) {
            String member = current;
            try {
                return new Answer<>(call.apply(services.get(member)), member, ambiguous);
            } catch (RuntimeException failure) {
                Optional<NotLeaderAnswer> notLeader = NotLeaderAnswer.of(failure);
                if (notLeader.isEmpty() && !(failure instanceof LockServiceUnavailableException)) {
                    throw failure;
                }
                last = failure;
                tried.add(member + ": " + failure.getMessage());
                ambiguous |= notLeader.isEmpty();
                Optional<String> named = notLeader.flatMap(NotLeaderAnswer::leader)
                        .map(uri -> idsByRealPort.get(uri.getPort()));
                boolean redirected = named.isPresent() && !named.get().equals(member);
                current = redirected ? named.get() : ids.get((ids.indexOf(member) + 1) % ids.size());
                if (System.nanoTime() > deadline) {
                    throw new GroupUnavailableException(what + ": no leader answered within "
                            + GroupChaosLimits.CALL_DEADLINE + "; attempts " + tried.subList(
                            Math.max(0, tried.size() - ids.size()), tried.size()), last);
                }
                if (!redirected || redirectedBefore) { // two redirects in a row: members disagree, let them settle
                    pause();
                }
                redirectedBefore = redirected;
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(GroupChaosLimits.RETRY_PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GroupUnavailableException("interrupted while looking for the leader", e);
        }
    }
}
