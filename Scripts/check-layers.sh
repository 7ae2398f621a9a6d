#!/usr/bin/env bash
# Fails when a lower layer of the engine names a type of a higher one, naming each file, type
# and layer. The layers of Sources/GestureArbiter/, lowest first (docs/architecture.md):
#
#   0  Support                             generic helpers; name no engine type
#   1  Geometry, Time, Defaults            leaves: values, the clock, the constants
#   2  Touches, Responders, Recognizers,   UIKit's object model and what it reports: a touch
#      Tracing                             knows its view and recognizers, a view its
#                                          recognizers, a recognizer its view, a trace record
#                                          all of them, so these name one another
#   3  Arbitration                         the environment and its passes
#   4  Diagnostics                         the lint, which reads everything
#
# A file may name the types of its own layer and of lower ones. The one way up is the hooks: the
# model (layer 2) calls the environment through the internal methods that
# Arbitration/GestureEnvironment+Hooks.swift lists, so it may name `GestureEnvironment` and no
# other type of Arbitration.
#
# A type is "named" when its name appears as a word in code (comments and string literals do
# not count); the types of a layer are the top-level types its files declare. Before checking the
# repository, the script checks a planted offender in a scratch tree, so that a check that cannot
# fail fails. Usage: Scripts/check-layers.sh
set -euo pipefail
cd "$(dirname "$0")/.."

check() {
  python3 - "$1" <<'EOF'
import os, re, sys
root = os.path.join(sys.argv[1], "Sources", "GestureArbiter")
rank = {"Support": 0, "Geometry": 1, "Time": 1, "Defaults": 1, "Touches": 2, "Responders": 2,
        "Recognizers": 2, "Tracing": 2, "Arbitration": 3, "Diagnostics": 4}
hooks = {"GestureEnvironment"}  # what layer 2 may name of layer 3
declaration = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|open|final|indirect)\s+)*"
                         r"(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)", re.M)
def code_of(text):
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return "\n".join(line.split("//")[0] for line in text.split("\n"))
files, owner = {}, {}
for folder in sorted(os.listdir(root)):
    path = os.path.join(root, folder)
    if not os.path.isdir(path) or folder.endswith(".docc"):
        continue
    if folder not in rank:
        print(f"Sources/GestureArbiter/{folder}/: a folder with no layer (add it to Scripts/check-layers.sh)")
        sys.exit(1)
    for name in sorted(os.listdir(path)):
        if name.endswith(".swift"):
            text = open(os.path.join(path, name), encoding="utf-8").read()
            files[(folder, name)] = code_of(text)
            for match in declaration.finditer(text):
                owner.setdefault(match.group(1), folder)
for (folder, name), code in sorted(files.items()):
    for type_name, type_folder in sorted(owner.items()):
        if rank[type_folder] <= rank[folder]:
            continue
        if rank[folder] == 2 and rank[type_folder] == 3 and type_name in hooks:
            continue
        if re.search(r"\b" + type_name + r"\b", code):
            print(f"Sources/GestureArbiter/{folder}/{name}: names {type_name} ({type_folder}, a higher layer)")
EOF
}

# The planted offenders: Support naming a recognizer, Time naming the environment, and a
# recognizer naming a pass type must be reported; the hook, a comment and a string must not be.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/GestureArbiter"/{Support,Time,Recognizers,Arbitration}
cat >"$scratch/Sources/GestureArbiter/Recognizers/GestureRecognizer.swift" <<'EOF'
open class GestureRecognizer {
    var environment: GestureEnvironment?  // the hook: allowed
    var pass: PassState?
}
EOF
cat >"$scratch/Sources/GestureArbiter/Arbitration/GestureEnvironment.swift" <<'EOF'
public final class GestureEnvironment {}
struct PassState {}
EOF
cat >"$scratch/Sources/GestureArbiter/Support/Planted.swift" <<'EOF'
struct Planted {
    var recognizers: [GestureRecognizer] = []
    // GestureEnvironment in a comment is fine, and so is "PassState" in a string.
    let text = "PassState"
}
EOF
cat >"$scratch/Sources/GestureArbiter/Time/Clock.swift" <<'EOF'
final class Clock { weak var environment: GestureEnvironment? }
EOF
planted=$(check "$scratch" | sort)
expected="Sources/GestureArbiter/Recognizers/GestureRecognizer.swift: names PassState (Arbitration, a higher layer)
Sources/GestureArbiter/Support/Planted.swift: names GestureRecognizer (Recognizers, a higher layer)
Sources/GestureArbiter/Time/Clock.swift: names GestureEnvironment (Arbitration, a higher layer)"
if [ "$planted" != "$expected" ]; then
  echo "check-layers.sh: the planted offenders were not reported as expected."
  echo "Expected:"; echo "$expected"; echo "Got:"; echo "$planted"
  exit 2
fi

found=$(check . | sort)
if [ -n "$found" ]; then
  echo "A lower layer names a higher layer's type (see Scripts/check-layers.sh):"
  echo "$found"
  exit 1
fi
echo "check-layers.sh: no layer names a type of a higher one"
