package io.lockfacade.bench.ha;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/** Asks members for {@code GET /admin/api/group} with the admin credentials, within the call timeout. */
final class GroupStatusProbe {

    private static final String PATH = "/admin/api/group";
    private static final int OK = 200;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(HaLimits.CONNECT_TIMEOUT).build();
    private final String authorization;

    /** @param adminUser the admin user; @param adminPassword its password */
    GroupStatusProbe(String adminUser, String adminPassword) {
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString((adminUser + ":" + adminPassword).getBytes(StandardCharsets.UTF_8));
    }

    /** @return the member's view, or empty if it does not answer 200 in time (down, frozen, starting) */
    Optional<GroupView> ask(String baseUrl) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + PATH))
                .timeout(HaLimits.CALL_TIMEOUT)
                .header("Authorization", authorization)
                .GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == OK ? Optional.of(GroupView.parse(response.body())) : Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
