package io.lockfacade.group.raft;

import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.raft.AppendEntriesRequest;
import org.jgroups.protocols.raft.Log;
import org.jgroups.protocols.raft.RAFT;
import org.jgroups.raft.util.CommitTable;
import org.jgroups.raft.util.LogCache;
import org.jgroups.util.MessageBatch;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * jgroups-raft's RAFT protocol with what the group needs under load, everything on RAFT's one processing thread:
 * <ul>
 *   <li>a follower joins the AppendEntries requests that queued up together into one append and one fsync
 *       ({@link AppendRuns}); the leader already appends all the requests it drains at once as one batch;</li>
 *   <li>the leader sends a follower that reported missing entries the next range of them right after each batch
 *       it processes ({@link FollowerCatchUp}), not only once it has been idle for the resend interval.</li>
 * </ul>
 * It keeps RAFT's protocol id, so its messages are RAFT's on the wire. Named in {@code group-stack.xml}.
 */
public class GroupRaft extends RAFT {

    private final FollowerCatchUp catchUp = new FollowerCatchUp();
    private long catchUpTerm;

    /** Takes RAFT's protocol id: the headers it sends and reads are RAFT's. */
    public GroupRaft() {
        setId(ClassConfigurator.getProtocolId(RAFT.class));
    }

    @Override
    public Object up(Message msg) {
        if (!synchronous() && msg.getHeader(id) instanceof AppendEntriesRequest append) {
            add(new ReceivedAppend(new AppendRuns.Append(msg, append)));
            return null;
        }
        return super.up(msg);
    }

    @Override
    public void up(MessageBatch batch) {
        if (!synchronous()) {
            for (Iterator<Message> it = batch.iterator(); it.hasNext(); ) {
                Message msg = it.next();
                if (msg.getHeader(id) instanceof AppendEntriesRequest append) {
                    it.remove();
                    add(new ReceivedAppend(new AppendRuns.Append(msg, append)));
                }
            }
        }
        if (!batch.isEmpty()) {
            super.up(batch);
        }
    }

    @Override
    protected void process(List<Request> requests) {
        super.process(joinAppends(requests));
        if (isLeader() && commit_table != null) {
            catchUpFollowers();
        }
    }

    /** @return the appends and entries this member's log has taken since it started */
    public LogWrites logWrites() {
        Log log = log();
        if (log instanceof LogCache cache) {
            log = cache.log();
        }
        return log instanceof CountingFileLog counting ? counting.writes() : LogWrites.NONE;
    }

    /** Replaces each run of received appends by the joined appends, keeping every other request where it was. */
    private List<Request> joinAppends(List<Request> requests) {
        List<Request> joined = new ArrayList<>(requests.size());
        List<AppendRuns.Append> run = new ArrayList<>();
        for (Request request : requests) {
            if (request instanceof ReceivedAppend received) {
                run.add(received.append);
            } else {
                addJoined(run, joined);
                joined.add(request);
            }
        }
        addJoined(run, joined);
        return joined;
    }

    private void addJoined(List<AppendRuns.Append> run, List<Request> joined) {
        if (!run.isEmpty()) {
            for (AppendRuns.Append append : AppendRuns.join(run, id)) {
                joined.add(new UpRequest(append.message(), append.header()));
            }
            run.clear();
        }
    }

    private void catchUpFollowers() {
        long now = System.nanoTime();
        if (currentTerm() != catchUpTerm) {
            catchUp.reset(); // ranges sent in an earlier term of this member's leadership are no longer in flight
            catchUpTerm = currentTerm();
        }
        commit_table.forEach((Address follower, CommitTable.Entry entry) -> catchUp.next(follower,
                entry.sendSingleMessage(), entry.matchIndex(), entry.nextIndex(), lastAppended(), now)
                .ifPresent(range -> {
                    if (range.from() < log().firstAppended()) {
                        sendAppendEntriesMessage(follower, entry); // behind the log's start: RAFT sends a snapshot
                    } else {
                        resend(follower, range.from(), range.to());
                    }
                }));
    }

    /** An AppendEntries request waiting in RAFT's queue, to be joined with the ones that follow it. */
    private static final class ReceivedAppend extends Request {
        private final AppendRuns.Append append;

        ReceivedAppend(AppendRuns.Append append) {
            this.append = append;
        }
    }
}
