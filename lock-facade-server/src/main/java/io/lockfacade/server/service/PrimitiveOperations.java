package io.lockfacade.server.service;

/**
 * What an operator may do to read-write locks, semaphores and leaderships, on either master: on the single master
 * each is a transition of its table, on a master group a command through the log (so every member applies it).
 * Calls parked behind what an action frees are served at once. Not part of the Hessian contract: the admin pages
 * call these, behind their confirmation, CSRF check and audit line.
 */
public interface PrimitiveOperations {

    /**
     * Ends a read or write grant of a read-write lock, whoever holds it.
     *
     * @param token the grant's fencing token, or 0 for every grant of the lock
     * @return whether a grant ended
     * @throws IllegalArgumentException if the lock type or key is invalid, or the token negative
     */
    boolean forceReleaseReadWrite(String lockType, String key, long token);

    /**
     * Ends a holder's permits of a semaphore, whoever holds them.
     *
     * @param token the holder's grant's fencing token, or 0 for every holder
     * @return whether permits came back
     * @throws IllegalArgumentException if the lock type or key is invalid, or the token negative
     */
    boolean forceReleasePermits(String lockType, String key, long token);

    /**
     * Takes the leader out of a leadership; the next participant is elected.
     *
     * @param epoch the leader's epoch, or 0 for whoever leads
     * @return whether a leader was revoked
     * @throws IllegalArgumentException if the name is invalid, or the epoch negative
     */
    boolean revokeLeadership(String name, long epoch);

    /**
     * Sets a semaphore's capacity; a capacity lowered below what is held takes effect as permits come back.
     *
     * @throws IllegalArgumentException if the lock type or key is invalid, or the capacity out of range
     */
    void setCapacity(String lockType, String key, int capacity);

    /** @return the token, checked: 0 (any) or a positive fencing token */
    static long requireToken(String argument, long token) {
        if (token < 0) {
            throw new IllegalArgumentException(argument + " must be 0 (any) or a fencing token: " + token);
        }
        return token;
    }
}
