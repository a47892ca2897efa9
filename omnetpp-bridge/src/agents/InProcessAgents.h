// InProcessAgents: the agents in a JVM inside this process, reached through JNI,
// without gRPC, sockets, threads or protobuf's wire format: each window's
// EventBatch is written as rows (WindowRows) into a buffer the JVM reads in place
// (a direct ByteBuffer), the agents run on the calling thread, and their
// ActionBatch comes back as rows in a direct buffer of theirs.
// The Java side is org.cosim.runner.omnetpp.InProcessAgents (the entry points) and
// org.cosim.agents.wire.InProcessSession (the session): the same resolver and the
// same agents as an agent server's, so the results are those of a gRPC run.
//
// The JVM is loaded (dlopen of the given Java installation's libjvm.so) and started
// at the first use, with the class path given (cosim's jar: its manifest names
// the libraries), -Xrs (SIGINT and SIGTERM stay with the simulator) and the
// options given; a process has at most one, so later runs in the same process
// (Cmdenv's -r 0..N) reuse it, with its first options.
//
// A batch is one window's work for the agents, written once: the pipeline
// depth of a scenario changes when the actions apply, not how the batches travel,
// so every answer is computed at submit() and kept until its collect().
#pragma once

#include <jni.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "ActionChecker.h"
#include "Agents.h"

namespace cosim {

struct InProcessOptions {
    // Where the JVM finds cosim's classes: cosim's jar (cli/target/cosim.jar), or any class path.
    std::string classPath;
    // The Java installation whose JVM runs the agents (its lib/server/libjvm.so); "":
    // $JAVA_HOME, else the JDK the bridge was built with.
    std::string javaHome;
    // More JVM options, one per entry (-Xmx8g, -XX:+UseSerialGC, ...).
    std::vector<std::string> jvmOptions;
};

// A call into the JVM failed; what() has the Java side's words.
class InProcessError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class InProcessAgents : public Agents {
public:
    explicit InProcessAgents(const InProcessOptions& options);
    ~InProcessAgents() override;
    InProcessAgents(const InProcessAgents&) = delete;
    InProcessAgents& operator=(const InProcessAgents&) = delete;

    std::string where() const override { return "the in-process agents"; }
    RunSpec resolve(const ResolveRequest& request) override;
    int64_t open(const Hello& hello) override;
    void submit(EventBatch& events) override;
    const ActionBatch& collect() override;
    void finish(const FabricDone& done) override;
    const AgentResults* receivedResults() const override { return results_ ? &*results_ : nullptr; }

private:
    jbyteArray bytes(const google::protobuf::Message& message, const char* what);
    std::string bytes(jbyteArray array);
    void rethrow(const std::string& what);  // a pending Java exception as an InProcessError
    void growBatchBuffer(size_t bytes);

    JNIEnv* env_;
    jclass entry_ = nullptr;    // org.cosim.runner.omnetpp.InProcessAgents
    jclass session_class_ = nullptr;
    jmethodID resolve_ = nullptr, open_ = nullptr, describe_ = nullptr;
    jmethodID window_ = nullptr, answer_ = nullptr, finish_ = nullptr;
    jobject session_ = nullptr;  // the session, once open()

    std::unique_ptr<char[]> batch_;  // where a window's batch is serialized, read in place by the JVM
    size_t batch_capacity_ = 0;
    jobject batch_buffer_ = nullptr;  // a direct ByteBuffer over batch_

    std::optional<ActionChecker> checker_;
    std::deque<std::unique_ptr<ActionBatch>> answers_;  // computed, not yet collected
    std::vector<std::unique_ptr<ActionBatch>> spare_;
    std::unique_ptr<ActionBatch> current_;
    std::optional<AgentResults> results_;
};

}  // namespace cosim
