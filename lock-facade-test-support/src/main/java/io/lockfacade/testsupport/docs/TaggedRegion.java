package io.lockfacade.testsupport.docs;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The lines of a source file between a line containing {@code tag::NAME[]} and one containing {@code end::NAME[]}
 * (in whatever comment syntax the file has: {@code // tag::x[]}, {@code # tag::x[]}), as Asciidoctor includes
 * them: several regions of one name are joined in file order, lines that mark any region are left out, and the
 * indentation the lines share is removed.
 */
public final class TaggedRegion {

    private static final Pattern ANY_MARKER = Pattern.compile("\\b(tag|end)::[\\w.-]+\\[]");

    private TaggedRegion() {
    }

    /**
     * @param file the source file
     * @param name the region's name
     * @return the region's lines, common indentation removed, trailing white space stripped
     * @throws IllegalArgumentException if the file has no region of that name, or a region that never ends or
     *                                  ends before it starts
     * @throws UncheckedIOException     if the file cannot be read
     */
    public static List<String> read(Path file, String name) {
        return dedent(select(DocFiles.readLines(file), name, file));
    }

    private static List<String> select(List<String> lines, String name, Path file) {
        String start = "tag::" + name + "[]";
        String end = "end::" + name + "[]";
        List<String> region = new ArrayList<>();
        int openedAt = 0;
        boolean found = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.contains(start)) {
                if (openedAt > 0) {
                    throw new IllegalArgumentException(start + " at line " + (i + 1) + " of " + file
                            + " opens a region already open since line " + openedAt);
                }
                openedAt = i + 1;
                found = true;
            } else if (line.contains(end)) {
                if (openedAt == 0) {
                    throw new IllegalArgumentException(end + " at line " + (i + 1) + " of " + file
                            + " ends a region that was not opened");
                }
                openedAt = 0;
            } else if (openedAt > 0 && !ANY_MARKER.matcher(line).find()) {
                region.add(line.stripTrailing());
            }
        }
        if (openedAt > 0) {
            throw new IllegalArgumentException(start + " at line " + openedAt + " of " + file + " has no " + end);
        }
        if (!found) {
            throw new IllegalArgumentException(file + " has no region " + start);
        }
        return region;
    }

    private static List<String> dedent(List<String> lines) {
        int common = lines.stream().filter(line -> !line.isBlank())
                .mapToInt(line -> line.length() - line.stripLeading().length()).min().orElse(0);
        return lines.stream().map(line -> line.isBlank() ? "" : line.substring(common)).toList();
    }
}
