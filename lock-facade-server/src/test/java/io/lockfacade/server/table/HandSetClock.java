package io.lockfacade.server.table;

import java.util.concurrent.TimeUnit;

/** A clock the test moves by hand, giving the {@link Moment}s a table's transitions take (token floor 0). */
final class HandSetClock {

    private long millis = 1_000_000;

    Moment now() {
        return new Moment(nanos(), 0);
    }

    long nanos() {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }

    void advance(long byMillis) {
        millis += byMillis;
    }
}
