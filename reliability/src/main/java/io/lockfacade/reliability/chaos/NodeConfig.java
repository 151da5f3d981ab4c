package io.lockfacade.reliability.chaos;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How a chaos node runs, passed on its command line as {@code name=value} words (the secret travels in the
 * {@value #SECRET_ENV} environment variable instead).
 *
 * @param nodeId              the node's id, unique per process incarnation
 * @param master              the master URL the node calls (the faulty proxy's)
 * @param resourcePort        the fenced resource's port
 * @param threads             worker threads
 * @param lockTypes           lock types {@code t0..}
 * @param keysPerType         keys per type {@code k0..}
 * @param leaseMillis         the lease asked for
 * @param remoteWaitCapMillis the longest wait asked of the master in one call
 * @param connectTimeoutMillis the transport's connect timeout
 * @param readTimeoutMillis   the transport's read timeout
 * @param maxLocalHandoffs    0 to disable local hand-off
 * @param seed                seed of the node's random choices
 */
public record NodeConfig(String nodeId, URI master, int resourcePort, int threads, int lockTypes, int keysPerType,
                         long leaseMillis, long remoteWaitCapMillis, long connectTimeoutMillis,
                         long readTimeoutMillis, int maxLocalHandoffs, long seed) {

    /** Environment variable carrying the master's shared secret. */
    public static final String SECRET_ENV = "CHAOS_LOCK_SECRET";

    /** @return the command-line words of this configuration */
    public List<String> toArgs() {
        return List.of("nodeId=" + nodeId, "master=" + master, "resourcePort=" + resourcePort, "threads=" + threads,
                "lockTypes=" + lockTypes, "keysPerType=" + keysPerType, "leaseMillis=" + leaseMillis,
                "remoteWaitCapMillis=" + remoteWaitCapMillis, "connectTimeoutMillis=" + connectTimeoutMillis,
                "readTimeoutMillis=" + readTimeoutMillis, "maxLocalHandoffs=" + maxLocalHandoffs, "seed=" + seed);
    }

    /** Parses {@link #toArgs()}. */
    public static NodeConfig parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (String arg : args) {
            String[] pair = arg.split("=", 2);
            values.put(pair[0], pair[1]);
        }
        return new NodeConfig(values.get("nodeId"), URI.create(values.get("master")),
                Integer.parseInt(values.get("resourcePort")), Integer.parseInt(values.get("threads")),
                Integer.parseInt(values.get("lockTypes")), Integer.parseInt(values.get("keysPerType")),
                Long.parseLong(values.get("leaseMillis")), Long.parseLong(values.get("remoteWaitCapMillis")),
                Long.parseLong(values.get("connectTimeoutMillis")), Long.parseLong(values.get("readTimeoutMillis")),
                Integer.parseInt(values.get("maxLocalHandoffs")), Long.parseLong(values.get("seed")));
    }

    /**
     * @return the longest a call may overrun the wait it asked for: a last {@code tryLock} that starts just before
     *         the deadline and the release that follows its failure each take at most the read timeout
     */
    public long hangBoundMillis() {
        return hangBoundMillis(readTimeoutMillis);
    }

    /** @return the hang bound for a client with this read timeout, see {@link #hangBoundMillis()} */
    public static long hangBoundMillis(long readTimeoutMillis) {
        return 2 * readTimeoutMillis + ChaosSettings.SLACK_MILLIS * 2;
    }
}
