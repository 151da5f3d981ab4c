package io.lockfacade.testsupport.docs;

import java.util.List;
import java.util.Optional;

/**
 * A fenced code block of a Markdown page.
 *
 * @param line     the 1-based line of its opening fence
 * @param language the first word after the opening fence, lower case ({@code ""} when none)
 * @param marker   the line just before the opening fence, stripped ({@link Optional#empty()} on the first line)
 * @param content  the lines between the fences, without the opening fence's indentation or trailing white space
 */
public record CodeBlock(int line, String language, Optional<String> marker, List<String> content) {

    /** Copies the content. */
    public CodeBlock {
        content = List.copyOf(content);
    }
}
