// fabric_core_test GOLDEN_FILE
//
// The OMNeT++-independent arithmetic of the C++ fabric, which must be bit-identical
// to the Java fabric's: the golden vectors in GOLDEN_FILE were computed by the
// Java code (java-fabric CppGoldenVectorsTest checks Java against the same file),
// so a pass here means C++ == Java. Also the route choice rule and the queue
// distribution against cases worked out by hand. No OMNeT++, no server: CI runs it.
// One line per failed check and a count at the end; exit status 1 on any failure.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include "ByteRanges.h"
#include "FlowStats.h"
#include "IdentityHash.h"
#include "QueueMonitor.h"
#include "RouteTable.h"
#include "PacketTraceFile.h"
#include "RttSampleFile.h"
#include "SegmentQueue.h"
#include "Units.h"

namespace {

int failures = 0;
int checks = 0;

void check(bool ok, const std::string& what) {
    ++checks;
    if (!ok) {
        ++failures;
        std::cout << "FAIL " << what << std::endl;
    }
}

template <typename T>
void checkEq(const T& got, const T& want, const std::string& what) {
    std::ostringstream s;
    s << what << ": got " << got << ", want " << want;
    check(got == want, s.str());
}

bool throws(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::exception&) {
        return true;
    }
    return false;
}

// The order SegmentQueue serves a scripted run: ops "A<flow>x<bytes>" hand a
// segment over, "C" cuts one packet (MTU 1500); the answer lists "flow@seq" per
// packet, '!' after a segment's last (Java CppGoldenVectorsTest.nicOrder).
std::string nicOrder(bool fifo, const std::string& ops) {
    cosim::SegmentQueue q(fifo);
    int64_t nextSeq[4] = {0, 0, 0, 0};
    std::string order;
    std::istringstream in(ops);
    std::string op;
    int at = 0;
    while (std::getline(in, op, ',')) {
        if (op[0] == 'A') {
            const int flow = op[1] - '0';
            const int32_t bytes = std::stoi(op.substr(3));
            q.add(cosim::SegmentQueue::Segment{flow, nextSeq[flow], bytes, 0, at, 0});
            nextSeq[flow] += bytes;
        } else {
            const cosim::SegmentQueue::Segment seg = q.select();
            const int64_t seq = seg.seq + q.currentOffset();
            const bool last = q.cut(std::min<int32_t>(1500, seg.bytes - q.currentOffset()));
            if (!order.empty()) order += ",";
            order += std::to_string(seg.flow) + "@" + std::to_string(seq) + (last ? "!" : "");
        }
        ++at;
    }
    return order;
}

