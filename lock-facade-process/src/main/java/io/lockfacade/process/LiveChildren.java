package io.lockfacade.process;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The children to kill when this JVM exits: registered at start, removed once reaped. */
final class LiveChildren {

    private static final Set<ChildJvm> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> List.copyOf(LIVE).forEach(ChildJvm::kill),
                "child-jvm-reaper"));
    }

    private LiveChildren() {
    }

    static void add(ChildJvm child) {
        LIVE.add(child);
    }

    static void remove(ChildJvm child) {
        LIVE.remove(child);
    }

    static boolean contains(ChildJvm child) {
        return LIVE.contains(child);
    }
}
