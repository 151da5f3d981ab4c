package io.lockfacade.client.distributed;

import io.lockfacade.client.deadlock.InspectableLock;

/**
 * This node's state for one lock: the local lock that decides which local thread may hold (or ask the master
 * for) the grant, and the {@link GrantState} of the grant.
 */
final class LocalEntry {

    private final InspectableLock mutex;

    /** Written only by the thread holding {@link #mutex}; read by any thread. */
    private volatile GrantState state = GrantState.FREE;

    /** Acquisitions in progress or held; changed only inside {@link LocalEntries}' atomic per-key map operations. */
    int users;

    /** @param fair whether the local lock serves threads first come, first served */
    LocalEntry(boolean fair) {
        this.mutex = new InspectableLock(fair);
    }

    InspectableLock mutex() {
        return mutex;
    }

    /** @return the stored state; read it through {@link GrantState#at(long)} to see a loss */
    GrantState state() {
        return state;
    }

    /** @return the grant held or cached here, or {@code null} if none */
    RemoteHold hold() {
        return state.hold();
    }

    /**
     * Stores the step's next state (the caller must hold {@link #mutex}).
     *
     * @return the step, for its effect
     */
    GrantStep apply(GrantStep step) {
        state = step.next();
        return step;
    }

    /** Stores a state (the caller must hold {@link #mutex}). */
    void set(GrantState next) {
        state = next;
    }
}
