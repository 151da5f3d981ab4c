package io.lockfacade.client.spring;

import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.LockFacade;
import org.springframework.context.SmartLifecycle;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A leadership as a Spring bean: joins when the context starts, leaves (handing over at once) when it stops, and
 * answers {@link #isLeader()} and {@link #epoch()} in between (not leading, epoch {@code -1}, while stopped).
 *
 * <pre>{@code
 * @Bean
 * LockFacadeLeadership reportLeader(LockFacade locks) {
 *     return new LockFacadeLeadership(locks, "nightly-report");
 * }
 * }</pre>
 */
public class LockFacadeLeadership implements SmartLifecycle {

    private static final LeadershipListener NO_LISTENER = new LeadershipListener() {
        @Override
        public void elected(long epoch) {
        }

        @Override
        public void revoked() {
        }
    };

    private final Supplier<LockFacade> locks;
    private final String name;
    private final LeadershipListener listener;
    private volatile Leadership joined;

    /** Joins {@code name} of {@code locks} on start, with no listener. */
    public LockFacadeLeadership(LockFacade locks, String name) {
        this(locks, name, NO_LISTENER);
    }

    /** Joins {@code name} of {@code locks} on start; {@code listener} hears every term begun and ended. */
    public LockFacadeLeadership(LockFacade locks, String name, LeadershipListener listener) {
        this(() -> locks, name, listener);
        Objects.requireNonNull(locks, "locks");
    }

    LockFacadeLeadership(Supplier<LockFacade> locks, String name, LeadershipListener listener) {
        this.locks = Objects.requireNonNull(locks, "locks");
        this.name = Objects.requireNonNull(name, "name");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** @return the leadership's name */
    public String name() {
        return name;
    }

    /** @return whether this process leads now; {@code false} while the bean is stopped */
    public boolean isLeader() {
        Leadership current = joined;
        return current != null && current.isLeader();
    }

    /** @return the current term's fencing token while leading, {@code -1} otherwise */
    public long epoch() {
        Leadership current = joined;
        return current == null ? -1 : current.epoch();
    }

    @Override
    public synchronized void start() {
        if (joined == null) {
            joined = locks.get().leadership(name, listener);
        }
    }

    @Override
    public synchronized void stop() {
        Leadership current = joined;
        joined = null;
        if (current != null) {
            current.close();
        }
    }

    @Override
    public boolean isRunning() {
        return joined != null;
    }

    @Override
    public String toString() {
        return "leadership " + name + (isLeader() ? " (leads, epoch " + epoch() + ")" : "");
    }
}
