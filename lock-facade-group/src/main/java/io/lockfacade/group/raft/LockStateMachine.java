package io.lockfacade.group.raft;

import io.lockfacade.group.state.Applied;
import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Outcome;
import io.lockfacade.group.state.ReplicatedLockTable;
import io.lockfacade.group.state.TableImage;
import io.lockfacade.group.state.TypeQuery;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftGroupMemberId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.raftlog.RaftLog;
import org.apache.ratis.server.storage.FileInfo;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.StateMachineStorage;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.statemachine.impl.SimpleStateMachineStorage;
import org.apache.ratis.statemachine.impl.SingleFileSnapshotInfo;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The Raft state machine of a master group: applies {@link Command}s to a {@link ReplicatedLockTable} strictly in
 * log order (Ratis calls {@link #applyTransaction} from one thread per member), answers {@link TypeQuery} reads,
 * and writes and loads snapshots of the table. Leader changes and applied commands are passed on to
 * {@link GroupEvents}, which must not block.
 */
public final class LockStateMachine extends BaseStateMachine {

    private static final Logger LOG = LoggerFactory.getLogger(LockStateMachine.class);

    private final ReplicatedLockTable table;
    private final SimpleStateMachineStorage storage = new SimpleStateMachineStorage();
    private volatile GroupEvents events = GroupEvents.NONE;

    /** @param table the table to apply to; empty, or restored from the latest snapshot at start */
    public LockStateMachine(ReplicatedLockTable table) {
        this.table = table;
    }

    /** Sets who hears of applied commands and leader changes. */
    public void setEvents(GroupEvents events) {
        this.events = events;
    }

    /** @return the table this state machine applies to */
    public ReplicatedLockTable table() {
        return table;
    }

    @Override
    public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage raftStorage) throws IOException {
        super.initialize(server, groupId, raftStorage);
        storage.init(raftStorage);
        load(storage.loadLatestSnapshot());
    }

    @Override
    public void reinitialize() throws IOException {
        load(storage.loadLatestSnapshot());
    }

    @Override
    public StateMachineStorage getStateMachineStorage() {
        return storage;
    }

    @Override
    public CompletableFuture<Message> applyTransaction(TransactionContext transaction) {
        LogEntryProto entry = transaction.getLogEntry();
        byte[] data = entry.getStateMachineLogEntry().getLogData().toByteArray();
        if (CommandBatch.isBatch(data)) {
            return applyBatch(CommandBatch.decode(data), entry);
        }
        Applied applied = applyOne(Command.decode(data), entry);
        updateLastAppliedTermIndex(entry.getTerm(), entry.getIndex());
        return CompletableFuture.completedFuture(Message.valueOf(ByteString.copyFrom(applied.outcome().encode())));
    }

    /** A {@link CommandBatch}: each command in order at the entry's index; the reply carries every outcome. */
    private CompletableFuture<Message> applyBatch(List<Command> commands, LogEntryProto entry) {
        List<Outcome> outcomes = new ArrayList<>(commands.size());
        for (Command command : commands) {
            outcomes.add(applyOne(command, entry).outcome());
        }
        updateLastAppliedTermIndex(entry.getTerm(), entry.getIndex());
        return CompletableFuture.completedFuture(Message.valueOf(ByteString.copyFrom(
                CommandBatch.encodeOutcomes(outcomes))));
    }

    private Applied applyOne(Command command, LogEntryProto entry) {
        Applied applied = table.apply(command, entry.getIndex());
        events.applied(command, applied, entry.getTerm(), entry.getIndex());
        return applied;
    }

    @Override
    public CompletableFuture<Message> query(Message request) {
        try {
            TypeQuery query = TypeQuery.decode(request.getContent().toByteArray());
            boolean empty = table.isTypeEmpty(query.lockType());
            return CompletableFuture.completedFuture(Message.valueOf(ByteString.copyFrom(Outcome.of(empty)
                    .encode())));
        } catch (IllegalArgumentException badQuery) {
            return CompletableFuture.failedFuture(badQuery);
        }
    }

    /** Writes the table as of the last applied entry; called by Ratis on the apply thread, between applies. */
    @Override
    public long takeSnapshot() throws IOException {
        TermIndex last = getLastAppliedTermIndex();
        if (last == null || last.getIndex() < 0) {
            return RaftLog.INVALID_LOG_INDEX;
        }
        File target = storage.getSnapshotFile(last.getTerm(), last.getIndex());
        Path temporary = target.toPath().resolveSibling(target.getName() + ".tmp");
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(temporary)))) {
            table.image().write(out);
        }
        Files.move(temporary, target.toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        storage.updateLatestSnapshot(new SingleFileSnapshotInfo(
                new FileInfo(target.toPath(), null), last));
        LOG.info("snapshot of {} locks at index {} written to {}", table.size(), last.getIndex(), target);
        return last.getIndex();
    }

    private void load(SingleFileSnapshotInfo snapshot) throws IOException {
        if (snapshot == null) {
            return;
        }
        Path file = snapshot.getFile().getPath();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            table.restore(TableImage.read(in));
        }
        setLastAppliedTermIndex(snapshot.getTermIndex());
        LOG.info("table restored from snapshot {} ({} locks)", file, table.size());
    }

    @Override
    public void notifyLeaderChanged(RaftGroupMemberId groupMemberId, RaftPeerId newLeaderId) {
        events.leaderChanged(newLeaderId);
    }

    @Override
    public void notifyNotLeader(Collection<TransactionContext> pendingEntries) {
        events.notLeader();
    }

    @Override
    public void notifyLeaderReady() {
        events.leaderReady();
    }
}
