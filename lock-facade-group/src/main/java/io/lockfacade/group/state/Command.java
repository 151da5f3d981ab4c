package io.lockfacade.group.state;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * One change of the replicated lock table, as it travels in a Raft log entry: what to do, to what, and the
 * leader's clock when it was proposed. Replicas never read their own clock while applying: they use {@link #time}.
 *
 * <p>Encoded as a few bytes ({@link #encode()}): a kind, the leader's time, four optional strings and two numbers.
 * Unused fields are absent ({@code null}) or zero.
 *
 * @param kind      what to do
 * @param time      the leader's wall clock (epoch millis) when it proposed the command
 * @param lockType  the lock type, for lock commands
 * @param key       the key, for lock commands
 * @param owner     the owner, for lock commands
 * @param sessionId the session, for session commands and {@link Kind#TRY_LOCK_IN_SESSION}
 * @param millis    a lease or TTL in milliseconds, where the kind has one
 * @param expected  a fencing token or handout sequence the command is conditional on, or the id a primitive's call
 *                  waits under; 0 for none
 */
public record Command(Kind kind, long time, String lockType, String key, String owner, String sessionId,
                      long millis, long expected) {

    /** What a command does; the ordinal is its wire code, so only append. */
    public enum Kind {
        /** Grant a lock with a lease of its own, or answer busy. */
        TRY_LOCK,
        /** Grant a lock that lives as long as a session, or answer busy. */
        TRY_LOCK_IN_SESSION,
        /** Release a lock the owner holds. */
        UNLOCK,
        /** Extend the lease of a lock the owner holds. */
        RENEW,
        /** Open a session, or keep an open one alive. */
        OPEN_SESSION,
        /** Keep a session alive. */
        KEEP_ALIVE_SESSION,
        /** End a session and release its locks. */
        CLOSE_SESSION,
        /** An operator removes a lock, if it still has the given token (0: whatever the token). */
        FORCE_REMOVE,
        /** Release a grant whose reply never reached its caller, unless it was handed out again since. */
        RELEASE_UNDELIVERED,
        /** Remove every lock and session whose time is over. */
        EXPIRE_DUE,
        /** A new leader took over: every session and lease is extended by its own length. */
        TERM_START,
        /** Grant a read lock under a session, park the call ({@link #expected} is its waiter id), or answer busy. */
        READ_LOCK,
        /** Grant a write lock under a session, park the call, answer busy, or refuse an upgrade. */
        WRITE_LOCK,
        /** Release the read lock the owner holds. */
        UNLOCK_READ,
        /** Release the write lock the owner holds. */
        UNLOCK_WRITE,
        /** Grant permits of a semaphore to a holder ({@link #millis} packs permits and capacity), or park the call. */
        ACQUIRE_PERMITS,
        /** A holder gives permits back, keeping {@link #millis} of them. */
        RELEASE_PERMITS,
        /** A participant joins a leadership (the key is its name); the call may park until it is elected. */
        JOIN_LEADERSHIP,
        /** A participant leaves a leadership; the next one is elected. */
        LEAVE_LEADERSHIP,
        /** A parked read/write call leaves its line ({@link #expected} is its waiter id). */
        WITHDRAW_READ_WRITE,
        /** A parked semaphore call leaves its line. */
        WITHDRAW_PERMITS,
        /** A parked call waiting to be elected leaves the line (the participant still takes part). */
        WITHDRAW_LEADERSHIP,
        /** An operator ends a read/write grant with the given token (0: every grant of the lock). */
        FORCE_RELEASE_READ_WRITE,
        /** An operator ends a semaphore grant with the given token (0: every grant of the semaphore). */
        FORCE_RELEASE_PERMITS,
        /** An operator revokes the leader of a leadership if it leads under the given epoch (0: whoever leads). */
        REVOKE_LEADERSHIP,
        /** An operator sets a semaphore's capacity to {@link #millis}. */
        SET_CAPACITY,
        /**
         * Release the grant the owner holds under the token {@link #expected}, if it still does (a release answered
         * before it was durable, or its settle).
         */
        RELEASE_GRANT
    }

    /** Checks that a kind and a time are given. */
    public Command {
        Objects.requireNonNull(kind, "kind");
    }

    /** @return a command on one lock */
    public static Command onLock(Kind kind, long time, String lockType, String key, String owner, long millis) {
        return new Command(kind, time, lockType, key, owner, null, millis, 0);
    }

    /** @return a command on one session */
    public static Command onSession(Kind kind, long time, String sessionId, long millis) {
        return new Command(kind, time, null, null, null, sessionId, millis, 0);
    }

    /** @return a command on the whole table ({@link Kind#EXPIRE_DUE}, {@link Kind#TERM_START}) */
    public static Command onTable(Kind kind, long time) {
        return new Command(kind, time, null, null, null, null, 0, 0);
    }

    /**
     * @return an acquisition of semaphore permits; {@link #millis} packs the permits (high half) and the capacity
     *         (low half), {@link #expected} is the waiter id (0: the call may not wait)
     */
    public static Command acquirePermits(long time, String lockType, String key, String holder, int permits,
                                         int capacity, String sessionId, long waiterId) {
        return new Command(Kind.ACQUIRE_PERMITS, time, lockType, key, holder, sessionId,
                ((long) permits << Integer.SIZE) | (capacity & 0xFFFF_FFFFL), waiterId);
    }

    /** @return the permits an {@link Kind#ACQUIRE_PERMITS} command asks for */
    public int permits() {
        return (int) (millis >>> Integer.SIZE);
    }

    /** @return the capacity an {@link Kind#ACQUIRE_PERMITS} command sets if the semaphore has none */
    public int capacity() {
        return (int) millis;
    }

    /** @return this command with {@link #expected} set */
    public Command expecting(long value) {
        return new Command(kind, time, lockType, key, owner, sessionId, millis, value);
    }

    /** @return the command as bytes for a log entry */
    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(kind.ordinal());
            out.writeLong(time);
            WireStrings.write(out, lockType);
            WireStrings.write(out, key);
            WireStrings.write(out, owner);
            WireStrings.write(out, sessionId);
            out.writeLong(millis);
            out.writeLong(expected);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
        return bytes.toByteArray();
    }

    /**
     * @param encoded what {@link #encode()} wrote
     * @return the command
     * @throws IllegalArgumentException if the bytes are not a command
     */
    public static Command decode(byte[] encoded) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            int code = in.readUnsignedByte();
            if (code >= Kind.values().length) {
                throw new IllegalArgumentException("unknown command kind " + code);
            }
            return new Command(Kind.values()[code], in.readLong(), WireStrings.read(in), WireStrings.read(in),
                    WireStrings.read(in), WireStrings.read(in), in.readLong(), in.readLong());
        } catch (IOException truncated) {
            throw new IllegalArgumentException("not a command: " + truncated, truncated);
        }
    }
}
