package io.lockfacade.bench.client;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;

/**
 * Which Lock Facade client a contender node runs: as shipped, with one setting changed, or a reference that is no
 * Lock Facade code at all. The article's design has only {@link #AS_SHIPPED}.
 */
public enum ClientVariant {

    /** {@link DistributeLock} with its default settings. */
    AS_SHIPPED("default", "default settings"),

    /** {@link DistributeLock} with a hand-off bound of {@value #SMALLER_BOUND} (the default until 2026-11-25). */
    SMALLER_HANDOFF_BOUND("bound" + ClientVariant.SMALLER_BOUND, "maxLocalHandoffs " + ClientVariant.SMALLER_BOUND),

    /** {@link DistributeLock} whose local lock lets a thread take a free lock ahead of queued ones. */
    NON_FAIR_LOCAL_LOCK("nonfair", "fairLocalLock false"),

    /** {@link DistributeLock} with deadlock detection off: what detection costs when no deadlock exists. */
    DEADLOCK_DETECTION_OFF("nodeadlock", "deadlock detection off"),

    /** A reference for a fair local lock: {@link FairJdkLocks}, a fair JDK lock per key, no master, no Lock Facade. */
    FAIR_JDK_LOCK_ALONE("jdkfair", "fair ReentrantLock alone");

    /** The bound of {@link #SMALLER_HANDOFF_BOUND}. */
    public static final int SMALLER_BOUND = 8;

    private final String cliName;
    private final String label;

    ClientVariant(String cliName, String label) {
        this.cliName = cliName;
        this.label = label;
    }

    /** @return how reports name the variant */
    public String label() {
        return label;
    }

    /** @return the variant's name on child command lines */
    public String cliName() {
        return cliName;
    }

    /**
     * @param cliName a name from {@link #cliName()}
     * @return the variant
     * @throws IllegalArgumentException if no variant has that name
     */
    public static ClientVariant fromCliName(String cliName) {
        for (ClientVariant variant : values()) {
            if (variant.cliName.equals(cliName)) {
                return variant;
            }
        }
        throw new IllegalArgumentException("unknown client variant: " + cliName);
    }

    /** Makes Lock Facade's client in this variant; {@code master} goes unused by {@link #FAIR_JDK_LOCK_ALONE}. */
    LockFacade newLockFacade(MemoryLockService master, String nodeId) {
        DistributeLockSettings settings = DistributeLockSettings.defaults().withNodeId(nodeId);
        return switch (this) {
            case AS_SHIPPED -> new DistributeLock(master, settings);
            case SMALLER_HANDOFF_BOUND -> new DistributeLock(master, settings.withMaxLocalHandoffs(SMALLER_BOUND));
            case NON_FAIR_LOCAL_LOCK -> new DistributeLock(master, settings.withFairLocalLock(false));
            case DEADLOCK_DETECTION_OFF -> new DistributeLock(master,
                    settings.withDeadlockDetection(DeadlockDetection.OFF));
            case FAIR_JDK_LOCK_ALONE -> new FairJdkLocks();
        };
    }
}
