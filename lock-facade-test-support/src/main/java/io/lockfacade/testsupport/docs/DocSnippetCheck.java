package io.lockfacade.testsupport.docs;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks that every {@code java}, {@code properties} and {@code yaml} block of Markdown pages is directly preceded
 * by a line {@code <!-- snippet: PATH#NAME -->} and equals the region tagged {@code NAME} (see {@link TaggedRegion})
 * of the file at {@code PATH}, a repository-relative path under a module's {@code src/main} or {@code src/test}
 * sources or resources, so that the build compiles (and the tests use) every snippet the pages show. Other
 * blocks (bash, text, json, xml, ...) are free.
 */
public final class DocSnippetCheck {

    /** The languages whose blocks must come from a tagged region. */
    public static final Set<String> CHECKED_LANGUAGES = Set.of("java", "properties", "yaml", "yml");

    private static final Pattern MARKER = Pattern.compile("<!--\\s*snippet:\\s*(\\S+)#([\\w.-]+)\\s*-->");
    private static final Pattern SOURCE_PATH = Pattern.compile("([\\w.-]+/)*src/(main|test)/(java|resources)/.+");
    private static final int DIFF_CONTEXT = 1;

    private final Path root;

    /** @param repositoryRoot the directory the pages' paths and the markers' paths are relative to */
    public DocSnippetCheck(Path repositoryRoot) {
        this.root = repositoryRoot.toAbsolutePath().normalize();
    }

    /**
     * @param repositoryRoot the repository
     * @return its {@code README.md} and every {@code .md} file under {@code docs/}, in path order
     */
    public static List<Path> documentationPages(Path repositoryRoot) {
        List<Path> pages = new ArrayList<>(List.of(repositoryRoot.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(repositoryRoot.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + repositoryRoot.resolve("docs"), e);
        }
        return pages;
    }

    /**
     * @param pages Markdown files, absolute or relative to the repository root
     * @return how many blocks were checked and every problem found, each naming its page and line
     */
    public Result check(List<Path> pages) {
        int checked = 0;
        List<String> problems = new ArrayList<>();
        for (Path page : pages) {
            Path file = root.resolve(page).normalize();
            String name = root.relativize(file).toString().replace('\\', '/');
            List<String> lines = DocFiles.readLines(file);
            problems.addAll(strayMarkers(name, lines));
            for (CodeBlock block : MarkdownCodeBlocks.of(lines)) {
                if (CHECKED_LANGUAGES.contains(block.language())) {
                    checked++;
                    problems.addAll(checkBlock(name, block));
                }
            }
        }
        return new Result(checked, problems);
    }

    private List<String> checkBlock(String page, CodeBlock block) {
        String where = page + ":" + block.line() + ": the ```" + block.language() + " block";
        Matcher marker = MARKER.matcher(block.marker().orElse(""));
        if (!marker.matches()) {
            return List.of(where + " is not preceded by a line <!-- snippet: PATH#NAME --> naming the tagged region"
                    + " of a compiled source or resource file it shows");
        }
        String path = marker.group(1);
        String region = marker.group(2);
        Path source = root.resolve(path).normalize();
        if (!SOURCE_PATH.matcher(path).matches() || !source.startsWith(root) || !Files.isRegularFile(source)) {
            return List.of(where + " names " + path + ", which is not a file under a module's src/main or src/test"
                    + " java or resources");
        }
        List<String> expected;
        try {
            expected = TaggedRegion.read(source, region);
        } catch (IllegalArgumentException e) {
            return List.of(where + " names a region that cannot be read: " + e.getMessage());
        }
        if (expected.equals(block.content())) {
            return List.of();
        }
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff(path + "#" + region, page + ":" + block.line(),
                expected, DiffUtils.diff(expected, block.content()), DIFF_CONTEXT);
        return List.of(where + " differs from " + path + "#" + region + " (-: the source, +: the page):\n"
                + String.join("\n", diff));
    }

    private static List<String> strayMarkers(String page, List<String> lines) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            boolean marker = MARKER.matcher(lines.get(i).strip()).matches();
            boolean fenceNext = i + 1 < lines.size() && lines.get(i + 1).strip().startsWith("```");
            if (marker && !fenceNext) {
                problems.add(page + ":" + (i + 1) + ": a snippet marker not directly followed by a code block");
            }
        }
        return problems;
    }

    /**
     * @param checkedBlocks how many blocks had a checked language
     * @param problems      what is wrong, one entry per block or stray marker
     */
    public record Result(int checkedBlocks, List<String> problems) {

        /** Copies the problems. */
        public Result {
            problems = List.copyOf(problems);
        }

        /** @return every problem, separated by blank lines */
        public String report() {
            return problems.size() + " problem(s) in " + checkedBlocks + " checked block(s):\n\n"
                    + String.join("\n\n", problems);
        }
    }
}
