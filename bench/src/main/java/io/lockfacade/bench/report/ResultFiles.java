package io.lockfacade.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a benchmark's {@code results.md} and {@code results.json}, the two files every run leaves behind. */
public final class ResultFiles {

    private ResultFiles() {
    }

    /**
     * Writes both files into {@code out}, creating it if needed.
     *
     * @return {@code markdown}
     */
    public static String write(Path out, String markdown, String json) throws IOException {
        Files.createDirectories(out);
        Files.writeString(out.resolve("results.md"), markdown, StandardCharsets.UTF_8);
        Files.writeString(out.resolve("results.json"), json, StandardCharsets.UTF_8);
        return markdown;
    }
}
