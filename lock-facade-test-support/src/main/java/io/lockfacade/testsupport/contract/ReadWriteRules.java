package io.lockfacade.testsupport.contract;

import io.lockfacade.api.AcquisitionRefusedException;
import io.lockfacade.api.LockGrant;
import io.lockfacade.api.SessionExpiredException;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Read-write locks: readers share, a writer excludes all, writers are not starved, upgrades are refused. */
public interface ReadWriteRules extends PrimitiveSubject {

    @Test
    default void readersShareTheLockAndAWriterWaitsForAllOfThem() throws Exception {
        String alice = openSession();
        String bob = openSession();
        LockGrant first = primitives().tryReadLockInSession(lockType(), "k", "alice", alice, 0);
        LockGrant second = primitives().tryReadLockInSession(lockType(), "k", "bob", bob, 0);
        assertNotNull(first);
        assertNotNull(second);
        assertTrue(second.getFencingToken() > first.getFencingToken());
        String carol = openSession();
        assertNull(primitives().tryWriteLockInSession(lockType(), "k", "carol", carol, 0));

        assertTrue(primitives().unlockRead(lockType(), "k", "alice"));
        assertNull(primitives().tryWriteLockInSession(lockType(), "k", "carol", carol, 0), "bob still reads");
        assertTrue(primitives().unlockRead(lockType(), "k", "bob"));
        LockGrant writer = primitives().tryWriteLockInSession(lockType(), "k", "carol", carol, 0);
        assertNotNull(writer);
        assertTrue(writer.getFencingToken() > second.getFencingToken());
        assertNull(primitives().tryReadLockInSession(lockType(), "k", "alice", alice, 0), "the writer excludes");
        assertFalse(primitives().unlockRead(lockType(), "k", "alice"), "alice reads no more");
    }

    @Test
    default void aWaitingWriterIsServedBeforeReadersThatCameAfterIt() throws Exception {
        String alice = openSession();
        String bob = openSession();
        String writer = openSession();
        assertNotNull(primitives().tryReadLockInSession(lockType(), "k", "alice", alice, 0));
        CompletableFuture<LockGrant> write = asideUntilAnswered("writer",
                () -> primitives().tryWriteLockInSession(lockType(), "k", "writer", writer, waitCap().toMillis()));
        Await.until("bob queued behind the waiting writer", () -> {
            if (primitives().tryReadLockInSession(lockType(), "k", "bob", bob, 0) == null) {
                return true;
            }
            primitives().unlockRead(lockType(), "k", "bob"); // the writer was not parked yet
            return false;
        });

        assertTrue(primitives().unlockRead(lockType(), "k", "alice"));
        LockGrant written = write.get(MasterContract.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(written, "the writer got the lock once the reader that held it left");
        assertNull(primitives().tryReadLockInSession(lockType(), "k", "bob", bob, 0));
    }

    @Test
    default void aReaderAskingForTheWriteLockIsRefusedAtOnceAndKeepsReading() {
        String alice = openSession();
        LockGrant read = primitives().tryReadLockInSession(lockType(), "k", "alice", alice, 0);
        assertNotNull(read);

        AcquisitionRefusedException refused = assertThrows(AcquisitionRefusedException.class,
                () -> primitives().tryWriteLockInSession(lockType(), "k", "alice", alice, 60_000));
        assertTrue(refused.getMessage().contains("alice"), refused::getMessage);
        assertEquals(read.getFencingToken(),
                primitives().tryReadLockInSession(lockType(), "k", "alice", alice, 0).getFencingToken());
        assertTrue(primitives().unlockRead(lockType(), "k", "alice"));
    }

    @Test
    default void aWriterMayDowngradeAndOtherReadersJoinOnceItStopsWriting() {
        String alice = openSession();
        String bob = openSession();
        LockGrant write = primitives().tryWriteLockInSession(lockType(), "k", "alice", alice, 0);
        LockGrant read = primitives().tryReadLockInSession(lockType(), "k", "alice", alice, 0);
        assertNotNull(write);
        assertNotNull(read);
        assertNull(primitives().tryReadLockInSession(lockType(), "k", "bob", bob, 0), "alice still writes");

        assertTrue(primitives().unlockWrite(lockType(), "k", "alice"));
        assertNotNull(primitives().tryReadLockInSession(lockType(), "k", "bob", bob, 0));
        assertFalse(primitives().unlockWrite(lockType(), "k", "alice"), "released once only");
    }

    @Test
    default void askingAgainAnswersTheSameGrant() {
        String alice = openSession();
        LockGrant write = primitives().tryWriteLockInSession(lockType(), "w", "alice", alice, 0);
        assertEquals(write.getFencingToken(),
                primitives().tryWriteLockInSession(lockType(), "w", "alice", alice, 0).getFencingToken());
        LockGrant read = primitives().tryReadLockInSession(lockType(), "r", "alice", alice, 0);
        assertEquals(read.getFencingToken(),
                primitives().tryReadLockInSession(lockType(), "r", "alice", alice, 0).getFencingToken());
    }

    @Test
    default void aClosedSessionReleasesItsReadWriteLocksAndRefusesNewOnes() {
        String alice = openSession();
        String bob = openSession();
        assertNotNull(primitives().tryWriteLockInSession(lockType(), "k", "alice", alice, 0));
        assertTrue(master().closeSession(alice));

        assertNotNull(primitives().tryWriteLockInSession(lockType(), "k", "bob", bob, 0));
        assertThrows(SessionExpiredException.class,
                () -> primitives().tryReadLockInSession(lockType(), "other", "alice", alice, 0));
    }

    @Test
    default void aReadWriteLockIsANamespaceOfItsOwnWithTheSameFencingCounter() {
        LockGrant mutex = master().tryLock(lockType(), "k", "alice", 0, 0);
        String bob = openSession();
        LockGrant write = primitives().tryWriteLockInSession(lockType(), "k", "bob", bob, 0);
        assertNotNull(mutex);
        assertNotNull(write, "the mutex of the same type and key is another lock");
        assertTrue(write.getFencingToken() > mutex.getFencingToken());
    }

    @Test
    default void badReadWriteArgumentsAreRefusedNamingThem() {
        String alice = openSession();
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().tryReadLockInSession("", "k", "alice", alice, 0)).getMessage()
                .contains("lockType"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().tryWriteLockInSession(lockType(), "k", "", alice, 0)).getMessage()
                .contains("owner"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().tryWriteLockInSession(lockType(), "k", "alice", alice, -1)).getMessage()
                .contains("waitMillis"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> primitives().unlockRead(lockType(), "\u0001", "alice")).getMessage().contains("key"));
        assertNotNull(primitives().tryWriteLockInSession(lockType(), "k", "alice", alice, 0), "nothing changed");
    }
}
