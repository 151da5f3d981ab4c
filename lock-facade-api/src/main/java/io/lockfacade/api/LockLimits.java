package io.lockfacade.api;

import java.time.Duration;

/**
 * The limits of the wire contract, in one place that master and clients share.
 */
public final class LockLimits {

    /** Longest lock type, key or owner, in Java {@code String.length()} units. */
    public static final int MAX_NAME_LENGTH = 256;

    /** Most permits a semaphore may have, and most one call may ask for. */
    public static final int MAX_PERMITS = 1_000_000;

    /** Shortest lease a caller may ask for. */
    public static final Duration MIN_LEASE = Duration.ofMillis(100);

    /** Longest lease a caller may ask for. */
    public static final Duration MAX_LEASE = Duration.ofHours(24);

    /** Longest wait a caller may ask for; the master still caps one call's wait at its own setting. */
    public static final Duration MAX_WAIT = Duration.ofHours(24);

    /** Lease the master grants when the caller names none ({@code leaseMillis <= 0}). */
    public static final Duration DEFAULT_MASTER_LEASE = Duration.ofMinutes(10);

    /** Session TTL the master grants when the caller names none ({@code ttlMillis <= 0}). */
    public static final Duration DEFAULT_SESSION_TTL = Duration.ofSeconds(30);

    /** Shortest session TTL a caller may ask for: the shortest lease. */
    public static final Duration MIN_SESSION_TTL = MIN_LEASE;

    /** Longest session TTL a caller may ask for: the longest lease. */
    public static final Duration MAX_SESSION_TTL = MAX_LEASE;

    /** Longest the master parks one {@code tryLock} call by default; callers wanting more call again. */
    public static final Duration DEFAULT_WAIT_CAP = Duration.ofSeconds(10);

    /** Longest deadlock check delay a client may ask for: beyond it, timeouts end most deadlocks first. */
    public static final Duration MAX_DEADLOCK_CHECK_DELAY = Duration.ofMinutes(1);

    /**
     * Shortest time the master keeps an idle connection open; clients drop their idle connections earlier, so that
     * the master never closes one under a call.
     */
    public static final Duration MIN_CONNECTION_IDLE_TIMEOUT = Duration.ofSeconds(30);

    /** Largest request body the master decodes. */
    public static final int MAX_REQUEST_BYTES = 64 * 1024;

    /** Fencing tokens stay below this bound (2^53) so JavaScript and JSON readers see them exactly. */
    public static final long FENCING_TOKEN_BOUND = 1L << 53;

    /** Request header carrying the shared secret when the master requires one. */
    public static final String SECRET_HEADER = "X-Lock-Secret";

    /** Path of the Hessian endpoint on the master. */
    public static final String SERVICE_PATH = "/remoting/MemoryLockService";

    private LockLimits() {
    }
}