// Every line of the golden file: "<kind> <inputs...> <answer>".
void goldenVectors(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        check(false, "cannot read the golden file " + path);
        return;
    }
    std::string line;
    int cases = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream s(line);
        std::string kind;
        s >> kind;
        ++cases;
        if (kind == "mix") {
            int64_t z, want;
            s >> z >> want;
            checkEq(static_cast<int64_t>(cosim::IdentityHash::mix(static_cast<uint64_t>(z))), want, line);
        } else if (kind == "hash") {
            int64_t seed, want;
            int n;
            s >> seed >> n >> want;
            const uint64_t got = n == 0 ? cosim::IdentityHash::hash(seed, {})
                                        : cosim::IdentityHash::hash(seed, {3, -5, int64_t{1} << 40});
            checkEq(static_cast<int64_t>(got), want, line);
        } else if (kind == "ecmp") {
            int64_t seed;
            int32_t sw, src, dst, flow, n, want;
            s >> seed >> sw >> src >> dst >> flow >> n >> want;
            checkEq(cosim::IdentityHash::ecmp(seed, sw, src, dst, flow, n), want, line);
        } else if (kind == "hash4") {
            int64_t seed, want;
            s >> seed >> want;
            const uint64_t got = cosim::KeyedHash::hash4(seed, cosim::IdentityHash::kTrimTag, 5, -3, int64_t{1} << 40);
            checkEq(static_cast<int64_t>(got), want, line);
            checkEq(static_cast<int64_t>(cosim::KeyedHash::hash(seed, {cosim::IdentityHash::kTrimTag, 5, -3,
                                                                       int64_t{1} << 40})),
                    want, line + " (as hash)");
        } else if (kind == "below") {
            int64_t seed;
            int32_t n, want;
            s >> seed >> n >> want;
            checkEq(cosim::KeyedHash::below(cosim::KeyedHash::hash(seed, {n}), n), want, line);
        } else if (kind == "trimtail") {
            int64_t seed, uid;
            int32_t sw, port, want;
            s >> seed >> sw >> port >> uid >> want;
            checkEq(cosim::IdentityHash::trimTail(seed, sw, port, uid) ? 1 : 0, want, line);
        } else if (kind == "txgap") {
            int64_t seed, uid, maxPs, want;
            int32_t host;
            s >> seed >> host >> uid >> maxPs >> want;
            checkEq(cosim::IdentityHash::txGapPs(seed, host, uid, maxPs), want, line);
        } else if (kind == "serialization") {
            int64_t bytes, bps;
            std::string want;
            s >> bytes >> bps >> want;
            if (want == "overflow") {
                check(throws([&] { cosim::Units::serializationPs(bytes, bps); }), line + " (expected an overflow)");
            } else {
                checkEq(cosim::Units::serializationPs(bytes, bps), static_cast<int64_t>(std::stoll(want)), line);
            }
        } else if (kind == "rtt") {
            int64_t send, completion, rate, want;
            int32_t bytes;
            s >> send >> completion >> bytes >> rate >> want;
            checkEq(cosim::Units::segmentRttPs(send, completion, bytes, rate), want, line);
        } else if (kind == "intfield") {
            int q;
            int64_t delay, want;
            s >> q >> delay >> want;
            checkEq(cosim::Units::intField(delay, q != 0), want, line);
        } else if (kind == "nicorder") {
            std::string mode, ops, want;
            s >> mode >> ops >> want;
            checkEq(nicOrder(mode == "fifo", ops), want, line);
        } else if (kind == "ranges") {
            int k;
            s >> k;
            std::vector<int64_t> bounds(2 * static_cast<size_t>(k));
            for (auto& b : bounds) s >> b;
            cosim::ByteRanges r;
            for (int i = 0; i < k; ++i) {
                int64_t want;
                s >> want;
                checkEq(r.add(bounds[2 * i], bounds[2 * i + 1]), want, line + " (add " + std::to_string(i) + ")");
            }
            int want;
            int64_t wantBytes;
            s >> want >> wantBytes;
            checkEq(r.ranges(), want, line + " (ranges)");
            checkEq(r.bytes(), wantBytes, line + " (bytes)");
        } else {
            check(false, "unknown golden line: " + line);
        }
    }
    check(cases > 400, "the golden file holds the cases (" + std::to_string(cases) + ")");
    std::cout << "golden vectors: " << cases << " cases" << std::endl;
}

