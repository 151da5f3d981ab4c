package io.lockfacade.server.deadlock;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The deadlocks a master found over the last hour, newest last, for the admin page; at most {@value #CAPACITY}
 * are kept (older ones drop out first), so a storm of cycles cannot grow the heap. Listeners (metrics) are told of
 * each one as it is recorded. Thread-safe.
 */
public final class DeadlockLog {

    /** How far back the log reaches. */
    public static final Duration WINDOW = Duration.ofHours(1);

    /** How many deadlocks it keeps at most. */
    public static final int CAPACITY = 1_000;

    private final Deque<FoundDeadlock> found = new ArrayDeque<>();
    private final List<Consumer<FoundDeadlock>> listeners = new CopyOnWriteArrayList<>();

    /** Records a deadlock and tells the listeners; a listener that throws does not stop the others. */
    public void record(FoundDeadlock deadlock) {
        Objects.requireNonNull(deadlock, "deadlock");
        synchronized (this) {
            dropBefore(deadlock.atEpochMillis() - WINDOW.toMillis());
            if (found.size() == CAPACITY) {
                found.removeFirst();
            }
            found.addLast(deadlock);
        }
        for (Consumer<FoundDeadlock> listener : listeners) {
            try {
                listener.accept(deadlock);
            } catch (RuntimeException ignored) {
                // A metrics listener must never break detection.
            }
        }
    }

    /** @param listener told of every deadlock recorded from now on */
    public void onFound(Consumer<FoundDeadlock> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** @return the deadlocks found within {@link #WINDOW} of {@code nowEpochMillis}, oldest first */
    public synchronized List<FoundDeadlock> lastHour(long nowEpochMillis) {
        dropBefore(nowEpochMillis - WINDOW.toMillis());
        return new ArrayList<>(found);
    }

    private void dropBefore(long epochMillis) {
        while (!found.isEmpty() && found.peekFirst().atEpochMillis() < epochMillis) {
            found.removeFirst();
        }
    }
}
