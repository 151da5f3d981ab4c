package io.lockfacade.client.testing;

import io.lockfacade.client.LockObserver;

import java.util.ArrayList;
import java.util.List;

/** Records every event a {@link LockObserver} hears as a short line ({@code acquired orders}), in order. */
public final class RecordingObserver implements LockObserver {

    private final List<String> events = new ArrayList<>();

    @Override
    public synchronized void acquisitionEnded(String lockType, AcquisitionOutcome outcome, long waitNanos) {
        events.add(outcome.name().toLowerCase() + " " + lockType);
    }

    @Override
    public synchronized void handedOff(String lockType) {
        events.add("handed-off " + lockType);
    }

    @Override
    public synchronized void released(String lockType, long heldNanos) {
        events.add("released " + lockType);
    }

    @Override
    public synchronized void lost(String lockType, LossReason reason) {
        events.add("lost " + lockType + " " + reason);
    }

    @Override
    public synchronized void deadlockVictim(String lockType) {
        events.add("deadlock-victim " + lockType);
    }

    @Override
    public synchronized void remoteCallEnded(String method, RemoteCallOutcome outcome, long nanos) {
        events.add("remote " + method + " " + outcome);
    }

    /** @return the events other than remote calls, in order */
    public synchronized List<String> lockEvents() {
        return events.stream().filter(e -> !e.startsWith("remote ")).toList();
    }

    /** @return how many remote calls of {@code method} ended with {@code outcome} */
    public synchronized long remoteCalls(String method, RemoteCallOutcome outcome) {
        return events.stream().filter(("remote " + method + " " + outcome)::equals).count();
    }
}