void routeChoice() {
    // Toward host 0: ports {1, 3, 4}; host 1: {2}; host 2: {0, 5}.
    cosim::RouteTable t({0, 3, 4, 6}, {1, 3, 4, 2, 0, 5}, 6, "test");
    int32_t cursor = 0;
    checkEq(t.egress(1, 0, cursor, 7, 0, 1, 9), 2, "a single choice is taken whatever the path");
    // Source route k = 6 toward host 0: d = 5; 5 mod 3 = 2 -> port 4, cursor 5 / 3 = 1.
    cursor = 5;
    checkEq(t.egress(0, 6, cursor, 7, 0, 1, 9), 4, "source route digit d mod n");
    checkEq(cursor, 1, "source route cursor d / n");
    // ... and at the next multi-choice switch (2 choices toward host 2): 1 mod 2 = 1 -> port 5.
    checkEq(t.egress(2, 6, cursor, 7, 0, 1, 9), 5, "the next digit");
    checkEq(cursor, 0, "cursor after the second digit");
    // ECMP: the identity hash picks the index into the ascending list.
    for (int flow = 0; flow < 50; ++flow) {
        int32_t c = 0;
        const int want = t.port(0, cosim::IdentityHash::ecmp(3, 2, 5, 0, flow, 3));
        checkEq(t.egress(0, 0, c, 3, 2, 5, flow), want,
                "ECMP choice of flow " + std::to_string(flow));
    }
    check(throws([] { cosim::RouteTable({0, 1}, {7}, 4, "s"); }), "a port beyond the switch is refused");
    check(throws([] { cosim::RouteTable({0, 0, 1}, {1}, 4, "s"); }), "a host without a route is refused");
    check(throws([] { cosim::RouteTable({0, 2}, {3, 1}, 4, "s"); }), "unsorted ports are refused");

    // By groups: hosts 0 and 1 hang off this switch (group 0, ports 2 and 3), host 2 off another (group 1),
    // reached through ports 0 or 1.
    static const uint32_t groupOf[] = {0, 0, 1};
    static const uint32_t portOf[] = {2, 3, 0};
    cosim::RouteTable g({0, 0, 2}, {0, 1}, 4, 0, cosim::RouteTable::Groups{groupOf, portOf, 3}, "grouped");
    int32_t c = 0;
    checkEq(g.egress(0, 0, c, 3, 2, 5, 1), 2, "a host of its own group through its own port");
    checkEq(g.egress(1, 4, c, 3, 2, 5, 1), 3, "... whatever the path");
    checkEq(g.choices(2), 2, "another group's entry");
    c = 1;
    checkEq(g.egress(2, 2, c, 3, 2, 5, 1), 1, "source route 2 toward group 1: digit 1 -> port 1");
    check(throws([] { cosim::RouteTable({0, 0, 2}, {0, 1}, 4, 1, cosim::RouteTable::Groups{groupOf, portOf, 3},
                                        "s"); }), "an empty entry for another switch's group is refused");
}

void queueDistribution() {
    // Warm-up ends at 100: time before it is not counted.
    cosim::QueueMonitor m("q", 256, 100);
    m.update(0, 1000);    // bucket 3 from 0 (counted from 100)
    m.update(150, 0);     // bucket 3: 50 ps
    m.update(400, 600);   // bucket 0: 250 ps
    m.update(1000, 300);  // bucket 2: 600 ps
    m.finish(1100);       // bucket 1: 100 ps
    const auto& b = m.timeInBucket();
    checkEq(b[0], int64_t{250}, "bucket 0");
    checkEq(b[1], int64_t{100}, "bucket 1");
    checkEq(b[2], int64_t{600}, "bucket 2");
    checkEq(b[3], int64_t{50}, "bucket 3");
    checkEq(m.maxBytes(), int64_t{600}, "max counts only after the warm-up");
    checkEq(m.current(), int64_t{300}, "current length");
    check(m.byteTimePs() == 1000 * 50 + 600 * 600 + 300 * 100, "length x time, exact, after the warm-up");
    cosim::QueueMonitor big("q", 256, 0);
    big.update(0, 12 << 20);
    big.finish(10);
    checkEq(big.timeInBucket()[(12 << 20) / 256], int64_t{10}, "the buckets grow to the longest queue");
    cosim::QueueMonitor full("q", 256, 0);
    full.update(0, 64 << 20);
    full.finish(int64_t{1000000000000});  // 64 MiB for 1 s: past 2^63 byte-picoseconds
    check(full.byteTimePs() == static_cast<unsigned __int128>(64 << 20) * 1000000000000ULL,
          "length x time carries past 64 bits");
}

