package org.cosim.fabric.kernel;

/**
 * A component that receives its own scheduled events. {@code kind} and {@code arg}
 * are the component's own encoding (typically an event type and a packet id), so
 * scheduling an event allocates nothing.
 */
@FunctionalInterface
public interface EventHandler {
    void handle(int kind, long arg);
}
