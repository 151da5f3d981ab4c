package io.lockfacade.testsupport.await;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Timeout(10)
class AwaitTest {

    private static final Duration SHORT = Duration.ofMillis(50);
    private static final Duration TICK = Duration.ofMillis(1);

    @Test
    void valueReturnsTheFirstValueTheProbeFinds() throws InterruptedException {
        AtomicInteger probes = new AtomicInteger();
        String found = Await.value(Duration.ofSeconds(5), TICK,
                () -> probes.incrementAndGet() < 3 ? Optional.empty() : Optional.of("third"), () -> "never");
        assertEquals("third", found);
        assertEquals(3, probes.get());
    }

    @Test
    void valueFailsWithTheGivenMessageWhenTheBoundRunsOut() {
        AssertionError failure = assertThrows(AssertionError.class,
                () -> Await.value(SHORT, TICK, Optional::empty, () -> "nothing within " + SHORT));
        assertEquals("nothing within PT0.05S", failure.getMessage());
    }

    @Test
    void untilFailsWhenTheConditionNeverHolds() {
        AssertionError failure = assertThrows(AssertionError.class,
                () -> Await.until(SHORT, TICK, () -> false, () -> "still false"));
        assertEquals("still false", failure.getMessage());
    }
}
