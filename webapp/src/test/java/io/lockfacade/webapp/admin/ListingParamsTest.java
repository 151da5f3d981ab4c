package io.lockfacade.webapp.admin;

import io.lockfacade.server.admin.LockQuery;
import io.lockfacade.server.admin.LockSort;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ListingParamsTest {

    @Test
    void absentOrBlankParametersTakeTheDefaults() {
        ListingParams params = ListingParams.parse(null, " ", "", null, null);
        assertNull(params.type());
        assertNull(params.q());
        assertEquals(LockSort.AGE, params.sort());
        assertEquals(1, params.page());
        assertEquals(LockQuery.DEFAULT_PAGE_SIZE, params.size());
        assertEquals("/admin/locks", params.url("/admin/locks"));
    }

    @Test
    void pagesCountFromOneInUrlsAndFromZeroInQueries() {
        ListingParams params = ListingParams.parse("order", "A", "lease", "3", "10");
        assertEquals(new LockQuery("order", "A", LockSort.LEASE_REMAINING, 2, 10), params.toQuery());
    }

    @Test
    void urlsEncodeEveryValueAndReadBackTheSame() {
        ListingParams params = ListingParams.parse("a b", "x&y=z+%/?#", "LEASE", "2", null);
        String query = params.query();
        assertEquals("type=a+b&q=x%26y%3Dz%2B%25%2F%3F%23&sort=lease&page=2", query);
        assertEquals(params, ListingParams.fromQuery(query));
    }

    @Test
    void anUnreadableBackQueryGivesTheDefaults() {
        assertEquals(ListingParams.defaults(), ListingParams.fromQuery("page=zero"));
        assertEquals(ListingParams.defaults(), ListingParams.fromQuery("q=%zz"));
        assertEquals(ListingParams.defaults(), ListingParams.fromQuery(null));
    }

    @Test
    void badValuesAreRefusedWithAMessageNamingTheParameter() {
        assertEquals("page must be a whole number from 1, was \"+1\"",
                assertThrows(AdminRequestException.class, () -> ListingParams.parse(null, null, null, "+1", null))
                        .getMessage());
        assertEquals("size must be a whole number from 1 to 1000, was \"0\"",
                assertThrows(AdminRequestException.class, () -> ListingParams.parse(null, null, null, null, "0"))
                        .getMessage());
        assertEquals(400, assertThrows(AdminRequestException.class,
                () -> ListingParams.parse(null, "q".repeat(300), null, null, null)).status());
    }

    @Test
    void echoedValuesAreShortAndFreeOfControlCharacters() {
        String message = assertThrows(AdminRequestException.class,
                () -> ListingParams.parse(null, null, "x\n".repeat(50), null, null)).getMessage();
        assertEquals("sort must be \"age\" or \"lease\", was \"" + "x?".repeat(20) + "...\"", message);
    }
}
