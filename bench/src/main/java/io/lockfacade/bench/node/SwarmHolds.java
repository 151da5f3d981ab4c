package io.lockfacade.bench.node;

/**
 * What each client of a {@link WaiterSwarm} holds while it waits for a hot key, and whether its waiting call names
 * it: the calls a {@code DistributeLock} thread makes with deadlock detection on and off.
 */
public enum SwarmHolds {

    /** Nothing: each waiting call is a plain {@code tryLock} with a lease of its own. */
    NOTHING("nothing"),

    /**
     * A lock of its own, taken under the swarm's session before its first wait; each waiting call names it
     * ({@code tryLockInSessionHolding}), so the master watches every parked call for deadlocks: detection on.
     */
    NAMED("named"),

    /** The same lock of its own, not named ({@code tryLockInSession}): detection off. */
    UNNAMED("unnamed");

    private final String cliName;

    SwarmHolds(String cliName) {
        this.cliName = cliName;
    }

    /** @return the name on the swarm's command line */
    public String cliName() {
        return cliName;
    }

    /** @return whether each client holds a lock of its own under the swarm's session */
    boolean holdsOwnLock() {
        return this != NOTHING;
    }

    /**
     * @param cliName a name from {@link #cliName()}
     * @throws IllegalArgumentException if none has that name
     */
    public static SwarmHolds fromCliName(String cliName) {
        for (SwarmHolds holds : values()) {
            if (holds.cliName.equals(cliName)) {
                return holds;
            }
        }
        throw new IllegalArgumentException("unknown swarm holds: " + cliName);
    }
}
