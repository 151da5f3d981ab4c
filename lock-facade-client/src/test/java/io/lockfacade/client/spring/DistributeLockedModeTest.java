package io.lockfacade.client.spring;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.client.memory.MemoryLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link DistributeLocked#mode()}: methods holding the read or the write side of a read-write lock. */
class DistributeLockedModeTest {

    private static final long PATIENCE_SECONDS = 10;

    /** A context locking with a MemoryLock. */
    @Configuration(proxyBeanMethods = false)
    @EnableDistributeLocked
    static class Application {
        @Bean
        MemoryLock memoryLock() {
            return new MemoryLock();
        }

        @Bean
        Catalog catalog() {
            return new Catalog();
        }
    }

    private final ExecutorService others = Executors.newCachedThreadPool();
    private AnnotationConfigApplicationContext context;
    private Catalog catalog;

    @BeforeEach
    void start() {
        context = new AnnotationConfigApplicationContext(Application.class);
        catalog = context.getBean(Catalog.class);
    }

    @AfterEach
    void stop() throws InterruptedException {
        catalog.letReadersGo();
        others.shutdownNow();
        assertTrue(others.awaitTermination(PATIENCE_SECONDS, TimeUnit.SECONDS));
        context.close();
    }

    @Test
    void readersRunTogetherAndAWriterWaitsForThem() throws Exception {
        catalog.holdReaders();
        Future<Long> first = others.submit(catalog::readAndWait);
        Future<Long> second = others.submit(catalog::readAndWait);
        assertTrue(catalog.bothInside(PATIENCE_SECONDS), "two READ methods run at once");
        Future<Long> writer = others.submit(() -> catalog.reprice(7));
        assertThrows(java.util.concurrent.TimeoutException.class, () -> writer.get(100, TimeUnit.MILLISECONDS),
                "the WRITE method waits while readers run");
        catalog.letReadersGo();
        first.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        second.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        assertTrue(writer.get(PATIENCE_SECONDS, TimeUnit.SECONDS) > 0, "the writer ran with a fencing token");
        assertEquals(7, catalog.price());
    }

    @Test
    void aReadMethodCallingAWriteMethodIsRefusedAtOnce() {
        assertThrows(AcquisitionRefusedException.class, () -> catalog.readThenWrite(catalog));
        assertEquals(100, catalog.price(), "the write method did not run");
    }

    @Test
    void aWriteMethodMayCallAReadMethod() {
        assertEquals(101, catalog.writeThenRead(catalog));
    }
}
