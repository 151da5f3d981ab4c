package io.lockfacade.testsupport.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks that every relative link of Markdown pages ({@code [text](path)}, {@code [text](path#anchor)},
 * {@code [text](#anchor)}, images too) leads to a file or folder of the repository and, when it names an anchor, to
 * a heading of that page, with the anchors GitHub makes (lower case, punctuation dropped, spaces as hyphens, a
 * repeated heading numbered {@code -1}, {@code -2}, ...). Links with a scheme ({@code https:}, {@code mailto:}) are
 * not followed. Code blocks and inline code are skipped.
 */
public final class DocLinkCheck {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

    private final Path root;

    /** @param repositoryRoot the directory no link may leave */
    public DocLinkCheck(Path repositoryRoot) {
        this.root = repositoryRoot.toAbsolutePath().normalize();
    }

    /**
     * @param pages Markdown files, absolute or relative to the repository root
     * @return every broken link, naming its page and line
     */
    public List<String> problems(List<Path> pages) {
        List<String> problems = new ArrayList<>();
        for (Path page : pages) {
            Path file = root.resolve(page).normalize();
            List<String> lines = withoutCodeBlocks(DocFiles.readLines(file)).stream()
                    .map(line -> INLINE_CODE.matcher(line).replaceAll("")).toList();
            for (int i = 0; i < lines.size(); i++) {
                Matcher link = LINK.matcher(lines.get(i));
                while (link.find()) {
                    String problem = problem(file, link.group(1));
                    if (problem != null) {
                        problems.add(root.relativize(file).toString().replace('\\', '/') + ":" + (i + 1) + ": "
                                + problem);
                    }
                }
            }
        }
        return problems;
    }

    /**
     * @param lines a Markdown page
     * @return the anchors GitHub gives its headings
     */
    public static Set<String> anchors(List<String> lines) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : withoutCodeBlocks(lines)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = heading.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                        .replace(' ', '-');
                int repeats = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(repeats == 0 ? slug : slug + "-" + repeats);
            }
        }
        return anchors;
    }

    private String problem(Path page, String link) {
        if (SCHEME.matcher(link).find()) {
            return null;
        }
        int hash = link.indexOf('#');
        String path = hash < 0 ? link : link.substring(0, hash);
        Path target = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
        if (!target.startsWith(root) || !Files.exists(target)) {
            return "link " + link + " leads to no file of the repository";
        }
        if (hash >= 0 && target.toString().endsWith(".md")
                && !anchors(DocFiles.readLines(target)).contains(link.substring(hash + 1))) {
            return "link " + link + " names no heading of " + root.relativize(target).toString().replace('\\', '/');
        }
        return null;
    }

    /** @return the lines with the code blocks' lines blanked */
    private static List<String> withoutCodeBlocks(List<String> lines) {
        List<String> prose = new ArrayList<>(lines.size());
        boolean inBlock = false;
        for (String line : lines) {
            boolean fence = line.strip().startsWith("```");
            prose.add(inBlock || fence ? "" : line);
            if (fence) {
                inBlock = !inBlock;
            }
        }
        return prose;
    }
}