// As Java's FlowStatsTest: duplicates count on the wire only, reordered arrivals merge,
// resends below the highest byte sent count as retransmitted.
void flowCounters() {
    cosim::FlowStats f(2, 50);
    f.sent(1, 0, 1500);
    f.sent(1, 1500, 1000);                // high-water mark 2500
    f.sent(1, 0, 1500);                   // a resend: 1500 retransmitted
    f.sent(1, 2000, 1000);                // [2000, 3000): 500 below the mark
    f.delivered(1, 0, 1500, 49);          // in the warm-up
    f.delivered(1, 1500, 1000, 50);
    f.delivered(1, 0, 1500, 60);          // a duplicate after the warm-up: wire only
    f.dropped(0, 64);
    check(!f.finished(1), "not finished before the agent says so");
    f.finish(1, 77);
    checkEq(f.sentBytes(1), int64_t{5000}, "sent");
    checkEq(f.retransmittedBytes(1), int64_t{2000}, "retransmitted: 1500 + 500");
    checkEq(f.deliveredBytes(1), int64_t{4000}, "delivered, duplicates included");
    checkEq(f.deliveredMeasuredBytes(1), int64_t{2500}, "delivered after the warm-up");
    checkEq(f.uniqueDeliveredBytes(1), int64_t{2500}, "unique: [0, 2500) once");
    checkEq(f.uniqueDeliveredMeasuredBytes(1), int64_t{1000}, "unique after the warm-up");
    cosim::ByteRanges r;
    checkEq(r.add(3000, 4500), int64_t{1500}, "seq 3000 first");
    checkEq(r.add(0, 1500), int64_t{1500}, "then 0");
    checkEq(r.ranges(), 2, "a gap between");
    checkEq(r.add(1500, 3000), int64_t{1500}, "then 1500");
    checkEq(r.ranges(), 1, "one range [0, 4500)");
    checkEq(f.droppedBytes(0), int64_t{64}, "dropped");
    checkEq(f.finishPs(1), int64_t{77}, "finish time");
    checkEq(f.finishPs(0), int64_t{-1}, "unfinished");
}

std::string readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The RTT sample file, byte for byte against a golden file written from the format's
// description (the Java reader's test reads the same file), across a buffer flush,
// and its errors.
void rttSampleFile(const std::string& golden) {
    const auto dir = std::filesystem::temp_directory_path();
    const std::string small = (dir / ("rtt_small_" + std::to_string(::getpid()) + ".bin")).string();
    {
        cosim::RttSampleFile f(small);
        f.record(10000062400, 58, 200000000, 217969600);
        f.record(0, 0, 0, 0);
        f.record((int64_t{1} << 40) + 3, 131071, 1, 2);
        f.close();
        checkEq(f.samples(), int64_t{3}, "RTT samples counted");
    }
    const std::string want = readBytes(golden);
    check(!want.empty(), "cannot read the golden file " + golden);
    check(readBytes(small) == want, "the RTT sample file differs from " + golden);
    std::remove(small.c_str());

    // More records than one buffer holds: every record reaches the file, in order.
    const std::string big = (dir / ("rtt_big_" + std::to_string(::getpid()) + ".bin")).string();
    const int n = 120000;
    {
        cosim::RttSampleFile f(big);
        for (int i = 0; i < n; ++i) f.record(int64_t{i} * 1000, i % 7, 5000000 + i, 6000000 + i);
    }  // the destructor flushes too
    const std::string bytes = readBytes(big);
    const size_t header = cosim::RttSampleFile::kHeaderBytes, record = cosim::RttSampleFile::kRecordBytes;
    checkEq(bytes.size(), header + record * n, "RTT sample file size after buffer flushes");
    if (bytes.size() == header + record * n) {
        const size_t last = header + record * (n - 1);
        int64_t t = 0, network = 0, host = 0;
        uint32_t flow = 0;
        for (int i = 7; i >= 0; --i) t = (t << 8) | static_cast<unsigned char>(bytes[last + i]);
        for (int i = 3; i >= 0; --i) flow = (flow << 8) | static_cast<unsigned char>(bytes[last + 8 + i]);
        for (int i = 7; i >= 0; --i) network = (network << 8) | static_cast<unsigned char>(bytes[last + 12 + i]);
        for (int i = 7; i >= 0; --i) host = (host << 8) | static_cast<unsigned char>(bytes[last + 20 + i]);
        checkEq(t, int64_t{(n - 1) * 1000LL}, "last record's time");
        checkEq(flow, uint32_t((n - 1) % 7), "last record's flow");
        checkEq(network, int64_t{5000000 + n - 1}, "last record's network RTT");
        checkEq(host, int64_t{6000000 + n - 1}, "last record's host RTT");
    }
    std::remove(big.c_str());

    std::string message;
    try {
        cosim::RttSampleFile f((dir / "no-such-dir" / "x.rtt").string());
    } catch (const std::runtime_error& e) {
        message = e.what();
    }
    check(message.find("no-such-dir/x.rtt") != std::string::npos && message.find("cannot create") == 0,
          "an RTT sample file that cannot be created names its path: '" + message + "'");
}

