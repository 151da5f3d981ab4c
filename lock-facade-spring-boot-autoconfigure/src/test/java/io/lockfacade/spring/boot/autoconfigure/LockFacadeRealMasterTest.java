package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.api.LockLostException;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.spring.boot.autoconfigure.health.LockFacadeHealthIndicator;
import io.lockfacade.spring.boot.autoconfigure.metrics.LockFacadeMetrics;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterOptions;
import io.lockfacade.webapp.MasterServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.annotation.Resource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Spring Boot application using the auto-configuration against a real master (the webapp's {@link MasterServer},
 * in-process on an ephemeral port, over HTTP): locks, {@code @DistributeLocked}, metric values after known
 * operations, the health indicator as the master stops and returns, and what closing the context releases.
 */
@SpringBootTest(classes = LockFacadeRealMasterTest.App.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class LockFacadeRealMasterTest {

    private static final String NODE_ID = "node-boot";
    private static final long PATIENCE_MILLIS = 5_000;
    private static final long SHORT_WAIT_MILLIS = 200;
    private static final long PATIENCE_SECONDS = 10;

    @RegisterExtension
    static final RealMasterExtension MASTER = new RealMasterExtension();

    @Autowired
    private LockFacade distributeLock;
    @Resource(name = "memoryLock")
    private LockFacade memoryLock;
    @Autowired
    private Shipping shipping;
    @Autowired
    private MeterRegistry registry;
    @Autowired
    private LockFacadeHealthIndicator health;

    /** The test application: auto-configuration, a meter registry and one bean with a locked method. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        SimpleMeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }

        @Bean
        Shipping shipping() {
            return new Shipping();
        }
    }

    @DynamicPropertySource
    static void lockFacadeProperties(DynamicPropertyRegistry properties) {
        properties.add("lockfacade.master-url", () -> MASTER.serviceUri().toString());
        properties.add("lockfacade.node-id", () -> NODE_ID);
    }

    @Test
    void theLockIsADistributeLockUnderBothNamesHeldOnTheMaster() throws Exception {
        assertThat(distributeLock).isInstanceOf(DistributeLock.class).isSameAs(memoryLock);

        memoryLock.lock("boot-orders", "1", PATIENCE_MILLIS);
        try {
            assertThat(MASTER.service().isLockTypeEmpty("boot-orders")).isFalse();
        } finally {
            memoryLock.unlock("boot-orders", "1");
        }
        assertThat(MASTER.service().isLockTypeEmpty("boot-orders")).isTrue();
    }

    @Test
    void aDistributeLockedMethodRunsHoldingItsLockOnTheMaster() {
        boolean heldInside = shipping.ship("order-7", () -> !MASTER.service().isLockTypeEmpty(Shipping.TYPE));

        assertThat(heldInside).isTrue();
        assertThat(MASTER.service().isLockTypeEmpty(Shipping.TYPE)).isTrue();
    }

    @Test
    void metricsCountKnownAcquisitionsReleasesAndRemoteCalls() throws Exception {
        String type = "boot-metrics";
        double tryLockCalls = remoteCalls("tryLockInSession", "answered");
        double unlockCalls = remoteCalls("unlock", "answered");
        DistributeLock otherNode = otherNode("node-other");
        try {
            otherNode.lock(type, "busy", PATIENCE_MILLIS);
            for (int i = 0; i < 3; i++) {
                distributeLock.lock(type, "free", PATIENCE_MILLIS);
                assertThat(gauge(LockFacadeMetrics.HELD)).isEqualTo(1);
                distributeLock.unlock(type, "free");
            }
            assertThat(distributeLock.tryLock(type, "busy", SHORT_WAIT_MILLIS, TimeUnit.MILLISECONDS)).isFalse();
            otherNode.unlock(type, "busy");
        } finally {
            otherNode.close();
        }

        assertThat(acquisitions(type, "acquired").count()).isEqualTo(3);
        assertThat(acquisitions(type, "timed_out").count()).isEqualTo(1);
        assertThat(acquisitions(type, "timed_out").totalTime(TimeUnit.MILLISECONDS)).isGreaterThanOrEqualTo(
                SHORT_WAIT_MILLIS);
        assertThat(acquisitions(type, "failed").count()).isZero();
        assertThat(registry.get(LockFacadeMetrics.HOLD).tag("type", type).timer().count()).isEqualTo(3);
        assertThat(registry.get(LockFacadeMetrics.HANDOFFS).tag("type", type).counter().count()).isZero();
        assertThat(gauge(LockFacadeMetrics.HELD)).isZero();
        assertThat(remoteCalls("tryLockInSession", "answered") - tryLockCalls).isEqualTo(4);
        assertThat(remoteCalls("unlock", "answered") - unlockCalls).isEqualTo(3);
    }

    @Test
    void aLocalHandOffIsCountedAndCostsNoRemoteCall() throws Exception {
        String type = "boot-handoff";
        double tryLockCalls = remoteCalls("tryLockInSession", "answered");
        ExecutorService second = Executors.newSingleThreadExecutor();
        try {
            distributeLock.lock(type, "k", PATIENCE_MILLIS);
            AtomicReference<Thread> waiter = new AtomicReference<>();
            Future<Void> next = second.submit(() -> {
                waiter.set(Thread.currentThread());
                distributeLock.lock(type, "k", PATIENCE_MILLIS);
                distributeLock.unlock(type, "k");
                return null;
            });
            Await.until("the second thread waits for the lock", () -> waiter.get() != null
                    && waiter.get().getState() == Thread.State.TIMED_WAITING);
            distributeLock.unlock(type, "k");
            next.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        } finally {
            second.shutdownNow();
        }

        assertThat(registry.get(LockFacadeMetrics.HANDOFFS).tag("type", type).counter().count()).isEqualTo(1);
        assertThat(acquisitions(type, "acquired").count()).isEqualTo(2);
        assertThat(remoteCalls("tryLockInSession", "answered") - tryLockCalls).isEqualTo(1);
    }

    @Test
    void aLockAnOperatorRemovedIsCountedLostAndShownByTheHealthIndicator() throws Exception {
        String type = "boot-lost";
        long lostBefore = ((Number) health.health().getDetails().get("locksLost")).longValue();
        distributeLock.lock(type, "k", PATIENCE_MILLIS);

        removeOnTheAdminApi(type, "k");
        assertThatThrownBy(() -> distributeLock.unlock(type, "k")).isInstanceOf(LockLostException.class);

        assertThat(registry.get(LockFacadeMetrics.LOST).tags("type", type, "reason", "removed").counter().count())
                .isEqualTo(1);
        assertThat(((Number) health.health().getDetails().get("locksLost")).longValue()).isEqualTo(lostBefore + 1);
    }

    @Test
    void theHealthIndicatorIsDownWhileTheMasterIsStoppedAndUpWhenItReturns() throws Exception {
        distributeLock.lock("boot-health", "k", PATIENCE_MILLIS);
        Health up = health.health();
        distributeLock.unlock("boot-health", "k");
        assertThat(up.getStatus()).isEqualTo(Status.UP);
        assertThat(up.getDetails()).containsEntry("session", "alive").containsEntry("locksHeld", 1L)
                .containsKey("master");

        MASTER.stop();
        Health down = health.health();
        assertThat(down.getStatus()).isEqualTo(Status.DOWN);
        assertThat(down.getDetails()).containsKey("error");

        MASTER.startAgain();
        Await.until("the health indicator is up again", () -> health.health().getStatus().equals(Status.UP));
        distributeLock.lock("boot-health", "k", PATIENCE_MILLIS); // a new session on the new master
        distributeLock.unlock("boot-health", "k");
        assertThat(health.health().getDetails()).containsEntry("session", "alive");
    }

    @Test
    void closingTheContextClosesTheSessionStopsKeepAlivesAndTheConnections() throws Exception {
        String nodeId = "node-closing";
        ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
                .web(WebApplicationType.NONE)
                .properties("lockfacade.master-url=" + MASTER.serviceUri(), "lockfacade.node-id=" + nodeId,
                        "spring.main.banner-mode=off")
                .run();
        DistributeLock lock = context.getBean(DistributeLock.class);
        MemoryLockService connection = context.getBean(MemoryLockService.class);
        lock.lock("boot-closing", "k", PATIENCE_MILLIS);
        lock.unlock("boot-closing", "k");
        assertThat(sessionsOf(nodeId)).isEqualTo(1);
        assertThat(keepAliveThreadRuns(nodeId)).isTrue();

        context.close();

        assertThat(sessionsOf(nodeId)).isZero();
        Await.until("the keep-alive thread ends", () -> !keepAliveThreadRuns(nodeId));
        assertThatThrownBy(() -> lock.tryLock("boot-closing", "k")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> connection.isLockTypeEmpty("boot-closing"))
                .isInstanceOf(LockServiceUnavailableException.class);
    }

    private Timer acquisitions(String type, String outcome) {
        return registry.get(LockFacadeMetrics.ACQUISITIONS).tags("type", type, "outcome", outcome).timer();
    }

    private double remoteCalls(String method, String outcome) {
        Timer timer = registry.find(LockFacadeMetrics.REMOTE_CALLS).tags("method", method, "outcome", outcome)
                .timer();
        return timer == null ? 0 : timer.count();
    }

    private double gauge(String name) {
        return registry.get(name).gauge().value();
    }

    private static DistributeLock otherNode(String nodeId) {
        return new DistributeLock(MemoryLockServiceProxies.create(MASTER.serviceUri(),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId(nodeId));
    }

    private static long sessionsOf(String nodeId) {
        return MASTER.service().sessions().describe().stream().filter(s -> s.node().equals(nodeId)).count();
    }

    private static boolean keepAliveThreadRuns(String nodeId) {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().equals("lock-facade-renewal-" + nodeId));
    }

    /** Removes a lock as an operator does, through the admin JSON API. */
    private static void removeOnTheAdminApi(String type, String key) throws IOException, InterruptedException {
        String credentials = Base64.getEncoder().encodeToString(
                (MasterOptions.DEFAULT_ADMIN_USER + ":" + RealMasterExtension.ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(URI.create(MASTER.adminUri().resolve("/admin/api/locks")
                        + "?type=" + type + "&key=" + key))
                .header("Authorization", "Basic " + credentials)
                .header("X-Requested-By", "lock-facade-test")
                .timeout(Duration.ofSeconds(PATIENCE_SECONDS))
                .DELETE().build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    }
}
