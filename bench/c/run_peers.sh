#!/usr/bin/env bash
# Build and run bench/c/bench_peers: stud_fast next to SKPokerEval and OMPEval in one process.
#
#   bash bench/c/run_peers.sh [--skpokereval DIR] [--ompeval DIR] [-- hands repeats seed]
#
# DIR is a checkout of github.com/kennethshackleton/SKPokerEval or github.com/zekyll/OMPEval,
# anywhere outside this repository; their sources are compiled from there and linked in, never
# copied. Without them stud_fast is timed alone. The C core is built with CMake into
# $BUILD (default build/bench-peers), Release, for the x86-64 baseline like the wheel.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
sk="" omp=""
while [ $# -gt 0 ]; do
  case "$1" in
    --skpokereval) sk=$(cd "$2" && pwd); shift 2 ;;
    --ompeval) omp=$(cd "$2" && pwd); shift 2 ;;
    --) shift; break ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
build=${BUILD:-$root/build/bench-peers}
cmake -S "$root" -B "$build/core" -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build "$build/core" --parallel 2 --target stud_fast_c > /dev/null
lib=$(find "$build/core" -name 'libstud_fast.so' | head -n 1)

cxxflags=(-O3 -std=c++20 -w)
[ -n "$sk" ] && cxxflags+=(-DSF_WITH_SKPOKEREVAL -I"$sk/src")
if [ -n "$omp" ]; then
  cxxflags+=(-DSF_WITH_OMPEVAL -I"$omp")
  omp_sources=("$omp"/omp/HandEvaluator.cpp)
else
  omp_sources=()
fi
c++ "${cxxflags[@]}" -c "$root/bench/c/peers.cpp" -o "$build/peers.o"
objs=("$build/peers.o")
for src in "${omp_sources[@]}"; do
  c++ "${cxxflags[@]}" -c "$src" -o "$build/$(basename "$src" .cpp).o"
  objs+=("$build/$(basename "$src" .cpp).o")
done
cc -O3 -mpopcnt -std=c11 -Wall -Wextra -I"$root/csrc/include" -I"$root/csrc/src" \
   -c "$root/bench/c/bench_peers.c" -o "$build/bench_peers.o"
c++ "$build/bench_peers.o" "${objs[@]}" "$lib" -Wl,-rpath,"$(dirname "$lib")" -pthread \
    -o "$build/bench_peers"
exec "$build/bench_peers" "$@"
