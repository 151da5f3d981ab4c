package io.lockfacade.testkit.master;

import io.lockfacade.api.tls.Pkcs12Stores;
import io.lockfacade.api.tls.TlsStores;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An operator at the master's admin API, as a script would: force-expires a node's sessions, reads a group member's
 * view of its group.
 */
public final class MasterAdmin {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** A session in the listing: id, then node (the API writes the record's components in order). */
    private static final Pattern SESSION = Pattern.compile("\"id\":\"([^\"]+)\",\"node\":\"([^\"]+)\"");

    private final HttpClient http;
    private final String scheme;
    private final String host;
    private final IntSupplier port;
    private final String authorization;

    /**
     * @param port     the master's current HTTP port (it may move when the master restarts)
     * @param password the admin password, user {@code admin}
     */
    public MasterAdmin(IntSupplier port, String password) {
        this(MasterProcess.LOOPBACK, port, password);
    }

    /**
     * @param host     the address the master serves on
     * @param port     the master's current HTTP port (it may move when the master restarts)
     * @param password the admin password, user {@code admin}
     */
    public MasterAdmin(String host, IntSupplier port, String password) {
        this(host, port, password, null);
    }

    /**
     * @param host       the address the master serves on
     * @param port       the master's current HTTP port (it may move when the master restarts)
     * @param password   the admin password, user {@code admin}
     * @param truststore for a master started with TLS: the truststore (and its password) holding its CA, or
     *                   {@code null} for plain HTTP
     */
    public MasterAdmin(String host, IntSupplier port, String password, TlsStores truststore) {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(TIMEOUT);
        if (truststore != null) {
            builder.sslContext(Pkcs12Stores.context(null,
                    Pkcs12Stores.trustManager(truststore.truststore(), truststore.truststorePassword())));
        }
        this.http = builder.build();
        this.scheme = truststore == null ? "http" : "https";
        this.host = host;
        this.port = port;
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Force-expires every open session of {@code nodeId}.
     *
     * @return the ids of the sessions expired
     * @throws IOException if the master did not answer as its API says
     */
    public List<String> expireSessionsOf(String nodeId) throws IOException, InterruptedException {
        HttpResponse<String> listing = send(HttpRequest.newBuilder(uri("/admin/api/sessions")).GET());
        List<String> expired = new ArrayList<>();
        Matcher session = SESSION.matcher(listing.body());
        while (session.find()) {
            if (session.group(2).equals(nodeId)) {
                String id = session.group(1);
                send(HttpRequest.newBuilder(uri("/admin/api/sessions?id="
                        + URLEncoder.encode(id, StandardCharsets.UTF_8)))
                        .header("X-Requested-By", "chaos").DELETE());
                expired.add(id);
            }
        }
        return expired;
    }

    /**
     * @return the body of {@code GET /admin/api/group}: a group member's view of its group (DESIGN.md, "The master
     *         group")
     * @throws IOException if the member did not answer 200 within the timeout
     */
    public String groupStatus() throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/admin/api/group")).GET()).body();
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request.header("Authorization", authorization).timeout(TIMEOUT)
                .build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("admin API answered " + response.statusCode() + ": " + response.body());
        }
        return response;
    }

    private URI uri(String pathAndQuery) {
        return URI.create(scheme + "://" + host + ":" + port.getAsInt() + pathAndQuery);
    }
}
