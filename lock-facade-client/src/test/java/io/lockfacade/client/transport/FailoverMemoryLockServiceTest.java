package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.client.testing.HessianTestServer;
import io.lockfacade.client.testing.FaultInjectingMaster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.Proxy;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The failover client against members over real HTTP: followers that name a leader, and a silent member. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FailoverMemoryLockServiceTest {

    private static final ClientTransportSettings SETTINGS = ClientTransportSettings.defaults()
            .withConnectTimeout(Duration.ofSeconds(1)).withReadTimeout(Duration.ofSeconds(6));

    private final List<HessianTestServer> servers = new ArrayList<>();
    private final List<FaultInjectingMaster> masters = new ArrayList<>();

    @AfterEach
    void stopServers() {
        servers.forEach(HessianTestServer::close);
        masters.forEach(FaultInjectingMaster::close);
    }

    private FaultInjectingMaster newMaster() {
        FaultInjectingMaster master = new FaultInjectingMaster();
        masters.add(master);
        return master;
    }

    private HessianTestServer serve(MemoryLockService service) throws Exception {
        HessianTestServer server = HessianTestServer.start(service);
        servers.add(server);
        return server;
    }

    /** A member that answers every call "not leader", naming {@code leader} (or none), and counts the calls. */
    private static MemoryLockService follower(URI leader, AtomicInteger calls) {
        return (MemoryLockService) Proxy.newProxyInstance(MemoryLockService.class.getClassLoader(),
                new Class<?>[] {MemoryLockService.class}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return method.invoke(calls, args);
                    }
                    calls.incrementAndGet();
                    throw NotLeaderException.pointingTo(leader);
                });
    }

    @Test
    void aFollowersAnswerLeadsTheClientToTheLeaderWhichItThenAsksFirst() throws Exception {
        HessianTestServer leader = serve(newMaster());
        AtomicInteger followerCalls = new AtomicInteger();
        HessianTestServer follower = serve(follower(leader.serviceUrl(), followerCalls));
        FailoverMemoryLockService client = new FailoverMemoryLockService(
                List.of(follower.serviceUrl(), leader.serviceUrl()), SETTINGS);

        LockGrant grant = client.tryLock("orders", "k", "o", 30_000, 0);
        assertNotNull(grant);
        assertEquals(leader.serviceUrl(), client.currentLeader());
        assertTrue(client.unlock("orders", "k", "o"));
        assertEquals(1, followerCalls.get(), "the second call went to the leader directly");
    }

    @Test
    void aSilentMemberIsLeftAfterOneShortAttemptAndThenSkipped() throws Exception {
        HessianTestServer silent = serve(newMaster());
        silent.stall();
        HessianTestServer leader = serve(newMaster());
        FailoverMemoryLockService client = new FailoverMemoryLockService(
                List.of(silent.serviceUrl(), leader.serviceUrl()), SETTINGS);

        long start = System.nanoTime();
        assertNotNull(client.tryLock("orders", "k", "o", 30_000, 0));
        long firstMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(firstMillis < SETTINGS.readTimeout().toMillis(), "took " + firstMillis + " ms");
        assertEquals(leader.serviceUrl(), client.currentLeader());
    }

    @Test
    void withNoMemberServingTheCallFailsWithinTheReadTimeoutNamingEveryMember() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        HessianTestServer a = serve(follower(null, calls));
        HessianTestServer b = serve(follower(null, calls));
        FailoverMemoryLockService client = new FailoverMemoryLockService(List.of(a.serviceUrl(), b.serviceUrl()),
                SETTINGS.withReadTimeout(Duration.ofSeconds(1)));
        LockServiceUnavailableException failure = assertThrows(LockServiceUnavailableException.class,
                () -> client.isLockTypeEmpty("orders"));
        assertTrue(failure.getMessage().contains(a.serviceUrl().toString()), failure.getMessage());
        assertTrue(calls.get() >= 2);
    }

    @Test
    void oneUrlIsTheSingleMastersProxyAndSeveralAreAGroup() {
        assertTrue(MemoryLockServiceProxies.create("http://127.0.0.1:1", SETTINGS).toString()
                .equals("RemoteMemoryLockService[http://127.0.0.1:1/remoting/MemoryLockService]"));
        assertTrue(MemoryLockServiceProxies.create("http://127.0.0.1:1, http://127.0.0.1:2", SETTINGS).master()
                .contains(","));
        assertThrows(IllegalArgumentException.class, () -> MasterUrls.parse("http://a:1,,http://b:2"));
        assertThrows(IllegalArgumentException.class, () -> MasterUrls.parse("http://a:1,http://a:1/"));
    }
}
