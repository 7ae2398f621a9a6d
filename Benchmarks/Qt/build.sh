#!/usr/bin/env bash
# Builds Benchmarks/Qt/qt-scene (the standard scene in Qt Quick) into Benchmarks/Qt/.build/.
# Needs Qt 6 (Debian: apt-get install -y qt6-declarative-dev qt6-base-dev qt6-base-private-dev
# qml6-module-qtquick qml6-module-qtqml-workerscript pkg-config g++; Qt/prepare.sh, which
# Scripts/compare-cpu.sh and Scripts/instructions-qt.sh source, installs them when missing).
# g++ -O2, moc for the one QObject with slots.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p .build
moc="$(pkg-config --variable=libexecdir Qt6Core)/moc"
qtinc="$(pkg-config --variable=includedir Qt6Core)"
qtver="$(pkg-config --modversion Qt6Core)"  # private headers (qt6-base-private-dev): see qt-scene.cpp
"$moc" qt-scene.cpp -o .build/qt-scene.moc
g++ -O2 -std=c++17 -fPIC -I.build $(pkg-config --cflags Qt6Quick Qt6Qml Qt6Gui) -I"$qtinc/QtGui/$qtver" -I"$qtinc/QtGui/$qtver/QtGui" -I"$qtinc/QtCore/$qtver" -I"$qtinc/QtCore/$qtver/QtCore" qt-scene.cpp -o .build/qt-scene \
  $(pkg-config --libs Qt6Quick Qt6Qml Qt6Gui)
echo "built $(pwd)/.build/qt-scene"
