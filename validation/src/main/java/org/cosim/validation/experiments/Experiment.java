package org.cosim.validation.experiments;

import java.util.List;
import java.util.function.Function;
import org.cosim.runner.plots.FigureData;

/**
 * One headline experiment of a paper (the headline results of docs/timely.md, docs/ndp.md
 * and docs/poseidon-swift.md): the runs it needs, the results it checks, and the
 * figure it draws in the shape of the paper's.
 *
 * @param id     unique, file-name safe ("timely-table1")
 * @param paper  "timely", "ndp" or "poseidon"
 * @param figure the paper's figure or table ("Table 1, Fig 13")
 * @param setup  what runs, with the choices made where the paper is silent
 * @param plot   the figure from the runs of one back end (null: no figure)
 */
public record Experiment(String id, String paper, String figure, String title, String setup, List<PaperRun> runs,
                         List<Check> checks, Function<Runs, FigureData> plot) {
    public Experiment {
        runs = List.copyOf(runs);
        checks = List.copyOf(checks);
        if (!id.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("experiment id must be lower-case letters, digits and '-': " + id);
        }
    }
}
