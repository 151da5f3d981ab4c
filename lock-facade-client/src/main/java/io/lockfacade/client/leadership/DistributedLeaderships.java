package io.lockfacade.client.leadership;

import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.PrimitiveObserver;
import io.lockfacade.client.distributed.NodeSessionView;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The leaderships of one node ({@code DistributeLock}'s): each participant takes part on the master under the node's
 * session, named {@code nodeId:leader/<n>}; see {@link DistributedLeadership} for what it guarantees.
 */
public final class DistributedLeaderships implements AutoCloseable {

    private final PrimitiveLockService master;
    private final NodeSessionView session;
    private final long waitCapMillis;
    private final AtomicLong participantNumbers = new AtomicLong();
    private final Set<DistributedLeadership> open = ConcurrentHashMap.newKeySet();
    private final PrimitiveObserver observer;

    /**
     * @param master        the master's leadership calls
     * @param session       the node's session, which every participant takes part under
     * @param remoteWaitCap the longest wait asked for in one call
     * @param observer      hears every term begun and ended
     */
    public DistributedLeaderships(PrimitiveLockService master, NodeSessionView session, Duration remoteWaitCap,
                                  PrimitiveObserver observer) {
        this.observer = Objects.requireNonNull(observer, "observer");
        this.master = Objects.requireNonNull(master, "master");
        this.session = Objects.requireNonNull(session, "session");
        this.waitCapMillis = remoteWaitCap.toMillis();
    }

    /**
     * Joins leadership {@code name} in the background: returns at once, and {@code listener} hears {@code elected}
     * once this participant leads.
     *
     * @throws IllegalArgumentException if the name is not a valid lock name
     * @throws io.lockfacade.api.CallNotServedException if the master does not serve leaderships (too old)
     */
    public Leadership leadership(String name, LeadershipListener listener) {
        LockArguments.requireName("name", name);
        Objects.requireNonNull(listener, "listener");
        String participant = session.nodeId() + ":leader/" + participantNumbers.incrementAndGet();
        refuseIfNotServed(name, participant);
        DistributedLeadership joined = new DistributedLeadership(name, participant, master, session, waitCapMillis,
                new ListenerThread(name, listener), observer, open::remove);
        open.add(joined);
        joined.start();
        return joined;
    }

    /**
     * Asks the master once whether it serves leaderships at all, so that an older master fails
     * the caller now rather than the background thread forever; an unreachable master is left to that thread.
     */
    private void refuseIfNotServed(String name, String participant) {
        try {
            master.leadershipEpoch(name, participant);
        } catch (LockServiceUnavailableException e) {
            // the participant's thread tries again until the master answers
        }
    }

    /** Leaves every leadership this node still takes part in. */
    @Override
    public void close() {
        open.forEach(DistributedLeadership::close);
    }
}
