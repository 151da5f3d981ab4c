package io.lockfacade.testsupport.docs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TaggedRegionTest {

    @TempDir
    Path dir;

    @Test
    void theRegionLosesItsCommonIndentationAndKeepsBlankLines() throws IOException {
        Path file = write("""
                class A {
                    // tag::body[]
                    void run() {

                        work();
                    }
                    // end::body[]
                }
                """);

        assertEquals(List.of("void run() {", "", "    work();", "}"), TaggedRegion.read(file, "body"));
    }

    @Test
    void regionsOfOneNameAreJoinedAndOtherRegionsMarkersLeftOut() throws IOException {
        Path file = write("""
                # tag::a[]
                first=1
                # tag::b[]
                second=2
                # end::b[]
                # end::a[]
                hidden=3
                # tag::a[]
                fourth=4
                # end::a[]
                """);

        assertEquals(List.of("first=1", "second=2", "fourth=4"), TaggedRegion.read(file, "a"));
        assertEquals(List.of("second=2"), TaggedRegion.read(file, "b"));
    }

    @Test
    void aMissingRegionFails() throws IOException {
        Path file = write("// tag::a[]\nx\n// end::a[]\n");

        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> TaggedRegion.read(file, "b"));
        assertTrue(failure.getMessage().endsWith("has no region tag::b[]"), failure.getMessage());
    }

    @Test
    void aRegionThatNeverEndsFails() throws IOException {
        Path file = write("x\n// tag::a[]\ny\n");

        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> TaggedRegion.read(file, "a"));
        assertTrue(failure.getMessage().startsWith("tag::a[] at line 2 of "), failure.getMessage());
        assertTrue(failure.getMessage().endsWith("has no end::a[]"), failure.getMessage());
    }

    @Test
    void anEndWithoutAStartFails() throws IOException {
        Path file = write("// end::a[]\n// tag::a[]\nx\n// end::a[]\n");

        assertThrows(IllegalArgumentException.class, () -> TaggedRegion.read(file, "a"));
    }

    private Path write(String text) throws IOException {
        Path file = dir.resolve("Source.java");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }
}
