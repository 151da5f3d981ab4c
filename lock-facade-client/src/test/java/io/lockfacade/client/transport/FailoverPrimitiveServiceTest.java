package io.lockfacade.client.transport;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.NotLeaderException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.testing.HessianTestServer;
import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The group client's read-write locks, semaphores and leaderships against members over real HTTP: a follower that
 * names the leader, a silent member, and a leader that answers after the caller gave up.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FailoverPrimitiveServiceTest {

    /** What a loaded build host may add to a bound the client keeps. */
    private static final long SCHEDULING_SLACK_MILLIS = 150;
    private static final String SESSION = "node-session";

    private static final ClientTransportSettings SETTINGS = ClientTransportSettings.defaults()
            .withConnectTimeout(Duration.ofSeconds(1)).withReadTimeout(Duration.ofSeconds(6));

    /** What a group member serves at its one endpoint. */
    private interface Member extends MemoryLockService, PrimitiveLockService {
    }

    private final MemoryLockServiceImpl table = new MemoryLockServiceImpl(MasterSettings.defaults());
    private final List<HessianTestServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(HessianTestServer::close);
        table.close();
    }

    @Test
    void aGroupClientCarriesThePrimitivesWhichFollowTheFollowersAnswerToTheLeader() throws Exception {
        HessianTestServer leader = serve(leader());
        AtomicInteger followerCalls = new AtomicInteger();
        HessianTestServer follower = serve(follower(leader.serviceUrl(), followerCalls));
        RemoteMemoryLockService client = MemoryLockServiceProxies.create(follower.serviceUrl() + ","
                + leader.serviceUrl(), SETTINGS);
        PrimitiveLockService primitives = client.primitives().orElseThrow();
        assertInstanceOf(FailoverPrimitiveService.class, primitives);

        table.openSession(SESSION, 60_000);
        LockGrant read = primitives.tryReadLockInSession("cache", "k", "reader", SESSION, 0);
        assertNotNull(read);
        assertEquals(1, followerCalls.get());
        assertNotNull(primitives.tryAcquirePermits("api", "k", "h1", 2, 3, SESSION, 0));
        assertEquals(1, primitives.availablePermits("api", "k"), "reads are answered by the leader");
        assertTrue(primitives.joinLeadership("jobs", "p1", SESSION, 0).getFencingToken() > read.getFencingToken());
        assertTrue(primitives.leadershipEpoch("jobs", "p1") > 0);
        assertTrue(primitives.unlockRead("cache", "k", "reader"));
        assertEquals(1, followerCalls.get(), "every later call went to the leader directly");
    }

    @Test
    void aWaitingAcquisitionOnASilentMemberReturnsByItsDeadlinePlusTheBound() throws Exception {
        HessianTestServer silent = serve(leader());
        silent.stall();
        PrimitiveLockService primitives = new FailoverMemoryLockService(
                List.of(silent.serviceUrl(), serve(leader()).serviceUrl()), SETTINGS).primitives();
        table.openSession(SESSION, 60_000);

        long wait = 100;
        long start = System.nanoTime();
        Object answer = answerOf(() -> primitives.tryWriteLockInSession("cache", "k", "w", SESSION, wait));
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMillis <= wait + FailoverMemoryLockService.DEADLINE_BOUND.toMillis() + SCHEDULING_SLACK_MILLIS,
                "returned after " + tookMillis + " ms: " + answer);
    }

    @Test
    void permitsAndAWriteLockTheCallerGaveUpOnAreReleasedInTheBackground() throws Exception {
        PrimitiveLockService primitives = slowLeaderAndFollower(Duration.ofMillis(700));
        table.openSession(SESSION, 60_000);

        Object permits = answerOf(() -> primitives.tryAcquirePermits("api", "k", "gave-up", 2, 3, SESSION, 100));
        Object write = answerOf(() -> primitives.tryWriteLockInSession("cache", "k", "gave-up", SESSION, 100));
        assertFalse(permits instanceof LockGrant, "the reply came after the deadline: " + permits);
        assertFalse(write instanceof LockGrant, "the reply came after the deadline: " + write);
        Await.until(Duration.ofSeconds(10), Duration.ofMillis(20),
                () -> nobodyHoldsPermits("api", "k") && table.primitives().orElseThrow().tryReadLockInSession("cache", "k", "probe", SESSION, 0)
                        != null,
                () -> "the abandoned grants were never released: " + permits + " / " + write + "; free permits "
                        + table.primitives().orElseThrow().availablePermits("api", "k"));
    }

    @Test
    void abandonedPermitsAreSettledBeforeTheSameHolderAsksAgainSoItsNewGrantStays() throws Exception {
        PrimitiveLockService primitives = slowLeaderAndFollower(Duration.ofMillis(300));
        table.openSession(SESSION, 60_000);

        answerOf(() -> primitives.tryAcquirePermits("api", "k", "holder", 2, 3, SESSION, 50));
        LockGrant again = primitives.tryAcquirePermits("api", "k", "holder", 2, 3, SESSION, 0);
        assertNotNull(again);
        Thread.sleep(1_000); // any background release still pending would have run by now
        assertEquals(1, table.primitives().orElseThrow().availablePermits("api", "k"),
                "the permits the holder was just granted were given back");
    }

    /** @return whether every permit is free ({@code -1}: the semaphore is gone, as it goes when none is held) */
    private boolean nobodyHoldsPermits(String lockType, String key) {
        int free = table.primitives().orElseThrow().availablePermits(lockType, key);
        return free == 3 || free == -1;
    }

    /** @return the primitives of a group whose leader carries calls out at once but answers {@code delay} later */
    private PrimitiveLockService slowLeaderAndFollower(Duration delay) throws Exception {
        HessianTestServer slow = serve(leader());
        slow.delayReplies(delay);
        HessianTestServer other = serve(follower(slow.serviceUrl(), new AtomicInteger()));
        return new FailoverMemoryLockService(List.of(slow.serviceUrl(), other.serviceUrl()),
                SETTINGS.withReadTimeout(Duration.ofSeconds(1))).primitives();
    }

    private HessianTestServer serve(Member member) throws Exception {
        HessianTestServer server = HessianTestServer.start(member, Member.class);
        servers.add(server);
        return server;
    }

    /** A member that serves locks and primitives from this test's one table. */
    private Member leader() {
        PrimitiveLockService primitives = table.primitives().orElseThrow();
        return member((method, args) -> method.invoke(
                method.getDeclaringClass() == PrimitiveLockService.class ? primitives : table, args));
    }

    /** A member that answers every call "not leader", naming {@code leader}, and counts the calls. */
    private static Member follower(URI leader, AtomicInteger calls) {
        return member((method, args) -> {
            calls.incrementAndGet();
            throw NotLeaderException.pointingTo(leader);
        });
    }

    @FunctionalInterface
    private interface Call {
        Object invoke(Method method, Object[] args) throws Exception;
    }

    private static Member member(Call call) {
        return (Member) Proxy.newProxyInstance(Member.class.getClassLoader(), new Class<?>[] {Member.class},
                (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return method.getName().equals("toString") ? "member" : method.invoke(call, args);
                    }
                    try {
                        return call.invoke(method, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static Object answerOf(Supplier<Object> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            return e;
        }
    }
}
