package org.cosim.validation.experiments;

import java.util.ArrayList;
import java.util.List;

/** The registry: every headline experiment of the three papers, in report order. */
public final class Experiments {
    public static final List<String> PAPERS = List.of("timely", "ndp", "poseidon");

    private Experiments() {}

    public static List<Experiment> all() {
        List<Experiment> all = new ArrayList<>();
        all.addAll(TimelyExperiments.all());
        all.addAll(NdpExperiments.all());
        all.addAll(PoseidonExperiments.all());
        all.addAll(PoseidonDesignExperiments.all());
        return all;
    }

    /** The experiments of one paper ("timely", "ndp", "poseidon") or of all ("all"). */
    public static List<Experiment> of(String paper) {
        return paper.equals("all") ? all() : all().stream().filter(e -> e.paper().equals(paper)).toList();
    }
}
