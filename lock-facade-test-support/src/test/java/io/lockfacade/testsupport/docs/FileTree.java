package io.lockfacade.testsupport.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the files of a made-up repository for the checks' tests. */
final class FileTree {

    private FileTree() {
    }

    /** Writes {@code text} to {@code path} under {@code root}, making the folders it needs. */
    static void write(Path root, String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
