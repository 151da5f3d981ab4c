package io.lockfacade.bench.ha;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NotLeaderAnswerTest {

    private static final String LEADER = "http://127.0.0.1:4242/remoting/MemoryLockService";

    @Test
    void theFaultNamesTheLeadersEndpoint() {
        Optional<NotLeaderAnswer> answer = NotLeaderAnswer.of(new RuntimeException("not leader; leader is " + LEADER));
        assertEquals(LEADER, answer.orElseThrow().leaderEndpoint());
    }

    @Test
    void aFaultDeepInTheCauseChainIsFound() {
        RuntimeException proxy = new RuntimeException("call failed", new IllegalStateException("not leader"));
        assertNull(NotLeaderAnswer.of(proxy).orElseThrow().leaderEndpoint());
    }

    @Test
    void anyOtherFailureIsNotANotLeaderAnswer() {
        assertTrue(NotLeaderAnswer.of(new RuntimeException(new IOException("Connection refused"))).isEmpty());
    }
}
