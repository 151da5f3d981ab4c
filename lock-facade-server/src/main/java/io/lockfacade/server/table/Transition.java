package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.List;

/**
 * What one table operation decided inside a key's critical section, and what must happen after it.
 *
 * <p>Completing a waiter's future runs the transport's callbacks, so it must happen after the key is unlocked:
 * the operation records deliveries here and {@link #complete()} performs them outside.
 */
final class Transition {

    private List<Waiter> granted;
    private List<Handout> grantedHandouts;
    private Waiter superseded;

    Handout handout;
    Waiter waiter;
    boolean changed;
    LockInfo removed;
    boolean sessionEnded;
    int released;

    void deliverLater(Waiter to, Handout handout) {
        if (granted == null) {
            granted = new ArrayList<>(1);
            grantedHandouts = new ArrayList<>(1);
        }
        granted.add(to);
        grantedHandouts.add(handout);
    }

    void supersedeLater(Waiter old) {
        superseded = old;
    }

    void complete() {
        if (superseded != null) {
            superseded.supersede();
        }
        if (granted != null) {
            for (int i = 0; i < granted.size(); i++) {
                granted.get(i).deliver(grantedHandouts.get(i));
            }
        }
    }
}
