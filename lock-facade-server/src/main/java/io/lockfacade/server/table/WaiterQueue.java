package io.lockfacade.server.table;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/**
 * The calls waiting for one lock and the rules of their line: first come, first served, and an owner waits once (a
 * newer call of the same owner, a retry, replaces its older one). The table keeps one per lock that has waiters
 * ({@link LockMachine}); a master group's leader keeps one per lock for the calls parked on it, so both masters
 * serve waiters by the same rules. Not thread-safe: its keeper serialises access.
 */
public final class WaiterQueue {

    private final ArrayDeque<Waiter> line = new ArrayDeque<>(4);

    /**
     * Puts a call at the end of the line.
     *
     * @return the same owner's earlier call, taken out of the line (its caller is to be answered "not granted"), or
     *         {@code null}
     */
    public Waiter add(Waiter waiter) {
        Waiter replaced = null;
        for (Iterator<Waiter> it = line.iterator(); it.hasNext(); ) {
            Waiter queued = it.next();
            if (queued.owner().equals(waiter.owner())) {
                it.remove();
                replaced = queued;
                break;
            }
        }
        line.addLast(waiter);
        return replaced;
    }

    /** @return the oldest call, taken out of the line, or {@code null} if none waits */
    public Waiter poll() {
        return line.pollFirst();
    }

    /** @return the oldest call, left in the line, or {@code null} if none waits */
    public Waiter peek() {
        return line.peekFirst();
    }

    /** @return the call of that id, taken out of the line, or {@code null} if it is not in it */
    public Waiter remove(long waiterId) {
        for (Iterator<Waiter> it = line.iterator(); it.hasNext(); ) {
            Waiter waiter = it.next();
            if (waiter.id() == waiterId) {
                it.remove();
                return waiter;
            }
        }
        return null;
    }

    /** @return whether no call waits */
    public boolean isEmpty() {
        return line.isEmpty();
    }

    /** @return how many calls wait */
    public int size() {
        return line.size();
    }

    /** @return a copy of the line, oldest first */
    public List<Waiter> list() {
        return List.copyOf(line);
    }
}
