package io.lockfacade.webapp.metrics;

import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.admin.AdminClient;
import io.lockfacade.webapp.admin.MetricsController;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A parsed scrape, with look-ups by sample name and labels.
 *
 * @param samples every sample
 */
public record ParsedScrape(List<PrometheusParser.Sample> samples) {

    /**
     * @param master a running master
     * @return its {@code /admin/metrics}, read over HTTP with the admin credentials and parsed in the text format
     */
    public static ParsedScrape of(MasterServer master) {
        HttpResponse<String> response = AdminClient.admin(master).get(MetricsController.METRICS_PATH);
        assertEquals(200, response.statusCode(), response.body());
        return new ParsedScrape(PrometheusParser.parse(response.body(), PrometheusParser.Format.TEXT));
    }

    /**
     * @param name   a sample name
     * @param labels name-value pairs the sample must carry (others may be there too)
     * @return the one sample that matches
     * @throws AssertionError if none or several match
     */
    public PrometheusParser.Sample sample(String name, String... labels) {
        List<PrometheusParser.Sample> matching = samples.stream()
                .filter(sample -> sample.name().equals(name) && carries(sample.labels(), labels)).toList();
        if (matching.size() != 1) {
            throw new AssertionError(matching.size() + " samples " + name + " with " + List.of(labels) + ": "
                    + matching);
        }
        return matching.get(0);
    }

    /** @return the value of the one matching sample; see {@link #sample} */
    public double value(String name, String... labels) {
        return sample(name, labels).value();
    }

    /** @return the matching sample's value, or empty if there is none */
    public Optional<Double> find(String name, String... labels) {
        return samples.stream().filter(sample -> sample.name().equals(name) && carries(sample.labels(), labels))
                .map(PrometheusParser.Sample::value).findFirst();
    }

    /** @return the parser's type of a family, e.g. {@code histogram} */
    public String typeOf(String family) {
        return samples.stream().filter(sample -> sample.family().equals(family)).map(PrometheusParser.Sample::type)
                .findFirst().orElseThrow(() -> new AssertionError("no family " + family));
    }

    private static boolean carries(Map<String, String> actual, String[] wanted) {
        for (int i = 0; i < wanted.length; i += 2) {
            if (!wanted[i + 1].equals(actual.get(wanted[i]))) {
                return false;
            }
        }
        return true;
    }
}
