package io.lockfacade.group.tls;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A file read again when it is replaced, and never replaced by something that cannot be read. */
class ReloadingFileTest {

    @TempDir
    Path dir;

    @Test
    void aReplacedFileIsReadAgain() throws IOException {
        Path file = write("n", "1");
        ReloadingFile<Integer> number = new ReloadingFile<>(file, ReloadingFileTest::parse, Duration.ZERO);

        replace(file, "22");

        assertEquals(22, number.current());
        assertEquals(22, number.latest());
    }

    @Test
    void aReplacementThatCannotBeReadKeepsTheLastGoodValue() throws IOException {
        Path file = write("n", "1");
        ReloadingFile<Integer> number = new ReloadingFile<>(file, ReloadingFileTest::parse, Duration.ZERO);

        replace(file, "not a number");
        assertEquals(1, number.current());

        replace(file, "333");
        assertEquals(333, number.current());
    }

    @Test
    void theFileIsNotLookedAtAgainWithinTheInterval() throws IOException {
        Path file = write("n", "1");
        ReloadingFile<Integer> number = new ReloadingFile<>(file, ReloadingFileTest::parse, Duration.ofHours(1));

        replace(file, "22");

        assertEquals(1, number.current());
    }

    @Test
    void aFileThatCannotBeReadAtFirstIsRefused() throws IOException {
        Path file = write("n", "x");
        assertThrows(IllegalArgumentException.class, () -> new ReloadingFile<>(file, ReloadingFileTest::parse));
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    /** Replaces the file in one move, with a new size so that the change shows even within one clock tick. */
    private void replace(Path file, String content) throws IOException {
        Path fresh = Files.writeString(dir.resolve(file.getFileName() + ".new"), content);
        Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static Integer parse(Path file) {
        try {
            return Integer.valueOf(Files.readString(file).strip());
        } catch (IOException | NumberFormatException e) {
            throw new IllegalArgumentException("unreadable " + file, e);
        }
    }
}
