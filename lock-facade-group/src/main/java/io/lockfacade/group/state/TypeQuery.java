package io.lockfacade.group.state;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The one read of the group: is a lock type empty? A read carries no log entry, so it carries the leader's time
 * for the expiry comparison.
 *
 * @param lockType the lock type
 * @param time     the leader's wall clock (epoch millis) when it was asked
 */
public record TypeQuery(String lockType, long time) {

    /** @return the query as bytes */
    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(lockType);
            out.writeLong(time);
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
            return new TypeQuery(in.readUTF(), in.readLong());
        } catch (IOException truncated) {
            throw new IllegalArgumentException("not a query: " + truncated, truncated);
        }
    }
}
