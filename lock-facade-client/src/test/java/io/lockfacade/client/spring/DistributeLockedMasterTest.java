package io.lockfacade.client.spring;

import io.lockfacade.client.LockFacade;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link EnableLockFacade} nodes locking {@link DistributeLocked} methods through a real master over HTTP. */
class DistributeLockedMasterTest {

    private static final String ORDER = "A-1";
    private static final long PATIENCE_SECONDS = 20;
    private static final int THREADS_PER_NODE = 2;
    private static final int CALLS_PER_THREAD = 40;

    /** A cluster node: the client beans from the environment, and a locked bean. */
    @Configuration(proxyBeanMethods = false)
    @EnableLockFacade
    static class Node {
        @Bean
        Orders orders() {
            return new Orders();
        }
    }

    private final List<AnnotationConfigApplicationContext> nodes = new ArrayList<>();
    private final ExecutorService workers = Executors.newCachedThreadPool();
    private RealMaster master;

    @BeforeEach
    void startMaster() throws Exception {
        master = RealMaster.start();
    }

    @AfterEach
    void stopEverything() {
        workers.shutdownNow();
        nodes.forEach(AnnotationConfigApplicationContext::close);
        master.close();
    }

    @Test
    void theMethodRunsWhileTheMasterHoldsTheLockAndSeesItsToken() {
        Orders orders = node("node-a").getBean(Orders.class);

        boolean heldOnMaster = orders.inside(ORDER, () -> !master.isLockTypeEmpty(Orders.TYPE));
        long token = orders.ship(ORDER);

        assertTrue(heldOnMaster);
        assertTrue(token > 0, "token " + token);
        assertTrue(master.isLockTypeEmpty(Orders.TYPE), "released on the master");
    }

    @Test
    void aNestedCallOnTheSameKeyReentersOneGrant() {
        Orders orders = node("node-a").getBean(Orders.class);

        long[] tokens = orders.shipTwice(ORDER, orders);

        assertEquals(tokens[0], tokens[1]);
        assertEquals(tokens[0], tokens[2]);
        assertTrue(master.isLockTypeEmpty(Orders.TYPE), "released on the master after the outer call");
    }

    @Test
    void anExceptionReleasesTheLockOnTheMaster() {
        Orders orders = node("node-a").getBean(Orders.class);
        LockFacade otherNode = node("node-b").getBean(LockFacade.class);
        IllegalStateException failure = new IllegalStateException("out of stock");

        assertSame(failure, assertThrows(IllegalStateException.class, () -> orders.fail(ORDER, failure)));

        assertTrue(master.isLockTypeEmpty(Orders.TYPE));
        assertTrue(otherNode.tryLock(Orders.TYPE, ORDER), "another node gets the lock at once");
        otherNode.unlock(Orders.TYPE, ORDER);
    }

    @Test
    void aLockHeldByAnotherNodeTimesOutAfterTheWait() throws Exception {
        Orders orders = node("node-a").getBean(Orders.class);
        LockFacade otherNode = node("node-b").getBean(LockFacade.class);
        otherNode.lock(Orders.TYPE, ORDER, TimeUnit.SECONDS.toMillis(PATIENCE_SECONDS));
        try {
            long start = System.nanoTime();
            assertThrows(LockAcquisitionTimeoutException.class, () -> orders.ship(ORDER));
            long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertTrue(waitedMillis >= Orders.SHORT_WAIT_MILLIS, "waited " + waitedMillis + " ms");
            assertEquals(0, orders.runs());
        } finally {
            otherNode.unlock(Orders.TYPE, ORDER);
        }
        assertTrue(master.isLockTypeEmpty(Orders.TYPE), "the timed-out call left nothing on the master");
    }

    @Test
    void callsOnTwoNodesNeverOverlapAndSeeNonDecreasingTokens() throws Exception {
        List<Orders> replicas = List.of(node("node-a").getBean(Orders.class), node("node-b").getBean(Orders.class));
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        List<Long> tokens = Collections.synchronizedList(new ArrayList<>());
        List<Future<?>> calls = new ArrayList<>();
        for (Orders orders : replicas) {
            for (int t = 0; t < THREADS_PER_NODE; t++) {
                calls.add(workers.submit(() -> {
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        orders.inside(ORDER, () -> {
                            if (inside.incrementAndGet() != 1) {
                                overlaps.incrementAndGet();
                            }
                            tokens.add(LockContext.currentFencingToken());
                            inside.decrementAndGet();
                            return null;
                        });
                    }
                    return null;
                }));
            }
        }
        for (Future<?> call : calls) {
            call.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        }

        assertEquals(0, overlaps.get());
        assertEquals(replicas.size() * THREADS_PER_NODE * CALLS_PER_THREAD, tokens.size());
        List<Long> sorted = new ArrayList<>(tokens);
        Collections.sort(sorted);
        assertArrayEquals(sorted.toArray(), tokens.toArray(), "tokens in the order the calls ran");
        assertFalse(tokens.isEmpty());
    }

    private AnnotationConfigApplicationContext node(String nodeId) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.getEnvironment().getPropertySources()
                .addFirst(new MapPropertySource(nodeId, master.nodeProperties(nodeId)));
        context.register(Node.class);
        context.refresh();
        nodes.add(context);
        return context;
    }
}
