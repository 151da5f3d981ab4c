package io.lockfacade.client.spring;

import io.lockfacade.api.LockArguments;
import io.lockfacade.client.LockFacade;
import org.springframework.context.SmartLifecycle;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The leaderships that {@link LeaderOnly} methods name: one {@link LockFacadeLeadership} per name, joined when the
 * context starts (or, for a name first met later, on its first call) and left when it stops; and how many runs
 * each name let through or skipped.
 */
public final class LeaderOnlyLeaderships implements SmartLifecycle {

    private final Supplier<LockFacade> locks;
    private final Map<String, LockFacadeLeadership> byName = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> ran = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> skipped = new ConcurrentHashMap<>();
    private volatile boolean running;

    LeaderOnlyLeaderships(Supplier<LockFacade> locks) {
        this.locks = locks;
    }

    /** Notes a leadership a {@link LeaderOnly} method names; joined on start (at once if already started). */
    void register(String name) {
        LockArguments.requireName("@LeaderOnly name", name);
        LockFacadeLeadership leadership = byName.computeIfAbsent(name,
                n -> new LockFacadeLeadership(locks, n, LoggingListener.of(n)));
        if (running) {
            leadership.start();
        }
    }

    /** @return whether this process leads {@code name} now; counts the run as let through or skipped */
    boolean admit(String name) {
        LockFacadeLeadership leadership = byName.get(name);
        boolean leads = running && leadership != null && leadership.isLeader();
        (leads ? ran : skipped).computeIfAbsent(name, n -> new AtomicLong()).incrementAndGet();
        return leads;
    }

    /** @return the current term's epoch of {@code name} if this process leads it, {@code -1} otherwise */
    public long epoch(String name) {
        LockFacadeLeadership leadership = byName.get(name);
        return leadership == null ? -1 : leadership.epoch();
    }

    /** @return how many calls of {@link LeaderOnly} methods naming {@code name} ran, this process leading */
    public long ranRuns(String name) {
        AtomicLong count = ran.get(name);
        return count == null ? 0 : count.get();
    }

    /** @return how many calls of {@link LeaderOnly} methods naming {@code name} were skipped, another leading */
    public long skippedRuns(String name) {
        AtomicLong count = skipped.get(name);
        return count == null ? 0 : count.get();
    }

    @Override
    public void start() {
        running = true;
        byName.values().forEach(LockFacadeLeadership::start);
    }

    @Override
    public void stop() {
        running = false;
        byName.values().forEach(LockFacadeLeadership::stop);
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
