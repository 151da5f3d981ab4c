package io.lockfacade.group.raft;

import org.jgroups.protocols.raft.FileBasedLog;
import org.jgroups.protocols.raft.LogEntries;

import java.util.concurrent.atomic.LongAdder;

/**
 * jgroups-raft's file log, counting its appends and their entries ({@link LogWrites}). The file log forces the
 * file once per append when fsync is on, so these counts are what group commit achieves. Named in
 * {@code group-stack.xml} as the log class.
 */
public class CountingFileLog extends FileBasedLog {

    private final LongAdder appends = new LongAdder();
    private final LongAdder entries = new LongAdder();

    @Override
    public long append(long index, LogEntries appended) {
        long last = super.append(index, appended);
        appends.increment();
        entries.add(appended.size());
        return last;
    }

    /** @return the appends and entries so far (no command count: the log does not read entries) */
    public LogWrites writes() {
        return new LogWrites(appends.sum(), entries.sum(), 0);
    }
}
