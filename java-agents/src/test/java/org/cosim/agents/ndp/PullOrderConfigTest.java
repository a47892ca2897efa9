package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.proto.Ndp;
import org.cosim.proto.Protocol;
import org.cosim.proto.PullOrder.Builder;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/**
 * protocol.ndp.pull_order: compiled from the scenario's source, built per
 * receiver with its parameters, and every mistake named against the field
 * before the run.
 */
class PullOrderConfigTest {
    /** The flow with the most packets received first (params[skip] flows skipped, to show a parameter). */
    private static final String MOST_RECEIVED = """
            package lab;
            import java.util.List;
            import org.cosim.agents.custom.LawParameters;
            import org.cosim.agents.ndp.*;
            public class MostReceived implements PullOrder {
                private final int skip;
                public MostReceived(LawParameters p) {
                    double s = p.get("skip", 0);
                    if (s < 0) throw new IllegalArgumentException("skip must be >= 0, got " + s);
                    skip = (int) s;
                }
                public int next(List<? extends PullingFlow> waiting, long nowPs) {
                    int best = Math.min(skip, waiting.size() - 1);
                    for (int i = 0; i < waiting.size(); i++)
                        if (waiting.get(i).packetsReceived() > waiting.get(best).packetsReceived()) best = i;
                    return best;
                }
            }
            """;

    private static Builder order(String source) {
        return org.cosim.proto.PullOrder.newBuilder().setSource(source);
    }

    private static NdpConfig ndp(Builder order) {
        return NdpConfig.from(Ndp.newBuilder().setPullOrder(order).build(), 9000);
    }

    private static ScenarioException refused(Builder order) {
        return assertThrows(ScenarioException.class, () -> ndp(order));
    }

    @Test
    void withoutAnOrderTheQueueIsThePapersRoundRobin() {
        NdpConfig cfg = NdpConfig.from(Ndp.getDefaultInstance(), 9000);
        assertNull(cfg.pullOrder());
        assertTrue(PullQueue.of(cfg.pullOrder()) instanceof FairPullQueue);
    }

    @Test
    void aSourceOrderIsCompiledAndChoosesEachPull() {
        NdpConfig cfg = ndp(order(MOST_RECEIVED));
        PullQueue q = PullQueue.of(cfg.pullOrder());
        RecvFlow few = new RecvFlow(1, false);
        RecvFlow many = new RecvFlow(2, false);
        many.received = 10;
        q.add(few);
        q.add(many);
        assertEquals(List.of(2, 1), List.of(q.take(0).flow, q.take(0).flow), "the order's choice, not round robin");
    }

    @Test
    void mistakesAreNamedAgainstTheField() {
        assertEquals("protocol.ndp.pull_order.params[skp]",
                refused(order(MOST_RECEIVED).putParams("skp", 1)).field());
        ScenarioException bad = refused(order(MOST_RECEIVED).putParams("skip", -1));
        assertEquals("protocol.ndp.pull_order.params", bad.field());
        assertTrue(bad.getMessage().contains("skip must be >= 0"), bad.getMessage());
        ScenarioException notAnOrder = refused(org.cosim.proto.PullOrder.newBuilder()
                .setClassName("java.lang.String"));
        assertTrue(notAnOrder.getMessage().contains("not a concrete class implementing org.cosim.agents.ndp.PullOrder"),
                notAnOrder.getMessage());
        assertEquals("protocol.ndp.pull_order.source",
                refused(order("package lab; public class Nothing {}")).field());
        assertEquals("protocol.ndp.pull_order.source_file",
                refused(org.cosim.proto.PullOrder.newBuilder().setSourceFile("X.java")).field());
    }

    @Test
    void theCatalogChecksItBeforeTheRun() {
        Protocol p = Protocol.newBuilder().setNdp(Ndp.newBuilder().setPullOrder(order(MOST_RECEIVED)
                .putParams("skp", 1))).build();
        assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(p, 1, 9000));
    }
}
