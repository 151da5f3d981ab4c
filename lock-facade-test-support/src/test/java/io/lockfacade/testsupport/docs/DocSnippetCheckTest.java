package io.lockfacade.testsupport.docs;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DocSnippetCheckTest {

    private static final String SOURCE = "app/src/test/java/example/Example.java";
    private static final String MARKER = "<!-- snippet: " + SOURCE + "#greet -->";

    @TempDir
    Path root;

    @BeforeEach
    void writeTheSource() throws IOException {
        FileTree.write(root, SOURCE, """
                class Example {
                    void greet() {
                        // tag::greet[]
                        System.out.println("hello");
                        // end::greet[]
                    }
                }
                """);
    }

    @Test
    void aBlockEqualToItsRegionPasses() throws IOException {
        DocSnippetCheck.Result result = check("Intro\n" + MARKER + "\n```java\nSystem.out.println(\"hello\");\n```\n");

        assertEquals(List.of(), result.problems());
        assertEquals(1, result.checkedBlocks());
    }

    @Test
    void aBlockThatDiffersFailsNamingThePageTheLineAndTheDiff() throws IOException {
        DocSnippetCheck.Result result = check("Intro\n" + MARKER + "\n```java\nSystem.out.println(\"bye\");\n```\n");

        assertEquals(1, result.problems().size());
        String problem = result.problems().get(0);
        assertTrue(problem.startsWith("docs/page.md:3: the ```java block differs from " + SOURCE + "#greet"), problem);
        assertTrue(problem.contains("-System.out.println(\"hello\");"), problem);
        assertTrue(problem.contains("+System.out.println(\"bye\");"), problem);
    }

    @Test
    void aCheckedBlockWithoutAMarkerFails() throws IOException {
        DocSnippetCheck.Result result = check("Intro\n\n```java\nSystem.out.println(\"hello\");\n```\n");

        assertEquals(1, result.problems().size());
        assertTrue(result.problems().get(0).startsWith("docs/page.md:3: the ```java block is not preceded by"),
                result.problems().get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"properties", "yaml", "yml", "Java"})
    void propertiesAndYamlBlocksAreCheckedToo(String language) throws IOException {
        DocSnippetCheck.Result result = check("```" + language + "\nkey: value\n```\n");

        assertEquals(1, result.checkedBlocks());
        assertEquals(1, result.problems().size());
    }

    @Test
    void otherBlocksAreFree() throws IOException {
        DocSnippetCheck.Result result = check("```bash\nmvn verify\n```\n\n```\nplain\n```\n\n```json\n{}\n```\n");

        assertEquals(List.of(), result.problems());
        assertEquals(0, result.checkedBlocks());
    }

    @Test
    void aMarkerNamingARegionTheFileLacksFails() throws IOException {
        DocSnippetCheck.Result result = check("<!-- snippet: " + SOURCE + "#farewell -->\n```java\nx\n```\n");

        assertEquals(1, result.problems().size());
        assertTrue(result.problems().get(0).contains("has no region tag::farewell[]"), result.problems().get(0));
    }

    @Test
    void aMarkerNamingAFileOutsideTheModulesSourcesFails() throws IOException {
        FileTree.write(root, "notes/example.txt", "// tag::greet[]\nx\n// end::greet[]\n");

        DocSnippetCheck.Result outside = check("<!-- snippet: notes/example.txt#greet -->\n```java\nx\n```\n");
        DocSnippetCheck.Result missing = check("<!-- snippet: app/src/test/java/Gone.java#greet -->\n```java\nx\n```\n");
        DocSnippetCheck.Result escaping = check("<!-- snippet: ../src/test/java/A.java#greet -->\n```java\nx\n```\n");

        for (DocSnippetCheck.Result result : List.of(outside, missing, escaping)) {
            assertEquals(1, result.problems().size());
            assertTrue(result.problems().get(0).contains("which is not a file under a module's src/main or src/test"),
                    result.problems().get(0));
        }
    }

    @Test
    void aMarkerNotFollowedByABlockFails() throws IOException {
        DocSnippetCheck.Result result = check("Intro\n" + MARKER + "\n\nText.\n");

        assertEquals(List.of("docs/page.md:2: a snippet marker not directly followed by a code block"),
                result.problems());
    }

    @Test
    void aBlockIndentedInAListComparesWithoutItsIndentation() throws IOException {
        DocSnippetCheck.Result result = check("- step:\n  " + MARKER + "\n  ```java\n  System.out.println(\"hello\");"
                + "\n  ```\n");

        assertEquals(List.of(), result.problems());
        assertEquals(1, result.checkedBlocks());
    }

    @Test
    void theDocumentationPagesAreTheReadmeAndEveryPageUnderDocs() throws IOException {
        FileTree.write(root, "README.md", "");
        FileTree.write(root, "docs/a.md", "");
        FileTree.write(root, "docs/sub/b.md", "");
        FileTree.write(root, "docs/image.png", "");

        assertEquals(List.of(root.resolve("README.md"), root.resolve("docs/a.md"), root.resolve("docs/sub/b.md")),
                DocSnippetCheck.documentationPages(root));
    }

    private DocSnippetCheck.Result check(String page) throws IOException {
        FileTree.write(root, "docs/page.md", page);
        return new DocSnippetCheck(root).check(List.of(Path.of("docs/page.md")));
    }
}
