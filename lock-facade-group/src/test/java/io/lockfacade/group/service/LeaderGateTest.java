package io.lockfacade.group.service;

import io.lockfacade.api.NotLeaderException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LeaderGateTest {

    private static final Duration SHORT = Duration.ofMillis(50);
    private static final NotLeaderException NO_LEADER = NotLeaderException.pointingTo(null);

    @Test
    void aCallAtAShutGateGivesUpAfterItsBoundWhileTheGateStaysShutForOthers() throws Exception {
        LeaderGate gate = new LeaderGate();
        gate.close();
        CompletableFuture<Void> bounded = gate.ready(SHORT, () -> NO_LEADER);
        CompletableFuture<Void> patient = gate.ready(Duration.ofSeconds(20), () -> NO_LEADER);

        ExecutionException failed = assertThrows(ExecutionException.class, () -> bounded.get(5, TimeUnit.SECONDS));
        assertSame(NO_LEADER, failed.getCause());
        assertFalse(gate.ready().isDone(), "one call's bound does not open or fail the gate");
        assertFalse(patient.isDone());

        gate.open();
        patient.get(5, TimeUnit.SECONDS);
        assertTrue(gate.ready(SHORT, () -> NO_LEADER).isDone(), "an open gate lets calls through at once");
    }

    @Test
    void aCallAtAShutGateFailsAtOnceWhenTheMemberStopsLeading() {
        LeaderGate gate = new LeaderGate();
        gate.close();
        CompletableFuture<Void> waiting = gate.ready(Duration.ofSeconds(20), () -> NO_LEADER);
        NotLeaderException steppedDown = NotLeaderException.pointingTo(null);
        gate.fail(steppedDown);

        ExecutionException failed = assertThrows(ExecutionException.class, () -> waiting.get(5, TimeUnit.SECONDS));
        assertInstanceOf(NotLeaderException.class, failed.getCause());
    }
}
