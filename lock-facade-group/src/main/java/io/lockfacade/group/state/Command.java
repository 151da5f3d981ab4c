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
 * @param expected  a fencing token or handout sequence the command is conditional on, 0 for none
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
        TERM_START
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
