package io.lockfacade.client.spring;

import io.lockfacade.api.LockLostException;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.memory.MemoryLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a {@link DistributeLocked} call does, on an in-JVM {@link MemoryLock} (no master, no HTTP). */
class DistributeLockedAdviceTest {

    private static final String ORDER = "A-1";
    private static final long PATIENCE_SECONDS = 5;

    /** A context locking with a MemoryLock. */
    @Configuration(proxyBeanMethods = false)
    @EnableDistributeLocked
    static class MemoryLockApplication {
        @Bean
        MemoryLock memoryLock() {
            return new MemoryLock();
        }

        @Bean
        Orders orders() {
            return new Orders();
        }
    }

    private final ExecutorService otherThread = Executors.newSingleThreadExecutor();
    private AnnotationConfigApplicationContext context;
    private LockFacade locks;
    private Orders orders;

    @BeforeEach
    void start() {
        context = new AnnotationConfigApplicationContext(MemoryLockApplication.class);
        locks = context.getBean(LockFacade.class);
        orders = context.getBean(Orders.class);
    }

    @AfterEach
    void stop() {
        otherThread.shutdownNow();
        context.close();
    }

    @Test
    void theBeanIsProxied() {
        assertTrue(AopUtils.isAopProxy(orders));
    }

    @Test
    void theFencingTokenIsReachableInsideTheMethod() {
        long first = orders.ship(ORDER);
        long second = orders.ship(ORDER);

        assertTrue(first > 0, "token " + first);
        assertTrue(second > first, first + " then " + second);
    }

    @Test
    void theLockIsHeldDuringTheCallAndReleasedAfter() throws Exception {
        assertFalse(locks.isHeldByCurrentThread(Orders.TYPE, ORDER));
        orders.ship(ORDER);

        assertTrue(locks.isLockTypeEmpty(Orders.TYPE));
        assertTrue(otherThreadGetsTheLock());
    }

    @Test
    void aNestedCallOnTheSameKeyReentersTheSameGrant() {
        long[] tokens = orders.shipTwice(ORDER, orders);

        assertEquals(tokens[0], tokens[1], "inner call sees the outer grant");
        assertEquals(tokens[0], tokens[2], "outer token is current again after the inner call");
        assertTrue(locks.isLockTypeEmpty(Orders.TYPE), "both levels released");
    }

    @Test
    void aNestedCallOnAnotherKeyIsCurrentOnlyWhileItRuns() {
        String[] keys = orders.nestOtherKey("outer", "inner", orders);

        assertArrayEquals(new String[] {"inner", "outer"}, keys);
    }

    @Test
    void anExceptionReleasesTheLockAndReachesTheCaller() throws Exception {
        IllegalStateException failure = new IllegalStateException("out of stock");

        assertSame(failure, assertThrows(IllegalStateException.class, () -> orders.fail(ORDER, failure)));
        assertTrue(locks.isLockTypeEmpty(Orders.TYPE));
        assertTrue(otherThreadGetsTheLock());
    }

    @Test
    void aLockHeldElsewhereTimesOutAndTheMethodDoesNotRun() throws Exception {
        try (HeldElsewhere ignored = holdInOtherThread()) {
            LockAcquisitionTimeoutException timeout = assertThrows(LockAcquisitionTimeoutException.class,
                    () -> orders.ship(ORDER));

            assertEquals(Orders.TYPE, timeout.lockType());
            assertEquals(ORDER, timeout.key());
            assertEquals(Orders.SHORT_WAIT_MILLIS, timeout.waitTime().toMillis());
            assertTrue(timeout.getMessage().contains("Orders.ship(String)"), timeout.getMessage());
        }
        assertEquals(0, orders.runs());
    }

    @Test
    void anInterruptedWaitIsRethrownWhenTheMethodDeclaresIt() throws Exception {
        try (HeldElsewhere ignored = holdInOtherThread()) {
            Thread.currentThread().interrupt();

            assertThrows(InterruptedException.class, () -> orders.shipInterruptibly(ORDER));
        }
        assertEquals(0, orders.runs());
    }

    @Test
    void anInterruptedWaitOtherwiseThrowsUncheckedAndKeepsTheFlag() throws Exception {
        try (HeldElsewhere ignored = holdInOtherThread()) {
            Thread.currentThread().interrupt();

            LockAcquisitionException failure = assertThrows(LockAcquisitionException.class,
                    () -> orders.shipPatiently(ORDER));

            assertTrue(Thread.interrupted(), "interrupt flag set again");
            assertTrue(failure.getCause() instanceof InterruptedException);
        }
        assertEquals(0, orders.runs());
    }

    @Test
    void outsideALockedCallThereIsNoCurrentToken() {
        orders.ship(ORDER);

        assertTrue(LockContext.current().isEmpty());
        assertThrows(IllegalStateException.class, LockContext::currentFencingToken);
    }

    @Test
    void aLockLostDuringTheMethodIsReportedAfterItReturns() {
        try (AnnotationConfigApplicationContext losing = contextLockingWith(new LosingLockFacade())) {
            Orders lost = losing.getBean(Orders.class);

            assertThrows(LockLostException.class, () -> lost.ship(ORDER));
            assertEquals(1, lost.runs());
        }
    }

    @Test
    void aLockLostDuringAFailedMethodIsAttachedToItsException() {
        try (AnnotationConfigApplicationContext losing = contextLockingWith(new LosingLockFacade())) {
            IllegalStateException failure = new IllegalStateException("out of stock");

            assertSame(failure, assertThrows(IllegalStateException.class,
                    () -> losing.getBean(Orders.class).fail(ORDER, failure)));
            assertTrue(failure.getSuppressed()[0] instanceof LockLostException);
        }
    }

    private static AnnotationConfigApplicationContext contextLockingWith(LockFacade facade) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.registerBean(LockFacade.class, () -> facade);
        context.registerBean(Orders.class);
        context.register(DistributeLockedConfiguration.class);
        context.refresh();
        return context;
    }

    private boolean otherThreadGetsTheLock() throws Exception {
        return otherThread.submit(() -> {
            boolean acquired = locks.tryLock(Orders.TYPE, ORDER);
            if (acquired) {
                locks.unlock(Orders.TYPE, ORDER);
            }
            return acquired;
        }).get(PATIENCE_SECONDS, TimeUnit.SECONDS);
    }

    private HeldElsewhere holdInOtherThread() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = otherThread.submit(() -> {
            locks.lock(Orders.TYPE, ORDER, TimeUnit.SECONDS.toMillis(PATIENCE_SECONDS));
            try {
                held.countDown();
                release.await(PATIENCE_SECONDS, TimeUnit.SECONDS);
            } finally {
                locks.unlock(Orders.TYPE, ORDER);
            }
            return null;
        });
        assertTrue(held.await(PATIENCE_SECONDS, TimeUnit.SECONDS), "other thread took the lock");
        return () -> {
            release.countDown();
            holder.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        };
    }

    /** Releases the other thread's hold. */
    @FunctionalInterface
    private interface HeldElsewhere extends AutoCloseable {
        @Override
        void close() throws Exception;
    }
}
