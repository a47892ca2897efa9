#!/usr/bin/env bash
# Builds omnetpp-bridge and runs its tests. Used by CI and `mvn verify`; runnable
# by hand from anywhere:
#
#   omnetpp-bridge/run-tests.sh [--bench]
#
# 1. checks the C++ toolchain (cmake, pkg-config grpc++ protobuf, protoc,
#    grpc_cpp_plugin, a C++ compiler). Missing: the tests are SKIPPED (exit 0),
#    or fail (exit 1) when COSIM_REQUIRE_CPP=1;
# 2. configures and builds omnetpp-bridge/build (Release), with the OMNeT++
#    modules when an OMNeT++ 6.x is found (COSIM_WITH_OMNETPP=AUTO);
# 3. runs fabric_core_test (the arithmetic shared with Java, against Java's
#    golden vectors; needs nothing else), calendar_queue_test (the future
#    event set's data structure against a reference ordering) and
#    agentlink_action_test (AgentLink's action checks against Java's cases);
# 4. records a session trace with the Java fabric (./cosim run ... --record-trace);
# 5. starts the Java agent server (./cosim agents) in the background;
# 6. runs agentlink_replay_test (over gRPC, and in-process when the build found
#    a JDK, then in-process on NDP, HPCC and PFC traces for every event kind),
#    agentlink_contract_test and a short agentlink_bench (0.05 s per batch
#    size; with --bench, the full one);
# 7. with OMNeT++: a network that is not the scenario's topology must stop at
#    initialization naming the difference, and a short TIMELY incast must give
#    identical results on both back ends (cosim compare). Without OMNeT++ it
#    prints "OMNeT++ tests SKIPPED: <why>" (or fails when COSIM_REQUIRE_OMNETPP=1).
set -euo pipefail

bridge="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bridge/.." && pwd)"
build="$bridge/build"

bench=0
for arg in "$@"; do
  case "$arg" in
    --bench) bench=1 ;;
    -h|--help) sed -n '2,25p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-tests.sh: unknown argument '$arg' (known: --bench)" >&2; exit 2 ;;
  esac
done

# ------------------------------------------------------------------ toolchain
missing=()
packages=()
need() {  # need WHAT DEBIAN-PACKAGE: records a missing piece
  missing+=("$1")
  [[ " ${packages[*]-} " == *" $2 "* ]] || packages+=("$2")
}
command -v cmake >/dev/null 2>&1 || need cmake cmake
command -v c++ >/dev/null 2>&1 || command -v g++ >/dev/null 2>&1 || need "a C++ compiler" g++
if command -v pkg-config >/dev/null 2>&1; then
  pkg-config --exists grpc++ || need "grpc++ (pkg-config)" libgrpc++-dev
  pkg-config --exists protobuf || need "protobuf (pkg-config)" libprotobuf-dev
else
  need pkg-config pkg-config
