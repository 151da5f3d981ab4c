package io.lockfacade.group.raft;

import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Reply;
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
    void aBatchCarriesAtMostOneAcquisitionSoEveryTokenStaysUnique() {
        Command other = Command.onLock(Command.Kind.TRY_LOCK_IN_SESSION, 1, "orders", "k2", "c", 0);
        assertThrows(IllegalArgumentException.class, () -> new CommandBatch(List.of(GRANT, other)));
        assertThrows(IllegalArgumentException.class, () -> new CommandBatch(List.of(UNLOCK)));
        Command[] tooMany = new Command[CommandBatch.MAX_COMMANDS + 1];
        Arrays.fill(tooMany, UNLOCK);
        assertThrows(IllegalArgumentException.class, () -> new CommandBatch(List.of(tooMany)));
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
