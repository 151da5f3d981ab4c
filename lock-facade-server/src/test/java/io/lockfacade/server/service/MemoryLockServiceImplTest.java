package io.lockfacade.server.service;

import io.lockfacade.server.table.Handout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the single master adds to the contract ({@link SingleMasterContractTest}): acquisitions that park without a
 * thread, withdrawn by cancelling their future.
 */
class MemoryLockServiceImplTest {

    private final MemoryLockServiceImpl service = new MemoryLockServiceImpl(MasterSettings.defaults());

    @AfterEach
    void stop() {
        service.close();
    }

    @Test
    void cancelledCallNeverEndsUpHoldingTheLock() throws Exception {
        service.tryLock("t", "k", "a", 0, 0);
        CompletableFuture<Handout> gone = service.tryLockAsync("t", "k", "gone", 0, 60_000);
        CompletableFuture<Handout> next = service.tryLockAsync("t", "k", "next", 0, 60_000);

        gone.cancel(false);
        service.unlock("t", "k", "a");

        assertEquals("next", next.get(5, TimeUnit.SECONDS).grant().getOwner());
    }

    @Test
    void grantThatRacedWithCancellationIsReleased() throws Exception {
        service.tryLock("t", "k", "a", 0, 0);
        CompletableFuture<Handout> call = service.tryLockAsync("t", "k", "b", 0, 60_000);
        service.unlock("t", "k", "a");
        Handout delivered = call.get(5, TimeUnit.SECONDS);
        assertNotNull(delivered);

        service.releaseUndelivered(delivered);

        assertTrue(service.isLockTypeEmpty("t"));
    }
}
