package org.cosim.setup;

import org.cosim.setup.hardware.CutPayloadParams;
import org.cosim.setup.hardware.IntParams;
import org.cosim.setup.hardware.NdpQueueParams;
import org.cosim.setup.hardware.NicParams;
import org.cosim.setup.hardware.NicScheduling;
import org.cosim.setup.hardware.PfcParams;
import org.cosim.setup.hardware.QueueDiscipline;
import org.cosim.setup.hardware.SwitchParams;
import org.cosim.setup.topology.TopologyBuilders;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.proto.IntConfig;
import org.cosim.proto.NicConfig;
import org.cosim.proto.Output;
import org.cosim.proto.Pfc;
import org.cosim.proto.Scenario;
import org.cosim.proto.SwitchConfig;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.OutputSettings;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * The run-wide and hardware settings of a scenario, resolved to integers with
 * their defaults, and checked: each impossible value is reported with its field.
 *
 * <p>Defaults: those scenario.proto declares (values: docs/scenario-reference.md),
 * read through {@link org.cosim.scenario.Defaults}: among them hardware ACKs at
 * control priority, a Trident-2-class shared switch buffer with no per-port cap
 * beyond it, no ECN, no switch latency, and PFC's XON two MTUs below XOFF.
 */
public record FabricConfig(long durationPs, long reactionDelayPs, long windowPs, long seed, SwitchParams switches,
                           NicParams nic, long warmupPs, long sampleIntervalPs, int maxRttSamples) {

    /** 11.6 days: far beyond any run, and far below the 106 days a long of picoseconds holds. */
    public static final double MAX_DURATION_US = 1e12;

    public static FabricConfig from(Scenario s) {
        if (!(s.getDurationUs() > 0) || !(s.getDurationUs() <= MAX_DURATION_US)) {
            throw new ScenarioException("duration_us", s.getDurationUs() + ": the simulated time must be > 0 and at "
                    + "most " + MAX_DURATION_US + " us (picosecond times must not overflow)");
        }
        long duration = Units.usToPs(s.getDurationUs());
        if (duration <= 0) {
            throw new ScenarioException("duration_us", s.getDurationUs() + ": rounds to " + duration
                    + " ps; the simulated time must be at least 1 ps");
        }
        double l = Defaults.doubleOf(s, "reaction_delay_us");
        long reaction = Units.usToPs(l);
        if (!(l > 0) || reaction <= 0 || !Double.isFinite(l) || reaction >= duration) {
            throw new ScenarioException("reaction_delay_us", l
                    + ": the reaction delay L must be > 0 and shorter than duration_us");
        }
        long window = window(s, reaction);
        NicParams nic = nic(s.getTopology().getNic());
        Output o = s.getOutput();
        double warmupUs = Defaults.doubleOf(o, "warmup_us");
        long warmup = Units.usToPs(warmupUs);
        if (!(warmupUs >= 0) || warmup >= duration) {
            throw new ScenarioException("output.warmup_us", warmupUs
                    + ": the warm-up must be >= 0 and shorter than duration_us (" + s.getDurationUs() + ")");
        }
        long sample = OutputSettings.sampleIntervalPs(o);
        int maxRtt = Defaults.intOf(o, "max_rtt_samples");
        return new FabricConfig(duration, reaction, window, s.getSeed(), switches(s.getTopology().getSwitches(), nic, s.getProtocol().hasHpcc()), nic,
                warmup, sample, maxRtt);
    }

    /**
     * The settings of a switch with its own buffer sizes (a topology file's switch line): topology.switches
     * with them in place, checked by the same rules. A port cap the line does not give is the smaller of the
     * switch's buffer and topology.switches' port cap.
     */
    public static SwitchParams forSwitch(Scenario s, FabricConfig c, TopologyGraph.SwitchBuffers b) {
        SwitchParams d = c.switches();
        long buffer = b.bufferBytes() >= 0 ? b.bufferBytes() : d.bufferBytes();
        long port = b.portBufferBytes() >= 0 ? b.portBufferBytes() : Math.min(buffer, d.portBufferBytes());
        SwitchConfig own = s.getTopology().getSwitches().toBuilder().setBufferBytes(buffer).setPortBufferBytes(port)
                .build();
        try {
            return switches(own, c.nic(), s.getProtocol().hasHpcc());
        } catch (ScenarioException e) {
            throw new ScenarioException("topology.file", b.where() + " (buffer_bytes " + buffer
                    + ", port_buffer_bytes " + port + "): " + e.getMessage(), e);
        }
    }

    /**
     * The batch window H = L / pipeline_depth: a whole number of picoseconds, so
     * that both back ends cut windows at the same instants.
     */
    private static long window(Scenario s, long reactionPs) {
        long depth = Integer.toUnsignedLong(Defaults.intOf(s, "pipeline_depth"));
        if (depth < 1 || depth > 64 || reactionPs % depth != 0) {
            throw new ScenarioException("pipeline_depth", depth + ": must be in 1..64 and divide L ("
                    + reactionPs + " ps) into whole picoseconds");
        }
        return reactionPs / depth;
    }

    private static NicParams nic(NicConfig n) {
        int mtu = Defaults.intOf(n, "mtu_bytes");
        int ack = Defaults.intOf(n, "ack_bytes");
        if (mtu < 64 || mtu > 65536) {
            throw new ScenarioException("topology.nic.mtu_bytes", Integer.toUnsignedString(mtu) + ": must be in 64..65536");
        }
        if (ack < 1 || ack > mtu) {
            throw new ScenarioException("topology.nic.ack_bytes", Integer.toUnsignedString(ack)
                    + ": must be in 1..mtu_bytes (" + mtu + ")");
        }
        double jitterNs = Defaults.doubleOf(n, "tx_gap_jitter_ns");
        if (!(jitterNs >= 0 && jitterNs <= 1_000_000)) {
            throw new ScenarioException("topology.nic.tx_gap_jitter_ns", jitterNs + ": must be in 0..1000000 (1 ms)");
        }
        NicScheduling scheduling = switch (n.getScheduling()) {
            case FIFO -> NicScheduling.FIFO;
            case NIC_SCHEDULING_DEFAULT, PER_FLOW -> NicScheduling.PER_FLOW;
            case UNRECOGNIZED -> throw new ScenarioException("topology.nic.scheduling",
                    n.getSchedulingValue() + ": not one of PER_FLOW, FIFO");
        };
        return new NicParams(mtu, ack, Defaults.boolOf(n, "acks_share_data_queue"), Math.round(jitterNs * 1000),
                scheduling);
    }

    private static SwitchParams switches(SwitchConfig c, NicParams nic, boolean hpcc) {
        String at = "topology.switches.";
        long buffer = Defaults.longOf(c, "buffer_bytes");
        if (buffer < 0) {  // a uint64 of 2^63 or more
            throw new ScenarioException(at + "buffer_bytes", Long.toUnsignedString(buffer) + ": too large (at most "
                    + Long.MAX_VALUE + " B)");
        }
        if (buffer < nic.mtuBytes()) {
            throw new ScenarioException(at + "buffer_bytes", Long.toUnsignedString(buffer)
                    + ": the buffer must hold at least one MTU (" + nic.mtuBytes() + " B)");
        }
        long port = c.hasPortBufferBytes() ? c.getPortBufferBytes() : buffer;
        if (port < nic.mtuBytes() || port > buffer) {
            throw new ScenarioException(at + "port_buffer_bytes", Long.toUnsignedString(port)
                    + ": must be between one MTU and buffer_bytes (" + buffer + ")");
        }
        long ecn = c.hasEcnThresholdBytes() ? c.getEcnThresholdBytes() : -1;
        if (c.hasEcnThresholdBytes() && ecn < 0) {
            throw new ScenarioException(at + "ecn_threshold_bytes", Long.toUnsignedString(ecn) + ": too large");
        }
        if (ecn > port) {
            throw new ScenarioException(at + "ecn_threshold_bytes", ecn + ": above a port's buffer (" + port
                    + " B), so no packet could ever be marked (leave it out for no marking)");
        }
        long latency = TopologyBuilders.delay(Defaults.doubleOf(c, "latency_us"), at + "latency_us");
        PfcParams pfc = pfc(c.getPfc(), nic, port);
        QueueDiscipline queue = queue(c, nic);
        if (c.hasEcnThresholdBytes() && !queue.supportsEcn()) {
            throw new ScenarioException(at + "ecn_threshold_bytes", c.getQueueCase().name().toLowerCase()
                    + " queues do not mark ECN (they trim)");
        }
        if (pfc.enabled() && !queue.supportsPfc()) {
            throw new ScenarioException(at + "pfc.enabled", "PFC cannot run over " + c.getQueueCase().name()
                    .toLowerCase() + " queues (they trim or drop instead of pausing)");
        }
        return new SwitchParams(buffer, port, ecn, latency, pfc, queue, intParams(c.getIntTelemetry(), hpcc));
    }

    private static QueueDiscipline queue(SwitchConfig c, NicParams nic) {
        return switch (c.getQueueCase()) {
            case PRIORITY, QUEUE_NOT_SET -> QueueDiscipline.PRIORITY;
            case NDP -> new QueueDiscipline.Ndp(NdpQueueParams.from(c.getNdp(), nic));
            case CUT_PAYLOAD -> new QueueDiscipline.CutPayload(CutPayloadParams.from(c.getCutPayload(), nic));
        };
    }

    /** Hop records when asked for, or when the protocol is HPCC (which reads them): never for the others. */
    private static IntParams intParams(IntConfig i, boolean hpcc) {
        for (int k = 0; k < i.getSwitchesCount(); k++) {
            if (i.getSwitches(k).isBlank()) {
                throw new ScenarioException("topology.switches.int_telemetry.switches[" + k + "]", "empty switch name");
            }
        }
        return new IntParams(i.getEnabled(), i.getQuantize(), i.getSwitchesList(), i.getHopRecords() || hpcc);
    }

    private static PfcParams pfc(Pfc p, NicParams nic, long portBuffer) {
        if (!p.getEnabled()) {
            return PfcParams.OFF;
        }
        String at = "topology.switches.pfc.";
        long xoff = Defaults.longOf(p, "xoff_bytes");
        long xon = p.hasXonBytes() ? p.getXonBytes() : Math.max(0, xoff - 2L * nic.mtuBytes());
        if (xoff <= 0 || xoff >= portBuffer) {
            throw new ScenarioException(at + "xoff_bytes", Long.toUnsignedString(xoff)
                    + ": must be > 0 and below the port buffer (" + portBuffer + " B)");
        }
        if (xon < 0 || xon >= xoff) {
            throw new ScenarioException(at + "xon_bytes", Long.toUnsignedString(xon)
                    + ": XON must be below XOFF (" + xoff + ")");
        }
        return new PfcParams(true, xoff, xon);
    }
}
