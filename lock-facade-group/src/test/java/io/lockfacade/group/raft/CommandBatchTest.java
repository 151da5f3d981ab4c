package io.lockfacade.group.raft;

import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Reply;
import io.lockfacade.group.state.ReplicatedLockTable;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommandBatchTest {

    private static final Command UNLOCK = Command.onLock(Command.Kind.UNLOCK, 1_000, "orders", "k", "a", 0);
    private static final Command GRANT = Command.onLock(Command.Kind.TRY_LOCK, 1_000, "orders", "k", "b", 30_000);

    @Test
    void aBatchComesBackAsTheSameCommandsInTheSameOrder() {
        byte[] entry = new CommandBatch(List.of(UNLOCK, GRANT)).encode();
        assertTrue(CommandBatch.isBatch(entry));
        assertEquals(List.of(UNLOCK, GRANT), CommandBatch.decode(entry));
    }

    @Test
    void aSingleCommandEntryIsNotABatch() {
        for (Command.Kind kind : Command.Kind.values()) {
            assertFalse(CommandBatch.isBatch(Command.onTable(kind, 1).encode()), kind.name());
        }
    }

    @Test
    void outcomesComeBackInOrder() {
        List<Reply> outcomes = List.of(Reply.of(true), Reply.granted(42, 30_000, 1));
        assertEquals(outcomes, CommandBatch.decodeOutcomes(CommandBatch.encodeOutcomes(outcomes)));
    }

    @Test
    void aBatchHoldsTwoToTheMostCommands() {
        assertThrows(IllegalArgumentException.class, () -> new CommandBatch(List.of(UNLOCK)));
        Command[] tooMany = new Command[CommandBatch.MAX_COMMANDS + 1];
        Arrays.fill(tooMany, UNLOCK);
        assertThrows(IllegalArgumentException.class, () -> new CommandBatch(List.of(tooMany)));
    }

    @Test
    void severalAcquisitionsInOneEntryEachGetANewTokenAndTokensKeepIncreasingAfterIt() {
        LockStateMachine machine = new LockStateMachine(new ReplicatedLockTable());
        assertEquals(1, token(apply(machine, acquire("k0", "a"))));
        List<Reply> batch = CommandBatch.decodeOutcomes(apply(machine, new CommandBatch(List.of(acquire("k1", "a"),
                acquire("k2", "b"), acquire("k0", "a"), acquire("k3", "c"))).encode()));
        assertEquals(List.of(2L, 3L, 1L, 4L), batch.stream().map(Reply::value).toList(), "k0 again: its grant");
        assertEquals(5, token(apply(machine, acquire("k4", "d"))), "the next entry's index is 3, its token 5");
        assertEquals(5, machine.grantCount(), "the retried acquisition is not a fresh grant");
        assertEquals(6, machine.appliedCommands());
    }

    private static Command acquire(String key, String owner) {
        return Command.onLock(Command.Kind.TRY_LOCK, 1_000, "orders", key, owner, 30_000);
    }

    private static byte[] apply(LockStateMachine machine, Command command) {
        return apply(machine, command.encode());
    }

    private static byte[] apply(LockStateMachine machine, byte[] entry) {
        return machine.apply(entry, 0, entry.length, true);
    }

    private static long token(byte[] reply) {
        Reply outcome = Reply.decode(reply);
        assertEquals(Reply.Kind.GRANTED, outcome.kind(), outcome.toString());
        return outcome.value();
    }

    @Test
    void damagedBytesAreRefusedWithIllegalArgument() {
        byte[] entry = new CommandBatch(List.of(UNLOCK, GRANT)).encode();
        assertThrows(IllegalArgumentException.class, () -> CommandBatch.decode(Arrays.copyOf(entry, entry.length - 3)));
        assertThrows(IllegalArgumentException.class, () -> CommandBatch.decode(Arrays.copyOf(entry, entry.length + 1)));
        assertThrows(IllegalArgumentException.class, () -> CommandBatch.decode(UNLOCK.encode()));
        byte[] hugeCount = entry.clone();
        hugeCount[1] = 0x7F;
        assertThrows(IllegalArgumentException.class, () -> CommandBatch.decode(hugeCount));
    }
}
