package io.lockfacade.spring.boot.autoconfigure.metrics;

import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.spring.boot.autoconfigure.RealMasterExtension;
import io.lockfacade.testsupport.await.Await;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A {@code DistributeLock} on a real master reports its semaphores and leaderships to {@link LockFacadeMetrics}. */
class PrimitiveMetersTest {

    @RegisterExtension
    static final RealMasterExtension MASTER = new RealMasterExtension();

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void permitsHeldAndTermsBegunAndEndedAreRecorded() throws Exception {
        try (DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(MASTER.serviceUri(),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId("metered"),
                new LockFacadeMetrics(registry))) {
            LockFacadeSemaphore permits = locks.semaphore("reports", "pdf", 3);
            assertThat(permits.tryAcquire(2, 5, TimeUnit.SECONDS)).isTrue();
            assertThat(registry.get(PrimitiveMeters.PERMITS_HELD).gauge().value()).isEqualTo(2);
            permits.release(2);
            assertThat(registry.get(PrimitiveMeters.PERMITS_HELD).gauge().value()).isZero();
            assertThat(registry.get(PrimitiveMeters.PERMITS_WAITING).gauge().value()).isZero();

            Leadership leadership = locks.leadership("metered-job", new LeadershipListener() {
                @Override
                public void elected(long epoch) {
                }

                @Override
                public void revoked() {
                }
            });
            Await.until("elected", leadership::isLeader);
            leadership.close();
            assertThat(registry.get(PrimitiveMeters.ELECTED).tag("name", "metered-job").counter().count())
                    .isEqualTo(1);
            assertThat(registry.get(PrimitiveMeters.REVOKED).tag("name", "metered-job").counter().count())
                    .isEqualTo(1);
        }
    }
}
