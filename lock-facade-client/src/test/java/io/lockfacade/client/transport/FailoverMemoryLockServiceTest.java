package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.client.testing.HessianTestServer;
import io.lockfacade.client.testing.FaultInjectingMaster;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.Proxy;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The failover client against members over real HTTP: followers that name a leader, and a silent member. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FailoverMemoryLockServiceTest {

    /** What a loaded build host may add to a bound the client keeps. */
    private static final long SCHEDULING_SLACK_MILLIS = 150;

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
        HessianTestServer leader = serve(newMaster());
        FailoverMemoryLockService client = new FailoverMemoryLockService(silentThen(leader), SETTINGS);

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
    void aLongWaitWithNoMemberServingFailsWithinTheReadTimeoutAndOneSliceNotTheWholeWait() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        HessianTestServer a = serve(follower(null, calls));
        HessianTestServer b = serve(follower(null, calls));
        Duration readTimeout = Duration.ofSeconds(1);
        FailoverMemoryLockService client = new FailoverMemoryLockService(List.of(a.serviceUrl(), b.serviceUrl()),
                SETTINGS.withReadTimeout(readTimeout));
        long start = System.nanoTime();
        assertThrows(LockServiceUnavailableException.class, () -> client.tryLock("orders", "k", "o", 30_000, 30_000));
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMillis < readTimeout.plus(FailoverMemoryLockService.WAIT_SLICE).toMillis()
                + SCHEDULING_SLACK_MILLIS, "gave up after " + tookMillis + " ms");
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

    @Test
    void aWaitingTryLockOnASilentMemberReturnsByItsDeadlinePlusTheBound() throws Exception {
        FailoverMemoryLockService client = new FailoverMemoryLockService(silentThen(serve(newMaster())),
                SETTINGS);

        long wait = 100;
        long start = System.nanoTime();
        Object answer = answerOf(() -> client.tryLock("orders", "k", "o", 30_000, wait));
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMillis <= wait + FailoverMemoryLockService.DEADLINE_BOUND.toMillis() + SCHEDULING_SLACK_MILLIS,
                "returned after " + tookMillis + " ms: " + answer);
    }

    @Test
    void aGrantTheCallerGaveUpOnIsReleasedInTheBackground() throws Exception {
        FaultInjectingMaster master = newMaster();
        FailoverMemoryLockService client = slowLeaderAndFollower(master, Duration.ofMillis(700));

        Object answer = answerOf(() -> client.tryLock("orders", "k", "gave-up", 30_000, 100));
        assertTrue(!(answer instanceof LockGrant), "the reply came after the deadline: " + answer);
        assertEquals(1, master.calls(FaultInjectingMaster.Operation.TRY_LOCK), "the free lock was granted at once");
        Await.until(Duration.ofSeconds(10), Duration.ofMillis(20), () -> master.holder("orders", "k").isEmpty(),
                () -> "the abandoned grant was never released: held by " + master.holder("orders", "k"));
    }

    @Test
    void aReleaseWaitingOutASilentGroupDoesNotHoldUpAnotherClientsRelease() throws Exception {
        HessianTestServer silent = serve(newMaster());
        silent.stall();
        FailoverMemoryLockService stuck = new FailoverMemoryLockService(List.of(silent.serviceUrl()),
                SETTINGS.withReadTimeout(Duration.ofSeconds(30)));
        answerOf(() -> stuck.tryLock("orders", "k", "stuck", 30_000, 100)); // its release now waits on silence

        FaultInjectingMaster master = newMaster();
        FailoverMemoryLockService client = slowLeaderAndFollower(master, Duration.ofMillis(700));
        answerOf(() -> client.tryLock("orders", "k", "gave-up", 30_000, 100));
        Await.until(Duration.ofSeconds(10), Duration.ofMillis(20), () -> master.holder("orders", "k").isEmpty(),
                () -> "the abandoned grant waited behind another group's release: held by "
                        + master.holder("orders", "k"));
    }

    @Test
    void anAbandonedAcquisitionIsSettledBeforeTheSameOwnerAsksAgainSoItsNewGrantStays() throws Exception {
        FaultInjectingMaster master = newMaster();
        FailoverMemoryLockService client = slowLeaderAndFollower(master, Duration.ofMillis(300));

        answerOf(() -> client.tryLock("orders", "k", "owner", 30_000, 50));
        LockGrant again = client.tryLock("orders", "k", "owner", 30_000, 0);
        assertNotNull(again);
        Thread.sleep(1_000); // any background release still pending would have run by now
        assertTrue(!master.isLockTypeEmpty("orders"), "the lock the owner was just granted was freed");
        assertEquals(again.getFencingToken(), master.tryLock("orders", "k", "owner", 30_000, 0).getFencingToken());
    }

    @Test
    void aWaitingTryLockBehindTheStuckReleaseOfItsAbandonedAcquisitionStillReturnsByItsDeadline() throws Exception {
        FaultInjectingMaster master = newMaster();
        FailoverMemoryLockService client = slowLeaderAndFollower(master, Duration.ofMillis(700));
        CountDownLatch releases = master.gate(FaultInjectingMaster.Operation.UNLOCK);
        try {
            answerOf(() -> client.tryLock("orders", "k", "owner", 30_000, 100)); // abandoned; its release hangs
            Await.until(Duration.ofSeconds(10), Duration.ofMillis(10),
                    () -> master.calls(FaultInjectingMaster.Operation.UNLOCK) >= 1, () -> "no release was sent");

            long wait = 200;
            long start = System.nanoTime();
            Object answer = answerOf(() -> client.tryLock("orders", "k", "owner", 30_000, wait));
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertTrue(answer instanceof LockServiceUnavailableException, "the release was not settled: " + answer);
            assertTrue(tookMillis <= wait + FailoverMemoryLockService.DEADLINE_BOUND.toMillis()
                    + SCHEDULING_SLACK_MILLIS, "returned after " + tookMillis + " ms: " + answer);
            assertEquals(1, master.calls(FaultInjectingMaster.Operation.TRY_LOCK), "asked again before settling");
        } finally {
            releases.countDown();
        }
    }

    @Test
    void theClientsOfOneJvmShareWhatTheyLearnAboutASilentMember() throws Exception {
        List<URI> members = silentThen(serve(newMaster()));
        FailoverMemoryLockService first = new FailoverMemoryLockService(members, SETTINGS);
        assertNotNull(first.tryLock("orders", "k1", "o1", 30_000, 0));

        FailoverMemoryLockService second = new FailoverMemoryLockService(members, SETTINGS);
        long start = System.nanoTime();
        assertNotNull(second.tryLock("orders", "k2", "o2", 30_000, 0));
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMillis < FailoverMemoryLockService.ATTEMPT_TIMEOUT.toMillis() / 2,
                "the second client tried the silent member itself: " + tookMillis + " ms");
    }

    /** @return the endpoints of a member that never answers, then {@code leader}'s */
    private List<URI> silentThen(HessianTestServer leader) throws Exception {
        HessianTestServer silent = serve(newMaster());
        silent.stall();
        return List.of(silent.serviceUrl(), leader.serviceUrl());
    }

    /** @return a client of a group whose leader carries calls out at once but answers {@code delay} later */
    private FailoverMemoryLockService slowLeaderAndFollower(FaultInjectingMaster master, Duration delay)
            throws Exception {
        HessianTestServer slow = serve(master);
        slow.delayReplies(delay);
        HessianTestServer other = serve(follower(slow.serviceUrl(), new AtomicInteger()));
        return new FailoverMemoryLockService(List.of(slow.serviceUrl(), other.serviceUrl()), SETTINGS);
    }

    private static Object answerOf(Supplier<Object> call) {
        try {
            return call.get();
        } catch (RuntimeException failed) {
            return failed;
        }
    }
}
