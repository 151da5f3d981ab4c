package io.lockfacade.group.state;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * A copy of the whole replicated table in a canonical order: what a snapshot stores, and what tests compare
 * between replicas (two tables in the same state have equal images).
 *
 * @param clock    the table's clock (leader time, epoch millis)
 * @param sessions the open sessions, by id
 * @param locks    the held locks, by type then key
 */
public record TableImage(long clock, List<SessionRow> sessions, List<LockRow> locks) {

    private static final int FORMAT = 1;

    /** Copies the lists. */
    public TableImage {
        sessions = List.copyOf(sessions);
        locks = List.copyOf(locks);
    }

    /** One open session. */
    public record SessionRow(String id, long ttlMillis, long expiresAt, long forceRemovals) {
    }

    /** One held lock; {@code sessionId} is null for a lock with a lease of its own. */
    public record LockRow(String lockType, String key, String owner, long token, long grantedAt, String sessionId,
                          long leaseMillis, long expiresAt, int handouts) {
    }

    static TableImage of(long clock, Collection<OpenSession> sessions, Collection<HeldLock> locks) {
        List<SessionRow> sessionRows = new ArrayList<>(sessions.size());
        for (OpenSession s : sessions) {
            sessionRows.add(new SessionRow(s.id, s.ttlMillis, s.expiresAt, s.forceRemovals));
        }
        sessionRows.sort(Comparator.comparing(SessionRow::id));
        List<LockRow> lockRows = new ArrayList<>(locks.size());
        for (HeldLock l : locks) {
            lockRows.add(new LockRow(l.lockType, l.key, l.owner, l.token, l.grantedAt, l.sessionId, l.leaseMillis,
                    l.expiresAt, l.handouts));
        }
        lockRows.sort(Comparator.comparing(LockRow::lockType).thenComparing(LockRow::key));
        return new TableImage(clock, sessionRows, lockRows);
    }

    /** Writes the image; {@link #read} reads it back. */
    public void write(DataOutputStream out) throws IOException {
        out.writeInt(FORMAT);
        out.writeLong(clock);
        out.writeInt(sessions.size());
        for (SessionRow s : sessions) {
            out.writeUTF(s.id());
            out.writeLong(s.ttlMillis());
            out.writeLong(s.expiresAt());
            out.writeLong(s.forceRemovals());
        }
        out.writeInt(locks.size());
        for (LockRow l : locks) {
            out.writeUTF(l.lockType());
            out.writeUTF(l.key());
            out.writeUTF(l.owner());
            out.writeLong(l.token());
            out.writeLong(l.grantedAt());
            WireStrings.write(out, l.sessionId());
            out.writeLong(l.leaseMillis());
            out.writeLong(l.expiresAt());
            out.writeInt(l.handouts());
        }
    }

    /**
     * @throws IOException if the stream is not an image this version wrote
     */
    public static TableImage read(DataInputStream in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("unknown snapshot format " + format);
        }
        long clock = in.readLong();
        int sessionCount = in.readInt();
        List<SessionRow> sessions = new ArrayList<>(sessionCount);
        for (int i = 0; i < sessionCount; i++) {
            sessions.add(new SessionRow(in.readUTF(), in.readLong(), in.readLong(), in.readLong()));
        }
        int lockCount = in.readInt();
        List<LockRow> locks = new ArrayList<>(lockCount);
        for (int i = 0; i < lockCount; i++) {
            locks.add(new LockRow(in.readUTF(), in.readUTF(), in.readUTF(), in.readLong(), in.readLong(),
                    WireStrings.read(in), in.readLong(), in.readLong(), in.readInt()));
        }
        return new TableImage(clock, sessions, locks);
    }
}
