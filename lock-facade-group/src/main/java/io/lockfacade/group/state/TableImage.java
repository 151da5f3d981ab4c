package io.lockfacade.group.state;

import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.PrimitivesSnapshot;
import io.lockfacade.server.table.SessionView;
import io.lockfacade.server.table.TableSnapshot;
import io.lockfacade.server.table.Waiter;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The whole replicated table as values: the table's clock and the {@link TableSnapshot} of its lock machine
 * (locks, sessions, and from format 3 on read-write locks, semaphores and leaderships), in the snapshot's canonical
 * order. What a Raft snapshot stores, and what tests compare between replicas (two tables
 * in the same state have equal images). The expiry index is not in it: it is rebuilt from the leases and sessions.
 *
 * @param clock the table's clock (leader time, epoch millis)
 * @param table the lock machine's state
 */
public record TableImage(long clock, TableSnapshot table) {

    /**
     * Version 1, the group's own table before it ran the single master's lock machine, is still read; so is version
     * 2, the lock machine's locks and sessions before it had other primitives (read as having none).
     */
    private static final int FORMAT = 3;

    /** Locks and sessions only. */
    private static final int LOCKS_ONLY_FORMAT = 2;

    /** Checks the snapshot is given. */
    public TableImage {
        Objects.requireNonNull(table, "table");
    }

    /** Writes the image; {@link #read} reads it back. */
    public void write(DataOutput out) throws IOException {
        out.writeInt(FORMAT);
        out.writeLong(clock);
        out.writeLong(table.lastToken());
        out.writeLong(table.grantCount());
        out.writeInt(table.sessions().size());
        for (SessionView s : table.sessions()) {
            out.writeUTF(s.id());
            out.writeLong(s.ttlMillis());
            out.writeInt(s.locks());
            out.writeLong(s.lastKeepAliveNanos());
            out.writeLong(s.endNanos());
            out.writeLong(s.forceRemovals());
        }
        out.writeInt(table.locks().size());
        for (TableSnapshot.LockEntry l : table.locks()) {
            ImageFields.writeKey(out, l.lockKey());
            out.writeUTF(l.owner());
            out.writeLong(l.fencingToken());
            out.writeLong(l.acquiredAtNanos());
            out.writeLong(l.leaseMillis());
            out.writeLong(l.deadlineNanos());
            out.writeInt(l.handouts());
            WireStrings.write(out, l.sessionId());
            ImageFields.writeList(out, l.waiters(), ImageFields::writeWaiter);
        }
        PrimitivesImage.write(out, table.primitives());
    }

    /**
     * @throws IOException if the stream is not an image this version wrote
     */
    public static TableImage read(DataInput in) throws IOException {
        int format = in.readInt();
        if (format == FirstFormatImage.FORMAT) {
            return FirstFormatImage.read(in);
        }
        if (format != FORMAT && format != LOCKS_ONLY_FORMAT) {
            throw new IOException("unknown snapshot format " + format);
        }
        long clock = in.readLong();
        long lastToken = in.readLong();
        long grantCount = in.readLong();
        int sessionCount = in.readInt();
        List<SessionView> sessions = new ArrayList<>(sessionCount);
        for (int i = 0; i < sessionCount; i++) {
            sessions.add(new SessionView(in.readUTF(), in.readLong(), in.readInt(), in.readLong(), in.readLong(),
                    in.readLong()));
        }
        int lockCount = in.readInt();
        List<TableSnapshot.LockEntry> locks = new ArrayList<>(lockCount);
        for (int i = 0; i < lockCount; i++) {
            LockKey key = ImageFields.readKey(in);
            String owner = in.readUTF();
            long token = in.readLong();
            long acquiredAt = in.readLong();
            long lease = in.readLong();
            long deadline = in.readLong();
            int handouts = in.readInt();
            String sessionId = WireStrings.read(in);
            List<Waiter> waiters = ImageFields.readList(in, ImageFields::readWaiter);
            locks.add(new TableSnapshot.LockEntry(key, owner, token, acquiredAt, lease, deadline, handouts, sessionId,
                    waiters));
        }
        PrimitivesSnapshot primitives = format == FORMAT ? PrimitivesImage.read(in) : PrimitivesSnapshot.EMPTY;
        return new TableImage(clock, new TableSnapshot(lastToken, grantCount, locks, sessions, primitives));
    }
}
