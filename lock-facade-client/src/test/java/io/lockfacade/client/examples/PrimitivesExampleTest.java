package io.lockfacade.client.examples;

import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.LockFacade;
import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.memory.MemoryLock;
import io.lockfacade.testsupport.await.Await;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The semaphore and leadership examples of docs/primitives.md, run as written (on {@code MemoryLock}). */
class PrimitivesExampleTest {

    private final LockFacade locks = new MemoryLock();
    private final List<String> log = new ArrayList<>();

    @Test
    void aSemaphoreBoundsTheRendersRunningAtOnce() throws Exception {
        // tag::semaphore[]
        LockFacadeSemaphore pdfRenders = locks.semaphore("renderer", "pdf", 4); // 4 at once, whatever the nodes
        if (pdfRenders.tryAcquire(1, 2, TimeUnit.SECONDS)) {
            try {
                render("invoice-17.pdf");
            } finally {
                pdfRenders.release(1); // from the thread that acquired it
            }
        }
        // end::semaphore[]
        assertEquals(List.of("rendered invoice-17.pdf with 3 more free"), log);
        assertEquals(4, pdfRenders.availablePermits());
    }

    @Test
    void theLeaderWritesUnderItsEpoch() throws Exception {
        FencedStore store = new FencedStore();
        // tag::leadership[]
        Leadership leadership = locks.leadership("nightly-report", new LeadershipListener() {
            @Override
            public void elected(long epoch) {
                log.add("leading under epoch " + epoch); // on a thread of its own, never under a lock
            }

            @Override
            public void revoked() {
                log.add("no longer leading");
            }
        });
        // ... later, for each piece of work only the leader may do:
        long epoch = leadership.epoch(); // -1 unless this participant leads now
        if (epoch >= 0) {
            store.write("report", epoch); // the store refuses epochs older than the newest it has seen
        }
        // ... and when the application stops:
        leadership.close(); // the next participant leads at once
        // end::leadership[]
        Await.until("both events heard", () -> log.size() == 2);
        assertTrue(log.get(0).startsWith("leading under epoch "), log.toString());
        assertEquals("no longer leading", log.get(1));
        assertEquals(1, store.writes);
        assertFalse(leadership.isLeader());
    }

    private void render(String file) {
        log.add("rendered " + file + " with " + locks.semaphore("renderer", "pdf", 4).availablePermits() + " more free");
    }

    /** A store that refuses a write under an epoch older than the newest it has seen. */
    private static final class FencedStore {
        private long newestEpoch = -1;
        private int writes;

        synchronized void write(String what, long epoch) {
            if (epoch < newestEpoch) {
                throw new IllegalStateException(what + " written under a stale epoch " + epoch);
            }
            newestEpoch = epoch;
            writes++;
        }
    }
}
