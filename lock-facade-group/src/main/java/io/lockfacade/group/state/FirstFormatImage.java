package io.lockfacade.group.state;

import io.lockfacade.server.table.LockKey;
import io.lockfacade.server.table.SessionView;
import io.lockfacade.server.table.TableSnapshot;

import java.io.DataInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Reads a snapshot the group wrote before it ran the single master's lock machine (format 1: the clock, sessions
 * and locks as rows, times in epoch millis), so that a member upgraded with such a snapshot on disk starts with its
 * locks. The rows become a {@link TableSnapshot}: times move to the machine's nanosecond axis, the last token is the
 * highest held (later grants' tokens are at least their entry's log index, above every token of the snapshot), and
 * the grant count, which format 1 did not keep, starts at the number of held locks.
 */
final class FirstFormatImage {

    /** The format number this class reads. */
    static final int FORMAT = 1;

    private FirstFormatImage() {
    }

    /** Reads the rest of a format-1 image, its format number already read. */
    static TableImage read(DataInput in) throws IOException {
        long clock = in.readLong();
        int sessionCount = in.readInt();
        List<SessionView> sessions = new ArrayList<>(sessionCount);
        for (int i = 0; i < sessionCount; i++) {
            String id = in.readUTF();
            long ttlMillis = in.readLong();
            long endNanos = nanos(in.readLong());
            long forceRemovals = in.readLong();
            sessions.add(new SessionView(id, ttlMillis, 0, endNanos - nanos(ttlMillis), endNanos, forceRemovals));
        }
        int lockCount = in.readInt();
        List<TableSnapshot.LockEntry> locks = new ArrayList<>(lockCount);
        Map<String, Integer> locksPerSession = new HashMap<>();
        long lastToken = 0;
        for (int i = 0; i < lockCount; i++) {
            LockKey key = new LockKey(in.readUTF(), in.readUTF());
            String owner = in.readUTF();
            long token = in.readLong();
            long grantedAt = nanos(in.readLong());
            String sessionId = WireStrings.read(in);
            long leaseMillis = in.readLong();
            long expiresAt = in.readLong();
            long deadline = sessionId == null ? nanos(expiresAt) : 0;
            int handouts = in.readInt();
            locks.add(new TableSnapshot.LockEntry(key, owner, token, grantedAt, leaseMillis, deadline, handouts,
                    sessionId, List.of()));
            lastToken = Math.max(lastToken, token);
            if (sessionId != null) {
                locksPerSession.merge(sessionId, 1, Integer::sum);
            }
        }
        locks.sort(Comparator.comparing(TableSnapshot.LockEntry::lockKey, LockKey.ORDER));
        List<SessionView> counted = sessions.stream().map(s -> new SessionView(s.id(), s.ttlMillis(),
                locksPerSession.getOrDefault(s.id(), 0), s.lastKeepAliveNanos(), s.endNanos(), s.forceRemovals()))
                .toList();
        return new TableImage(clock, new TableSnapshot(lastToken, lockCount, locks, counted));
    }

    private static long nanos(long epochMillis) {
        return TimeUnit.MILLISECONDS.toNanos(epochMillis);
    }
}
