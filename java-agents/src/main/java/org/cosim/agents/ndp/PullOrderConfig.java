package org.cosim.agents.ndp;

import java.util.Map;
import org.cosim.agents.custom.LawClass;
import org.cosim.scenario.ScenarioException;

/**
 * The receivers' pull order as the scenario names it (protocol.ndp.pull_order):
 * the class ({@link LawClass}: a {@link PullOrder} with a constructor taking
 * LawParameters) and its parameters. Reading it builds one order, so a missing
 * constructor or a parameter the order refuses or does not read is reported
 * before the run, naming the field.
 */
public record PullOrderConfig(LawClass order, Map<String, Double> params) {
    private static final String P = "protocol.ndp.pull_order.";

    /** The scenario's order, or null when it names none (the paper's fair round robin). */
    public static PullOrderConfig from(org.cosim.proto.Ndp ndp) {
        if (!ndp.hasPullOrder()) {
            return null;
        }
        org.cosim.proto.PullOrder c = ndp.getPullOrder();
        if (c.getCodeCase() == org.cosim.proto.PullOrder.CodeCase.SOURCE_FILE) {
            throw new ScenarioException(P + "source_file", "'" + c.getSourceFile()
                    + "' was not read: scenarios read through ScenarioFiles have it replaced by its text");
        }
        LawClass order = LawClass.of(P, c.getCodeCase() == org.cosim.proto.PullOrder.CodeCase.SOURCE
                ? c.getSource() : null, c.getClassName(), PullOrder.class);
        PullOrderConfig cfg = new PullOrderConfig(order, Map.copyOf(c.getParamsMap()));
        cfg.newOrder();
        return cfg;
    }

    /** An order for one receiving host; every parameter must be read. */
    public PullOrder newOrder() {
        return (PullOrder) order.construct(params);
    }
}
