package io.lockfacade.webapp.metrics;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which format a scraper gets for its Accept header. */
class ScrapeFormatTest {

    @Test
    void prometheusAskingForOpenMetricsFirstGetsIt() {
        assertEquals(ScrapeFormat.OPEN_METRICS, ScrapeFormat.forAccept(
                "application/openmetrics-text;version=1.0.0;q=0.5,text/plain;version=0.0.4;q=0.3,*/*;q=0.2"));
    }

    @Test
    void anythingElseGetsTheTextFormat() {
        assertEquals(ScrapeFormat.PROMETHEUS_TEXT, ScrapeFormat.forAccept(null));
        assertEquals(ScrapeFormat.PROMETHEUS_TEXT, ScrapeFormat.forAccept("*/*"));
        assertEquals(ScrapeFormat.PROMETHEUS_TEXT, ScrapeFormat.forAccept("text/plain"));
        assertEquals(ScrapeFormat.PROMETHEUS_TEXT, ScrapeFormat.forAccept("application/json"));
    }

    @Test
    void openMetricsRefusedWithQualityZeroIsNotServed() {
        assertEquals(ScrapeFormat.PROMETHEUS_TEXT,
                ScrapeFormat.forAccept("application/openmetrics-text; q=0, text/plain"));
        assertEquals(ScrapeFormat.PROMETHEUS_TEXT, ScrapeFormat.forAccept("application/openmetrics-text;q=x"));
    }
}
