package io.lockfacade.server.table;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;

/**
 * The parked calls of one read-write lock or semaphore, first come, first served, each with what it asks for (a
 * mode, a number of permits). An owner waits once: its new call takes its earlier one out of the line first. Not
 * thread-safe: its keeper serialises access.
 *
 * @param <A> what a call asks for
 */
final class AskLine<A> {

    /**
     * One parked call.
     *
     * @param waiter the call
     * @param ask    what it asks for
     */
    record Ask<A>(Waiter waiter, A ask) {
    }

    private final ArrayDeque<Ask<A>> line = new ArrayDeque<>(2);

    void add(Waiter waiter, A ask) {
        line.addLast(new Ask<>(waiter, ask));
    }

    Ask<A> peek() {
        return line.peekFirst();
    }

    Ask<A> poll() {
        return line.pollFirst();
    }

    /** @return the owner's parked call, taken out of the line, or {@code null} */
    Ask<A> removeOwner(String owner) {
        return remove(ask -> ask.waiter().owner().equals(owner));
    }

    /** @return the call of that id, taken out of the line, or {@code null} */
    Ask<A> removeId(long waiterId) {
        return remove(ask -> ask.waiter().id() == waiterId);
    }

    private Ask<A> remove(Predicate<Ask<A>> which) {
        for (Iterator<Ask<A>> it = line.iterator(); it.hasNext(); ) {
            Ask<A> ask = it.next();
            if (which.test(ask)) {
                it.remove();
                return ask;
            }
        }
        return null;
    }

    /** Answers every call "not granted" and empties the line. */
    void dropAll(Effects.Builder fx) {
        Ask<A> ask;
        while ((ask = line.pollFirst()) != null) {
            fx.answered(ask.waiter(), null, null);
        }
    }

    /** @return how many calls ask for something that passes {@code which} */
    int count(Predicate<A> which) {
        return (int) line.stream().filter(ask -> which.test(ask.ask())).count();
    }

    /** @return a copy of the line, oldest first */
    List<Ask<A>> list() {
        return List.copyOf(line);
    }

    boolean isEmpty() {
        return line.isEmpty();
    }

    int size() {
        return line.size();
    }
}
