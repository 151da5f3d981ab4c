package io.lockfacade.reliability.chaos;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The shape of a chaos run.
 *
 * @param duration             how long faults are injected (a quiet period and the shutdown follow)
 * @param nodes                client JVMs kept running (a killed one is replaced)
 * @param threadsPerNode       worker threads per client JVM
 * @param lockTypes            lock types the workers use
 * @param keysPerType          keys per type; few keys mean heavy contention
 * @param leaseMillis          the clients' lease
 * @param remoteWaitCapMillis  the longest wait one client call asks of the master
 * @param connectTimeoutMillis the clients' connect timeout
 * @param readTimeoutMillis    the clients' read timeout
 * @param maxProxyDelayMillis  the proxy's largest delay per chunk during a delay fault
 * @param seed                 seed of the fault schedule and the nodes' choices
 * @param logDir               where the master's and nodes' output goes
 */
public record ChaosSettings(Duration duration, int nodes, int threadsPerNode, int lockTypes, int keysPerType,
                            long leaseMillis, long remoteWaitCapMillis, long connectTimeoutMillis,
                            long readTimeoutMillis, long maxProxyDelayMillis, long seed, Path logDir) {

    /** Slack for scheduling on a loaded machine, added to every bound derived from the timeouts. */
    public static final long SLACK_MILLIS = 1_000;

    /** The master's lease expiry resolution (its default). */
    public static final long EXPIRY_TICK_MILLIS = 20;

    /**
     * The settings CI uses, for {@code duration}: three nodes of three threads on six keys, 1.5 s leases.
     */
    public static ChaosSettings standard(Duration duration, long seed, Path logDir) {
        return new ChaosSettings(duration, 3, 3, 2, 3, 1_500, 1_000, 1_000, 3_000, 250, seed, logDir);
    }

    /**
     * @return how long after a client stopped (killed or frozen) the master may still hold a lock for it: a call
     *         sent just before (delayed both ways by the proxy, parked up to the wait cap) can still be granted,
     *         and that grant then lives one lease, plus one expiry tick, plus slack
     */
    public long holderExpiryBoundMillis() {
        return 2 * maxProxyDelayMillis + remoteWaitCapMillis + leaseMillis + EXPIRY_TICK_MILLIS + SLACK_MILLIS;
    }

    /** @return the bound on a call's overrun of its wait, see {@link NodeConfig#hangBoundMillis()} */
    public long hangBoundMillis() {
        return NodeConfig.hangBoundMillis(readTimeoutMillis);
    }

    /** @return the configuration of one node */
    public NodeConfig nodeConfig(String nodeId, URI master, int resourcePort, int maxLocalHandoffs, long nodeSeed) {
        return new NodeConfig(nodeId, master, resourcePort, threadsPerNode, lockTypes, keysPerType, leaseMillis,
                remoteWaitCapMillis, connectTimeoutMillis, readTimeoutMillis, maxLocalHandoffs, nodeSeed);
    }
}
