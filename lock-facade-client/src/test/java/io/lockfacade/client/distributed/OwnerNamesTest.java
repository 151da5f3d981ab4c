package io.lockfacade.client.distributed;

import io.lockfacade.api.LockLimits;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

@SuppressWarnings("deprecation") // Thread.getId(): Thread.threadId() needs Java 19
class OwnerNamesTest {

    @Test
    void aPrintableNameIsReturnedAsItIs() {
        String name = "worker-7";
        assertSame(name, OwnerNames.printable(name));
    }

    @Test
    void everyControlCharacterTheMasterRefusesBecomesAQuestionMark() {
        assertEquals("a?b?c?d?e", OwnerNames.printable("a\tb\nc\u007Fd\u0085e"));
    }

    @Test
    void theOwnerNamesNodeThreadAndIdAndFitsTheLimit() {
        Thread thread = new Thread(() -> { }, "x".repeat(400) + "\n");
        String owner = OwnerNames.of("node-1", thread);
        assertTrue(owner.startsWith("node-1:xxx") && owner.endsWith("#" + thread.getId()), owner);
        assertEquals(LockLimits.MAX_NAME_LENGTH, owner.length());
        assertTrue(owner.chars().noneMatch(Character::isISOControl), owner);
    }
}
