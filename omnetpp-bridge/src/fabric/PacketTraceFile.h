// PacketTraceFile: the steps of the traced flows' packets through an OMNeT++ run
// (output.packet_trace), written in the order they happen, for the runner to turn
// into packet_trace.csv: the same records as Java's PacketTracer keeps in memory.
//
// Format, all integers little-endian:
//   header  8 bytes "COSIMPKT", int32 version (1), int32 record size (56)
//   record  int64 time (ps), int32 flow, uint8 event, uint8 packet type,
//           uint8 control kind, uint8 0, int32 flags, int32 node (switch id for a
//           port's step, host id for a NIC's), int32 port, int64 uid, int64 seq,
//           int32 bytes, int64 queue bytes after the step (-1 at a NIC)
//   footer  8 bytes "COSIMEND", int64 steps of the traced flows in all (recorded
//           or not: more than the records when max_records cut the trace)
// A file without its footer was not finished (the run failed). The reader is
// Java's org.cosim.runner.omnetpp.PacketTraceFile; the event codes are Java's
// PacketTrace constants.
#pragma once

#include <cstdint>
#include <string>

#include "BinaryFile.h"

namespace cosim {

struct PacketStep {
    int64_t timePs = 0;
    int32_t flow = 0;
    uint8_t event = 0;
    uint8_t type = 0;
    uint8_t controlKind = 0;
    uint32_t flags = 0;
    int32_t node = 0;
    int32_t port = 0;
    int64_t uid = 0;
    int64_t seq = 0;
    int32_t bytes = 0;
    int64_t queueBytes = -1;
};

class PacketTraceFile {
public:
    // cosim.proto's TraceEvent (PacketTracer.h holds them equal).
    enum Event : uint8_t {
        kNicSend = 1, kEnqueue = 2, kTransmit = 3, kTrim = 4, kReturn = 5, kDrop = 6, kNicReceive = 7
    };
    static constexpr char kMagic[8] = {'C', 'O', 'S', 'I', 'M', 'P', 'K', 'T'};
    static constexpr char kEndMagic[8] = {'C', 'O', 'S', 'I', 'M', 'E', 'N', 'D'};
    static constexpr int32_t kVersion = 1;
    static constexpr int32_t kRecordBytes = 56;
    static constexpr int32_t kHeaderBytes = 16;

    // Creates (truncates) the file and writes the header; std::runtime_error naming
    // the path and the reason when it cannot. Destroyed without close(), it keeps
    // the records written and lacks the footer: a run that did not finish.
    explicit PacketTraceFile(const std::string& path);

    void record(const PacketStep& s);

    // Writes the footer with the count of all steps and closes the file;
    // std::runtime_error on a write error. Later calls do nothing.
    void close(int64_t steps);

    int64_t records() const { return records_; }

private:
    BinaryFile file_;
    int64_t records_ = 0;
    bool closed_ = false;
};

}  // namespace cosim
