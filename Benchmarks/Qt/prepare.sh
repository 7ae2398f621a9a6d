# Sourced by Scripts/compare-cpu.sh and Scripts/instructions-qt.sh, from Benchmarks/: installs the
# Debian packages qt-scene needs when one is missing (apt-get; root on Debian or Ubuntu), builds
# Qt/.build/qt-scene (Qt/build.sh) and sets what it runs with: the offscreen platform and, when
# none is set, a private XDG_RUNTIME_DIR (Qt warns without one). Sets `qt_scene` to the binary.
qt_packages=(qt6-declarative-dev qt6-base-dev qt6-base-private-dev qml6-module-qtquick qml6-module-qtqml-workerscript pkg-config g++)
qt_missing=()
for package in "${qt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || qt_missing+=("$package")
done
if ((${#qt_missing[@]})); then
  echo "# installing ${qt_missing[*]} (apt-get)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${qt_missing[@]}" >/tmp/qt-scene-apt.log 2>&1 \
    || { cat /tmp/qt-scene-apt.log >&2; exit 1; }
fi
Qt/build.sh >/tmp/qt-scene-build.log 2>&1 || { cat /tmp/qt-scene-build.log >&2; exit 1; }
qt_scene="Qt/.build/qt-scene"
export QT_QPA_PLATFORM=offscreen
if [[ -z "${XDG_RUNTIME_DIR:-}" ]]; then
  XDG_RUNTIME_DIR="$(mktemp -d "${TMPDIR:-/tmp}/qt-scene-xdg.XXXXXX")"
  chmod 700 "$XDG_RUNTIME_DIR"
  export XDG_RUNTIME_DIR
fi
