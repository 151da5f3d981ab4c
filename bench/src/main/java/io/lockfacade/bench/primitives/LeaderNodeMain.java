package io.lockfacade.bench.primitives;

import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A client JVM of the benchmark taking part in one leadership: a thread asks {@code isLeader()} every millisecond
 * and prints {@code LEADS <nanos read before the first true answer>} when it starts leading. On the input line
 * {@code LEAVE} it prints {@code LEAVING <nanos>} and closes its leadership (a hand-over); its input closing ends it.
 * Arguments: master URL, node id, session TTL in ms, leadership name.
 */
public final class LeaderNodeMain {

    private LeaderNodeMain() {
    }

    public static void main(String[] args) throws Exception {
        DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(URI.create(args[0]),
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId(args[1])
                .withLease(Duration.ofMillis(Long.parseLong(args[2]))));
        Leadership leadership = locks.leadership(args[3], new LeadershipListener() {
            @Override
            public void elected(long epoch) {
            }

            @Override
            public void revoked() {
            }
        });
        Thread watcher = new Thread(() -> watch(leadership), "watcher");
        watcher.setDaemon(true);
        watcher.start();
        System.out.println("READY");
        BufferedReader input = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = input.readLine(); line != null; line = input.readLine()) {
            if (line.equals("LEAVE")) {
                System.out.println("LEAVING " + System.nanoTime());
                leadership.close();
            }
        }
        locks.close();
    }

    private static void watch(Leadership leadership) {
        boolean leading = false;
        while (!leading) {
            long before = System.nanoTime();
            leading = leadership.isLeader();
            if (leading) {
                System.out.println("LEADS " + before);
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
