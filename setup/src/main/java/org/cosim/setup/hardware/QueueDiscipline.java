package org.cosim.setup.hardware;

/**
 * The scenario's choice of queueing at every egress port of a switch, as data: strict-priority queues
 * ({@link #PRIORITY}), NDP's trimming port ({@link Ndp}) or Cut Payload's ({@link CutPayload}). The Java fabric
 * makes its ports from it ({@link Switch#port}), RunSpecs describes it to external fabrics; both go through
 * {@link #accept}, whose {@link Cases} name every kind, so that a new kind cannot be forgotten by either.
 */
public sealed interface QueueDiscipline permits QueueDiscipline.Priority, QueueDiscipline.Ndp,
        QueueDiscipline.CutPayload {
    /** Strict-priority queues per traffic class, the default. */
    Priority PRIORITY = new Priority();

    /** What a caller does with each kind of discipline. */
    interface Cases<R> {
        R priority();

        R ndp(NdpQueueParams params);

        R cutPayload(CutPayloadParams params);
    }

    <R> R accept(Cases<R> cases);

    /** Strict-priority queues per traffic class, with the switch's shared buffer, ECN and PFC. */
    record Priority() implements QueueDiscipline {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.priority();
        }
    }

    /** NDP's port with these settings (docs/fabric-model.md, "The NDP switch port, rule by rule"). */
    record Ndp(NdpQueueParams params) implements QueueDiscipline {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.ndp(params);
        }
    }

    /** Cut Payload's port with these settings (NDP's Fig 2 baseline). */
    record CutPayload(CutPayloadParams params) implements QueueDiscipline {
        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.cutPayload(params);
        }
    }

    /** Whether ports of this kind trim instead of marking or pausing (NDP's, Cut Payload's). */
    default boolean trims() {
        return !PRIORITY.equals(this);
    }

    /** Whether PFC can run over ports of this kind (a trimming port has no lossless class). */
    default boolean supportsPfc() {
        return !trims();
    }

    /** Whether ports of this kind can mark ECN (a trimming port trims instead). */
    default boolean supportsEcn() {
        return !trims();
    }

    /** The name external fabrics know it by: the scenario's SwitchConfig.queue field that selects it. */
    default String name() {
        return accept(new Cases<>() {
            @Override
            public String priority() {
                return "priority";
            }

            @Override
            public String ndp(NdpQueueParams params) {
                return "ndp";
            }

            @Override
            public String cutPayload(CutPayloadParams params) {
                return "cut_payload";
            }
        });
    }
}
