#!/usr/bin/env bash
# The one command that builds omnetpp-bridge for the OMNeT++ back end: AgentLink,
# the fabric core and the OMNeT++ simple modules (omnetpp-bridge/build/
# libcosim_omnetpp.so, loaded with `opp_run -l omnetpp-bridge/build/cosim_omnetpp`).
#
#   omnetpp-bridge/build.sh
#
# Needs an installed OMNeT++ 6.x, found through opp_configfilepath on PATH (after
# `source <omnetpp>/setenv`) or OMNETPP_ROOT=<omnetpp>; and gRPC C++ from Debian
# (apt-get install cmake g++ pkg-config libgrpc++-dev libprotobuf-dev
# protobuf-compiler protobuf-compiler-grpc). Without them it stops and says what is
# missing and where to get it. `cosim run --backend omnetpp` runs this when the
# library is missing or older than its sources.
set -euo pipefail
bridge="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$bridge/build"
command -v cmake >/dev/null 2>&1 || {
  echo "omnetpp-bridge: cmake is missing (Debian: apt-get install cmake g++ pkg-config libgrpc++-dev libprotobuf-dev protobuf-compiler protobuf-compiler-grpc)" >&2
  exit 1; }
cmake -S "$bridge" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCOSIM_WITH_OMNETPP=ON
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)"
echo "omnetpp-bridge: built $build/libcosim_omnetpp.so ($(cat "$build/omnetpp-status.txt"))"
