#include "PacketTraceFile.h"

namespace cosim {

static_assert(sizeof PacketTraceFile::kMagic + 4 + 4 == PacketTraceFile::kHeaderBytes, "magic, version, size");
static_assert(8 + 4 + 4 * 1 + 4 + 4 + 4 + 8 + 8 + 4 + 8 == PacketTraceFile::kRecordBytes, "the record's fields");

PacketTraceFile::PacketTraceFile(const std::string& path) : file_(path, "packet trace file") {
    file_.putBytes(kMagic, sizeof kMagic);
    file_.put(kVersion, 4);
    file_.put(kRecordBytes, 4);
}

void PacketTraceFile::record(const PacketStep& s) {
    file_.put(s.timePs, 8);
    file_.put(static_cast<uint32_t>(s.flow), 4);
    file_.put(s.event, 1);
    file_.put(s.type, 1);
    file_.put(s.controlKind, 1);
    file_.put(0, 1);
    file_.put(s.flags, 4);
    file_.put(static_cast<uint32_t>(s.node), 4);
    file_.put(static_cast<uint32_t>(s.port), 4);
    file_.put(s.uid, 8);
    file_.put(s.seq, 8);
    file_.put(static_cast<uint32_t>(s.bytes), 4);
    file_.put(s.queueBytes, 8);
    ++records_;
}

void PacketTraceFile::close(int64_t steps) {
    if (closed_) return;
    closed_ = true;
    file_.putBytes(kEndMagic, sizeof kEndMagic);
    file_.put(steps, 8);
    file_.close();
}

}  // namespace cosim
