package io.lockfacade.client.distributed;

/**
 * One remote read grant shared by this node's reader threads: N local readers under it cost one remote call. It
 * admits new readers while it is its entry's admitting grant; once retired (a newer grant took over, or a writer
 * of another node waits) it only serves the readers it has, and is released by the last of them. Its fields are
 * guarded by the entry's monitor.
 */
final class SharedReadGrant {

    private final RemoteHold hold;
    private final long grantedNanos;
    private int readers;

    SharedReadGrant(RemoteHold hold, long grantedNanos) {
        this.hold = hold;
        this.grantedNanos = grantedNanos;
    }

    RemoteHold hold() {
        return hold;
    }

    /** @return how long ago, on the node's clock, the master made the grant */
    long ageNanos(long nowNanos) {
        return nowNanos - grantedNanos;
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

    @Override
    public String toString() {
        return "SharedReadGrant[" + hold + " readers=" + readers + "]";
    }
}
