package org.cosim.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * The data lines of a text file a scenario carries (a topology or traffic file):
 * each with its line number and its whitespace-separated words, '#' starting a
 * comment, blank lines left out. Errors name the scenario field, the file and
 * the line: {@code topology.file: net.topo:7: no node named 's9'}.
 */
public final class TextLines {
    /** One data line: its number in the file (from 1) and its words. */
    public record Line(int number, List<String> words) {
        public String word(int i) {
            return words.get(i);
        }

        public int size() {
            return words.size();
        }
    }

    private final String field;
    private final String source;
    private final List<Line> lines = new ArrayList<>();

    /** The lines of {@code text}, read from {@code source}, carried in scenario field {@code field}. */
    public TextLines(String text, String source, String field) {
        this.field = field;
        this.source = source.isEmpty() ? field + ".text" : source;
        List<String> all = text.lines().toList();
        for (int i = 0; i < all.size(); i++) {
            String line = all.get(i);
            int hash = line.indexOf('#');
            String data = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (!data.isEmpty()) {
                lines.add(new Line(i + 1, List.of(data.split("\\s+"))));
            }
        }
    }

    public List<Line> lines() {
        return lines;
    }

    /** What the error messages call the file. */
    public String source() {
        return source;
    }

    /** The first data line, which must have {@code words} words; {@code expected} says what it holds. */
    public Line head(int words, String expected) {
        if (lines.isEmpty()) {
            throw error("empty: expected " + expected + " on the first line");
        }
        Line head = lines.get(0);
        if (head.size() != words) {
            throw error(head, "expected " + expected + " on the first line");
        }
        return head;
    }

    /**
     * Data line {@code index}, the {@code k}-th (from 0) of {@code count} items the file announces;
     * {@code items} names them ("links").
     */
    public Line item(int index, long k, long count, String items) {
        if (index >= lines.size()) {
            throw error("the file ends after " + k + " of its " + count + " " + items);
        }
        return lines.get(index);
    }

    /** A problem on one line. */
    public ScenarioException error(Line line, String problem) {
        return new ScenarioException(field, source + ":" + line.number() + ": " + problem);
    }

    /** A problem of the whole file. */
    public ScenarioException error(String problem) {
        return new ScenarioException(field, source + ": " + problem);
    }

    /** Word {@code i} of the line as a number of type long, at least {@code min}; {@code what} names it. */
    public long longAt(Line line, int i, long min, String what) {
        String w = line.word(i);
        long v;
        try {
            v = Long.parseLong(w);
        } catch (NumberFormatException e) {
            throw error(line, what + " '" + w + "' is not a whole number");
        }
        if (v < min) {
            throw error(line, what + " " + v + " must be at least " + min);
        }
        return v;
    }

    /** Word {@code i} of the line as a finite number; {@code what} names it. */
    public double doubleAt(Line line, int i, String what) {
        return number(line, line.word(i), what);
    }

    /** {@code text} as a finite number; {@code what} names it. */
    public double number(Line line, String text, String what) {
        try {
            double v = Double.parseDouble(text);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(line, what + " '" + text + "' is not a number");
    }
}
