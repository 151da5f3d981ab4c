package io.lockfacade.bench.ha;

import java.time.Duration;

/** Every bound and size of the failover benchmark, in one place. */
public final class HaLimits {

    /** Members of each group: the smallest that survives the loss of one. */
    public static final int MEMBERS = 3;
    /** Every process of the run listens on loopback only. */
    public static final String HOST = "127.0.0.1";
    /** Heap of each member JVM (Lock Facade and Hazelcast alike). */
    public static final String MEMBER_HEAP = "512m";
    /** How long a Lock Facade call may wait for an answer before the harness client tries another member. */
    public static final Duration CALL_TIMEOUT = Duration.ofMillis(750);
    /** How long the harness client waits for a TCP connection to a member. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofMillis(500);
    /** Pause before calling the next member when the current one failed without naming a live leader. */
    public static final Duration RETRY_BACKOFF = Duration.ofMillis(10);
    /** A fault trial that sees no new grant within this long counts as "no recovery". */
    public static final Duration RECOVERY_CAP = Duration.ofSeconds(20);
    /**
     * Start of a group (or of a restarted member) until it is healthy: generous, since member JVMs took up to 83 s
     * to serve HTTP at load average 40 on this 2-vCPU host.
     */
    public static final Duration GROUP_READY_TIMEOUT = Duration.ofMinutes(5);
    /** Bound on each step of setting up a Hazelcast cluster and its clients before a fault. */
    public static final Duration SETUP_TIMEOUT = Duration.ofSeconds(60);
    /** Fresh Hazelcast clusters tried per trial before the run gives up. */
    public static final int SETUP_ATTEMPTS = 3;
    /** Grants the load must have made before a fault, so that the fault hits a warm, busy group. */
    public static final int WARM_GRANTS = 30;
    /** Longest wait for the load to warm up. */
    public static final Duration WARM_TIMEOUT = Duration.ofSeconds(30);
    /** Client threads doing lock+unlock on their own keys during a fault. */
    public static final int LOAD_THREADS = 4;

    /**
     * Before a fault, every member must answer this many calls in a row, each within {@link #WARM_ANSWER}: a member
     * restarted by the previous trial is otherwise still compiling its first answers when the next fault comes,
     * and the clients' first call to it times out (a trial then measured 4 s instead of 2 s).
     */
    static final int WARM_ANSWERS = 20;

    /** How fast a warm member answers one call. */
    static final Duration WARM_ANSWER = Duration.ofMillis(100);
    /** Lease of the load's locks. */
    public static final Duration LOAD_LEASE = Duration.ofSeconds(30);
    /** Lease of the lock held across the fault: far longer than a trial. */
    public static final Duration HELD_LEASE = Duration.ofMinutes(10);
    /**
     * A Hazelcast grant completed this soon after the fault may be a reply the old leader sent before it; the
     * Hazelcast client does not say which member answered, so such grants are not counted as recovery. (Lock
     * Facade grants are attributed exactly: the member that answered is known.)
     */
    public static final Duration STALE_REPLY_GRACE = Duration.ofMillis(50);
    /** Bound on joining a worker thread or waiting for a child process to exit. */
    public static final Duration JOIN_TIMEOUT = Duration.ofSeconds(10);
    /** Poll period of every "wait until" loop. */
    public static final Duration POLL = Duration.ofMillis(20);
    /** How long after a follower's restart the leader is killed in the restart-then-crash trials. */
    static final Duration RESTART_TO_FAULT = Duration.ofSeconds(5);

    /** The wait of the probe {@code tryLock} made right after a leader froze. */
    static final Duration SHORT_WAIT = Duration.ofMillis(100);

    /** S2: threads of one client JVM, each locking and unlocking a key of its own. */
    static final int S2_THREADS = 8;

    /** S2 from several client JVMs: how many, sharing {@link #S2_THREADS} evenly. */
    static final int S2_JVMS = 4;

    /** Threads on one key in S3, as in the main benchmark. */
    public static final int S3_THREADS = 16;
    /** How long a contended S3 call may park on the master. */
    public static final Duration S3_WAIT = Duration.ofSeconds(2);

    private HaLimits() {
    }
}
