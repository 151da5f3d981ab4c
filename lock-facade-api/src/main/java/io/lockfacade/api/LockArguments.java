package io.lockfacade.api;

/**
 * Checks the arguments of {@link MemoryLockService} calls against {@link LockLimits}.
 *
 * <p>Both sides use it: the client to fail before a round trip, the master because it trusts no caller. Every
 * check throws {@link IllegalArgumentException} with a message that names the argument and never echoes more
 * than a short prefix of the offending value.
 */
public final class LockArguments {

    private static final int ECHO_LIMIT = 40;

    private LockArguments() {
    }

    /**
     * Checks a lock type or key: 1 to {@link LockLimits#MAX_NAME_LENGTH} characters, no control characters.
     *
     * @param argument the argument's name, used in the message
     * @param value    the value to check
     * @return the value, for chaining
     * @throws IllegalArgumentException if the value breaks a rule
     */
    public static String requireName(String argument, String value) {
        requireLength(argument, value);
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                throw new IllegalArgumentException(argument + " must not contain control characters (found U+"
                        + String.format("%04X", (int) value.charAt(i)) + " at index " + i + ")");
            }
        }
        return value;
    }

    /**
     * Checks an owner id: 1 to {@link LockLimits#MAX_NAME_LENGTH} characters.
     *
     * @throws IllegalArgumentException if the owner is null, empty or too long
     */
    public static String requireOwner(String owner) {
        return requireLength("owner", owner);
    }

    /**
     * Checks a requested lease: {@code <= 0} (the master's default) or between the min and max lease.
     *
     * @throws IllegalArgumentException if the lease is outside {@link LockLimits#MIN_LEASE} to {@link LockLimits#MAX_LEASE}
     */
    public static long requireLease(long leaseMillis) {
        if (leaseMillis <= 0) {
            return leaseMillis;
        }
        if (leaseMillis < LockLimits.MIN_LEASE.toMillis() || leaseMillis > LockLimits.MAX_LEASE.toMillis()) {
            throw new IllegalArgumentException("leaseMillis must be <= 0 (server default) or between "
                    + LockLimits.MIN_LEASE.toMillis() + " and " + LockLimits.MAX_LEASE.toMillis()
                    + ", was " + leaseMillis);
        }
        return leaseMillis;
    }

    /**
     * Checks a requested wait: 0 to {@link LockLimits#MAX_WAIT}.
     *
     * @throws IllegalArgumentException if the wait is negative or too long
     */
    public static long requireWait(long waitMillis) {
        if (waitMillis < 0 || waitMillis > LockLimits.MAX_WAIT.toMillis()) {
            throw new IllegalArgumentException("waitMillis must be between 0 and " + LockLimits.MAX_WAIT.toMillis()
                    + ", was " + waitMillis);
        }
        return waitMillis;
    }

    /**
     * Checks a session id: a name by {@link #requireName} rules.
     *
     * @throws IllegalArgumentException if the id is null, empty, too long or holds control characters
     */
    public static String requireSessionId(String sessionId) {
        return requireName("sessionId", sessionId);
    }

    /**
     * Checks a requested session TTL: {@code <= 0} (the master's default) or between the min and max TTL.
     *
     * @throws IllegalArgumentException if the TTL is outside {@link LockLimits#MIN_SESSION_TTL} to
     *                                  {@link LockLimits#MAX_SESSION_TTL}
     */
    public static long requireSessionTtl(long ttlMillis) {
        if (ttlMillis <= 0) {
            return ttlMillis;
        }
        if (ttlMillis < LockLimits.MIN_SESSION_TTL.toMillis() || ttlMillis > LockLimits.MAX_SESSION_TTL.toMillis()) {
            throw new IllegalArgumentException("ttlMillis must be <= 0 (server default) or between "
                    + LockLimits.MIN_SESSION_TTL.toMillis() + " and " + LockLimits.MAX_SESSION_TTL.toMillis()
                    + ", was " + ttlMillis);
        }
        return ttlMillis;
    }

    private static String requireLength(String argument, String value) {
        if (value == null) {
            throw new IllegalArgumentException(argument + " must not be null");
        }
        if (value.isEmpty()) {
            throw new IllegalArgumentException(argument + " must not be empty");
        }
        if (value.length() > LockLimits.MAX_NAME_LENGTH) {
            throw new IllegalArgumentException(argument + " must be at most " + LockLimits.MAX_NAME_LENGTH
                    + " characters, was " + value.length() + " (starts with \"" + printable(value) + "\")");
        }
        return value;
    }

    private static String printable(String value) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(ECHO_LIMIT, value.length()); i++) {
            char c = value.charAt(i);
            out.append(Character.isISOControl(c) ? '?' : c);
        }
        return out.toString();
    }

    /**
     * Checks a count of semaphore permits: {@code min} to {@link LockLimits#MAX_PERMITS}.
     *
     * @param argument the argument's name, used in the message
     * @param min      the least value allowed (0 or 1)
     * @throws IllegalArgumentException if the count is outside the range
     */
    public static int requirePermits(String argument, long value, int min) {
        if (value < min || value > LockLimits.MAX_PERMITS) {
            throw new IllegalArgumentException(argument + " must be between " + min + " and "
                    + LockLimits.MAX_PERMITS + ", was " + value);
        }
        return (int) value;
    }
}
