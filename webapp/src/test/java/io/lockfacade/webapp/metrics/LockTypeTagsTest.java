package io.lockfacade.webapp.metrics;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The bound on lock-type tags: the first types keep their names, later ones share "other", for good. */
class LockTypeTagsTest {

    @Test
    void theFirstTypesKeepTheirNamesAndLaterOnesShareOther() {
        LockTypeTags tags = new LockTypeTags(2);
        assertEquals("order", tags.tagOf("order"));
        assertEquals("invoice", tags.tagOf("invoice"));
        assertEquals(MetricsLimits.OTHER_TYPE, tags.tagOf("report"));
        assertEquals("order", tags.tagOf("order"), "a named type keeps its name");
        assertEquals(MetricsLimits.OTHER_TYPE, tags.tagOf("report"), "and an unnamed one stays other");
    }

    @Test
    void aLimitOfZeroNamesNothing() {
        assertEquals(MetricsLimits.OTHER_TYPE, new LockTypeTags(0).tagOf("order"));
        assertThrows(IllegalArgumentException.class, () -> new LockTypeTags(-1));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void racingThreadsNeverNameMoreTypesThanTheLimit() throws Exception {
        int limit = 10;
        LockTypeTags tags = new LockTypeTags(limit);
        Set<String> seen = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int thread = 0; thread < 4; thread++) {
                int offset = thread;
                runs.add(pool.submit(() -> {
                    for (int i = 0; i < 1_000; i++) {
                        seen.add(tags.tagOf("type-" + ((i * 7 + offset) % 100)));
                    }
                }));
            }
            for (Future<?> run : runs) {
                run.get(20, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        seen.remove(MetricsLimits.OTHER_TYPE);
        assertEquals(limit, seen.size(), "exactly the limit of types got their own tag: " + seen);
        for (String named : seen) {
            assertEquals(named, tags.tagOf(named));
        }
    }
}
