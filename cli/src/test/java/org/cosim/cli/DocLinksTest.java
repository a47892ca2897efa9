package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** README.md, CHANGELOG.md and docs/: links that resolve inside the repository, and no development log. */
class DocLinksTest {
    @TempDir
    Path tmp;

    private static Path root() {
        return ShippedScenarios.dir().getParent();
    }

    @Test
    void everyLinkOfReadmeChangelogAndDocsResolvesToAFileAndAHeadingInsideTheRepository() {
        List<Path> pages = DocLinks.pages(root());
        assertTrue(pages.size() >= 3, "README.md and the docs pages: " + pages);
        List<DocLinks.Problem> problems = new DocLinks(root()).check(pages);
        assertTrue(problems.isEmpty(), problems.size() + " broken links:\n"
                + problems.stream().map(DocLinks.Problem::toString).collect(Collectors.joining("\n")));
    }

    @Test
    void aMissingFileAMissingAnchorAndAPathOutsideTheRepositoryAreEachReported() throws IOException {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Files.createDirectories(repo.resolve("docs"));
        Files.writeString(repo.resolve("docs/a.md"), "# Page A\n\n## Sweeps: `cosim sweep`\n");
        Files.writeString(repo.resolve("README.md"), String.join("\n",
                "# Top",
                "[good](docs/a.md#sweeps-cosim-sweep) and [self](#top) and [web](https://example.org/x)",
                "[gone](docs/b.md) on line 3",
                "[bad anchor](docs/a.md#sweeps)",
                "[out](../shared/notes.md) and [scheme](file:///etc/passwd)",
                "`[in code](docs/none.md)` is text",
                "",
                "    [indented code](docs/none.md)",
                ""));
        List<DocLinks.Problem> problems = new DocLinks(repo).check(DocLinks.pages(repo));
        assertEquals(List.of("docs/b.md", "docs/a.md#sweeps", "../shared/notes.md", "file:///etc/passwd"),
                problems.stream().map(DocLinks.Problem::link).toList(), problems.toString());
        assertEquals(List.of(3, 4, 5, 5), problems.stream().map(DocLinks.Problem::line).toList());
    }

    @Test
    void aHeadingsAnchorIsLowerCaseWithSpacesAsHyphensAndPunctuationDropped() {
        assertEquals("changing-a-parameter---set", DocLinks.anchor("Changing a parameter: `--set`"));
        assertEquals("omnet-users", DocLinks.anchor("OMNeT++ users"));
        assertEquals("the-agents-state-over-time", DocLinks.anchor("The agents' state over time"));
        assertEquals(List.of("results", "plots", "results-1"),
                List.copyOf(DocLinks.headingAnchors(List.of("## Results", "", "Plots", "-----", "", "### Results"))));
    }

    /** Words that log development instead of describing the software; built so this file does not match. */
    private static final Pattern HISTORY = Pattern.compile("session [0-9]|the" + " issue", Pattern.CASE_INSENSITIVE);

    @Test
    void readmeDocsAndEverySourceFolderAreFreeOfSessionNumbersAndReferencesToAnIssueNoReaderHas() throws IOException {
        Path root = root();
        List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
        List<Path> folders = new ArrayList<>(List.of(root.resolve("docs")));
        try (Stream<Path> top = Files.list(root)) {
            top.map(d -> d.resolve("src")).filter(Files::isDirectory).forEach(folders::add);
        }
        for (Path folder : folders) {
            try (Stream<Path> walk = Files.walk(folder)) {
                walk.filter(Files::isRegularFile).sorted().forEach(files::add);
            }
        }
        List<String> hits = new ArrayList<>();
        for (Path file : files) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            } catch (CharacterCodingException binary) {
                continue;
            }
            for (int i = 0; i < lines.size(); i++) {
                if (HISTORY.matcher(lines.get(i)).find()) {
                    hits.add(root.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertTrue(files.size() > 100, "the files read: " + files.size());
        assertTrue(hits.isEmpty(), hits.size() + " lines:\n" + String.join("\n", hits));
    }
}
