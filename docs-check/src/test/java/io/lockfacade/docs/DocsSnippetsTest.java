package io.lockfacade.docs;

import io.lockfacade.testsupport.docs.DocSnippetCheck;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every {@code java}, {@code properties} and {@code yaml} block of {@code README.md} and {@code docs/} equals the
 * tagged region of the compiled source or resource its marker names (see {@link DocSnippetCheck}); a failure names
 * the page, the line and the diff.
 */
class DocsSnippetsTest {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    /** The Java, properties and YAML blocks the pages show today: a check that finds none checks nothing. */
    private static final int AT_LEAST_CHECKED = 8;

    @Test
    void everyCheckedBlockEqualsTheTaggedRegionItNames() {
        DocSnippetCheck.Result result = new DocSnippetCheck(REPOSITORY)
                .check(DocSnippetCheck.documentationPages(REPOSITORY));

        assertTrue(result.problems().isEmpty(), result::report);
        assertTrue(result.checkedBlocks() >= AT_LEAST_CHECKED,
                () -> "only " + result.checkedBlocks() + " blocks checked; the docs lost their snippets?");
    }
}
