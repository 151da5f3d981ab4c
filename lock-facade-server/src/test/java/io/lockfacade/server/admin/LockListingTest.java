package io.lockfacade.server.admin;

import io.lockfacade.server.service.LiveTableFixture;
import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockListingTest {

    private final LiveTableFixture fx = new LiveTableFixture();
    private final LockListing listing = new LockListing(AdminLocks.of(fx.table));

    @AfterEach
    void stop() {
        fx.close();
    }

    private void hold(String type, String key, long leaseMillis) {
        fx.advanceMillis(1);
        fx.grant(new LockKey(type, key), "owner", leaseMillis);
    }

    @Test
    void filtersByTypeAndKeySubstringAndCountsPerType() {
        hold("order", "A-1", 60_000);
        hold("order", "B-2", 60_000);
        hold("stock", "A-3", 60_000);

        LockPage page = listing.list(new LockQuery("order", "A", LockSort.AGE, 0, 100));

        assertEquals(List.of("A-1"), page.rows().stream().map(LockInfo::key).toList());
        assertEquals(1, page.matching());
        assertEquals(2, page.totalsPerType().get("order"));
        assertEquals(1, page.totalsPerType().get("stock"));
    }

    @Test
    void pagesAreStableAndBounded() {
        for (int i = 0; i < 250; i++) {
            hold("order", "k" + i, 60_000);
        }

        LockPage third = listing.list(new LockQuery(null, null, LockSort.AGE, 2, 100));

        assertEquals(50, third.rows().size());
        assertEquals("k200", third.rows().get(0).key());
        assertEquals(3, third.pageCount());
        assertTrue(listing.list(new LockQuery(null, null, LockSort.AGE, 9, 100)).rows().isEmpty());
    }

    @Test
    void sortsBySoonestExpiry() {
        hold("order", "long", 60_000);
        hold("order", "short", 1_000);

        LockPage page = listing.list(new LockQuery(null, " ", LockSort.LEASE_REMAINING, 0, 100));

        assertEquals(List.of("short", "long"), page.rows().stream().map(LockInfo::key).toList());
    }

    @Test
    void refusesNegativePageAndOversizedPage() {
        assertThrows(IllegalArgumentException.class, () -> new LockQuery(null, null, LockSort.AGE, -1, 100));
        assertThrows(IllegalArgumentException.class, () -> new LockQuery(null, null, LockSort.AGE, 0, 100_000));
    }
}
