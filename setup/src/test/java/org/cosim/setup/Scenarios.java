package org.cosim.setup;

import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioFiles;

/** Scenarios written in protobuf text format for tests. */
public final class Scenarios {
    private Scenarios() {}

    public static Scenario parse(String text) {
        return ScenarioFiles.parse(text, "test");
    }
}
