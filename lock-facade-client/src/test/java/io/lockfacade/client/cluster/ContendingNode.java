package io.lockfacade.client.cluster;

import io.lockfacade.client.LockFacade;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A client node for the cluster test: its threads add one to counters kept in plain files of a shared folder,
 * each under the distributed lock of the counter's key, through a reentrant call chain. The files hold no lock of
 * their own, so any lapse in mutual exclusion shows up as a lost update.
 *
 * <p>Each file also records the fencing token and node of its last writer. A write whose token is smaller than the
 * recorded one, or not larger while the node changed, is a fencing violation.
 *
 * <p>Arguments: master URL, shared folder, node id, threads, increments per thread, number of keys.
 * Prints {@code RESULT node=<id> increments=<n> violations=<n>} and exits 0.
 */
public final class ContendingNode {

    static final String LOCK_TYPE = "account";
    private static final long LOCK_TIMEOUT_MILLIS = TimeUnit.SECONDS.toMillis(60);

    private final LockFacade locks;
    private final Path folder;
    private final String nodeId;
    private final AtomicInteger violations = new AtomicInteger();
    private final AtomicInteger increments = new AtomicInteger();

    private ContendingNode(LockFacade locks, Path folder, String nodeId) {
        this.locks = locks;
        this.folder = folder;
        this.nodeId = nodeId;
    }

    public static void main(String[] args) throws Exception {
        URI master = URI.create(args[0]);
        Path folder = Path.of(args[1]);
        String nodeId = args[2];
        int threads = Integer.parseInt(args[3]);
        int perThread = Integer.parseInt(args[4]);
        int keys = Integer.parseInt(args[5]);
        try (DistributeLock locks = new DistributeLock(
                MemoryLockServiceProxies.create(master, ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId(nodeId))) {
            ContendingNode node = new ContendingNode(locks, folder, nodeId);
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread worker = new Thread(() -> node.work(perThread, keys), nodeId + "-worker-" + t);
                worker.start();
                workers.add(worker);
            }
            for (Thread worker : workers) {
                worker.join();
            }
            System.out.println("RESULT node=" + nodeId + " increments=" + node.increments.get()
                    + " violations=" + node.violations.get());
        }
    }

    private void work(int increments, int keys) {
        for (int i = 0; i < increments; i++) {
            String key = "k" + ThreadLocalRandom.current().nextInt(keys);
            try {
                locks.lock(LOCK_TYPE, key, LOCK_TIMEOUT_MILLIS);
                try {
                    addOne(key);
                } finally {
                    locks.unlock(LOCK_TYPE, key);
                }
            } catch (Exception e) {
                System.out.println("FAILED " + e);
                violations.incrementAndGet();
            }
        }
    }

    /** The inner step of the call chain: takes the same lock again (reentrancy) before touching the file. */
    private void addOne(String key) throws Exception {
        locks.lock(LOCK_TYPE, key, LOCK_TIMEOUT_MILLIS);
        try {
            long token = locks.fencingToken(LOCK_TYPE, key).orElseThrow();
            Path file = folder.resolve(key);
            String[] record = Files.exists(file)
                    ? Files.readString(file, StandardCharsets.UTF_8).split(" ")
                    : new String[] {"0", "0", "-"};
            long value = Long.parseLong(record[0]);
            long storedToken = Long.parseLong(record[1]);
            boolean sameNode = record[2].equals(nodeId);
            if (token < storedToken || (!sameNode && token == storedToken)) {
                violations.incrementAndGet();
            }
            Thread.onSpinWait();
            write(file, (value + 1) + " " + token + " " + nodeId);
            increments.incrementAndGet();
        } finally {
            locks.unlock(LOCK_TYPE, key);
        }
    }

    private static void write(Path file, String record) throws IOException {
        Files.writeString(file, record, StandardCharsets.UTF_8);
    }
}
