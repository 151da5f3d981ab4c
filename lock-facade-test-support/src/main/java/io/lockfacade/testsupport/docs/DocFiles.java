package io.lockfacade.testsupport.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the pages and sources the checks look at. */
final class DocFiles {

    private DocFiles() {
    }

    /**
     * @return the UTF-8 lines of {@code file}
     * @throws UncheckedIOException if it cannot be read
     */
    static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
