// BinaryFile: a results file the bridge writes as little-endian binary through a
// 1 MiB buffer, with errors that name the file and the reason; what RttSampleFile
// and PacketTraceFile share (their formats are theirs).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace cosim {

class BinaryFile {
public:
    // Creates (truncates) `path`; std::runtime_error "cannot create the <what> <path>: <reason>".
    BinaryFile(const std::string& path, const std::string& what);
    ~BinaryFile();  // writes what is buffered, but cannot report errors: call close() to hear of them
    BinaryFile(const BinaryFile&) = delete;
    BinaryFile& operator=(const BinaryFile&) = delete;

    // The low `bytes` bytes of `value`, least significant first.
    template <typename T>
    void put(T value, int bytes) {
        if (buffer_.size() + static_cast<size_t>(bytes) > kBufferBytes) flush();
        const auto u = static_cast<uint64_t>(value);
        for (int i = 0; i < bytes; ++i) buffer_.push_back(static_cast<unsigned char>(u >> (8 * i)));
    }
    void putBytes(const char* bytes, size_t n);

    // Writes what is buffered and closes the file; std::runtime_error on a write
    // error (disk full, ...). Later calls do nothing.
    void close();

private:
    static constexpr size_t kBufferBytes = 1 << 20;

    void flush();
    [[noreturn]] void fail(const char* doing);

    std::string path_;
    std::string what_;
    std::FILE* file_ = nullptr;
    std::vector<unsigned char> buffer_;
};

}  // namespace cosim
