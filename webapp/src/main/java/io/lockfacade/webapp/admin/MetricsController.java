package io.lockfacade.webapp.admin;

import io.lockfacade.webapp.metrics.MasterMetrics;
import io.lockfacade.webapp.metrics.ScrapeFormat;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /admin/metrics}: every meter of the master, rendered by Micrometer's Prometheus registry in the
 * Prometheus text format 0.0.4, or in OpenMetrics 1.0.0 when the {@code Accept} header asks for it. Behind the
 * admin credentials like the rest of {@code /admin}.
 */
@Controller
public class MetricsController {

    /** Where the metrics are served. */
    public static final String METRICS_PATH = "/admin/metrics";

    private final MasterMetrics metrics;

    /** @param metrics the master's meters */
    public MetricsController(MasterMetrics metrics) {
        this.metrics = metrics;
    }

    /**
     * Writes the scrape, with a Content-Length.
     *
     * @param accept the scraper's {@code Accept} header
     * @throws IOException if the client went away
     */
    @GetMapping("/metrics")
    public void scrape(@RequestHeader(name = "Accept", required = false) String accept, HttpServletResponse response)
            throws IOException {
        ScrapeFormat format = ScrapeFormat.forAccept(accept);
        byte[] body = metrics.scrape(format.contentType()).getBytes(StandardCharsets.UTF_8);
        response.setContentType(format.contentType());
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
