package io.lockfacade.client.cluster;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.net.URI;
import java.time.Duration;

/**
 * A client node that takes many locks on its main thread under one session, prints {@code HELD <count>
 * <largest token>}, then prints {@code LOST <count>} whenever the number of its locks it knows lost changes.
 * Arguments: master URL, lock type, lock count, session TTL in milliseconds.
 */
public final class ManyLocksNode {

    private static final long CHECK_INTERVAL_MILLIS = 100;

    public static void main(String[] args) throws Exception {
        URI master = URI.create(args[0]);
        String lockType = args[1];
        int count = Integer.parseInt(args[2]);
        Duration ttl = Duration.ofMillis(Long.parseLong(args[3]));
        DistributeLock locks = new DistributeLock(
                MemoryLockServiceProxies.create(master, ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId("many").withLease(ttl));
        long largestToken = 0;
        for (int i = 0; i < count; i++) {
            locks.lock(lockType, "k" + i, 10_000);
            largestToken = Math.max(largestToken, locks.fencingToken(lockType, "k" + i).orElseThrow());
        }
        System.out.println("HELD " + count + " " + largestToken);
        int reported = 0;
        while (true) {
            int lost = 0;
            for (int i = 0; i < count; i++) {
                if (locks.isLost(lockType, "k" + i)) {
                    lost++;
                }
            }
            if (lost != reported) {
                reported = lost;
                System.out.println("LOST " + lost);
            }
            Thread.sleep(CHECK_INTERVAL_MILLIS);
        }
    }
}
