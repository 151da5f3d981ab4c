package io.lockfacade.webapp.metrics;

import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** However many lock types clients use, a scrape carries at most {@link MetricsLimits#MAX_TAGGED_TYPES} + 1. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MetricsCardinalityTest {

    private static final int EXTRA_TYPES = 10;
    private static final long LEASE = 60_000;

    private MasterServer master;

    @BeforeEach
    void startMaster() {
        PrometheusParser.assumeAvailable();
        master = Masters.start();
    }

    @AfterEach
    void stopMaster() {
        if (master != null) {
            master.close();
        }
    }

    @Test
    void typesPastTheLimitAreCountedTogetherAsOther() {
        int types = MetricsLimits.MAX_TAGGED_TYPES + EXTRA_TYPES;
        for (int i = 0; i < types; i++) {
            assertNotNull(master.service().tryLock("type-" + i, "k", "node-1:main#1", LEASE, 0));
        }
        ParsedScrape scrape = ParsedScrape.of(master);
        long series = scrape.samples().stream().filter(s -> s.name().equals("lockfacade_master_grants_total")).count();
        assertEquals(MetricsLimits.MAX_TAGGED_TYPES + 1, series);
        assertEquals(EXTRA_TYPES, scrape.value("lockfacade_master_grants_total", "type", MetricsLimits.OTHER_TYPE));
        assertEquals(1, scrape.value("lockfacade_master_grants_total", "type", "type-0"));
        assertTrue(scrape.find("lockfacade_master_grants_total", "type", "type-" + (types - 1)).isEmpty());
    }
}
