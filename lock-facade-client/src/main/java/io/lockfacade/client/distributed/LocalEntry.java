package io.lockfacade.client.distributed;

import java.util.concurrent.locks.ReentrantLock;

/**
 * This node's state for one lock: the fair local lock that decides which local thread may hold (or ask the
 * master for) the grant, and the grant itself while held or cached for a hand-off.
 */
final class LocalEntry {

    private final ReentrantLock mutex = new ReentrantLock(true);

    /** Written only by the thread holding {@link #mutex}; non-null while held, and while cached for a hand-off. */
    private volatile RemoteHold hold;

    /** Acquisitions in progress or held; changed only inside {@link LocalEntries}' atomic per-key map operations. */
    int users;

    ReentrantLock mutex() {
        return mutex;
    }

    RemoteHold hold() {
        return hold;
    }

    void setHold(RemoteHold newHold) {
        this.hold = newHold;
    }

    /**
     * @return the hold, cleared from this entry (the caller must hold {@link #mutex})
     */
    RemoteHold takeHold() {
        RemoteHold taken = hold;
        hold = null;
        return taken;
    }
}
