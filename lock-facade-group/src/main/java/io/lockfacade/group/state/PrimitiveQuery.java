package io.lockfacade.group.state;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * A read of a semaphore's free permits, of where a participant stands in a leadership, or of whether a call waits
 * behind a read-write lock's holder. Like {@link TypeQuery} it
 * travels through the log (so a deposed leader cannot answer it) and changes nothing. A participant's standing is
 * read at the leader's time the query carries (never before the table's clock): a participant whose session has run
 * out by then neither leads nor takes part, even before an entry frees what it held, as on the single master.
 *
 * @param kind      what is read
 * @param time      the leader's wall clock (epoch millis) when it asked
 * @param lockType  the semaphore's or read-write lock's lock type; unused for a leadership
 * @param key       the semaphore's or read-write lock's key, or the leadership's name
 * @param who       the participant ({@link Kind#LEADERSHIP_EPOCH}) or holder ({@link Kind#READ_WRITE_WAITER});
 *                  unused for a semaphore
 */
public record PrimitiveQuery(Kind kind, long time, String lockType, String key, String who) {

    /** The first byte of an encoded query, which no command, batch or {@link TypeQuery} starts with. */
    public static final byte MARKER = (byte) 0xFD;

    /** What a query reads; the ordinal is its wire code, so only append. */
    public enum Kind {
        /** How many permits of a semaphore are free, -1 if it has no capacity yet. */
        AVAILABLE_PERMITS,
        /** A participant's epoch if it leads, 0 if it takes part without leading, -1 if it does not take part. */
        LEADERSHIP_EPOCH,
        /**
         * Where a read-write lock's holder ({@code who}) stands against waiting calls: 1 a call waits, 0 none does,
         * -1 it holds neither mode ({@code ReadWriteLocks.waiterStanding}).
         */
        READ_WRITE_WAITER
    }

    /** Checks the kind and key. */
    public PrimitiveQuery {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(key, "key");
    }

    /** @return whether a log entry is such a query */
    public static boolean isQuery(byte[] entry) {
        return entry.length > 0 && entry[0] == MARKER;
    }

    /** @return the query as bytes */
    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(48);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(MARKER);
            out.writeByte(kind.ordinal());
            out.writeLong(time);
            WireStrings.write(out, lockType);
            out.writeUTF(key);
            WireStrings.write(out, who);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
        return bytes.toByteArray();
    }

    /**
     * @throws IllegalArgumentException if the bytes are not such a query
     */
    public static PrimitiveQuery decode(byte[] encoded) {
        if (!isQuery(encoded)) {
            throw new IllegalArgumentException("not a primitive query");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded, 1, encoded.length - 1))) {
            int code = in.readUnsignedByte();
            if (code >= Kind.values().length) {
                throw new IllegalArgumentException("unknown query kind " + code);
            }
            return new PrimitiveQuery(Kind.values()[code], in.readLong(), WireStrings.read(in), in.readUTF(),
                    WireStrings.read(in));
        } catch (IOException truncated) {
            throw new IllegalArgumentException("not a primitive query: " + truncated, truncated);
        }
    }
}