fi
command -v protoc >/dev/null 2>&1 || need protoc protobuf-compiler
command -v grpc_cpp_plugin >/dev/null 2>&1 || need grpc_cpp_plugin protobuf-compiler-grpc
if ((${#missing[@]})); then
  what="$(IFS=,; echo "${missing[*]}" | sed 's/,/, /g')"
  if [[ "${COSIM_REQUIRE_CPP:-0}" == 1 ]]; then
    echo "omnetpp-bridge: C++ AgentLink tests FAILED: $what missing and COSIM_REQUIRE_CPP=1 (Debian: apt-get install ${packages[*]})"
    exit 1
  fi
  echo "omnetpp-bridge: C++ AgentLink tests SKIPPED: $what missing (Debian: apt-get install ${packages[*]})"
  exit 0
fi

# ------------------------------------------------------------------ build
echo "omnetpp-bridge: building into $build"
cmake -S "$bridge" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCOSIM_WITH_OMNETPP=AUTO >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)"
omnetpp_status="$(cat "$build/omnetpp-status.txt")"
echo "omnetpp-bridge: OMNeT++ modules $omnetpp_status"

# A test binary that hangs despite its own deadlines must still not hang CI.
limit=()
command -v timeout >/dev/null 2>&1 && limit=(timeout --kill-after=10 600)

# ------------------------------------------------------------------ fabric core
echo "--- fabric_core_test"
core=FAILED
"${limit[@]}" "$build/fabric_core_test" "$bridge/test/golden/java_vectors.txt" && core=passed
echo "--- calendar_queue_test"
calendar=FAILED
"${limit[@]}" "$build/calendar_queue_test" && calendar=passed
echo "--- agentlink_action_test"
actions=FAILED
"${limit[@]}" "$build/agentlink_action_test" "$bridge/test/golden/action_vectors.txt" >"$build/action_test.log" \
  && actions=passed
grep -v '^PASS ' "$build/action_test.log" || true

# ------------------------------------------------------------------ trace
trace="$build/trace.bin"
echo "omnetpp-bridge: recording a session trace with the Java fabric"
rm -rf "$trace" "$build/run"
(cd "$root" && ./cosim run scenarios/timely-incast.textproto --set duration_us=30000 --set output.warmup_us=0 \
   --no-plots --record-trace "$trace" --out "$build/run") >"$build/record.log" 2>&1 || {
  echo "omnetpp-bridge: recording the trace failed:"; tail -n 30 "$build/record.log"
  echo "omnetpp-bridge: C++ AgentLink tests FAILED (could not record a trace)"; exit 1; }
[[ -s "$trace" ]] || { echo "omnetpp-bridge: C++ AgentLink tests FAILED (no trace written)"; exit 1; }
# That was the first ./cosim after the build: on a machine with a JDK 25 the
# launcher trained its ahead-of-time cache on the way (docs/speed.md#aot-cache). A
# training that failed is the launcher's bug, not the machine's.
if grep -q "could not train the ahead-of-time cache" "$build/record.log"; then
  echo "omnetpp-bridge: the cosim launcher could not train its ahead-of-time cache:"; grep "cosim:" "$build/record.log"
  exit 1
fi
grep -q "training the JVM's ahead-of-time cache" "$build/record.log" \
  && echo "omnetpp-bridge: the cosim launcher trained its ahead-of-time cache ($(grep -o 'JDK [0-9]*' "$build/record.log" | head -n 1))"

# ------------------------------------------------------------------ agent server
port_file="$build/agents.port"
server_log="$build/agents.log"
server_pid=""
stop_server() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

rm -f "$port_file"
# ./cosim execs java, so $! is the server itself.
(cd "$root" && exec ./cosim agents --port 0 --port-file "$port_file" --max-batch-events 4096) >"$server_log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  [[ -s "$port_file" ]] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "omnetpp-bridge: the agent server exited:"; tail -n 30 "$server_log"
    echo "omnetpp-bridge: C++ AgentLink tests FAILED (no agent server)"; exit 1
  fi
  sleep 0.5
done
if [[ ! -s "$port_file" ]]; then
  echo "omnetpp-bridge: the agent server wrote no port file within 60 s:"; tail -n 30 "$server_log"
  echo "omnetpp-bridge: C++ AgentLink tests FAILED (no agent server)"; exit 1
fi
target="127.0.0.1:$(tr -d '[:space:]' <"$port_file")"
echo "omnetpp-bridge: agent server at $target (pid $server_pid)"

# ------------------------------------------------------------------ tests
replay=FAILED
contract=FAILED
echo "--- agentlink_replay_test"
# The in-process agents (a JVM in the test's process) replay the trace too when the
# build has them: with a JDK, which CI has.
in_process_status="$(cat "$build/in-process-status.txt")"
replay_args=("$trace" "$target")
if [[ "$in_process_status" == with* ]]; then
  replay_args+=("$root/cli/target/cosim.jar")
elif [[ "${COSIM_REQUIRE_CPP:-0}" == 1 ]]; then
  echo "FAIL: the bridge was built $in_process_status, and COSIM_REQUIRE_CPP=1"
  replay_args=()
else
  echo "in-process replay SKIPPED: the bridge was built $in_process_status"
fi
((${#replay_args[@]})) && "${limit[@]}" "$build/agentlink_replay_test" "${replay_args[@]}" && replay=passed
# The in-process rows carry every event kind: traces with NDP's packet and control
# arrivals, HPCC's INT hop records and PFC pauses, replayed in-process only.
if [[ "$replay" == passed && "$in_process_status" == with* ]]; then
  for case in "ndp-fig4-incast.textproto duration_us=2000" \
              "websearch-leafspine-hpcc.textproto duration_us=1000" \
              "timely-incast-pfc-only.textproto duration_us=5000"; do
    read -r file setting <<<"$case"
    kinds_trace="$build/trace-${file%.textproto}.bin"
    rm -rf "$kinds_trace" "$build/run-kinds"
    if ! (cd "$root" && ./cosim run "scenarios/$file" --set "$setting" --set output.warmup_us=0 --no-plots \
            --record-trace "$kinds_trace" --out "$build/run-kinds") >"$build/record-kinds.log" 2>&1 \
       || ! "${limit[@]}" "$build/agentlink_replay_test" "$kinds_trace" - "$root/cli/target/cosim.jar"; then
      echo "FAIL: the in-process replay of $file"; replay=FAILED
    fi
  done
fi
echo "--- agentlink_contract_test"
"${limit[@]}" "$build/agentlink_contract_test" "$target" "$trace" && contract=passed
agentbench=FAILED
echo "--- agentlink_bench, short (it runs; its numbers mean little at this length)"
"${limit[@]}" "$build/agentlink_bench" "$target" "$trace" --seconds 0.05 --warmup 0.05 && agentbench=passed

# ------------------------------------------------------------------ OMNeT++
omnetpp=SKIPPED
if [[ "$omnetpp_status" == built* ]]; then
  omnetpp=FAILED
  echo "--- OMNeT++: a network that is not the scenario's topology stops at initialization"
  mismatch_dir="$build/omnetpp-mismatch"
  rm -rf "$mismatch_dir" && mkdir -p "$mismatch_dir"
  # The example IncastStar network (ned/examples) with its link delay changed: the bridge must refuse it.
  omnetpp_bin="$(dirname "$(cat "$build/omnetpp-opp-run.txt")")"
  mismatch_ok=0
  if (cd "$root/ned/examples" && "${limit[@]}" "$omnetpp_bin/opp_run" -u Cmdenv -n .. -l "$build/cosim_omnetpp" -c incast-star \
        --result-dir="$mismatch_dir" --'**.bridge.agents'="\"$target\"" --'*.linkDelay'=4000000ps) \
        >"$mismatch_dir/out.log" 2>&1; then
    echo "FAIL: opp_run accepted a network whose links are 4 us long for a scenario with 5 us links"
  elif grep -q "is not the scenario's topology" "$mismatch_dir/out.log" \
       && grep -q "NED delay 4000000 ps, the scenario's 5000000" "$mismatch_dir/out.log"; then
    echo "PASS: $(grep -m1 "NED delay" "$mismatch_dir/out.log" | sed 's/^ *//')"
    mismatch_ok=1
  else
    echo "FAIL: opp_run failed without naming the difference:"; tail -n 15 "$mismatch_dir/out.log"
  fi
  compare_ok=1
  # Over gRPC to the running agent server, then with the agents in-process (the runner's default).
  for agents in grpc in-process; do
    echo "--- OMNeT++: a short TIMELY incast on both back ends (cosim compare), agents $agents"
    via=(--agents "$target")
    [[ "$agents" == in-process ]] && via=()
    if (cd "$root" && "${limit[@]}" ./cosim compare scenarios/timely-incast.textproto --set duration_us=20000 \
          --set output.warmup_us=5000 --no-plots "${via[@]}" --out "$build/omnetpp-compare-$agents") \
          >"$build/omnetpp-compare-$agents.log" 2>&1; then
      sed -n '/^comparison/,$p' "$build/omnetpp-compare-$agents.log"
    else
      echo "FAIL: the back ends differ or a run failed:"; tail -n 25 "$build/omnetpp-compare-$agents.log"
      compare_ok=0
    fi
  done
  ((mismatch_ok && compare_ok)) && omnetpp=passed
fi

status=0
results="fabric core: $core, calendar queue: $calendar, action checks: $actions, AgentLink replay: $replay, contract: $contract, bench: $agentbench"
if [[ "$core" == passed && "$calendar" == passed && "$actions" == passed && "$replay" == passed && "$contract" == passed \
      && "$agentbench" == passed ]]; then
  echo "omnetpp-bridge: C++ tests PASSED ($results)"
else
  echo "omnetpp-bridge: C++ tests FAILED ($results; agent server log: $server_log)"
  status=1
fi
case "$omnetpp" in
  passed) echo "omnetpp-bridge: OMNeT++ tests PASSED (network check, paired TIMELY runs over gRPC and in-process)" ;;
  FAILED) echo "omnetpp-bridge: OMNeT++ tests FAILED (logs in $build)"; status=1 ;;
  SKIPPED)
    if [[ "${COSIM_REQUIRE_OMNETPP:-0}" == 1 ]]; then
      echo "omnetpp-bridge: OMNeT++ tests FAILED: modules $omnetpp_status, and COSIM_REQUIRE_OMNETPP=1"
      status=1
    else
      echo "omnetpp-bridge: OMNeT++ tests SKIPPED: modules $omnetpp_status"
    fi ;;
esac

if ((bench)); then
  echo "--- agentlink_bench (client and agent server share this machine's $(nproc 2>/dev/null || echo '?') cores)"
  "${limit[@]}" "$build/agentlink_bench" "$target" "$trace" || { echo "omnetpp-bridge: agentlink_bench FAILED"; status=1; }
fi
exit "$status"
