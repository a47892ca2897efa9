#include "GrpcAgents.h"

namespace cosim {

GrpcAgents::GrpcAgents(const std::string& target, AgentLinkOptions options, bool linkThread)
    : target_(target), linkThread_(linkThread), link_(target, std::move(options)) {}

int64_t GrpcAgents::open(const Hello& hello) {
    link_.open(hello);
    if (link_.windowPs() < hello.reaction_delay_ps() && linkThread_) {
        pipeline_ = std::make_unique<PipelinedLink>(link_);
    }
    return link_.windowPs();
}

void GrpcAgents::submit(EventBatch& events) {
    if (pipeline_) {
        pipeline_->submit(events);
    } else {
        link_.submit(events);
    }
}

const ActionBatch& GrpcAgents::collect() { return pipeline_ ? pipeline_->collect() : link_.collect(); }

void GrpcAgents::finish(const FabricDone& done) {
    if (pipeline_) pipeline_->stop();
    link_.finish(done);
}

}  // namespace cosim
