package io.lockfacade.testsupport.contract;

import io.lockfacade.api.PrimitiveLockService;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * What the rules of read-write locks, semaphores and leaderships need besides a {@link ContractSubject}: the
 * master's {@link PrimitiveLockService}, on the same master and sessions as {@link #master()}.
 */
public interface PrimitiveSubject extends ContractSubject {

    /** A session TTL long enough never to run out during a test. */
    long PRIMITIVE_TTL = 60_000;

    /** @return the master's primitives, on the same table and sessions as {@link #master()} */
    PrimitiveLockService primitives();

    /** @return a new open session, for one participant of a test */
    default String openSession() {
        String session = newSessionId();
        master().openSession(session, PRIMITIVE_TTL);
        return session;
    }

    /**
     * Makes a call on a daemon thread of its own, as another client would.
     *
     * @return completes with what the call answered, or with its failure
     */
    default <T> CompletableFuture<T> aside(String name, Supplier<T> call) {
        return CompletableFuture.supplyAsync(call, task -> {
            Thread caller = new Thread(task, "contract-caller-" + name);
            caller.setDaemon(true);
            caller.start();
        });
    }

    /**
     * Makes a waiting call on a thread of its own and calls again each time its wait (capped by the master) ends
     * unanswered, as a client that wants to wait longer does, for up to {@link MasterContract#PATIENCE}.
     *
     * @return completes with the first non-null answer, or with {@code null} once patience is out
     */
    default <T> CompletableFuture<T> asideUntilAnswered(String name, Supplier<T> call) {
        return aside(name, () -> {
            long giveUp = System.nanoTime() + MasterContract.PATIENCE.toNanos();
            T answer = null;
            while (answer == null && System.nanoTime() < giveUp) {
                answer = call.get();
            }
            return answer;
        });
    }
}
