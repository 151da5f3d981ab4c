package io.lockfacade.spring.boot.autoconfigure;

import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.spring.LockFacadeProperties;
import io.lockfacade.client.transport.ClientTransportSettings;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

import java.time.Duration;

/**
 * The {@code lockfacade.*} properties of a Spring Boot application, bound with Boot's relaxed rules
 * ({@code lockfacade.master-url}, {@code LOCKFACADE_MASTERURL}, {@code lockfacade.masterUrl}) and listed in the
 * configuration metadata for IDE completion.
 *
 * <p>The defaults are the client's own ({@link ClientTransportSettings}, {@link DistributeLockSettings}); they are
 * written out here so that the generated metadata can show them, and a test keeps the two equal. Values are checked
 * by the client when the beans are made: a bad one fails start-up with a message naming the property.
 */
@ConfigurationProperties(prefix = LockFacadeClientProperties.PREFIX)
public class LockFacadeClientProperties {

    /** Prefix of every property. */
    public static final String PREFIX = "lockfacade";

    /** Which lock implementation the application gets. */
    public enum Mode {
        /** {@code DistributeLock}: locks granted by the master, exclusive across every node. */
        DISTRIBUTED,
        /** {@code MemoryLock}: locks within this JVM only; no master needed (tests, a single node). */
        MEMORY
    }

    /**
     * Which lock implementation to define: 'distributed' (DistributeLock, locks granted by the master) or 'memory'
     * (MemoryLock, locks within this JVM only, no master needed).
     */
    private Mode mode = Mode.DISTRIBUTED;

    /**
     * The master's endpoint, e.g. http://master:8080/remoting/MemoryLockService (a URL without a path gets
     * /remoting/MemoryLockService), or a master group's members separated by commas. Required in distributed mode.
     */
    private String masterUrl;

    /** Longest wait for a TCP connection to the master. */
    private Duration connectTimeout = Duration.ofSeconds(3);

    /** Longest wait for one reply from the master; must exceed remote-wait-cap. */
    private Duration readTimeout = Duration.ofSeconds(15);

    /** Shared secret sent as X-Lock-Secret, when the master was started with one. */
    private String secret;

    /**
     * This node's id in lock owners; must differ between the nodes of one master. Default: 'node-' and 16 random hex
     * digits.
     */
    private String nodeId;

    /**
     * TTL of the node's session on the master, which every lock of the node lives under; kept alive every third of
     * it. A node that stops (frozen, partitioned) loses its locks this long after its last confirmed keep-alive.
     */
    private Duration lease = Duration.ofSeconds(30);

    /**
     * How many times in a row a grant passes between threads of this node before the node asks the master, in the
     * background, whether another node waits for it (and yields it if one does); 0 disables local hand-off.
     */
    private int maxLocalHandoffs = 32;

    /** Longest wait asked for in one remote tryLock call; longer waits are made of several calls. */
    private Duration remoteWaitCap = Duration.ofSeconds(10);

    /**
     * Whether this node's threads take a lock first come, first served. 'false' lets a thread take a free lock
     * ahead of threads already waiting (like a non-fair ReentrantLock): more throughput on a lock contended within
     * the node, but a waiting thread may be passed over again and again. Between nodes the master is first come,
     * first served either way.
     */
    private boolean fairLocalLock = true;

    /** Whether waits are checked for deadlocks; the youngest wait of a cycle gets a DeadlockException. */
    private boolean deadlockDetection = true;

    /** How long a wait lasts before it is checked for a deadlock (PostgreSQL's deadlock_timeout). */
    private Duration deadlockCheckDelay = Duration.ofSeconds(1);

    /** The stores for https:// masters. */
    @NestedConfigurationProperty
    private final LockFacadeTlsProperties tls = new LockFacadeTlsProperties();

