package io.lockfacade.webapp.admin;

import io.lockfacade.server.table.LockInfo;

import java.time.Duration;

/**
 * One lock as the page shows it: the raw values (the page escapes them) and the times written for people.
 *
 * @param type            the lock type
 * @param key             the key
 * @param owner           the whole owner string
 * @param ownerNode       the owner's node id (see {@link OwnerName})
 * @param ownerThread     the owner's thread, {@code name#id}, or empty
 * @param acquiredAt      when the current grant was made, UTC
 * @param age             how long ago that was
 * @param leaseRemaining  how long until the lease runs out unless renewed
 * @param leaseEndingSoon whether that is under {@link #ENDING_SOON}, to highlight it
 * @param fencingToken    the current grant's fencing token
 * @param waiters         how many calls wait for the lock
 * @param question        the confirmation question of its Remove button
 */
public record LockRowView(String type, String key, String owner, String ownerNode, String ownerThread,
                          String acquiredAt, String age, String leaseRemaining, boolean leaseEndingSoon,
                          long fencingToken, int waiters, String question) {

    /** A lease with less than this left is highlighted. */
    public static final Duration ENDING_SOON = Duration.ofSeconds(10);

    /**
     * @param lock           the lock's picture
     * @param nowEpochMillis the wall clock now, for the age
     * @return the row
     */
    public static LockRowView of(LockInfo lock, long nowEpochMillis) {
        OwnerName owner = OwnerName.parse(lock.owner());
        return new LockRowView(lock.lockType(), lock.key(), lock.owner(), owner.node(), owner.thread(),
                AdminFormats.instant(lock.acquiredAtEpochMillis()),
                AdminFormats.duration(nowEpochMillis - lock.acquiredAtEpochMillis()),
                AdminFormats.duration(lock.leaseRemainingMillis()),
                lock.leaseRemainingMillis() < ENDING_SOON.toMillis(), lock.fencingToken(), lock.waiters(),
                RemovalMessages.question(lock));
    }
}
