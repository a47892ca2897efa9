// A session trace recorded by the Java fabric (cosim run --record-trace, see
// Java's RecordingTransport): length-delimited protos, one FabricMessage{hello},
// then per window a FabricMessage{events} and the AgentMessage{actions} answered.
#pragma once

#include <string>
#include <vector>

#include "cosim.pb.h"

namespace cosim::test {

struct Window {
    EventBatch events;
    ActionBatch actions;
};

struct Trace {
    Hello hello;
    std::vector<Window> windows;
};

// Reads the whole trace; throws std::runtime_error naming the file and the
// message that could not be read.
Trace readTrace(const std::string& path);

}  // namespace cosim::test
