package io.lockfacade.group.state;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * What applying one {@link Command} answered, as bytes travel back through the Raft engine to the member that
 * proposed it: the wire form of the {@link io.lockfacade.server.table.Outcome} or
 * {@link io.lockfacade.server.table.SessionOutcome} the table decided ({@link ReplicatedLockTable} maps one to the
 * other), never a decision of its own.
 *
 * @param kind     the kind of answer
 * @param value    the fencing token ({@link Kind#GRANTED}), a TTL or count ({@link Kind#NUMBER}), else 0
 * @param lease    the lease of a grant in milliseconds ({@link Kind#GRANTED}), else 0
 * @param sequence how many times the grant has been handed out, this time included ({@link Kind#GRANTED})
 */
public record Reply(Kind kind, long value, long lease, int sequence) {

    private static final int ENCODED_BYTES = 1 + Long.BYTES + Long.BYTES + Integer.BYTES;

    /** The kinds of answer; the ordinal is the wire code, so only append. */
    public enum Kind {
        /** The lock was granted (or granted again to its holder). */
        GRANTED,
        /** Another owner holds the lock. */
        BUSY,
        /** A yes/no command said yes. */
        YES,
        /** A yes/no command said no; nothing changed. */
        NO,
        /** A command that answers a number. */
        NUMBER,
        /** The session named has ended or was never opened; nothing changed. */
        SESSION_ENDED
    }

    /** Checks the kind. */
    public Reply {
        Objects.requireNonNull(kind, "kind");
    }

    /** @return a grant */
    public static Reply granted(long token, long lease, int sequence) {
        return new Reply(Kind.GRANTED, token, lease, sequence);
    }

    /** @return a one-word answer */
    public static Reply of(Kind kind) {
        return new Reply(kind, 0, 0, 0);
    }

    /** @return {@link Kind#YES} or {@link Kind#NO} */
    public static Reply of(boolean yes) {
        return of(yes ? Kind.YES : Kind.NO);
    }

    /** @return a number */
    public static Reply number(long value) {
        return new Reply(Kind.NUMBER, value, 0, 0);
    }

    /** @return whether the answer is {@link Kind#YES} */
    public boolean yes() {
        return kind == Kind.YES;
    }

    /** @return the reply as bytes */
    public byte[] encode() {
        return ByteBuffer.allocate(ENCODED_BYTES).put((byte) kind.ordinal()).putLong(value).putLong(lease)
                .putInt(sequence).array();
    }

    /**
     * @throws IllegalArgumentException if the bytes are not a reply
     */
    public static Reply decode(byte[] encoded) {
        if (encoded.length != ENCODED_BYTES || encoded[0] < 0 || encoded[0] >= Kind.values().length) {
            throw new IllegalArgumentException("not a reply (" + encoded.length + " bytes)");
        }
        ByteBuffer in = ByteBuffer.wrap(encoded);
        return new Reply(Kind.values()[in.get()], in.getLong(), in.getLong(), in.getInt());
    }
}
