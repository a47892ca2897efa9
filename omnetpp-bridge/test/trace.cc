#include "trace.h"

#include <fcntl.h>
#include <unistd.h>

#include <stdexcept>

#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/util/delimited_message_util.h>

namespace cosim::test {

Trace readTrace(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) {
        throw std::runtime_error("cannot open the trace " + path);
    }
    google::protobuf::io::FileInputStream in(fd);
    in.SetCloseOnDelete(true);
    auto fail = [&](const std::string& what) {
        return std::runtime_error("trace " + path + ": " + what);
    };
    Trace trace;
    bool eof = false;
    FabricMessage first;
    if (!google::protobuf::util::ParseDelimitedFromZeroCopyStream(&first, &in, &eof) || !first.has_hello()) {
        throw fail("does not start with a FabricMessage{hello}");
    }
    trace.hello = std::move(*first.mutable_hello());
    for (;;) {
        FabricMessage f;
        if (!google::protobuf::util::ParseDelimitedFromZeroCopyStream(&f, &in, &eof)) {
            if (eof) break;
            throw fail("unreadable FabricMessage after window " + std::to_string(trace.windows.size()));
        }
        if (!f.has_events()) {
            throw fail("message after window " + std::to_string(trace.windows.size()) + " is not an EventBatch");
        }
        AgentMessage a;
        if (!google::protobuf::util::ParseDelimitedFromZeroCopyStream(&a, &in, &eof) || !a.has_actions()) {
            throw fail("the EventBatch of window " + std::to_string(trace.windows.size()) +
                       " is not followed by an AgentMessage{actions}");
        }
        Window w;
        w.events = std::move(*f.mutable_events());
        w.actions = std::move(*a.mutable_actions());
        trace.windows.push_back(std::move(w));
    }
    return trace;
}

}  // namespace cosim::test
