// RttSampleFile: the exact segment RTT samples of an OMNeT++ run, written in the
// order they are taken (the completion order Java's RttRecorder keeps in memory),
// for the runner to turn into rtt_samples.csv and the RTT percentiles.
//
// Why a file of its own and not output vectors: the NDP 128-host permutation takes
// 1.6 million samples in 100 ms, and writing them as .vec text (printf "%.17g" per
// value) costs about 8% of the simulation thread, and reading the 56 MB back about
// a second of the runner. The `rtt` signal is emitted for every sample too, so `**.rtt.result-recording-modes = +vector`
// gives the usual vector as well.
//
// Format, all integers little-endian:
//   header  8 bytes "COSIMRTT", int32 version (2), int32 record size (28)
//   record  int64 completion time (ps), int32 flow id, int64 network RTT (ps), int64 host RTT (ps)
// (Java's RttRecorder says what the two RTTs measure.)
// The reader is Java's org.cosim.runner.omnetpp.RttSampleFile.
#pragma once

#include <cstdint>
#include <string>

#include "BinaryFile.h"

namespace cosim {

class RttSampleFile {
public:
    static constexpr char kMagic[8] = {'C', 'O', 'S', 'I', 'M', 'R', 'T', 'T'};
    static constexpr int32_t kVersion = 2;
    static constexpr int32_t kRecordBytes = 28;
    static constexpr int32_t kHeaderBytes = 16;

    // Creates (truncates) the file and writes the header; std::runtime_error naming
    // the path and the reason when it cannot.
    explicit RttSampleFile(const std::string& path);

    void record(int64_t completionPs, int32_t flow, int64_t networkRttPs, int64_t hostRttPs) {
        file_.put(completionPs, 8);
        file_.put(static_cast<uint32_t>(flow), 4);
        file_.put(networkRttPs, 8);
        file_.put(hostRttPs, 8);
        ++samples_;
    }

    // Writes what is buffered and closes the file; std::runtime_error on a write
    // error (disk full, ...). Later calls do nothing. (Without it, the destructor
    // writes what is buffered but cannot report errors.)
    void close() { file_.close(); }

    int64_t samples() const { return samples_; }

private:
    BinaryFile file_;
    int64_t samples_ = 0;
};

}  // namespace cosim
