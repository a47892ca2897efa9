package org.cosim.fabric.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;

/**
 * A fake agent side: records every batch (the simulated time of the exchange, the window
 * start and each event) and answers with whatever the test's script emits.
 */
final class ScriptedTransport implements AgentTransport {
    record Event(byte kind, long time, int host, int flow) {}

    record Batch(long exchangedAtPs, long windowStartPs, List<Event> events) {}

    interface Script {
        void answer(int batchIndex, EventBatch in, ActionBatch out);
    }

    final List<Batch> batches = new ArrayList<>();
    private final LongSupplier clock;
    private final Script script;
    boolean closed;

    ScriptedTransport(LongSupplier clock, Script script) {
        this.clock = clock;
        this.script = script;
    }

    @Override
    public void exchange(EventBatch in, ActionBatch out) {
        List<Event> evs = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            evs.add(new Event(in.kind(i), in.time(i), in.host(i), in.flow(i)));
        }
        batches.add(new Batch(clock.getAsLong(), in.windowStartPs(), evs));
        out.reset(in.windowStartPs());
        script.answer(batches.size() - 1, in, out);
    }

    @Override
    public void close() {
        closed = true;
    }
}
