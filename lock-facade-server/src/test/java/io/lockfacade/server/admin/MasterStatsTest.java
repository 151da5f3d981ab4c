package io.lockfacade.server.admin;

import io.lockfacade.server.service.MasterSettings;
import io.lockfacade.server.service.MemoryLockServiceImpl;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MasterStatsTest {

    @Test
    void countsLocksAndGrantsAndTheTimeSinceStart() {
        try (MemoryLockServiceImpl service = new MemoryLockServiceImpl(MasterSettings.defaults())) {
            service.tryLock("order", "1", "a", 0, 0);
            service.tryLock("order", "2", "a", 0, 0);
            service.unlock("order", "2", "a");

            MasterStats stats = MasterStats.of(service, service.startedAtEpochMillis() + 1_500);

            assertEquals(1, stats.lockCount());
            assertEquals(2, stats.grantCount());
            assertEquals(Duration.ofMillis(1_500), stats.uptime());
        }
    }

    @Test
    void aClockSetBackReadsAsZeroUptime() {
        try (MemoryLockServiceImpl service = new MemoryLockServiceImpl(MasterSettings.defaults())) {
            assertEquals(Duration.ZERO, MasterStats.of(service, service.startedAtEpochMillis() - 1).uptime());
        }
    }
}
