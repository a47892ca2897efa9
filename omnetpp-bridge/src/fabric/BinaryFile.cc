#include "BinaryFile.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace cosim {

BinaryFile::BinaryFile(const std::string& path, const std::string& what) : path_(path), what_(what) {
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) fail("cannot create");
    buffer_.reserve(kBufferBytes);
}

BinaryFile::~BinaryFile() {
    try {
        close();
    } catch (const std::exception&) {
        // close() reports write errors; a destructor cannot, and must not throw
    }
}

void BinaryFile::putBytes(const char* bytes, size_t n) {
    if (buffer_.size() + n > kBufferBytes) flush();
    buffer_.insert(buffer_.end(), bytes, bytes + n);
}

void BinaryFile::flush() {
    if (buffer_.empty() || file_ == nullptr) return;  // nullptr: a write already failed and said so
    if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) fail("cannot write");
    buffer_.clear();
}

void BinaryFile::close() {
    if (file_ == nullptr) return;
    flush();
    std::FILE* f = file_;
    file_ = nullptr;
    if (std::fclose(f) != 0) fail("cannot write");
}

void BinaryFile::fail(const char* doing) {
    const std::string why = std::strerror(errno);
    if (file_ != nullptr) {
        std::fclose(file_);
        file_ = nullptr;
    }
    throw std::runtime_error(std::string(doing) + " the " + what_ + " " + path_ + ": " + why);
}

}  // namespace cosim
