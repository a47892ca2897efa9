package org.cosim.validation.validate;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;
import org.cosim.runner.Backend;
import org.cosim.runner.results.RunResults;

/**
 * The outcome of a unit of a validation run elsewhere (a SLURM task; ValidationRunner#runUnit), for the command
 * that judges the experiments ({@link ValidationRunner.RunSource}): each run's record and, when it completed, its
 * results, exactly as the runner holds them after running it here; or, with no runs, why there are none ({@code
 * failure}: its task failed; {@code notRun}: it has not run yet).
 */
public record StoredUnit(List<StoredRun> runs, String failure, String notRun) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A run's record (its PaperRun by id) and its results (null unless it completed). */
    public record StoredRun(String runId, Backend backend, String dir, double wallSeconds, double simulatedMs,
                            String failure, String notRun, String note, RunResults results) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    public StoredUnit {
        runs = List.copyOf(runs);
    }

    /** A unit without runs: its task failed ({@code failure}) or it has not run ({@code notRun}). */
    public static StoredUnit missing(String failure, String notRun) {
        return new StoredUnit(List.of(), failure, failure == null ? notRun : null);
    }

    public byte[] bytes() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(b)) {
            o.writeObject(this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store a validation unit: " + e.getMessage(), e);
        }
        return b.toByteArray();
    }

    /** What {@link #bytes} wrote (by the same build of cosim). */
    public static StoredUnit of(byte[] bytes) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return (StoredUnit) in.readObject();
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new IllegalArgumentException("not a stored validation unit of this build of cosim: " + e, e);
        }
    }
}
