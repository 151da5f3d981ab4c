package io.lockfacade.webapp.admin;

import io.lockfacade.api.MemoryLockService;
import io.lockfacade.process.ChildJvm;
import io.lockfacade.process.JavaCommand;
import io.lockfacade.webapp.testing.HessianClients;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin page from the shaded jar, started with {@code java -jar} from an unrelated working directory: the JSPs,
 * JSTL, static files and JSON all come out of the jar. Runs in the failsafe phase, after packaging.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AdminPageJarIT {

    private static final Pattern SERVICE_URL =
            Pattern.compile("(http://127\\.0\\.0\\.1:\\d+)/remoting/MemoryLockService");
    private static final Duration STARTUP = Duration.ofSeconds(30);
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);
    private static final String PASSWORD = "jar-admin-password";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path elsewhere;

    private ChildJvm master;

    @AfterEach
    void stopMaster() {
        if (master != null) {
            master.terminate(STOP_GRACE);
        }
    }

    @Test
    void theAdminPageWorksFromTheJarInAnyWorkingDirectory() throws Exception {
        URI base = start();
        MemoryLockService locks = HessianClients.proxy(base.resolve("/remoting/MemoryLockService"));
        locks.tryLock("order", "<script>alert(1)</script>", "node-a:main#1", 60_000, 0);

        HttpResponse<String> page = get(base.resolve("/admin/locks"));
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.body().contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page.body());
        assertFalse(page.body().contains("<script>alert(1)</script>"), page.body());
        assertTrue(page.body().contains("<td data-label=\"Owner node\""), "JSTL loops ran: " + page.body());

        HttpResponse<String> css = get(base.resolve("/admin/static/admin.css"));
        assertEquals(200, css.statusCode());
        assertTrue(css.body().contains("@media"));

        HttpResponse<String> json = get(base.resolve("/admin/api/locks?type=order"));
        assertEquals(200, json.statusCode(), json.body());
        assertTrue(json.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        assertTrue(json.body().contains("\"key\":\"<script>alert(1)</script>\""), json.body());
    }

    private URI start() throws IOException, InterruptedException, TimeoutException {
        Path jar = Path.of(System.getProperty("lockfacade.webapp.jar", "target/lock-facade-webapp.jar"))
                .toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "package the master first: " + jar);
        JavaCommand command = JavaCommand.jar(jar, List.of("--port", "0", "--admin-password", PASSWORD));
        master = ChildJvm.launcher("master", command).directory(elsewhere).log(elsewhere.resolve("master.out")).withoutInput().killedAtExit().start();
        Matcher matcher = SERVICE_URL.matcher(master.awaitLine(line -> SERVICE_URL.matcher(line).find(), STARTUP));
        assertTrue(matcher.find());
        return URI.create(matcher.group(1));
    }

    private static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        String basic = Base64.getEncoder().encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        return HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Basic " + basic).build(), HttpResponse.BodyHandlers.ofString());
    }
}
