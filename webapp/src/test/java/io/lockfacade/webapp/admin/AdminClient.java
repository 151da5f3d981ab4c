package io.lockfacade.webapp.admin;

import io.lockfacade.webapp.MasterServer;
import io.lockfacade.webapp.testing.Masters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Speaks to a test master's admin surface over plain HTTP, as a browser or a script would: HTTP Basic (or none),
 * redirects not followed, bodies as text.
 */
public final class AdminClient {

    /** Longest one admin request may take in tests (the first JSP request compiles the page). */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER).version(HttpClient.Version.HTTP_1_1).build();
    private static final Pattern CSRF_FIELD =
            Pattern.compile("name=\"(?:_csrf|csrf-token)\" (?:value|content)=\"([^\"]+)\"");

    private final URI base;
    private final String authorization;

    private AdminClient(URI base, String authorization) {
        this.base = base;
        this.authorization = authorization;
    }

    /** @return a client with the test masters' admin credentials */
    public static AdminClient admin(MasterServer master) {
        return as(master, "admin", Masters.ADMIN_PASSWORD);
    }

    /** @return a client sending these Basic credentials */
    public static AdminClient as(MasterServer master, String user, String password) {
        return withAuthorization(master, "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }

    /** @return a client sending this Authorization header, or none for {@code null} */
    public static AdminClient withAuthorization(MasterServer master, String authorization) {
        return new AdminClient(URI.create("http://127.0.0.1:" + master.port()), authorization);
    }

    /** @return the response to a GET of a path with query, e.g. {@code /admin/locks?type=a} */
    public HttpResponse<String> get(String pathAndQuery) {
        return send(request(pathAndQuery).GET());
    }

    /** @return the response to a form POST */
    public HttpResponse<String> post(String path, Map<String, String> form) {
        return send(request(path).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(formBody(form))));
    }

    /** @return the response to a DELETE with extra headers */
    public HttpResponse<String> delete(String pathAndQuery, Map<String, String> headers) {
        HttpRequest.Builder request = request(pathAndQuery).DELETE();
        headers.forEach(request::header);
        return send(request);
    }

    /** @return the response to a DELETE carrying {@code X-Requested-By} as scripts must */
    public HttpResponse<String> delete(String pathAndQuery) {
        return delete(pathAndQuery, Map.of("X-Requested-By", "admin-test"));
    }

    /** @return the response to a request with any method and extra headers */
    public HttpResponse<String> method(String method, String pathAndQuery, Map<String, String> headers) {
        HttpRequest.Builder request = request(pathAndQuery).method(method, HttpRequest.BodyPublishers.noBody());
        headers.forEach(request::header);
        return send(request);
    }

    /** @return the CSRF token of the lock page as this client sees it */
    public String csrfToken() {
        return csrfToken(get(AdminPages.LOCKS_PATH).body());
    }

    /** @return the CSRF token in a page's forms */
    public static String csrfToken(String html) {
        Matcher matcher = CSRF_FIELD.matcher(html);
        if (!matcher.find()) {
            throw new AssertionError("no CSRF field on the page: " + html);
        }
        return matcher.group(1);
    }

    /** @return the JSON body */
    public static JsonNode json(HttpResponse<String> response) {
        return JsonMapper.shared().readTree(response.body());
    }

    /** @return an ordered form with the given name-value pairs */
    public static Map<String, String> form(String... namesAndValues) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            form.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return form;
    }

    /** @return the value form-encoded, for query strings */
    public static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private HttpRequest.Builder request(String pathAndQuery) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(REQUEST_TIMEOUT);
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return request;
    }

    private static String formBody(Map<String, String> form) {
        StringJoiner body = new StringJoiner("&");
        form.forEach((name, value) -> body.add(encode(name) + "=" + encode(value)));
        return body.toString();
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
