package io.lockfacade.server.compact;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompactSetTest {

    private static final int OPERATIONS = 200_000;
    private static final int KEY_RANGE = 5_000;
    private static final int STAMP_RANGE = 3;

    @Test
    void aStampedSetAgreesWithAHashSetOfPairsThroughGrowthAndShrinking() {
        CompactSet<String> set = CompactSet.stamped();
        Set<String> model = new HashSet<>();
        Random random = new Random(42);
        for (int i = 0; i < OPERATIONS; i++) {
            String key = "k" + random.nextInt(KEY_RANGE);
            long stamp = random.nextInt(STAMP_RANGE);
            // Bias towards adding in the first half and removing in the second, so the set grows and shrinks.
            boolean add = random.nextInt(100) < (i < OPERATIONS / 2 ? 70 : 30);
            if (add) {
                assertEquals(model.add(key + "#" + stamp), set.add(key, stamp));
            } else {
                assertEquals(model.remove(key + "#" + stamp), set.remove(key, stamp));
            }
        }
        assertEquals(model.size(), set.size());
        Set<String> visited = new HashSet<>();
        set.forEach((key, stamp) -> assertTrue(visited.add(key + "#" + stamp), "visited once"));
        assertEquals(model, visited);
    }

    @Test
    void theStampIsPartOfAnEntrysIdentity() {
        CompactSet<String> set = CompactSet.stamped();
        assertTrue(set.add("t/k", 7));
        assertTrue(set.add("t/k", 8));
        assertFalse(set.remove("t/k", 9));
        assertTrue(set.remove("t/k", 7));
        Set<Long> left = new HashSet<>();
        set.forEach((key, stamp) -> left.add(stamp));
        assertEquals(Set.of(8L), left);
    }

    @Test
    void drainEmptiesTheSetAndVisitsWhatItHeld() {
        CompactSet<String> set = CompactSet.plain();
        for (int i = 0; i < 100; i++) {
            set.add("k" + i);
        }
        Set<String> drained = new HashSet<>();
        set.drain((key, stamp) -> drained.add(key));
        assertEquals(100, drained.size());
        assertEquals(0, set.size());
        assertTrue(set.add("k0"), "usable after a drain");
    }
}
