package io.lockfacade.client;

/**
 * Hears what a {@code DistributeLock}'s semaphores and leaderships do, for metrics: permits taken and given back,
 * threads waiting for permits, terms begun and ended. A {@link LockObserver} given to {@code DistributeLock} that
 * also implements this interface hears these too. Every method has a no-op default; they are called on the
 * acting thread, so they must be quick and must not throw.
 */
public interface PrimitiveObserver {

    /** An observer that does nothing. */
    PrimitiveObserver NONE = new PrimitiveObserver() {
    };

    /** @return {@code observer} itself if it is a {@link PrimitiveObserver}, otherwise {@link #NONE} */
    static PrimitiveObserver of(Object observer) {
        return observer instanceof PrimitiveObserver primitive ? primitive : NONE;
    }

    /** A thread of this node took {@code permits} of a semaphore of {@code lockType}. */
    default void permitsAcquired(String lockType, int permits) {
    }

    /** A thread of this node gave back {@code permits} (or they were forgotten as lost). */
    default void permitsReleased(String lockType, int permits) {
    }

    /** A thread of this node began ({@code +1}) or ended ({@code -1}) a wait for permits of {@code lockType}. */
    default void permitWaiters(String lockType, int change) {
    }

    /** A participant of this node began a term of leadership {@code name}. */
    default void elected(String name) {
    }

    /** A participant of this node ended its term of leadership {@code name} (left, lost its session, revoked). */
    default void revoked(String name) {
    }
}
