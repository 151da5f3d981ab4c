package io.lockfacade.group.raft;

import org.jgroups.Message;
import org.jgroups.ObjectMessage;
import org.jgroups.protocols.raft.AppendEntriesFields;
import org.jgroups.protocols.raft.AppendEntriesRequest;
import org.jgroups.protocols.raft.LogEntries;
import org.jgroups.protocols.raft.LogEntry;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A follower's group commit: AppendEntries requests that queued up while the follower was forcing its log are
 * joined into one, so that they cost one append and one fsync (jgroups-raft forces once per append) and are
 * answered by one response acknowledging the last entry (the leader counts an acknowledgement of index i for
 * every entry up to i). One request alone passes unchanged: no delay is added.
 *
 * <p>Only a run of requests that continue each other is joined: same sender, same term, same entries' term, each
 * starting right after the previous one's last entry. The joined request starts where the first did, so the
 * follower's consistency check (the entry before it) is the first request's, and it carries the highest commit
 * index of the run.
 */
final class AppendRuns {

    /** The most entries one joined request carries, so that one append stays short. */
    static final int MAX_ENTRIES = 4_096;

    private AppendRuns() {
    }

    /** A received AppendEntries message and its header. */
    record Append(Message message, AppendEntriesRequest header) {

        /** @param message a message carrying {@code header} and, as its object, the {@link LogEntries} */
        Append {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(header, "header");
        }

        LogEntries entries() {
            return message instanceof ObjectMessage object && object.getObject() instanceof LogEntries entries
                    ? entries : null;
        }

        int size() {
            LogEntries entries = entries();
            return entries == null ? 0 : entries.size();
        }
    }

    /**
     * @param received AppendEntries messages in the order they arrived
     * @param headerId the RAFT protocol's header id, under which a joined message carries its header
     * @return the same appends with every joinable run replaced by one append, order kept
     */
    static List<Append> join(List<Append> received, short headerId) {
        List<Append> joined = new ArrayList<>(received.size());
        int start = 0;
        while (start < received.size()) {
            int end = start + 1;
            int entries = received.get(start).size();
            while (end < received.size() && continues(received.get(end - 1), received.get(end))
                    && entries + received.get(end).size() <= MAX_ENTRIES) {
                entries += received.get(end).size();
                end++;
            }
            joined.add(end - start == 1 ? received.get(start) : joinRun(received.subList(start, end), headerId));
            start = end;
        }
        return joined;
    }

    /** @return whether {@code next} can be appended as the continuation of {@code previous} */
    static boolean continues(Append previous, Append next) {
        AppendEntriesRequest a = previous.header();
        AppendEntriesRequest b = next.header();
        return previous.size() > 0 && next.size() > 0
                && Objects.equals(previous.message().src(), next.message().src())
                && Objects.equals(AppendEntriesFields.leader(a), AppendEntriesFields.leader(b))
                && AppendEntriesFields.term(a) == AppendEntriesFields.term(b)
                && AppendEntriesFields.entryTerm(a) == AppendEntriesFields.entryTerm(b)
                && AppendEntriesFields.prevLogIndex(b) == AppendEntriesFields.prevLogIndex(a) + previous.size();
    }

    private static Append joinRun(List<Append> run, short headerId) {
        Append first = run.get(0);
        AppendEntriesRequest head = first.header();
        LogEntries entries = new LogEntries();
        long leaderCommit = 0;
        for (Append append : run) {
            for (LogEntry entry : append.entries()) {
                entries.add(entry);
            }
            leaderCommit = Math.max(leaderCommit, AppendEntriesFields.leaderCommit(append.header()));
        }
        AppendEntriesRequest header = new AppendEntriesRequest(AppendEntriesFields.leader(head),
                AppendEntriesFields.term(head), AppendEntriesFields.prevLogIndex(head),
                AppendEntriesFields.prevLogTerm(head), AppendEntriesFields.entryTerm(head), leaderCommit);
        Message message = new ObjectMessage(first.message().dest(), entries).setSrc(first.message().src())
                .putHeader(headerId, header);
        return new Append(message, header);
    }
}
