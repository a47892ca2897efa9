#include "RttSampleFile.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace cosim {

RttSampleFile::RttSampleFile(const std::string& path) : path_(path) {
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) fail("cannot create");
    buffer_.reserve(kBufferBytes);
    buffer_.insert(buffer_.end(), kMagic, kMagic + sizeof kMagic);
    putLe(kVersion, 4);
    putLe(kRecordBytes, 4);
}

RttSampleFile::~RttSampleFile() {
    try {
        close();
    } catch (const std::exception&) {
        // close() reports write errors; a destructor cannot, and must not throw
    }
}

void RttSampleFile::flush() {
    if (buffer_.empty() || file_ == nullptr) return;  // nullptr: a write already failed and said so
    if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) fail("cannot write");
    buffer_.clear();
}

void RttSampleFile::close() {
    if (file_ == nullptr) return;
    flush();
    std::FILE* f = file_;
    file_ = nullptr;
    if (std::fclose(f) != 0) fail("cannot write");
}

void RttSampleFile::fail(const char* doing) {
    const std::string why = std::strerror(errno);
    if (file_ != nullptr) {
        std::fclose(file_);
        file_ = nullptr;
    }
    throw std::runtime_error(std::string(doing) + " the RTT sample file " + path_ + ": " + why);
}

}  // namespace cosim
