package org.cosim.runner;

import java.nio.file.Path;
import java.util.List;
import org.cosim.runner.plots.Plots;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;

/** A run's results directory: the results files, the scenario as run, and the plots. */
public final class RunFiles {
    private RunFiles() {}

    /** Writes the results directory (and the plots unless {@code noPlots}); returns the plots written. */
    public static List<Path> write(Path outDir, RunResults results, Summary summary, RunSetup setup,
                                    boolean noPlots) {
        ResultsWriter.write(outDir, results, summary, ScenarioFiles.canonicalText(setup.scenario()),
                setup.config().maxRttSamples());
        return noPlots ? List.of() : Plots.write(outDir, results);
    }
}
