package io.lockfacade.spring.boot.autoconfigure.health;

import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.client.LockActivity;
import io.lockfacade.client.distributed.DistributeLock;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import java.util.Objects;

/**
 * The health of a node's {@link DistributeLock}: {@code UP} when the master answers, {@code DOWN} when it cannot
 * be reached. Each check asks the master one read-only question ({@code isLockTypeEmpty} of a type nobody locks),
 * so it answers within the transport's connect plus read timeout. Details:
 *
 * <ul>
 *   <li>{@code master}: the master's endpoint; {@code error}: why it could not be reached (when {@code DOWN});</li>
 *   <li>{@code session}: {@code alive} when the node has a session it believes alive, {@code none} before its first
 *       acquisition or after it lost one (the next acquisition opens another);</li>
 *   <li>{@code locksHeld}: locks this node's threads hold now; {@code locksLost}: held locks found lost since
 *       start.</li>
 * </ul>
 */
public final class LockFacadeHealthIndicator implements HealthIndicator {

    /** The lock type the check asks about; never locked by the product. */
    public static final String PROBE_LOCK_TYPE = "lockfacade.health-probe";

    private final DistributeLock lock;
    private final LockActivity activity;

    /**
     * @param lock     the node's lock
     * @param activity its running totals
     */
    public LockFacadeHealthIndicator(DistributeLock lock, LockActivity activity) {
        this.lock = Objects.requireNonNull(lock, "lock");
        this.activity = Objects.requireNonNull(activity, "activity");
    }

    @Override
    public Health health() {
        Health.Builder health;
        try {
            lock.isLockTypeEmpty(PROBE_LOCK_TYPE);
            health = Health.up();
        } catch (LockServiceUnavailableException e) {
            health = Health.down().withDetail("error", e.getMessage());
        }
        return health
                .withDetail("master", lock.toString())
                .withDetail("session", lock.hasLiveSession() ? "alive" : "none")
                .withDetail("locksHeld", activity.held())
                .withDetail("locksLost", activity.lost())
                .build();
    }
}
