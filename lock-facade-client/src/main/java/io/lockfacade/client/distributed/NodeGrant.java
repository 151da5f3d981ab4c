package io.lockfacade.client.distributed;

import io.lockfacade.client.readwrite.ReadWriteMode;

/**
 * One remote grant of a read-write lock that this node shares among its threads: a read grant that its local
 * readers share, or a write grant that its local writers hand on and under which its local readers read while no
 * local writer holds it (the node is then the lock's only holder, and the local lock arbitrates between its
 * threads). It admits local users while it is its entry's current grant and the master has not said that a call
 * waits behind it ({@link #isContended}); once retired it only serves the users it has and is released by the last
 * of them. Its fields are guarded by the entry's monitor.
 */
final class NodeGrant {

    private final RemoteHold hold;
    private final ReadWriteMode mode;
    private int readers;
    private boolean contended;
    private volatile boolean released;

    NodeGrant(RemoteHold hold, ReadWriteMode mode) {
        this.hold = hold;
        this.mode = mode;
    }

    RemoteHold hold() {
        return hold;
    }

    ReadWriteMode mode() {
        return mode;
    }

    /** @return how many local readers hold it now */
    int readers() {
        return readers;
    }

    void join() {
        readers++;
    }

    /** @return the local readers left under it */
    int leave() {
        return --readers;
    }

    /** @return whether a call of another owner waits behind it on the master (or the master could not say) */
    boolean isContended() {
        return contended;
    }

    void contended() {
        contended = true;
    }

    /** @return whether new local users may come under it: not contended and not lost */
    boolean admits() {
        return !contended && !hold.isLost();
    }

    /** @return whether the node has handed it back (or is about to): its watch ends */
    boolean isReleased() {
        return released;
    }

    /** Marks it handed back; @return this grant, to release on the master */
    NodeGrant toRelease() {
        released = true;
        return this;
    }

    @Override
    public String toString() {
        return "NodeGrant[" + mode + " " + hold + " readers=" + readers + (contended ? " contended" : "") + "]";
    }
}
