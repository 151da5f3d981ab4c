package io.lockfacade.group.state;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The one read of the group: is a lock type empty? Answered from the applied table, where a lock whose time ran
 * out counts until an entry frees it (as on the single master), so it needs no time of its own.
 *
 * @param lockType the lock type
 */
public record TypeQuery(String lockType) {

    /** @return the query as bytes */
    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
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
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            return new TypeQuery(in.readUTF());
        } catch (IOException truncated) {
            throw new IllegalArgumentException("not a query: " + truncated, truncated);
        }
    }
}
