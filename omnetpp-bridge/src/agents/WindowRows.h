// WindowRows: one window's batch as fixed-size rows, how the bridge and its
// in-process agents pass EventBatch and ActionBatch without protobuf's wire
// format. The layout is Java's org.cosim.agents.wire.WindowRows (its comment
// describes it; the offsets below are the same): a 16-byte header (window start,
// row count), 80-byte event rows of the Java EventBatch's columns, each
// completion's INT hop records after its row (32 bytes each), 64-byte action
// rows. Machine byte order: both sides are one process.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cosim.pb.h"

namespace cosim::rows {

constexpr size_t kHeader = 16;
constexpr size_t kEventRow = 80;
constexpr size_t kHopRow = 32;
constexpr size_t kActionRow = 64;

// The bytes writeEvents() needs for `batch`.
size_t eventsSize(const EventBatch& batch);
// Writes `batch` at [0, eventsSize(batch)) of `out`.
void writeEvents(const EventBatch& batch, char* out);
// Reads the actions the agents wrote at [0, length) of `in` into `out` (cleared
// first); std::runtime_error when the rows are malformed.
void readActions(const char* in, size_t length, ActionBatch* out);

}  // namespace cosim::rows
