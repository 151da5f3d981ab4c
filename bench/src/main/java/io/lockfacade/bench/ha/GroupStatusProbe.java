package io.lockfacade.bench.ha;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Asks members for {@code GET /admin/api/group} (and their log counters from {@code /admin/metrics}) with the admin
 * credentials, within the call timeout.
 */
final class GroupStatusProbe {

    private static final String PATH = "/admin/api/group";
    private static final String METRICS_PATH = "/admin/metrics";
    private static final int OK = 200;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(HaLimits.CONNECT_TIMEOUT).build();
    private final String authorization;

    /** @param adminUser the admin user; @param adminPassword its password */
    GroupStatusProbe(String adminUser, String adminPassword) {
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString((adminUser + ":" + adminPassword).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A member's Raft log counters from {@code /admin/metrics}.
     *
     * @param appends  appends (one fsync each with fsync on) since the member started
     * @param entries  entries they carried
     * @param commands commands (requests) the entries it applied carried: a batch entry carries several
     */
    record LogCounts(double appends, double entries, double commands) {

        /** @return entries per append between {@code earlier} and this */
        double entriesPerAppendSince(LogCounts earlier) {
            double appended = appends - earlier.appends;
            return appended == 0 ? 0 : (entries - earlier.entries) / appended;
        }

        /** @return commands per append (requests per fsync with fsync on) between {@code earlier} and this */
        double commandsPerAppendSince(LogCounts earlier) {
            double appended = appends - earlier.appends;
            return appended == 0 ? 0 : (commands - earlier.commands) / appended;
        }
    }

    /** @return the member's Raft log counters, or empty if it does not answer 200 in time */
    Optional<LogCounts> logCounts(String baseUrl) {
        try {
            return get(baseUrl + METRICS_PATH).map(scrape -> new LogCounts(
                    counter(scrape, "lockfacade_group_log_appends_total"),
                    counter(scrape, "lockfacade_group_log_entries_total"),
                    counter(scrape, "lockfacade_group_log_commands_total")));
        } catch (IllegalArgumentException noCounters) {
            return Optional.empty();
        }
    }

    private static double counter(String scrape, String name) {
        return scrape.lines().filter(line -> line.startsWith(name + " "))
                .mapToDouble(line -> Double.parseDouble(line.substring(name.length() + 1).trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(name + " missing"));
    }

    /** @return the member's view, or empty if it does not answer 200 in time (down, frozen, starting) */
    Optional<GroupView> ask(String baseUrl) {
        try {
            return get(baseUrl + PATH).map(GroupView::parse);
        } catch (IllegalArgumentException garbled) {
            return Optional.empty();
        }
    }

    private Optional<String> get(String url) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(HaLimits.CALL_TIMEOUT)
                .header("Authorization", authorization)
                .GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == OK ? Optional.of(response.body()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
