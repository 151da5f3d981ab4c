package io.lockfacade.testsupport.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds the fenced code blocks (three or more backticks, indented or not) of a Markdown page. */
public final class MarkdownCodeBlocks {

    private static final Pattern OPENING = Pattern.compile("^(\\s*)(`{3,})\\s*([^`\\s]*).*$");

    private MarkdownCodeBlocks() {
    }

    /**
     * @param lines the page's lines
     * @return its code blocks in page order; a block whose closing fence is missing runs to the end of the page
     */
    public static List<CodeBlock> of(List<String> lines) {
        List<CodeBlock> blocks = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            Matcher opening = OPENING.matcher(lines.get(i));
            if (!opening.matches()) {
                i++;
                continue;
            }
            int indent = opening.group(1).length();
            String fence = opening.group(2);
            List<String> content = new ArrayList<>();
            int j = i + 1;
            while (j < lines.size() && !closes(lines.get(j), fence)) {
                content.add(unindent(lines.get(j), indent).stripTrailing());
                j++;
            }
            Optional<String> marker = i == 0 ? Optional.empty() : Optional.of(lines.get(i - 1).strip());
            blocks.add(new CodeBlock(i + 1, opening.group(3).toLowerCase(Locale.ROOT), marker, content));
            i = j + 1;
        }
        return blocks;
    }

    private static boolean closes(String line, String fence) {
        String stripped = line.strip();
        return stripped.startsWith(fence) && stripped.chars().allMatch(c -> c == '`');
    }

    private static String unindent(String line, int indent) {
        int blank = 0;
        while (blank < indent && blank < line.length() && line.charAt(blank) == ' ') {
            blank++;
        }
        return line.substring(blank);
    }
}