// The packet trace file, byte for byte against a golden file written from the format's
// description (the Java reader's test reads the same file); a file left without
// close() keeps its records and lacks the footer; errors name the path.
void packetTraceFile(const std::string& golden) {
    const auto dir = std::filesystem::temp_directory_path();
    const std::string small = (dir / ("pkt_small_" + std::to_string(::getpid()) + ".bin")).string();
    cosim::PacketStep a;
    a.timePs = 3200000;
    a.flow = 0;
    a.event = cosim::PacketTraceFile::kEnqueue;
    a.type = 1;
    a.flags = 65;
    a.node = 3;
    a.port = 3;
    a.uid = (int64_t{7} << 32) | 12;
    a.seq = 0;
    a.bytes = 1500;
    a.queueBytes = 1500;
    cosim::PacketStep b;
    b.timePs = (int64_t{1} << 40) + 7;
    b.flow = 131071;
    b.event = cosim::PacketTraceFile::kNicReceive;
    b.type = 4;
    b.controlKind = 3;
    b.node = 5;
    b.seq = 9000;
    b.bytes = 64;
    {
        cosim::PacketTraceFile f(small);
        f.record(a);
        f.record(b);
        f.close(5);
        checkEq(f.records(), int64_t{2}, "packet trace records counted");
    }
    const std::string want = readBytes(golden);
    check(!want.empty(), "cannot read the golden file " + golden);
    check(readBytes(small) == want, "the packet trace file differs from " + golden);
    std::remove(small.c_str());

    const std::string cut = (dir / ("pkt_cut_" + std::to_string(::getpid()) + ".bin")).string();
    {
        cosim::PacketTraceFile f(cut);
        for (int i = 0; i < 30000; ++i) f.record(a);  // more than one buffer
    }
    checkEq(readBytes(cut).size(), size_t{cosim::PacketTraceFile::kHeaderBytes} + 56 * size_t{30000},
            "an unfinished packet trace keeps every record and has no footer");
    std::remove(cut.c_str());

    std::string message;
    try {
        cosim::PacketTraceFile f((dir / "no-such-dir" / "x.pkt").string());
    } catch (const std::runtime_error& e) {
        message = e.what();
    }
    check(message.find("no-such-dir/x.pkt") != std::string::npos && message.find("cannot create") == 0,
          "a packet trace file that cannot be created names its path: '" + message + "'");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: fabric_core_test GOLDEN_FILE (omnetpp-bridge/test/golden/java_vectors.txt)" << std::endl;
        return 2;
    }
    goldenVectors(argv[1]);
    routeChoice();
    queueDistribution();
    flowCounters();
    rttSampleFile((std::filesystem::path(argv[1]).parent_path() / "rtt_samples.bin").string());
    packetTraceFile((std::filesystem::path(argv[1]).parent_path() / "packet_trace.bin").string());
    std::cout << "fabric_core_test: " << (checks - failures) << "/" << checks << " checks passed" << std::endl;
    return failures == 0 ? 0 : 1;
}
