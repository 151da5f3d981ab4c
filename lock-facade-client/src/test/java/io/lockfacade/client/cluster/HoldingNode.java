package io.lockfacade.client.cluster;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * A client node that takes one lock with a short lease, keeps renewing it, prints {@code HELD <token>} and then
 * waits to be killed. Arguments: master URL, lock type, key, lease in milliseconds.
 */
public final class HoldingNode {

    public static void main(String[] args) throws Exception {
        URI master = URI.create(args[0]);
        Duration lease = Duration.ofMillis(Long.parseLong(args[3]));
        DistributeLock locks = new DistributeLock(
                MemoryLockServiceProxies.create(master, ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId("holder").withLease(lease));
        locks.lock(args[1], args[2], 10_000);
        System.out.println("HELD " + locks.fencingToken(args[1], args[2]).orElseThrow());
        new CountDownLatch(1).await();
    }
}
