// GrpcAgents: the agents behind an agent server (`cosim agents`, or the one cosim's
// runner starts), reached over gRPC by an AgentLink. A pipelined session (H < L)
// runs the link on a thread of its own (PipelinedLink) when asked to.
#pragma once

#include <memory>
#include <string>

#include "AgentLink.h"
#include "Agents.h"
#include "PipelinedLink.h"

namespace cosim {

class GrpcAgents : public Agents {
public:
    // linkThread: drive a pipelined session from PipelinedLink's thread.
    GrpcAgents(const std::string& target, AgentLinkOptions options, bool linkThread);

    std::string where() const override { return "the agent server at " + target_; }
    RunSpec resolve(const ResolveRequest& request) override { return link_.resolve(request); }
    int64_t open(const Hello& hello) override;
    void submit(EventBatch& events) override;
    const ActionBatch& collect() override;
    void finish(const FabricDone& done) override;
    const AgentResults* receivedResults() const override { return link_.receivedResults(); }

private:
    const std::string target_;
    const bool linkThread_;
    AgentLink link_;
    std::unique_ptr<PipelinedLink> pipeline_;  // drives link_ while the session is pipelined
};

}  // namespace cosim
