#!/usr/bin/env bash
# Builds the C interface (the GestureArbiterC library product) and proves it from C and Python:
#
# 1. Tests/CInterface/test_c_interface.c, compiled with the toolchain's clang against
#    Sources/CGestureArbiter/include/gesture_arbiter.h and the built libGestureArbiterC.so (with
#    an rpath), builds the double-tap demo, a pan in a scroll view, controls and a list of
#    buttons in a C scroll view through the C interface and checks their timelines line by line;
#    also error codes, delegate callbacks and the scroll views' callbacks.
# 2. Tests/CInterface/fuzz_c_interface.c drives the C interface with seeded random calls (stale
#    handles, nulls, wrong ids and enums, destroys and calls from inside callbacks): no crash,
#    every result as the header says. GA_FUZZ_SEED (default 1) and GA_FUZZ_ITERATIONS (default
#    20000) choose the run; it prints them first.
# 3. The same fuzz under AddressSanitizer and UndefinedBehaviorSanitizer (and LeakSanitizer),
#    against the library built with `--sanitize=address` into .build-asan (the scratch path of
#    Scripts/test-asan.sh, so after it this build is incremental). C_INTERFACE_ASAN=0 skips it.
# 4. The C test under ThreadSanitizer, against the library built with `--sanitize=thread` into
#    .build-tsan (its threads play environments at once). C_INTERFACE_TSAN=0 skips it.
# 5. Examples/python/double_tap.py loads the library with ctypes and checks its timeline.
#
# Usage: Scripts/test-c-interface.sh      Exit status: 0 when everything passed.
set -euo pipefail
cd "$(dirname "$0")/.."

include=Sources/CGestureArbiter/include
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cflags=(-std=gnu11 -Wall -Wextra -Werror -I "$include")
# The gold linker warns about every ASan assembly stub it cannot export; those lines say nothing
# about this package.
quiet() { grep -v "warning: Cannot export local symbol '__asan_" || true; }

swift build --product GestureArbiterC
lib=$(swift build --show-bin-path)
[ -f "$lib/libGestureArbiterC.so" ] || { echo "no $lib/libGestureArbiterC.so after the build"; exit 1; }

echo "== The header compiles as C99 and as C++ (pedantic, warnings as errors)"
echo '#include "gesture_arbiter.h"' | clang -x c -std=c99 -pedantic -Wall -Wextra -Werror -I "$include" -fsyntax-only -
echo '#include "gesture_arbiter.h"' | clang++ -x c++ -std=c++11 -pedantic -Wall -Wextra -Werror -I "$include" -fsyntax-only -

echo "== C test: the double tap and the pan in a scroll view through the C interface"
clang "${cflags[@]}" -pthread Tests/CInterface/test_c_interface.c -L "$lib" -lGestureArbiterC -Wl,-rpath,"$lib" -lm \
  -o "$out/test_c_interface"
"$out/test_c_interface"

echo "== C fuzz: random calls, stale handles, nulls, calls from callbacks"
clang "${cflags[@]}" Tests/CInterface/fuzz_c_interface.c -L "$lib" -lGestureArbiterC -Wl,-rpath,"$lib" -lm \
  -o "$out/fuzz_c_interface"
"$out/fuzz_c_interface"

if [ "${C_INTERFACE_ASAN:-1}" != 0 ]; then
  echo "== C fuzz and C test under AddressSanitizer, UndefinedBehaviorSanitizer and LeakSanitizer"
  set +e
  swift build --product GestureArbiterC --sanitize=address --scratch-path .build-asan 2>&1 | quiet
  status=${PIPESTATUS[0]}
  set -e
  [ "$status" -eq 0 ] || exit "$status"
  asan_lib=$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)
  for program in test_c_interface fuzz_c_interface; do
    clang "${cflags[@]}" -pthread -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
      "Tests/CInterface/$program.c" -L "$asan_lib" -lGestureArbiterC -Wl,-rpath,"$asan_lib" -lm \
      -o "$out/${program}_asan" 2>&1 | quiet
    ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 \
      LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0" \
      "$out/${program}_asan"
  done
fi

if [ "${C_INTERFACE_TSAN:-1}" != 0 ]; then
  echo "== C test under ThreadSanitizer (environments on four threads at once share the handle table)"
  swift build --product GestureArbiterC --sanitize=thread --scratch-path .build-tsan
  tsan_lib=$(swift build --sanitize=thread --scratch-path .build-tsan --show-bin-path)
  # The toolchain's TSan runtime intercepts libdispatch, so the program links the toolchain's
  # libdispatch and BlocksRuntime.
  runtime=$(swiftc -print-target-info | sed -n 's/^ *"runtimeResourcePath": "\(.*\)",*$/\1/p')/linux
  clang "${cflags[@]}" -pthread -g -fsanitize=thread Tests/CInterface/test_c_interface.c -L "$tsan_lib" -lGestureArbiterC \
    -L "$runtime" -ldispatch -lBlocksRuntime -Wl,-rpath,"$tsan_lib" -Wl,-rpath,"$runtime" -lm -o "$out/test_c_interface_tsan"
  TSAN_OPTIONS=halt_on_error=1 "$out/test_c_interface_tsan"
fi

echo "== Python (ctypes): the double tap"
python3 Examples/python/double_tap.py "$lib/libGestureArbiterC.so"
echo "test-c-interface.sh: the C interface passed its C test, its fuzz and the Python example"
