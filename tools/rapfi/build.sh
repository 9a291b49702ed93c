#!/usr/bin/env bash
# Builds Rapfi (github dhbloo/rapfi, GPL-3) from a source folder you name, as a
# sparring partner for the arena (--b brain:PATH). Rapfi is not part of
# piskrs: it stays out of the repository and out of CI.
#
#   tools/rapfi/build.sh SOURCE [BUILD]
#
# SOURCE is a checkout of the rapfi repository (the folder holding Rapfi/) or
# its Rapfi/ folder itself (the one with CMakeLists.txt). BUILD is where the
# build goes (default: SOURCE/Rapfi/build-piskrs). The engine comes out as
# BUILD/pbrain-rapfi and the script prints its path last.
#
# Only Rapfi's own code is built: no network weights are needed, the brain
# plays with its built-in classical evaluation (internalConfig.cpp). The
# optional command modules (tuning, dataset tools) are left out.
#
# It runs niced and single-job by default (a small machine may be running
# other work): JOBS=N sets the parallel jobs, NICE=N the niceness. Needs cmake
# and a C++17 compiler (Debian: apt-get install cmake g++).
set -euo pipefail

if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
    sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi

source_dir=$1
if [ -f "$source_dir/Rapfi/CMakeLists.txt" ]; then
    source_dir=$source_dir/Rapfi
elif [ ! -f "$source_dir/CMakeLists.txt" ]; then
    echo "build.sh: $1 holds neither Rapfi/CMakeLists.txt nor CMakeLists.txt" >&2
    exit 2
fi
source_dir=$(cd "$source_dir" && pwd)
build_dir=${2:-$source_dir/build-piskrs}
jobs=${JOBS:-1}
niceness=${NICE:-19}

command -v cmake >/dev/null || { echo "build.sh: cmake not found (apt-get install cmake)" >&2; exit 1; }

nice -n "$niceness" cmake -S "$source_dir" -B "$build_dir" \
    -DCMAKE_BUILD_TYPE=Release \
    -DNO_COMMAND_MODULES=ON
nice -n "$niceness" cmake --build "$build_dir" --parallel "$jobs"

engine=$build_dir/pbrain-rapfi
[ -x "$engine" ] || { echo "build.sh: no $engine after the build" >&2; exit 1; }
echo "$engine"
