package io.lockfacade.process;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** The last lines a child printed on its pumped streams, for {@link ChildJvm#lines()} and failure messages. */
final class RecentLines {

    /** How many lines are kept: every line of a test's or a run's child, bounded for chatty long-lived ones. */
    static final int KEPT = 10_000;

    private final Deque<String> lines = new ArrayDeque<>();

    synchronized void add(String line) {
        if (lines.size() == KEPT) {
            lines.removeFirst();
        }
        lines.addLast(line);
    }

    synchronized List<String> lines() {
        return List.copyOf(lines);
    }
}