    /**
     * @return the client's settings made of these properties
     * @throws IllegalStateException    if {@code master-url} is missing
     * @throws IllegalArgumentException if a value breaks a limit (the message names it)
     */
    public LockFacadeProperties toClientProperties() {
        DistributeLockSettings defaults = DistributeLockSettings.defaults();
        DistributeLockSettings lock = defaults
                .withNodeId(nodeId == null || nodeId.isBlank() ? defaults.nodeId() : nodeId.strip())
                .withLease(lease)
                .withMaxLocalHandoffs(maxLocalHandoffs)
                .withRemoteWaitCap(remoteWaitCap)
                .withFairLocalLock(fairLocalLock)
                .withDeadlockDetection(deadlockDetection());
        return LockFacadeProperties.of(masterUrl,
                new ClientTransportSettings(connectTimeout, readTimeout, secret, tls.toStores()), lock);
    }

    /** @return the {@code lockfacade.tls.*} properties */
    public LockFacadeTlsProperties getTls() {
        return tls;
    }

    /**
     * @return the deadlock detection made of {@code deadlock-detection} and {@code deadlock-check-delay}
     * @throws IllegalArgumentException if the delay breaks its limit
     */
    public DeadlockDetection deadlockDetection() {
        return new DeadlockDetection(deadlockDetection, deadlockCheckDelay);
    }

    /** @return which lock implementation to define */
    public Mode getMode() {
        return mode;
    }

    /** @param mode which lock implementation to define */
    public void setMode(Mode mode) {
        this.mode = mode;
    }

    /** @return the master's endpoint, or {@code null} if not set */
    public String getMasterUrl() {
        return masterUrl;
    }

    /** @param masterUrl the master's endpoint */
    public void setMasterUrl(String masterUrl) {
        this.masterUrl = masterUrl;
    }

    /** @return longest wait for a TCP connection */
    public Duration getConnectTimeout() {
        return connectTimeout;
    }

    /** @param connectTimeout longest wait for a TCP connection */
    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    /** @return longest wait for one reply */
    public Duration getReadTimeout() {
        return readTimeout;
    }

    /** @param readTimeout longest wait for one reply */
    public void setReadTimeout(Duration readTimeout) {
        this.readTimeout = readTimeout;
    }

    /** @return the shared secret, or {@code null} */
    public String getSecret() {
        return secret;
    }

    /** @param secret the shared secret */
    public void setSecret(String secret) {
        this.secret = secret;
    }

    /** @return this node's id, or {@code null} for a random one */
    public String getNodeId() {
        return nodeId;
    }

    /** @param nodeId this node's id */
    public void setNodeId(String nodeId) {
        this.nodeId = nodeId;
    }

    /** @return the session TTL */
    public Duration getLease() {
        return lease;
    }

    /** @param lease the session TTL */
    public void setLease(Duration lease) {
        this.lease = lease;
    }

    /** @return the bound on consecutive local hand-offs */
    public int getMaxLocalHandoffs() {
        return maxLocalHandoffs;
    }

    /** @param maxLocalHandoffs the bound on consecutive local hand-offs */
    public void setMaxLocalHandoffs(int maxLocalHandoffs) {
        this.maxLocalHandoffs = maxLocalHandoffs;
    }

    /** @return the longest wait asked for in one remote call */
    public Duration getRemoteWaitCap() {
        return remoteWaitCap;
    }

    /** @param remoteWaitCap the longest wait asked for in one remote call */
    public void setRemoteWaitCap(Duration remoteWaitCap) {
        this.remoteWaitCap = remoteWaitCap;
    }

    /** @return whether this node's threads take a lock first come, first served */
    public boolean isFairLocalLock() {
        return fairLocalLock;
    }

    /** @param fairLocalLock whether this node's threads take a lock first come, first served */
    public void setFairLocalLock(boolean fairLocalLock) {
        this.fairLocalLock = fairLocalLock;
    }

    /** @return whether waits are checked for deadlocks */
    public boolean isDeadlockDetection() {
        return deadlockDetection;
    }

    /** @param deadlockDetection whether waits are checked for deadlocks */
    public void setDeadlockDetection(boolean deadlockDetection) {
        this.deadlockDetection = deadlockDetection;
    }

    /** @return how long a wait lasts before it is checked for a deadlock */
    public Duration getDeadlockCheckDelay() {
        return deadlockCheckDelay;
    }

    /** @param deadlockCheckDelay how long a wait lasts before it is checked for a deadlock */
    public void setDeadlockCheckDelay(Duration deadlockCheckDelay) {
        this.deadlockCheckDelay = deadlockCheckDelay;
    }
}
