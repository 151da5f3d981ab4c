package io.lockfacade.group.state;

import io.lockfacade.server.table.Handout;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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
 * @param reason   why the call was refused ({@link Kind#REFUSED}), else {@code null}
 */
public record Reply(Kind kind, long value, long lease, int sequence, String reason) {

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
        SESSION_ENDED,
        /** The call waits in the table's line under the waiter id its command carried. */
        PARKED,
        /** The call can never be granted as asked; nothing changed ({@link #reason} says why). */
        REFUSED
    }

    /** Checks the kind, and that a refusal and only a refusal has a reason. */
    public Reply {
        Objects.requireNonNull(kind, "kind");
        if ((kind == Kind.REFUSED) != (reason != null)) {
            throw new IllegalArgumentException("a reason goes with a refusal only: " + kind + ", " + reason);
        }
    }

    /** @return a grant */
    public static Reply granted(long token, long lease, int sequence) {
        return new Reply(Kind.GRANTED, token, lease, sequence, null);
    }

    /** @return a grant, as the table handed it out */
    public static Reply granted(Handout handout) {
        return granted(handout.grant().getFencingToken(), handout.grant().getLeaseMillis(), handout.sequence());
    }

    /** @return a one-word answer */
    public static Reply of(Kind kind) {
        return new Reply(kind, 0, 0, 0, null);
    }

    /** @return a refusal, with the table's reason */
    public static Reply refused(String reason) {
        return new Reply(Kind.REFUSED, 0, 0, 0, reason);
    }

    /** @return {@link Kind#YES} or {@link Kind#NO} */
    public static Reply of(boolean yes) {
        return of(yes ? Kind.YES : Kind.NO);
    }

    /** @return a number */
    public static Reply number(long value) {
        return new Reply(Kind.NUMBER, value, 0, 0, null);
    }

    /** @return whether the answer is {@link Kind#YES} */
    public boolean yes() {
        return kind == Kind.YES;
    }

    /** @return the reply as bytes: fixed fields, then a refusal's reason in UTF-8 */
    public byte[] encode() {
        byte[] text = reason == null ? new byte[0] : reason.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(ENCODED_BYTES + text.length).put((byte) kind.ordinal()).putLong(value)
                .putLong(lease).putInt(sequence).put(text).array();
    }

    /**
     * @throws IllegalArgumentException if the bytes are not a reply
     */
    public static Reply decode(byte[] encoded) {
        if (encoded.length < ENCODED_BYTES || encoded[0] < 0 || encoded[0] >= Kind.values().length
                || (encoded.length > ENCODED_BYTES && encoded[0] != Kind.REFUSED.ordinal())) {
            throw new IllegalArgumentException("not a reply (" + encoded.length + " bytes)");
        }
        ByteBuffer in = ByteBuffer.wrap(encoded);
        Kind kind = Kind.values()[in.get()];
        String reason = kind == Kind.REFUSED
                ? new String(Arrays.copyOfRange(encoded, ENCODED_BYTES, encoded.length), StandardCharsets.UTF_8)
                : null;
        return new Reply(kind, in.getLong(), in.getLong(), in.getInt(), reason);
    }
}
