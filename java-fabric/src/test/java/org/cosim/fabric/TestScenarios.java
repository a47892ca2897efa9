package org.cosim.fabric;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.fabric.agent.AgentTransport;
import org.cosim.fabric.agent.DirectTransport;
import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioFiles;

/** Scenarios written in protobuf text format for tests, and transports that record what they carry. */
public final class TestScenarios {
    private TestScenarios() {}

    public static Scenario parse(String text) {
        return ScenarioFiles.parse(text, "test");
    }

    /**
     * One client (host 1) and the server (host 0) on one switch; the client sends one flow of
     * {@code bytes} to the server starting at 0, protocol pfc_only.
     */
    public static Scenario oneClientStar(long bytes, double clientGbps, double serverGbps, double delayUs,
                                         double durationUs) {
        return parse("""
                seed: 1
                duration_us: %s
                topology {
                  incast_star { clients: 1 client_rate_gbps: %s server_rate_gbps: %s link_delay_us: %s }
                }
                protocol { pfc_only {} }
                workload { flow_list { flows { src: 1 dst: 0 size_bytes: %d start_us: 0 } } }
                """.formatted(durationUs, clientGbps, serverGbps, delayUs, bytes));
    }

    /**
     * The PFC incast: {@code clients} clients at 10 Gb/s into a 10 Gb/s server, 1 us links,
     * {@code connections} pfc_only flows per client of {@code flowBytes} (0 = long-lived), a shared
     * buffer of {@code bufferBytes}; PFC on with the given XOFF when {@code xoffBytes > 0}, else off.
     */
    public static Scenario incast(int clients, int connections, long flowBytes, long bufferBytes, long xoffBytes,
                                  double durationUs) {
        String pfc = xoffBytes > 0 ? "pfc { enabled: true xoff_bytes: " + xoffBytes + " }" : "";
        return parse("""
                seed: 7
                duration_us: %s
                topology {
                  incast_star { clients: %d client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 }
                  switches { buffer_bytes: %d %s }
                }
                protocol { pfc_only {} }
                workload { incast { connections_per_client: %d flow_bytes: %d } }
                """.formatted(durationUs, clients, bufferBytes, pfc, connections, flowBytes));
    }

    /** A completion as the agents heard it: when, at which host, of which flow's segment, and its send time. */
    public record Completion(long timePs, int host, int flow, long seq, int bytes, long sendTimePs) { }

    /** Records every batch's window start and completions, and delegates to the real agents. */
    public static final class RecordingDirect implements AgentTransport {
        public final List<Long> windowStarts = new ArrayList<>();
        public final List<Completion> completions = new ArrayList<>();
        private final DirectTransport inner;

        public RecordingDirect(FabricSimulation sim) {
            this.inner = new DirectTransport(sim.setup().session());
        }

        @Override
        public void exchange(EventBatch events, ActionBatch actions) {
            windowStarts.add(events.windowStartPs());
            org.cosim.agents.api.CompletionEvent c = new org.cosim.agents.api.CompletionEvent();
            for (int i = 0; i < events.size(); i++) {
                if (events.kind(i) == EventBatch.COMPLETION) {
                    events.read(i, c);
                    completions.add(new Completion(c.timePs(), c.host(), c.flow(), c.seq(), c.bytes(), c.sendTimePs()));
                }
            }
            inner.exchange(events, actions);
        }
    }
}
