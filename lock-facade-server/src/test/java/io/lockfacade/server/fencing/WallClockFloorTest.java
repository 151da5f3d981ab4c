package io.lockfacade.server.fencing;

import io.lockfacade.api.LockLimits;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WallClockFloorTest {

    @Test
    void theFloorIsTheWallClockInMicroseconds() {
        AtomicLong millis = new AtomicLong(1_700_000_000_000L);

        assertEquals(1_700_000_000_000_000L, new WallClockFloor(millis::get).floor());
    }

    @Test
    void theSystemFloorIsPositiveAndBelowTheJsonSafeBound() {
        long floor = new WallClockFloor().floor();

        assertTrue(floor > 0 && floor < LockLimits.FENCING_TOKEN_BOUND);
        assertTrue(floor >= TimeUnit.MILLISECONDS.toMicros(System.currentTimeMillis() - 1_000));
    }
}
