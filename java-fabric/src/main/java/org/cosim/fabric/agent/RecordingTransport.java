package org.cosim.fabric.agent;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.wire.WireFormat;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.Hello;

/**
 * Records a session as it happens, whatever carries it: the Hello, then for each
 * window the EventBatch sent and the ActionBatch received, as length-delimited
 * FabricMessage / AgentMessage protos (protobuf's writeDelimitedTo framing). A
 * recorded trace can be replayed against an agent server (the C++ AgentLink test
 * does) to check that the same events give the same actions.
 */
public final class RecordingTransport implements AgentTransport {
    private final AgentTransport inner;
    private final OutputStream out;

    public RecordingTransport(AgentTransport inner, Hello hello, Path file) {
        this.inner = inner;
        try {
            this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
            FabricMessage.newBuilder().setHello(hello).build().writeDelimitedTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the trace " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void exchange(EventBatch events, ActionBatch actions) {
        inner.exchange(events, actions);
        try {
            FabricMessage.newBuilder().setEvents(WireFormat.toProto(events)).build().writeDelimitedTo(out);
            AgentMessage.newBuilder().setActions(WireFormat.toProto(actions)).build().writeDelimitedTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the trace: " + e.getMessage(), e);
        }
    }

    @Override
    public void finish(long endPs, long eventsProcessed) {
        inner.finish(endPs, eventsProcessed);
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot finish the trace: " + e.getMessage(), e);
        } finally {
            inner.close();
        }
    }
}
