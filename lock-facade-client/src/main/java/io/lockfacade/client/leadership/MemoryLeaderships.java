package io.lockfacade.client.leadership;

import io.lockfacade.api.LockArguments;
import io.lockfacade.client.Leadership;
import io.lockfacade.client.LeadershipListener;
import io.lockfacade.client.PrimitiveObserver;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The leaderships of one JVM ({@code MemoryLock}'s): per name, participants in the order they joined; the first
 * leads, under an epoch from the JVM's fencing counter; when it leaves, the next one leads at once under a larger
 * epoch. Nothing is ever lost: a participant leads until it closes.
 */
public final class MemoryLeaderships {

    private final LongSupplier epochs;
    private final Map<String, ArrayDeque<Participant>> byName = new HashMap<>();
    private final PrimitiveObserver observer;

    /**
     * @param epochs   hands out strictly increasing fencing tokens (shared with the JVM's locks)
     * @param observer hears every term begun and ended
     */
    public MemoryLeaderships(LongSupplier epochs, PrimitiveObserver observer) {
        this.epochs = Objects.requireNonNull(epochs, "epochs");
        this.observer = Objects.requireNonNull(observer, "observer");
    }

    /**
     * Joins leadership {@code name}; {@code listener} hears {@code elected} at once if nobody led.
     *
     * @throws IllegalArgumentException if the name is not a valid lock name
     */
    public Leadership leadership(String name, LeadershipListener listener) {
        LockArguments.requireName("name", name);
        Participant joining = new Participant(name, new ListenerThread(name, Objects.requireNonNull(listener,
                "listener")));
        Participant elected;
        synchronized (this) {
            byName.computeIfAbsent(name, n -> new ArrayDeque<>()).addLast(joining);
            elected = electIfNone(name);
        }
        announce(elected);
        return joining;
    }

    /** @return the head of the line if it does not lead yet, now leading; {@code null} otherwise */
    private Participant electIfNone(String name) {
        ArrayDeque<Participant> line = byName.get(name);
        Participant head = line == null ? null : line.peekFirst();
        if (head == null || head.epoch >= 0) {
            return null;
        }
        head.epoch = epochs.getAsLong();
        return head;
    }

    private void announce(Participant elected) {
        if (elected != null) {
            observer.elected(elected.name);
            elected.listener.elected(elected.epoch);
        }
    }

    private void leave(Participant leaving) {
        boolean led;
        Participant elected;
        synchronized (this) {
            ArrayDeque<Participant> line = byName.get(leaving.name);
            if (line == null || !line.remove(leaving)) {
                return;
            }
            led = leaving.epoch >= 0;
            leaving.epoch = -1;
            elected = electIfNone(leaving.name);
            if (line.isEmpty()) {
                byName.remove(leaving.name);
            }
        }
        if (led) {
            observer.revoked(leaving.name);
            leaving.listener.revoked();
        }
        leaving.listener.close();
        announce(elected);
    }

    /** One participant; its epoch is written under the registry's lock. */
    private final class Participant implements Leadership {

        private final String name;
        private final ListenerThread listener;
        private volatile long epoch = -1;

        Participant(String name, ListenerThread listener) {
            this.name = name;
            this.listener = listener;
        }

        @Override
        public boolean isLeader() {
            return epoch >= 0;
        }

        @Override
        public long epoch() {
            return epoch;
        }

        @Override
        public void close() {
            leave(this);
        }

        @Override
        public String toString() {
            return "participant of leadership " + name + (isLeader() ? " (leads, epoch " + epoch + ")" : "");
        }
    }
}
