package io.lockfacade.testsupport.docs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DocLinkCheckTest {

    @TempDir
    Path root;

    @Test
    void linksToExistingPagesFoldersImagesAndHeadingsPass() throws IOException {
        FileTree.write(root, "docs/other.md", "# Other\n\n## Spring without Boot: `@EnableLockFacade`\n");
        FileTree.write(root, "docs/image.png", "");
        FileTree.write(root, "bench/results/results.md", "");

        List<String> problems = check("# Page\n\n## Here\n\n[a](other.md) [b](other.md#spring-without-boot-enablelockfacade)"
                + " ![c](image.png) [d](../bench/results/) [e](#here) [f](https://example.org/x#y)\n");

        assertEquals(List.of(), problems);
    }

    @Test
    void aLinkToAMissingFileFailsNamingPageAndLine() throws IOException {
        List<String> problems = check("# Page\n\nSee [gone](gone.md).\n");

        assertEquals(List.of("docs/page.md:3: link gone.md leads to no file of the repository"), problems);
    }

    @Test
    void aLinkToAMissingHeadingFails() throws IOException {
        FileTree.write(root, "docs/other.md", "# Other\n");

        List<String> problems = check("[a](other.md#nowhere) [b](#nor-here)\n");

        assertEquals(List.of("docs/page.md:1: link other.md#nowhere names no heading of docs/other.md",
                "docs/page.md:1: link #nor-here names no heading of docs/page.md"), problems);
    }

    @Test
    void aLinkLeavingTheRepositoryFails() throws IOException {
        List<String> problems = check("[a](../../outside.md)\n");

        assertEquals(1, problems.size());
    }

    @Test
    void linksInCodeAreNotFollowed() throws IOException {
        List<String> problems = check("`[a](gone.md)`\n\n```text\n[b](gone.md)\n```\n");

        assertEquals(List.of(), problems);
    }

    @Test
    void repeatedHeadingsGetNumberedAnchorsAndCodeBlocksHaveNone() {
        Set<String> anchors = DocLinkCheck.anchors(List.of("# Figures", "## Figures", "```bash", "# not a heading",
                "```", "### Master group (high availability)"));

        assertEquals(Set.of("figures", "figures-1", "master-group-high-availability"), anchors);
    }

    private List<String> check(String page) throws IOException {
        FileTree.write(root, "docs/page.md", page);
        return new DocLinkCheck(root).problems(List.of(Path.of("docs/page.md")));
    }
}
