package io.lockfacade.group.state;

import io.lockfacade.server.table.HolderView;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.Waiter;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** How a {@link TableImage} writes the values its parts share: keys, parked calls, grants, lists of them. */
final class ImageFields {

    /** Writes one element of a list. */
    interface Writer<T> {
        void write(DataOutput out, T value) throws IOException;
    }

    /** Reads one element of a list. */
    interface Reader<T> {
        T read(DataInput in) throws IOException;
    }

    private ImageFields() {
    }

    static void writeKey(DataOutput out, LockKey key) throws IOException {
        out.writeUTF(key.lockType());
        out.writeUTF(key.key());
    }

    static LockKey readKey(DataInput in) throws IOException {
        return new LockKey(in.readUTF(), in.readUTF());
    }

    static void writeWaiter(DataOutput out, Waiter w) throws IOException {
        out.writeLong(w.id());
        writeKey(out, w.lockKey());
        out.writeUTF(w.owner());
        out.writeLong(w.leaseMillis());
        WireStrings.write(out, w.sessionId());
    }

    static Waiter readWaiter(DataInput in) throws IOException {
        return new Waiter(in.readLong(), readKey(in), in.readUTF(), in.readLong(), WireStrings.read(in));
    }

    /** Writes a grant of a primitive, or its absence. */
    static void writeHolder(DataOutput out, HolderView h) throws IOException {
        out.writeBoolean(h != null);
        if (h != null) {
            out.writeUTF(h.owner());
            out.writeLong(h.fencingToken());
            out.writeUTF(h.sessionId());
            out.writeLong(h.acquiredAtNanos());
            out.writeInt(h.permits());
            out.writeInt(h.handouts());
        }
    }

    /** @return a grant of a primitive, or {@code null} */
    static HolderView readHolder(DataInput in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        return new HolderView(in.readUTF(), in.readLong(), in.readUTF(), in.readLong(), in.readInt(), in.readInt());
    }

    static <T> void writeList(DataOutput out, List<T> values, Writer<T> element) throws IOException {
        out.writeInt(values.size());
        for (T value : values) {
            element.write(out, value);
        }
    }

    static <T> List<T> readList(DataInput in, Reader<T> element) throws IOException {
        int size = in.readInt();
        if (size < 0) {
            throw new IOException("negative list size " + size);
        }
        List<T> values = new ArrayList<>(Math.min(size, 1 << 16));
        for (int i = 0; i < size; i++) {
            values.add(element.read(in));
        }
        return values;
    }
}
