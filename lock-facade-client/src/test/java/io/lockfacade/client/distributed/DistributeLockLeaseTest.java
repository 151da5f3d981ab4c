package io.lockfacade.client.distributed;

import io.lockfacade.client.LeasedLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static io.lockfacade.client.distributed.ClusterFixture.KEY;
import static io.lockfacade.client.distributed.ClusterFixture.TYPE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link DistributeLock#tryLease}: locks held by no thread, ended by their own lease. */
class DistributeLockLeaseTest {

    private static final Duration LONG = Duration.ofMinutes(1);
    private static final Duration SHORT = Duration.ofMillis(300);

    private final ClusterFixture cluster = new ClusterFixture();

    @AfterEach
    void close() {
        cluster.close();
    }

    @Test
    void aLeaseIsRefusedToEveryOtherHolderUntilReleased() throws Exception {
        DistributeLock node = cluster.node("a");
        LeasedLock lease = node.tryLease(TYPE, KEY, LONG).orElseThrow();

        assertEquals(Optional.empty(), cluster.node("b").tryLease(TYPE, KEY, LONG), "another node");
        assertEquals(Optional.empty(), node.tryLease(TYPE, KEY, LONG), "another lease of the same node");
        assertFalse(node.tryLock(TYPE, KEY), "a thread lock of the same node");

        assertTrue(lease.release());
        assertFalse(lease.release(), "released already");
        assertTrue(node.tryLock(TYPE, KEY));
        node.unlock(TYPE, KEY);
    }

    @Test
    void aThreadLockKeepsLeasesOut() {
        DistributeLock node = cluster.node("a");
        assertTrue(node.tryLock(TYPE, KEY));

        assertEquals(Optional.empty(), node.tryLease(TYPE, KEY, LONG));
        node.unlock(TYPE, KEY);
    }

    @Test
    void theLeaseEndsTheLockAndNothingRenewsIt() throws InterruptedException {
        DistributeLock node = cluster.node("a");
        LeasedLock lease = node.tryLease(TYPE, KEY, SHORT).orElseThrow();

        Thread.sleep(SHORT.toMillis() + 200);

        assertFalse(lease.extend(LONG), "a lease that ran out stays lost");
        LeasedLock next = cluster.node("b").tryLease(TYPE, KEY, LONG).orElseThrow();
        assertTrue(next.fencingToken() > lease.fencingToken());
    }

    @Test
    void extendKeepsTheGrantAndItsToken() throws InterruptedException {
        DistributeLock node = cluster.node("a");
        LeasedLock lease = node.tryLease(TYPE, KEY, SHORT).orElseThrow();

        assertTrue(lease.extend(LONG));
        Thread.sleep(SHORT.toMillis() + 200);

        assertEquals(Optional.empty(), cluster.node("b").tryLease(TYPE, KEY, LONG));
        assertTrue(lease.release());
    }

    @Test
    void leasesOutsideTheLimitsAreRefusedBeforeTheMasterIsAsked() {
        DistributeLock node = cluster.node("a");

        assertThrows(IllegalArgumentException.class, () -> node.tryLease(TYPE, KEY, Duration.ofMillis(50)));
        assertThrows(IllegalArgumentException.class, () -> node.tryLease(TYPE, KEY, Duration.ofHours(25)));
        assertThrows(IllegalArgumentException.class, () -> node.tryLease(TYPE, "", LONG));
        LeasedLock lease = node.tryLease(TYPE, KEY, LONG).orElseThrow();
        assertThrows(IllegalArgumentException.class, () -> lease.extend(Duration.ZERO));
        assertTrue(lease.release());
    }

    @Test
    void aClosedNodeGrantsNoLease() {
        DistributeLock node = cluster.node("a");
        node.close();

        assertThrows(IllegalStateException.class, () -> node.tryLease(TYPE, KEY, LONG));
    }
}
