package io.lockfacade.group.raft;

import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.ObjectMessage;
import org.jgroups.protocols.raft.AppendEntriesFields;
import org.jgroups.protocols.raft.AppendEntriesRequest;
import org.jgroups.protocols.raft.LogEntries;
import org.jgroups.protocols.raft.LogEntry;
import org.jgroups.util.UUID;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class AppendRunsTest {

    private static final short RAFT_ID = 521;
    private static final Address LEADER = UUID.randomUUID();
    private static final Address OTHER = UUID.randomUUID();

    @Test
    void oneAppendPassesUnchanged() {
        AppendRuns.Append only = append(LEADER, 4, 10, 2, 9);
        List<AppendRuns.Append> joined = AppendRuns.join(List.of(only), RAFT_ID);
        assertEquals(1, joined.size());
        assertSame(only, joined.get(0));
    }

    @Test
    void appendsThatContinueEachOtherBecomeOneStartingAtTheFirstWithTheHighestCommitIndex() {
        List<AppendRuns.Append> joined = AppendRuns.join(List.of(append(LEADER, 4, 10, 2, 9),
                append(LEADER, 4, 12, 3, 11), append(LEADER, 4, 15, 1, 12)), RAFT_ID);

        assertEquals(1, joined.size());
        AppendRuns.Append one = joined.get(0);
        assertEquals(6, one.size());
        assertEquals(10, AppendEntriesFields.prevLogIndex(one.header()));
        assertEquals(4, AppendEntriesFields.prevLogTerm(one.header()));
        assertEquals(12, AppendEntriesFields.leaderCommit(one.header()));
        assertEquals(LEADER, one.message().src());
        assertSame(one.header(), one.message().getHeader(RAFT_ID));
    }

    @Test
    void aGapAnotherSenderAnotherTermOrAnEmptyAppendEndsARun() {
        assertEquals(2, AppendRuns.join(List.of(append(LEADER, 4, 10, 2, 9), append(LEADER, 4, 13, 1, 9)),
                RAFT_ID).size());
        assertEquals(2, AppendRuns.join(List.of(append(LEADER, 4, 10, 2, 9), append(OTHER, 4, 12, 1, 9)),
                RAFT_ID).size());
        assertEquals(2, AppendRuns.join(List.of(append(LEADER, 4, 10, 2, 9), append(LEADER, 5, 12, 1, 9)),
                RAFT_ID).size());
        assertEquals(3, AppendRuns.join(List.of(append(LEADER, 4, 10, 2, 9), append(LEADER, 4, 12, 0, 9),
                append(LEADER, 4, 12, 1, 9)), RAFT_ID).size());
    }

    @Test
    void aRunIsCutAtTheMostEntriesOneAppendCarries() {
        int half = AppendRuns.MAX_ENTRIES / 2 + 1;
        List<AppendRuns.Append> joined = AppendRuns.join(List.of(append(LEADER, 4, 0, half, 0),
                append(LEADER, 4, half, half, 0)), RAFT_ID);
        assertEquals(2, joined.size());
    }

    private static AppendRuns.Append append(Address leader, long term, long prevIndex, int entries, long commit) {
        LogEntries log = new LogEntries();
        for (int i = 0; i < entries; i++) {
            log.add(new LogEntry(term, new byte[]{(byte) i}));
        }
        AppendEntriesRequest header = new AppendEntriesRequest(leader, term, prevIndex, term, term, commit);
        Message message = new ObjectMessage(null, log).setSrc(leader).putHeader(RAFT_ID, header);
        return new AppendRuns.Append(message, header);
    }
}
