package io.lockfacade.reliability.group;

/**
 * A grant a load worker was answered.
 *
 * @param atNanos when the answer arrived ({@link System#nanoTime()})
 * @param member  the member that answered it
 * @param key     the lock's key
 * @param token   its fencing token
 */
public record GrantRecord(long atNanos, String member, String key, long token) {
}
