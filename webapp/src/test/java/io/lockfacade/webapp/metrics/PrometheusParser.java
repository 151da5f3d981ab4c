package io.lockfacade.webapp.metrics;

import org.junit.jupiter.api.Assumptions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Parses a scrape with Prometheus' own parser: the official Python client's ({@code prometheus_client.parser} for
 * the text format, {@code prometheus_client.openmetrics.parser} for OpenMetrics), run as a separate process on the
 * Debian package {@code python3-prometheus-client}. No Java library parses the text format (Prometheus' Java client
 * only writes it), and a parser written here would only agree with the writer it is meant to check.
 */
public final class PrometheusParser {

    /** The interpreter of the Debian package, not whatever {@code python3} comes first on the PATH. */
    public static final Path PYTHON = Path.of("/usr/bin/python3");

    private static final String SCRIPT_RESOURCE = "/prometheus/parse_exposition.py";
    private static final Duration PARSE_TIMEOUT = Duration.ofSeconds(30);

    /** The two formats the script parses. */
    public enum Format {
        /** The Prometheus text format 0.0.4. */
        TEXT("text"),
        /** OpenMetrics 1.0.0. */
        OPEN_METRICS("openmetrics");

        private final String argument;

        Format(String argument) {
            this.argument = argument;
        }
    }

    /**
     * One parsed sample.
     *
     * @param family the metric family, e.g. {@code lockfacade_master_calls_seconds}
     * @param type   the family's type as the parser read it: counter, gauge, histogram, ...
     * @param name   the sample's name, e.g. {@code lockfacade_master_calls_seconds_count}
     * @param labels its labels
     * @param value  its value
     */
    public record Sample(String family, String type, String name, Map<String, String> labels, double value) {
    }

    private PrometheusParser() {
    }

    /**
     * Skips the calling test without the parser, except in CI ({@code CI=true}), where that is a failure.
     * Call it first in {@code @BeforeAll} or {@code @BeforeEach}.
     */
    public static void assumeAvailable() {
        if (!available()) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI must have " + PYTHON + " with python3-prometheus-client (.ci/run installs it)");
            }
            Assumptions.abort("no Prometheus parser: apt-get install python3-prometheus-client");
        }
    }

    /** @return whether the parser can run here: the interpreter and the package are installed */
    public static boolean available() {
        if (!Files.isExecutable(PYTHON)) {
            return false;
        }
        try {
            Process check = new ProcessBuilder(PYTHON.toString(), "-c", "import prometheus_client")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!check.waitFor(PARSE_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                check.destroyForcibly();
                return false;
            }
            return check.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * @param scrape the body of a scrape
     * @param format its format
     * @return every sample, in the scrape's order
     * @throws AssertionError if the parser refuses the scrape (its message says why)
     */
    public static List<Sample> parse(String scrape, Format format) {
        try {
            Path script = Files.createTempFile("parse_exposition", ".py");
            try {
                try (InputStream source = PrometheusParser.class.getResourceAsStream(SCRIPT_RESOURCE)) {
                    Files.write(script, source.readAllBytes());
                }
                return run(script, scrape, format);
            } finally {
                Files.deleteIfExists(script);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Sample> run(Path script, String scrape, Format format) throws IOException {
        Process parser = new ProcessBuilder(PYTHON.toString(), script.toString(), format.argument).start();
        CompletableFuture<byte[]> out = drain(parser.getInputStream());
        CompletableFuture<byte[]> err = drain(parser.getErrorStream());
        try (OutputStream in = parser.getOutputStream()) {
            in.write(scrape.getBytes(StandardCharsets.UTF_8));
        }
        try {
            if (!parser.waitFor(PARSE_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                parser.destroyForcibly();
                throw new AssertionError("the parser did not finish within " + PARSE_TIMEOUT);
            }
            String stdout = new String(out.join(), StandardCharsets.UTF_8);
            String stderr = new String(err.join(), StandardCharsets.UTF_8);
            if (parser.exitValue() != 0) {
                throw new AssertionError("Prometheus' parser refused the scrape: " + stderr + "\n" + scrape);
            }
            return samples(JsonMapper.shared().readTree(stdout));
        } catch (InterruptedException e) {
            parser.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static CompletableFuture<byte[]> drain(InputStream stream) {
        return CompletableFuture.supplyAsync(() -> {
            try (stream; ByteArrayOutputStream bytes = new ByteArrayOutputStream()) {
                stream.transferTo(bytes);
                return bytes.toByteArray();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static List<Sample> samples(JsonNode parsed) {
        List<Sample> samples = new ArrayList<>();
        for (JsonNode sample : parsed) {
            Map<String, String> labels = new LinkedHashMap<>();
            sample.get("labels").properties().forEach(label -> labels.put(label.getKey(), label.getValue().asString()));
            samples.add(new Sample(sample.get("family").asString(), sample.get("type").asString(),
                    sample.get("name").asString(), labels, number(sample.get("value").asString())));
        }
        return samples;
    }

    private static double number(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }
}
