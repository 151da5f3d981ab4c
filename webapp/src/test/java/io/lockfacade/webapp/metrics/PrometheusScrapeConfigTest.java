package io.lockfacade.webapp.metrics;

import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.admin.AdminClient;
import io.lockfacade.webapp.admin.MetricsController;
import io.lockfacade.webapp.testing.Masters;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Prometheus scrape configuration {@code docs/admin-page.md} shows ({@code examples/prometheus.yml}) names the
 * master's metrics path and its default admin user: scraping a real master with it returns the master's meters.
 */
class PrometheusScrapeConfigTest {

    private static final String CONFIG = "examples/prometheus.yml";
    private static final String DEFAULT_ADMIN_USER = "admin";

    @Test
    void theDocumentedScrapeJobReadsTheMastersMetrics() throws IOException {
        Map<String, Object> job = onlyScrapeJob();
        String path = (String) job.get("metrics_path");
        @SuppressWarnings("unchecked")
        Map<String, Object> basicAuth = (Map<String, Object>) job.get("basic_auth");

        assertEquals(MetricsController.METRICS_PATH, path);
        assertEquals(DEFAULT_ADMIN_USER, basicAuth.get("username"));
        try (MasterServer master = Masters.start()) {
            HttpResponse<String> scrape = AdminClient.as(master, (String) basicAuth.get("username"),
                    Masters.ADMIN_PASSWORD).get(path);

            assertEquals(200, scrape.statusCode(), scrape.body());
            assertTrue(scrape.body().contains("lockfacade_master_locks_held"), scrape.body());
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> onlyScrapeJob() throws IOException {
        try (InputStream in = PrometheusScrapeConfigTest.class.getClassLoader().getResourceAsStream(CONFIG)) {
            assertNotNull(in, CONFIG);
            Map<String, Object> config = new Yaml().load(in);
            List<Map<String, Object>> jobs = (List<Map<String, Object>>) config.get("scrape_configs");
            assertEquals(1, jobs.size());
            return jobs.get(0);
        }
    }
}
