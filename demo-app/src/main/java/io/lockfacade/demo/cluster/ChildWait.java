package io.lockfacade.demo.cluster;

import java.time.Duration;

/** How often the launcher looks at its children while it waits for them. */
final class ChildWait {

    /** Time between checks: short enough to notice a dead child at once, long enough to cost nothing. */
    static final Duration POLL = Duration.ofMillis(100);

    private ChildWait() {
    }
}
