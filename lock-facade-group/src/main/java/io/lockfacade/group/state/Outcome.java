package io.lockfacade.group.state;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * What applying one {@link Command} answered, as it travels back to the member that proposed it.
 *
 * @param kind     the kind of answer
 * @param value    the fencing token ({@link Kind#GRANTED}), a TTL or count ({@link Kind#NUMBER}), else 0
 * @param lease    the lease of a grant in milliseconds ({@link Kind#GRANTED}), else 0
 * @param sequence how many times the grant has been handed out, this time included ({@link Kind#GRANTED})
 */
public record Outcome(Kind kind, long value, long lease, int sequence) {

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
    public Outcome {
        Objects.requireNonNull(kind, "kind");
    }

    /** @return a grant */
    public static Outcome granted(long token, long lease, int sequence) {
        return new Outcome(Kind.GRANTED, token, lease, sequence);
    }

    /** @return a one-word answer */
    public static Outcome of(Kind kind) {
        return new Outcome(kind, 0, 0, 0);
    }

    /** @return {@link Kind#YES} or {@link Kind#NO} */
    public static Outcome of(boolean yes) {
        return of(yes ? Kind.YES : Kind.NO);
    }

    /** @return a number */
    public static Outcome number(long value) {
        return new Outcome(Kind.NUMBER, value, 0, 0);
    }

    /** @return whether the answer is {@link Kind#YES} */
    public boolean yes() {
        return kind == Kind.YES;
    }

    /** @return the outcome as bytes */
    public byte[] encode() {
        return ByteBuffer.allocate(ENCODED_BYTES).put((byte) kind.ordinal()).putLong(value).putLong(lease)
                .putInt(sequence).array();
    }

    /**
     * @throws IllegalArgumentException if the bytes are not an outcome
     */
    public static Outcome decode(byte[] encoded) {
        if (encoded.length != ENCODED_BYTES || encoded[0] < 0 || encoded[0] >= Kind.values().length) {
            throw new IllegalArgumentException("not an outcome (" + encoded.length + " bytes)");
        }
        ByteBuffer in = ByteBuffer.wrap(encoded);
        return new Outcome(Kind.values()[in.get()], in.getLong(), in.getLong(), in.getInt());
    }
}
