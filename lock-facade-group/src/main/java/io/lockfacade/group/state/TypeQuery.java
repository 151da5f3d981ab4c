package io.lockfacade.group.state;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The one read of the group: is a lock type empty? It travels through the log like a command (so its answer is
 * linearizable: a deposed leader cannot commit it) and is answered from the applied table, where a lock whose time ran
 * out counts until an entry frees it (as on the single master), so it needs no time of its own.
 *
 * @param lockType the lock type
 */
public record TypeQuery(String lockType) {

    /** The first byte of an encoded query, which no command or batch starts with. */
    public static final byte MARKER = (byte) 0xFE;

    /** @return whether a log entry is a query */
    public static boolean isQuery(byte[] entry) {
        return entry.length > 0 && entry[0] == MARKER;
    }

    /** @return the query as bytes */
    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(MARKER);
            out.writeUTF(lockType);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
        return bytes.toByteArray();
    }

    /**
     * @throws IllegalArgumentException if the bytes are not a query
     */
    public static TypeQuery decode(byte[] encoded) {
        if (!isQuery(encoded)) {
            throw new IllegalArgumentException("not a query");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded, 1, encoded.length - 1))) {
            return new TypeQuery(in.readUTF());
        } catch (IOException truncated) {
            throw new IllegalArgumentException("not a query: " + truncated, truncated);
        }
    }
}
