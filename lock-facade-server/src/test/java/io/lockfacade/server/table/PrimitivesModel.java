package io.lockfacade.server.table;

import java.util.function.Supplier;

/**
 * A small, obviously correct model of the read-write lock, semaphore and leadership rules, for the model-based test:
 * plain maps and lists ({@link ReadWriteModel}, {@link SemaphoreModel}, {@link LeadershipModel}), one step at a
 * time, no sessions index, no handout counts. Each operation answers as {@link PrimitivesModelTest#summary} writes
 * a {@link PrimitiveOutcome}: its kind, its token or waiter, then the parked calls it answered.
 */
final class PrimitivesModel {

    private final ModelWorld world;
    final ReadWriteModel readWrite;
    final SemaphoreModel semaphores;
    final LeadershipModel leaderships;

    PrimitivesModel(long ttlMillis, long nowMillis) {
        this.world = new ModelWorld(ttlMillis, nowMillis);
        this.readWrite = new ReadWriteModel(world);
        this.semaphores = new SemaphoreModel(world);
        this.leaderships = new LeadershipModel(world);
    }

    void advance(long millis) {
        world.nowMillis += millis;
    }

    String open(String session) {
        world.sessionEnds.put(session, world.nowMillis + world.ttlMillis);
        return world.answer("Alive");
    }

    String keepAlive(String session) {
        if (!world.sessionEnds.containsKey(session)) {
            return world.answer("NotOpen");
        }
        if (!world.live(session)) {
            endSession(session);
            return world.answer("Ended");
        }
        world.sessionEnds.put(session, world.nowMillis + world.ttlMillis);
        return world.answer("Alive");
    }

    String expire(String session) {
        if (!world.sessionEnds.containsKey(session)) {
            return world.answer("NotOpen");
        }
        if (world.live(session)) {
            return world.answer("StillOpen");
        }
        endSession(session);
        return world.answer("Ended");
    }

    String end(String session) {
        if (!world.sessionEnds.containsKey(session)) {
            return world.answer("NotOpen");
        }
        endSession(session);
        return world.answer("Ended");
    }

    /**
     * Runs an operation of one primitive under a session: if the session is not live, it ends (if open) and the
     * answer is SessionGone; else the operation's.
     */
    String underSession(String session, Supplier<String> operation) {
        if (!world.live(session)) {
            if (world.sessionEnds.containsKey(session)) {
                endSession(session);
            }
            return world.answer("SessionGone");
        }
        return world.answer(operation.get());
    }

    /** Runs an operation that needs no session. */
    String run(Supplier<String> operation) {
        return world.answer(operation.get());
    }

    /** Ends a session: its grants go, read-write locks first, then semaphores, then leaderships, keys in order. */
    private void endSession(String session) {
        world.sessionEnds.remove(session);
        readWrite.endSession(session);
        semaphores.endSession(session);
        leaderships.endSession(session);
    }
}
