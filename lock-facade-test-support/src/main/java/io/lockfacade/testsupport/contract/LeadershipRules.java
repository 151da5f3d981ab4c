package io.lockfacade.testsupport.contract;

import io.lockfacade.api.LockGrant;
import io.lockfacade.api.SessionExpiredException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Leaderships: one leader at a time in join order, epochs that strictly increase, hand-over at once. */
public interface LeadershipRules extends PrimitiveSubject {

    @Test
    default void theFirstParticipantLeadsAndLeavingHandsOverAtOnce() {
        String name = lockType() + "-election";
        String first = openSession();
        String second = openSession();
        LockGrant elected = primitives().joinLeadership(name, "p1", first, 0);
        assertNotNull(elected);
        assertEquals(name, elected.getKey());
        assertNull(primitives().joinLeadership(name, "p2", second, 0), "p1 leads");
        assertEquals(elected.getFencingToken(), primitives().leadershipEpoch(name, "p1"));
        assertEquals(0, primitives().leadershipEpoch(name, "p2"), "p2 takes part");
        assertEquals(elected.getFencingToken(),
                primitives().joinLeadership(name, "p1", first, 0).getFencingToken(), "joining again changes nothing");

        assertTrue(primitives().leaveLeadership(name, "p1"));
        long next = primitives().leadershipEpoch(name, "p2");
        assertTrue(next > elected.getFencingToken(), "p2 leads under a later epoch: " + next);
        assertEquals(-1, primitives().leadershipEpoch(name, "p1"));
        assertFalse(primitives().leaveLeadership(name, "p1"));
    }

    @Test
    default void aWaitingParticipantIsElectedWhenTheLeadersSessionEnds() throws Exception {
        String name = lockType() + "-election";
        String leader = openSession();
        String follower = openSession();
        LockGrant first = primitives().joinLeadership(name, "p1", leader, 0);
        CompletableFuture<LockGrant> waiting = asideUntilAnswered("p2",
                () -> primitives().joinLeadership(name, "p2", follower, waitCap().toMillis()));
        assertTrue(master().closeSession(leader));

        LockGrant second = waiting.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(second);
        assertTrue(second.getFencingToken() > first.getFencingToken());
        assertEquals(-1, primitives().leadershipEpoch(name, "p1"));
    }

    @Test
    default void joiningUnderAnEndedSessionIsRefused() {
        String session = openSession();
        assertTrue(master().closeSession(session));
        assertThrows(SessionExpiredException.class,
                () -> primitives().joinLeadership(lockType() + "-election", "p1", session, 0));
        assertEquals(-1, primitives().leadershipEpoch(lockType() + "-election", "p1"));
    }

    @Test
    default void badLeadershipArgumentsAreRefusedNamingThem() {
        String session = openSession();
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().joinLeadership("", "p1", session, 0)).getMessage().contains("name"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().leadershipEpoch(lockType(), "")).getMessage().contains("participant"));
    }
}
