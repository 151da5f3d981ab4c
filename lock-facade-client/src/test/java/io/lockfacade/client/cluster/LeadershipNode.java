package io.lockfacade.client.cluster;

import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.net.URI;
import java.time.Duration;

/**
 * A client node taking part in leadership {@value #NAME}; a thread asks {@code isLeader()} every
 * {@value #POLL_MILLIS} ms and prints the changes it sees, on this machine's monotonic clock (shared by every process
 * on Linux): {@code LEADS <epoch> <nanos read before the first true answer>} and
 * {@code FOLLOWS <nanos read after the last true answer>}; the listener prints {@code ELECTED <epoch>} and
 * {@code REVOKED}. Arguments: master URL, node id, session TTL in milliseconds. Ends when its input closes.
 */
public final class LeadershipNode {

    static final String NAME = "cluster-leader";
    private static final long POLL_MILLIS = 2;

    public static void main(String[] args) throws Exception {
        DistributeLock locks = new DistributeLock(
                MemoryLockServiceProxies.create(URI.create(args[0]), ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId(args[1]).withLease(Duration.ofMillis(Long.parseLong(args[2]))));
        Leadership leadership = locks.leadership(NAME, new LeadershipListener() {
            @Override
            public void elected(long epoch) {
                System.out.println("ELECTED " + epoch);
            }

            @Override
            public void revoked() {
                System.out.println("REVOKED");
            }
        });
        Thread watcher = new Thread(() -> watch(leadership), "watcher");
        watcher.setDaemon(true);
        watcher.start();
        System.out.println("STARTED");
        while (System.in.read() >= 0) {
            // until the parent closes our input
        }
        leadership.close();
        locks.close();
    }

    private static void watch(Leadership leadership) {
        boolean leading = false;
        long lastTrueAfter = 0;
        while (true) {
            long before = System.nanoTime();
            boolean leads = leadership.isLeader();
            long epoch = leadership.epoch();
            long after = System.nanoTime();
            if (leads && !leading) {
                System.out.println("LEADS " + epoch + " " + before);
            } else if (!leads && leading) {
                System.out.println("FOLLOWS " + lastTrueAfter);
            }
            if (leads) {
                lastTrueAfter = after;
            }
            leading = leads;
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
