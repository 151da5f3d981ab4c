package io.lockfacade.testkit.group;

import java.time.Duration;

/** Every bound and size of the master-group chaos tests, in one place. */
public final class GroupChaosLimits {

    /** Members of the group under test. */
    public static final int MEMBERS = 3;
    /** A member JVM's options: small heap, the collector with the least threads (2 vCPUs, 3 members + tests). */
    public static final java.util.List<String> MEMBER_JVM_OPTIONS = java.util.List.of("-Xmx512m", "-XX:+UseSerialGC");
    /** The admin password of every member. */
    public static final String ADMIN_PASSWORD = "group-chaos-admin";
    /** The longest wait for a group to agree on a leader (start, restart, failover), JVM start-up included. */
    public static final Duration LEADER_TIMEOUT = Duration.ofSeconds(60);
    /** The longest wait for the first grant of a new leader after a fault. */
    public static final Duration FAILOVER_TIMEOUT = Duration.ofSeconds(30);
    /** How long each test first waits for the group it inherits to agree on a leader before restarting laggards. */
    public static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(20);
    /**
     * The longest the other members may take to drop a crashed ({@code SIGKILL}) member from their view and agree on
     * a leader among themselves: failure detection (its port sees the connection close) and one election, with
     * room for a loaded host.
     */
    public static final Duration CRASH_DETECTION = Duration.ofSeconds(10);
    /** How long a stepped-down leader may take to name the new one. */
    public static final Duration STEP_DOWN_TIMEOUT = Duration.ofSeconds(20);
    /** Connect timeout of the harness's Hessian calls. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    /** Read timeout of the harness's Hessian calls: a frozen member costs a call at most this. */
    public static final Duration READ_TIMEOUT = Duration.ofSeconds(3);
    /** How long one logical call keeps following the leader before it gives up. */
    public static final Duration CALL_DEADLINE = Duration.ofSeconds(15);
    /** The slack a call may take beyond its wait and deadline (one read timeout in flight, scheduling). */
    public static final Duration HANG_SLACK = READ_TIMEOUT.plusSeconds(2);
    /** What a loaded host (members, harness and clients on 2 vCPUs) may add to a bound the Java client keeps. */
    public static final Duration SCHEDULING_SLACK = Duration.ofMillis(250);
    /**
     * The most a client node's waiting {@code tryLock} may overrun its wait: the Java client's documented bound
     * ({@code FailoverMemoryLockService.DEADLINE_BOUND}) plus {@link #SCHEDULING_SLACK}.
     */
    public static final Duration CLIENT_TRY_LOCK_OVERRUN =
            io.lockfacade.client.transport.FailoverMemoryLockService.DEADLINE_BOUND.plus(SCHEDULING_SLACK);
    /** The most a client node's other calls (unlock) may take: its read timeout plus {@link #SCHEDULING_SLACK}. */
    public static final Duration CLIENT_CALL_OVERRUN = READ_TIMEOUT.plus(SCHEDULING_SLACK);
    /** Pause between two attempts of a call that found no leader. */
    public static final Duration RETRY_PAUSE = Duration.ofMillis(50);
    /** Lease of the load's grants: long enough that no section outlives it, short enough to free dropped ones. */
    public static final Duration LOAD_LEASE = Duration.ofSeconds(5);
    /** How long a load worker waits for a busy key in one call. */
    public static final Duration LOAD_WAIT = Duration.ofMillis(500);
    /** The longest a load worker stays in a section. */
    public static final Duration LOAD_MAX_HOLD = Duration.ofMillis(60);
    /** Load workers (owners), each in its own thread. */
    public static final int LOAD_WORKERS = 6;
    /** Keys the load workers fight over. */
    public static final int LOAD_KEYS = 3;
    /** Lease of the locks held across faults: longer than any test. */
    public static final Duration KEEPER_LEASE = Duration.ofMinutes(5);
    /** TTL of the session whose lock is held across faults. */
    public static final Duration KEEPER_SESSION_TTL = Duration.ofSeconds(20);
    /** How often the keeper's session is kept alive: a third of its TTL, as the Java client does. */
    public static final Duration KEEPER_KEEP_ALIVE = KEEPER_SESSION_TTL.dividedBy(3);
    /** Locks held across faults with a lease of their own (one more is held under a session). */
    public static final int KEEPER_LOCKS = 3;
    /** Load time between two faults. */
    public static final Duration LOAD_BETWEEN_FAULTS = Duration.ofMillis(1500);
    /** Leader crashes per run of the crash test. */
    public static final int CRASH_TRIALS = 3;
    /** Most a client's proxy delays each chunk while the leader is killed. */
    public static final Duration PROXY_DELAY = Duration.ofMillis(50);
    /** How long a frozen leader stays frozen: several election timeouts (300-600 ms). */
    public static final Duration FREEZE = Duration.ofSeconds(3);

    /** How long a leader stays cut off from its peers: its step-down, an election and grants fit well inside. */
    public static final Duration PARTITION = Duration.ofSeconds(6);
    /** How long a healed member may take to follow the leader again (TCP retransmission backoff included). */
    public static final Duration REJOIN_TIMEOUT = Duration.ofSeconds(30);

    /** A commit slower than this after a heal gets the members' threads dumped, for the diagnosis. */
    public static final Duration SLOW_COMMIT = Duration.ofSeconds(3);

    /** System property that runs the group fault tests with TLS on every member ({@code -Dlockfacade.group.tls=true}). */
    public static final String TLS_PROPERTY = "lockfacade.group.tls";

    private GroupChaosLimits() {
    }

    /**
     * @return the group's certificates, made in {@code dir}, when {@value #TLS_PROPERTY} is {@code true}; else
     *         {@code null} (plain HTTP and TCP)
     */
    public static GroupTls tlsIfAsked(java.nio.file.Path dir, MemberNetwork network) {
        return Boolean.getBoolean(TLS_PROPERTY) ? GroupTls.create(dir, MasterGroup.memberIds(MEMBERS), network) : null;
    }
}
