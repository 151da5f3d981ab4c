package io.lockfacade.integration.cluster;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.integration.LockFacadeLockRegistry;
import org.springframework.integration.leader.Context;
import org.springframework.integration.leader.DefaultCandidate;
import org.springframework.integration.support.leader.LockRegistryLeaderInitiator;

import java.time.Duration;

/**
 * A node in its own JVM that takes part in Spring Integration's leader election
 * ({@link LockRegistryLeaderInitiator}) through {@link LockFacadeLockRegistry}, printing {@code GRANTED id} and
 * {@code REVOKED id} as its role changes, until its standard input closes or it is killed.
 *
 * <p>Arguments: master URL(s), node id, session TTL in milliseconds.
 */
public final class LeaderNodeMain {

    static final String ROLE = "cleanup";

    private LeaderNodeMain() {
    }

    public static void main(String[] args) throws Exception {
        String nodeId = args[1];
        DistributeLockSettings settings = DistributeLockSettings.defaults().withNodeId(nodeId)
                .withLease(Duration.ofMillis(Long.parseLong(args[2])));
        try (DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(args[0],
                ClientTransportSettings.defaults()), settings)) {
            LockRegistryLeaderInitiator initiator = new LockRegistryLeaderInitiator(
                    new LockFacadeLockRegistry(locks, "leaders"), new PrintingCandidate(nodeId));
            initiator.start();
            System.out.println("STARTED " + nodeId);
            while (System.in.read() >= 0) {
                // runs until the test closes standard input
            }
            initiator.stop();
        }
    }

    /** Prints its role changes. */
    private static final class PrintingCandidate extends DefaultCandidate {

        PrintingCandidate(String id) {
            super(id, ROLE);
        }

        @Override
        public void onGranted(Context context) {
            System.out.println("GRANTED " + getId());
        }

        @Override
        public void onRevoked(Context context) {
            System.out.println("REVOKED " + getId());
        }
    }
}
