package io.lockfacade.group.raft;

import org.jgroups.logging.Log;
import org.jgroups.logging.LogFactory;
import org.jgroups.protocols.raft.RAFT;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The test logging configuration sets {@code org.jgroups} to WARN, as a member's does. */
class LevelCheckedJGroupsLogTest {

    @Test
    void jgroupsLoggersFormatOnlyWhatIsEnabled() {
        LevelCheckedJGroupsLog.installForSlf4j();
        LevelCheckedJGroupsLog.installForSlf4j();
        Log log = LogFactory.getLog(RAFT.class);
        assertInstanceOf(LevelCheckedJGroupsLog.class, log);
        assertFalse(log.isTraceEnabled());
        assertTrue(log.isWarnEnabled());

        AtomicInteger formatted = new AtomicInteger();
        Object argument = new Object() {
            @Override
            public String toString() {
                formatted.incrementAndGet();
                return "an append entries request";
            }
        };
        log.trace("%s: received %s", "n1", argument);
        log.debug("%s: received %s", "n1", argument);
        log.info("%s: received %s", "n1", argument);
        assertEquals(0, formatted.get(), "a disabled level formats nothing");
        log.warn("%s: test warning, ignore: %s", "n1", argument);
        assertEquals(1, formatted.get(), "an enabled level is written as before");
    }
}
