package org.cosim.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks the links of the repository's Markdown pages: a relative link names a file or folder inside the
 * repository, a {@code #anchor} names a heading (or an HTML {@code id}/{@code name}) of its target page by
 * GitHub's rules, and nothing else leaves the repository but http(s) URLs. Links inside code (fenced blocks,
 * indented blocks, {@code `code spans`}) are text, not links, and are not checked.
 */
final class DocLinks {
    /** One broken link: the page, its line (1-based), the link as written and what is wrong. */
    record Problem(Path page, int line, String link, String why) {
        @Override
        public String toString() {
            return page + ":" + line + ": (" + link + ") " + why;
        }
    }

    private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```|~~~)");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)((?:(?!\\n[ \\t]*\\n)[^`]|(?!\\1)`)+?)\\1");
    private static final Pattern LIST_ITEM = Pattern.compile("^\\s{0,3}([-*+]|\\d+[.)])\\s");
    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern ATX = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern SETEXT = Pattern.compile("^\\s{0,3}(=+|-+)\\s*$");
    private static final Pattern HTML_ID = Pattern.compile("<a\\s[^>]*(?:id|name)\\s*=\\s*\"([^\"]+)\"", Pattern.CASE_INSENSITIVE);
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    private final Path root;
    private final Map<Path, Set<String>> anchors = new HashMap<>();

    DocLinks(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** README.md, CHANGELOG.md and every docs/*.md of the repository at {@code root}. */
    static List<Path> pages(Path root) {
        List<Path> pages = new ArrayList<>();
        for (String top : List.of("README.md", "CHANGELOG.md")) {
            if (Files.exists(root.resolve(top))) {
                pages.add(root.resolve(top));
            }
        }
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    /** Every broken link of the given pages. */
    List<Problem> check(List<Path> pages) {
        List<Problem> problems = new ArrayList<>();
        for (Path page : pages) {
            String text = String.join("\n", prose(read(page)));
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String why = problem(page, m.group(2));
                if (why != null) {
                    int line = 1 + (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count();
                    problems.add(new Problem(root.relativize(page.toAbsolutePath().normalize()), line, m.group(2), why));
                }
            }
        }
        return problems;
    }

    private String problem(Path page, String link) {
        if (link.isEmpty()) {
            return "an empty link";
        }
        if (link.startsWith("http://") || link.startsWith("https://")) {
            return null;
        }
        if (SCHEME.matcher(link).find() || link.startsWith("/")) {
            return "leaves the repository: only relative links and http(s) URLs are allowed";
        }
        int hash = link.indexOf('#');
        String path = URLDecoder.decode(hash < 0 ? link : link.substring(0, hash), StandardCharsets.UTF_8);
        String anchor = hash < 0 ? null : link.substring(hash + 1);
        Path target = path.isEmpty() ? page.toAbsolutePath().normalize() : page.toAbsolutePath().getParent().resolve(path).normalize();
        if (!target.startsWith(root)) {
            return "leaves the repository (" + target + ")";
        }
        if (!Files.exists(target)) {
            return "no such file: " + root.relativize(target);
        }
        if (anchor != null && !anchorsOf(target).contains(anchor)) {
            return target.toString().endsWith(".md")
                    ? "no heading with the anchor #" + anchor + " in " + root.relativize(target)
                    : "an anchor into a file that is not a Markdown page";
        }
        return null;
    }

    private Set<String> anchorsOf(Path page) {
        return anchors.computeIfAbsent(page, p -> p.toString().endsWith(".md") ? headingAnchors(read(p)) : Set.of());
    }

    /** The anchors GitHub gives a page's headings (a repeated one gets -1, -2, ...), and its HTML ids. */
    static Set<String> headingAnchors(List<String> lines) {
        Set<String> result = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        List<String> prose = prose(lines);
        for (int i = 0; i < prose.size(); i++) {
            String line = lines.get(i);
            String heading = null;
            Matcher atx = ATX.matcher(line);
            if (prose.get(i).isBlank()) {
                heading = null; // inside code
            } else if (atx.matches()) {
                heading = atx.group(2);
            } else if (i + 1 < prose.size() && !line.contains("|")
                    && SETEXT.matcher(prose.get(i + 1)).matches() && (i == 0 || prose.get(i - 1).isBlank())) {
                heading = line.trim();
            }
            if (heading != null) {
                String a = anchor(heading);
                int n = seen.merge(a, 1, Integer::sum) - 1;
                result.add(n == 0 ? a : a + "-" + n);
            }
            Matcher id = HTML_ID.matcher(lines.get(i));
            while (id.find()) {
                result.add(id.group(1));
            }
        }
        return result;
    }

    /**
     * GitHub's anchor of a heading: its text as rendered (code spans without their backticks, a link's text,
     * no emphasis or HTML tags), lower-cased, every character but letters, digits, spaces, hyphens and
     * underscores dropped, each space a hyphen.
     */
    static String anchor(String heading) {
        String text = heading.replaceAll("`+", "")
                .replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                .replaceAll("<[^>]+>", "")
                .replace("*", "");
        StringBuilder a = new StringBuilder();
        text.toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                a.appendCodePoint(c);
            } else if (c == ' ') {
                a.append('-');
            }
        });
        return a.toString();
    }

    /**
     * The page's lines with code blanked out, line numbers kept: fenced blocks, indented blocks (four spaces
     * after a blank line, outside a list) and code spans (which may run over lines within a paragraph).
     */
    static List<String> prose(List<String> lines) {
        List<String> out = new ArrayList<>(lines.size());
        boolean fenced = false;
        boolean indented = false;
        boolean inList = false;
        String previous = "";
        for (String line : lines) {
            if (FENCE.matcher(line).find()) {
                fenced = !fenced;
                out.add("");
            } else if (fenced) {
                out.add("");
            } else {
                boolean fourSpaces = line.startsWith("    ") || line.startsWith("\t");
                if (!line.isBlank() && !fourSpaces) {
                    inList = LIST_ITEM.matcher(line).find() || (inList && line.startsWith(" "));
                }
                indented = fourSpaces && !inList && (indented || previous.isBlank());
                out.add(indented ? "" : line);
            }
            previous = line;
        }
        Matcher span = CODE_SPAN.matcher(String.join("\n", out));
        StringBuilder text = new StringBuilder();
        while (span.find()) {
            span.appendReplacement(text, span.group().replaceAll("[^\n]", ""));
        }
        span.appendTail(text);
        return List.of(text.toString().split("\n", -1));
    }

    private static List<String> read(Path page) {
        try {
            return Files.readAllLines(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
