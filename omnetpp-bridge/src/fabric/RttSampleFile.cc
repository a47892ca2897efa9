#include "RttSampleFile.h"

namespace cosim {

static_assert(sizeof RttSampleFile::kMagic + 4 + 4 == RttSampleFile::kHeaderBytes, "magic, version, record size");
static_assert(8 + 4 + 8 + 8 == RttSampleFile::kRecordBytes, "time, flow, network RTT, host RTT");

RttSampleFile::RttSampleFile(const std::string& path) : file_(path, "RTT sample file") {
    file_.putBytes(kMagic, sizeof kMagic);
    file_.put(kVersion, 4);
    file_.put(kRecordBytes, 4);
}

}  // namespace cosim
