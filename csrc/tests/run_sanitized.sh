#!/usr/bin/env bash
# Build the C core and its tests with AddressSanitizer and UndefinedBehaviorSanitizer, and run
# them (the test program's --quick mode: the 5-card sets and the 32-card deck).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
cmake -S "$root" -B "$build" -DSTUD_FAST_BUILD_TESTS=ON -DSTUD_FAST_SANITIZE=ON \
      -DCMAKE_BUILD_TYPE=Debug > "$build/configure.log"
cmake --build "$build" --parallel 2 > "$build/build.log"
ctest --test-dir "$build" --output-on-failure
