package org.cosim.cli.slurm;

import java.util.ArrayList;
import java.util.List;
import org.cosim.scenario.ScenarioException;

/**
 * What a study submitted to SLURM is ({@link StudyDir#plan}): {@code key=value} lines in order, a key repeated for
 * a list (a sweep's {@code vary} lines); read back by its tasks and by a later collection or resumption.
 */
public final class PlanFile {
    private record Entry(String key, String value) { }

    private final List<Entry> entries = new ArrayList<>();

    public PlanFile add(String key, String value) {
        if (value.contains("\n")) {
            throw new IllegalArgumentException(key + ": a plan value is one line, not '" + value + "'");
        }
        entries.add(new Entry(key, value));
        return this;
    }

    /** The only value of {@code key}; a ScenarioException naming the file when it is missing. */
    public String get(String key) {
        List<String> all = all(key);
        if (all.size() != 1) {
            throw new ScenarioException(key, "the study's plan.txt has " + all.size() + " values of it, not one "
                    + "(not written by this version of cosim?)");
        }
        return all.get(0);
    }

    public List<String> all(String key) {
        return entries.stream().filter(e -> e.key().equals(key)).map(Entry::value).toList();
    }

    public String text() {
        StringBuilder b = new StringBuilder();
        entries.forEach(e -> b.append(e.key()).append('=').append(e.value()).append('\n'));
        return b.toString();
    }

    public static PlanFile parse(String text) {
        PlanFile p = new PlanFile();
        for (String line : text.lines().toList()) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                p.add(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return p;
    }

    public static PlanFile read(StudyDir dir) {
        if (!dir.exists()) {
            throw new ScenarioException(dir.dir().toString(), "holds no study submitted to SLURM (no "
                    + dir.plan() + ")");
        }
        return parse(StudyDir.read(dir.plan()));
    }

    public void write(StudyDir dir) {
        StudyDir.writeAtomically(dir.plan(), text());
    }
}
