package io.lockfacade.spring.boot.autoconfigure.metrics;

import io.lockfacade.client.LockObserver.AcquisitionOutcome;
import io.lockfacade.client.LockObserver.LossReason;
import io.lockfacade.client.LockObserver.RemoteCallOutcome;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** What {@link LockFacadeMetrics} records for each event, read back from a {@link SimpleMeterRegistry}. */
class LockFacadeMetricsTest {

    private static final long MILLISECOND = TimeUnit.MILLISECONDS.toNanos(1);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final LockFacadeMetrics metrics = new LockFacadeMetrics(registry);

    @Test
    void acquisitionsAreTimedByTypeAndOutcomeAndMoveTheHeldGauge() {
        metrics.acquisitionEnded("order", AcquisitionOutcome.ACQUIRED, 3 * MILLISECOND);
        metrics.acquisitionEnded("order", AcquisitionOutcome.ACQUIRED, 5 * MILLISECOND);
        metrics.acquisitionEnded("order", AcquisitionOutcome.FAILED, MILLISECOND);
        assertThat(registry.get(LockFacadeMetrics.HELD).gauge().value()).isEqualTo(2);
        metrics.released("order", 7 * MILLISECOND);

        var acquired = registry.get(LockFacadeMetrics.ACQUISITIONS).tags("type", "order", "outcome", "acquired")
                .timer();
        assertThat(acquired.count()).isEqualTo(2);
        assertThat(acquired.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(8);
        assertThat(registry.get(LockFacadeMetrics.ACQUISITIONS).tags("type", "order", "outcome", "failed").timer()
                .count()).isEqualTo(1);
        assertThat(registry.get(LockFacadeMetrics.ACQUISITIONS).tags("type", "order", "outcome", "timed_out")
                .timer().count()).isZero();
        assertThat(registry.get(LockFacadeMetrics.HOLD).tag("type", "order").timer().totalTime(TimeUnit.MILLISECONDS))
                .isEqualTo(7);
        assertThat(registry.get(LockFacadeMetrics.HELD).gauge().value()).isEqualTo(1);
    }

    @Test
    void lossesAreCountedByTypeAndReason() {
        metrics.lost("order", LossReason.SESSION_TIMED_OUT);
        metrics.lost("order", LossReason.SESSION_TIMED_OUT);
        metrics.lost("invoice", LossReason.REMOVED);

        assertThat(registry.get(LockFacadeMetrics.LOST).tags("type", "order", "reason", "session_timed_out")
                .counter().count()).isEqualTo(2);
        assertThat(registry.get(LockFacadeMetrics.LOST).tags("type", "invoice", "reason", "removed").counter()
                .count()).isEqualTo(1);
        assertThat(registry.get(LockFacadeMetrics.LOST).tags("type", "order", "reason", "session_ended").counter()
                .count()).isZero();
    }

    @Test
    void deadlockVictimsAreCountedByType() {
        metrics.deadlockVictim("order");
        metrics.deadlockVictim("order");

        assertThat(registry.get(LockFacadeMetrics.DEADLOCK_VICTIMS).tags("type", "order").counter().count())
                .isEqualTo(2);
    }

    @Test
    void remoteCallsAreTimedByMethodAndOutcome() {
        metrics.remoteCallEnded("unlock", RemoteCallOutcome.ANSWERED, MILLISECOND);
        metrics.remoteCallEnded("tryLockInSession", RemoteCallOutcome.REFUSED, MILLISECOND);
        metrics.remoteCallEnded("tryLockInSession", RemoteCallOutcome.FAILED, MILLISECOND);

        assertThat(registry.get(LockFacadeMetrics.REMOTE_CALLS).tags("method", "unlock", "outcome", "answered")
                .timer().count()).isEqualTo(1);
        assertThat(registry.get(LockFacadeMetrics.REMOTE_CALLS)
                .tags("method", "tryLockInSession", "outcome", "refused").timer().count()).isEqualTo(1);
        assertThat(registry.get(LockFacadeMetrics.REMOTE_CALLS)
                .tags("method", "tryLockInSession", "outcome", "failed").timer().count()).isEqualTo(1);
    }

    @Test
    void lockTypesBeyondTheCapShareOneTag() {
        for (int i = 0; i < LockFacadeMetrics.MAX_LOCK_TYPES + 50; i++) {
            metrics.handedOff("type-" + i);
        }
        metrics.handedOff("type-0");

        assertThat(registry.get(LockFacadeMetrics.HANDOFFS).counters()).hasSize(LockFacadeMetrics.MAX_LOCK_TYPES + 1);
        assertThat(registry.get(LockFacadeMetrics.HANDOFFS).tag("type", LockFacadeMetrics.OTHER_TYPES).counter()
                .count()).isEqualTo(50);
        assertThat(registry.get(LockFacadeMetrics.HANDOFFS).tag("type", "type-0").counter().count()).isEqualTo(2);
    }
}
