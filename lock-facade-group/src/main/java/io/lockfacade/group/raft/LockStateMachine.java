package io.lockfacade.group.raft;

import io.lockfacade.group.state.Applied;
import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.PrimitiveQuery;
import io.lockfacade.group.state.Reply;
import io.lockfacade.group.state.ReplicatedLockTable;
import io.lockfacade.group.state.TableImage;
import io.lockfacade.group.state.TypeQuery;
import io.lockfacade.server.service.LockEvents;
import org.jgroups.protocols.raft.RAFT;
import org.jgroups.protocols.raft.Role;
import org.jgroups.raft.StateMachine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.DataInput;
import java.io.DataOutput;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The Raft state machine of a master group: applies {@link Command}s to a {@link ReplicatedLockTable} strictly in
 * log order (jgroups-raft applies from one thread per member), answers {@link TypeQuery} and
 * {@link PrimitiveQuery} entries, and writes and
 * reads snapshots of the table. Role changes and applied commands are passed on to {@link GroupEvents}, which must
 * not block.
 *
 * <p>jgroups-raft does not pass an entry's log index to {@link #apply}, so this class counts the entries it
 * applies. The group's membership is fixed by the group flag and never changed through the log, so every entry
 * of the log is one of ours and the count is the Raft index; the count is in every snapshot.
 */
public final class LockStateMachine implements StateMachine, RAFT.RoleChange {

    private static final Logger LOG = LoggerFactory.getLogger(LockStateMachine.class);

    private final ReplicatedLockTable table;
    private volatile long appliedIndex;
    private final LongAdder grants = new LongAdder();
    private final LongAdder commands = new LongAdder();
    private volatile GroupEvents events = GroupEvents.NONE;
    private final LeaderLockEvents lockEvents = new LeaderLockEvents();

    /** @param table the table to apply to; empty, or restored from the latest snapshot at start */
    public LockStateMachine(ReplicatedLockTable table) {
        this.table = table;
    }

    /** Sets who hears of applied commands and role changes. */
    public void setEvents(GroupEvents events) {
        this.events = events;
    }

    /** Sets the per-type lock meters this member feeds while it leads (see {@link LeaderLockEvents}). */
    public void setLockEvents(LockEvents events) {
        lockEvents.setEvents(events);
    }

    /** @return where the leader's parked calls report to the same meters */
    public LeaderLockEvents lockEvents() {
        return lockEvents;
    }

    /** @return the table this state machine applies to */
    public ReplicatedLockTable table() {
        return table;
    }

    /** @return the log index of the last entry applied to the table */
    public long appliedIndex() {
        return appliedIndex;
    }

    @Override
    public byte[] apply(byte[] data, int offset, int length, boolean serializeResponse) {
        long index = ++appliedIndex;
        byte[] entry = offset == 0 && length == data.length ? data
                : Arrays.copyOfRange(data, offset, offset + length);
        if (TypeQuery.isQuery(entry)) {
            return Reply.of(table.isTypeEmpty(TypeQuery.decode(entry).lockType())).encode();
        }
        if (PrimitiveQuery.isQuery(entry)) {
            return table.answer(PrimitiveQuery.decode(entry)).encode();
        }
        if (CommandBatch.isBatch(entry)) {
            List<Reply> outcomes = new ArrayList<>();
            for (Command command : CommandBatch.decode(entry)) {
                outcomes.add(applyOne(command, index).outcome());
            }
            return CommandBatch.encodeOutcomes(outcomes);
        }
        return applyOne(Command.decode(entry), index).outcome().encode();
    }

    private Applied applyOne(Command command, long index) {
        long lastToken = table.lastToken();
        Applied applied = table.apply(command, index);
        commands.increment();
        // a fresh grant takes a new token (a retried call is answered with its older one)
        boolean freshGrant = applied.outcome().kind() == Reply.Kind.GRANTED && applied.outcome().value() > lastToken;
        if (freshGrant) {
            grants.increment();
        }
        lockEvents.applied(command, applied, freshGrant);
        events.applied(command, applied, index);
        return applied;
    }

    /** @return commands this member has applied since it started (a batch entry carries several) */
    public long appliedCommands() {
        return commands.sum();
    }

    /**
     * @return fresh grants this member has applied since {@link #countGrantsFromNow()} (hand-overs to waiters
     *         included, a holder's retried call not): on the leader, the grants the group made meanwhile
     */
    public long grantCount() {
        return grants.sum();
    }

    /** Starts the grant count from zero: called once the member has replayed its log at start. */
    void countGrantsFromNow() {
        grants.reset();
    }

    /** Writes the table as of the last applied entry; jgroups-raft calls it on its one processing thread. */
    @Override
    public void writeContentTo(DataOutput out) throws Exception {
        out.writeLong(appliedIndex);
        table.image().write(out);
        LOG.info("snapshot of {} locks at index {} written", table.size(), appliedIndex);
    }

    /** Replaces the table with a snapshot (at start, or one the leader sent to a follower that fell behind). */
    @Override
    public void readContentFrom(DataInput in) throws Exception {
        long index = in.readLong();
        table.restore(TableImage.read(in));
        appliedIndex = index;
        LOG.info("table restored from the snapshot at index {} ({} locks)", index, table.size());
    }

    @Override
    public void roleChanged(Role role) {
        lockEvents.leading(role == Role.Leader);
        if (role == Role.Leader) {
            events.leaderReady();
        } else {
            events.notLeader();
        }
    }
}
