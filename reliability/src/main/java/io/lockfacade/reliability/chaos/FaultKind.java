package io.lockfacade.reliability.chaos;

import java.util.Locale;

/** The faults a chaos run injects. */
public enum FaultKind {
    /** {@code kill -9} of a client node, preferably one inside a critical section; a new node replaces it. */
    CLIENT_KILL,
    /** {@code SIGSTOP} of a client node for longer than its lease (a long GC pause), then {@code SIGCONT}. */
    CLIENT_PAUSE,
    /**
     * An operator force-expires a client node's session on the admin API while the node runs, preferably inside a
     * critical section: every lock of the node is released at once, and the node only learns it at its next
     * keep-alive.
     */
    SESSION_EXPIRE,
    /** {@code kill -9} of the master, and a new master on the same port after a while. */
    MASTER_KILL,
    /** Every node's proxy delays every chunk by a random time. */
    PROXY_DELAY,
    /** Every proxy cuts its open connections, then cuts connections mid-request or mid-reply at random. */
    PROXY_DROP,
    /** Every proxy forwards nothing for a while, then discards what it held. */
    PROXY_BLACKHOLE,
    /**
     * One node's proxy black-holes for longer than the lease while the other nodes carry on: the node keeps running
     * and writing to the resource, cut off from the master only.
     */
    PARTITION;

    /** @return the name used in the summary line, e.g. {@code client-kill} */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
