package org.cosim.cli;

import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mixed workload's parts in flows.csv, summary.json and the terminal; output.agent_state_flows choosing the
 * flows of agent_state.csv.
 */
class PartsAndStateFlowsTest {
    @TempDir
    Path tmp;

    /** NDP Fig 15's shape on the WebSearch leaf-spine: 90 KB transfers host 0 -> 31 beside long flows. */
    private Path mix() throws IOException {
        Path file = tmp.resolve("mix.textproto");
        Files.writeString(file, "base: \"" + ShippedScenarios.path("websearch-leafspine.textproto") + "\"\n"
                + "name: \"mix\"\nduration_us: 8000\noutput { warmup_us: 2000 }\n"
                + "workload { overload_intended: true mix {\n"
                + "  parts { poisson { sizes { fixed_bytes: 90000 } load: 0.2 senders { ranges { first: 0 count: 1 } }"
                + " receivers { ranges { first: 31 count: 1 } } } }\n"
                + "  parts { random { flows_per_host: 1 hosts { ranges { first: 1 count: 30 } } } } } }\n");
        return file;
    }

    @Test
    void eachFlowOfAMixedWorkloadCarriesItsPartAndEachPartHasItsOwnStatistics() throws IOException {
        Path out = tmp.resolve("out");
        CliOutcome run = cosim("run", mix().toString(), "--no-plots", "--out", out.toString());
        assertEquals(0, run.status(), run.err());
        List<String> flows = Files.readAllLines(out.resolve("flows.csv"));
        assertTrue(flows.get(0).endsWith(",unique_delivered_bytes,part"), flows.get(0));
        long transfers = flows.stream().skip(1).filter(l -> l.endsWith(",0")).count();
        long background = flows.stream().skip(1).filter(l -> l.endsWith(",1")).count();
        assertEquals(30, background, "flows_per_host 1 on 30 hosts");
        assertEquals(flows.size() - 1, transfers + background, "every flow in one part");
        for (String l : flows.subList(1, flows.size())) {
            String[] c = l.split(",", -1);
            assertEquals(c[c.length - 1].equals("0") ? "0" : "1", c[c.length - 1]);
            assertEquals(c[c.length - 1].equals("0"), c[1].equals("0") && c[2].equals("31"), "part 0: 0 -> 31: " + l);
        }
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"parts\": {"), summary);
        assertTrue(summary.contains("\"kind\": \"poisson\"") && summary.contains("\"kind\": \"random\""), summary);
        assertTrue(summary.contains("\"flows_in_run\": " + transfers + ","), summary);
        assertTrue(run.out().contains("  part 0      poisson, " + transfers + " flows: goodput ")
                && run.out().contains("  part 1      random, 30 flows: goodput "), run.out());
    }

    @Test
    void aWorkloadOfOneKindHasNoPartColumn() throws IOException {
        Path out = tmp.resolve("one");
        CliOutcome run = cosim("run", ShippedScenarios.path("timely-incast.textproto").toString(), "--set",
                "duration_us=2000", "--set", "output.warmup_us=1000", "--no-plots", "--out", out.toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(Files.readAllLines(out.resolve("flows.csv")).get(0).endsWith(",unique_delivered_bytes"));
        assertTrue(!Files.readString(out.resolve("summary.json")).contains("\"parts\""));
    }

    @Test
    void agentStateFlowsNameTheFlowsAgentStateCsvKeepsInTheirOrder() throws IOException {
        Path out = tmp.resolve("states");
        CliOutcome run = cosim("run", ShippedScenarios.path("timely-incast.textproto").toString(), "--set",
                "duration_us=2000", "--set", "output.warmup_us=1000", "--set", "output.agent_state=true", "--set",
                "output.agent_state_flows[0]=7", "--set", "output.agent_state_flows[1]=3", "--out", out.toString());
        assertEquals(0, run.status(), run.err());
        List<String> columns = Arrays.asList(Files.readAllLines(out.resolve("agent_state.csv")).get(0).split(","));
        assertEquals("time_ps", columns.get(0));
        assertTrue(columns.get(1).startsWith("flow7_") && columns.get(columns.size() - 1).startsWith("flow3_"),
                columns.toString());
        assertTrue(columns.stream().skip(1).allMatch(c -> c.startsWith("flow7_") || c.startsWith("flow3_")),
                columns.toString());
        assertTrue(Files.exists(out.resolve("agent_state.png")));
    }

    @Test
    void agentStateFlowsMustNameFlowsOfTheRunOnceAndGoWithAgentState() {
        String incast = ShippedScenarios.path("timely-incast.textproto").toString();
        CliOutcome unknown = cosim("run", incast, "--set", "output.agent_state=true", "--set",
                "output.agent_state_flows[0]=40", "--out", tmp.resolve("x").toString());
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("output.agent_state_flows[0]: 40: this run has 40 flows"), unknown.err());
        CliOutcome twice = cosim("run", incast, "--set", "output.agent_state=true", "--set",
                "output.agent_state_flows[0]=4", "--set", "output.agent_state_flows[1]=4", "--out",
                tmp.resolve("x").toString());
        assertEquals(2, twice.status());
        assertTrue(twice.err().contains("output.agent_state_flows[1]: flow 4 is listed twice"), twice.err());
        CliOutcome alone = cosim("run", incast, "--set", "output.agent_state_flows[0]=4", "--out",
                tmp.resolve("x").toString());
        assertEquals(2, alone.status());
        assertTrue(alone.err().contains("output.agent_state_flows: names the flows of agent_state.csv"), alone.err());
    }
}
