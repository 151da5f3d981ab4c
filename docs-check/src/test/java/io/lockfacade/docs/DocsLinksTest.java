package io.lockfacade.docs;

import io.lockfacade.testsupport.docs.DocLinkCheck;
import io.lockfacade.testsupport.docs.DocSnippetCheck;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every relative link of {@code README.md}, {@code docs/} and the benchmark's notes leads to a file of the
 * repository and, when it names one, to a heading of the page (see {@link DocLinkCheck}).
 */
class DocsLinksTest {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyRelativeLinkLeadsSomewhere() {
        List<Path> pages = new ArrayList<>(DocSnippetCheck.documentationPages(REPOSITORY));
        pages.add(REPOSITORY.resolve("bench/results/NOTES.md"));

        List<String> problems = new DocLinkCheck(REPOSITORY).problems(pages);

        assertEquals(List.of(), problems, () -> String.join("\n", problems));
    }
}
