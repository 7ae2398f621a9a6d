// qt-scene [events-per-stream] [runs] [stream ...]
//
// The standard scene of docs/performance.md ("The standard scene",
// Benchmarks/Sources/Scenes/StandardScene.swift) in Qt Quick, for comparison with the engine and
// its floor. Same CLI and output as `standard-scene`: one line per stream,
//   <stream> <events> <ns-per-event median> <min> <max>
// CPU time (CLOCK_PROCESS_CPUTIME_ID) over `runs` runs (default 7) on a warmed scene; streams
// tap, drag, double-tap (default: all), and open-tap, open-drag, open-double-tap (the same
// events with a leaf that declines the touch, so that the TapHandlers see it; see `expected`).
// The measured loop builds a QTouchEvent and its QEventPoint per event (as QGuiApplication does
// for each window-system event); the engine's harness restamps prebuilt events. With 0 runs it only builds and warms the scene (the
// baseline of Scripts/instructions-qt.sh). Run it with QT_QPA_PLATFORM=offscreen.
//
// The tree: a QQuickWindow 800 x 800 (never shown: delivery does not need it); in its content
// item a root QQuickItem (0, 0, 800, 800) plus 10 nested levels, each level the child on the
// touch's path first (bottom-most, (5, 5), 780 - 10 * depth square) and 4 decoys above it
// ((400 + 40 * i, 400), 30 x 30); the depth-10 leaf is a QQuickItem subclass that accepts touch
// events and counts its touchEvent() calls. The touch lands at (100, 100) on the leaf.
//
// The recognizers' counterparts are Qt Quick pointer handlers: a DragHandler (target: null, so
// it reports a translation and moves nothing, as the engine's pan does) on depth 2, a TapHandler
// on depth 5 whose doubleTapped() is counted, and a TapHandler on depth 8 whose tapped() is
// counted. The handlers' C++ classes (QQuickTapHandler, QQuickDragHandler) are private API, so
// they are created through the public QML route: a one-line QQmlComponent each
// ("import QtQuick; TapHandler {}"), appended to the item's `data` list with QQmlListReference
// (what QML does for a handler declared inside an Item). Their signals are connected by name
// (QMetaMethod) to the slots of a counter object; no JavaScript runs during delivery.
//
// Events are sent the most direct way: a QTouchEvent (TouchBegin / TouchUpdate / TouchEnd) with
// one QEventPoint from a QPointingDevice touchscreen, timestamp set with
// QInputEvent::setTimestamp (ms, sequences 2 s apart), delivered with
// QCoreApplication::sendEvent(window, &event). That enters QQuickWindow::event and the window's
// QQuickDeliveryAgent (pointer targets, handlers, grabs) without the window-system queue of
// QGuiApplication (QWindowSystemInterface is QPA API, not in the public headers).
// TWO PRIVATE CALLS, and why: (1) the public QEventPoint constructor sets the scene and global
// positions but not the window position, and Qt Quick 6.4's delivery agent takes the scene
// position from the window position (translateTouchEvent), so a public-only point lands at
// (0, 0); QMutableEventPoint::setPosition (an inline setter of QtGui/private/qeventpoint_p.h,
// what QGuiApplication itself calls) sets it. (2) After a TouchEnd the released point is removed
// from the device's active points (QPointingDevicePrivate::removePointById), as
// QGuiApplicationPrivate::processTouchEvent does after delivery; otherwise the next press with
// that id would find the last sequence's persistent point. And each point carries its touch's
// press position and press timestamp (inline setters of the same header), as QGuiApplication's
// points do; without them a tap is "held" since time 0 and every move is past the drag threshold. QTest::touchEvent would avoid both but
// stamps events with the wall clock (no way to set a timestamp), which breaks the 2 s spacing of
// sequences and so the double tap's counting. Both need qt6-base-private-dev (headers only).
// Touch compression is off (QML_NO_TOUCH_COMPRESSION=1, set below): otherwise Qt Quick holds a
// TouchUpdate back until the next frame, and as no frame is ever rendered here the 20 moves of a
// drag would reach the scene merged into one at the lift; with it off each move is delivered,
// as the engine delivers each.
//
// Streams, as the standard scene's: tap = down, up at 0, 50 ms; drag = down, 20 moves of 5 pt
// 16 ms apart, up (22 events); double tap = down, up, down, up at 0, 50, 150, 200 ms (the second
// touch a new point id). Each run checks the outcome per sequence (see `expected` below) and
// aborts if it is not what Qt's own semantics give: a benchmark that does nothing must fail.

#include <QGuiApplication>
#include <QMetaMethod>
#include <QPointingDevice>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQmlListReference>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTouchEvent>
#include <QtGui/private/qeventpoint_p.h>     // QMutableEventPoint::setPosition (see the header)
#include <QtGui/private/qpointingdevice_p.h> // QPointingDevicePrivate::removePointById

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <time.h>
#include <vector>

namespace {

long long cpuNanoseconds() {
    timespec spec;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec);
    return (long long)spec.tv_sec * 1000000000LL + spec.tv_nsec;
}

[[noreturn]] void fail(const std::string &message) {
    std::fprintf(stderr, "qt-scene: %s\n", message.c_str());
    std::exit(1);
}

}  // namespace

// What the scene observed.
struct Outcome {
    long taps = 0;             // tapped() of the depth-8 TapHandler
    long doubleTaps = 0;       // doubleTapped() of the depth-5 TapHandler
    long depth5Taps = 0;       // tapped() of the depth-5 TapHandler (Qt has no exclusion between them)
    long dragActivated = 0;    // DragHandler active false -> true
    long dragDeactivated = 0;  // DragHandler active true -> false
    long translations = 0;     // DragHandler translationChanged()
    long leafTouchEvents = 0;  // the leaf's touchEvent() calls
    long leafUngrabs = 0;      // the leaf's touchUngrabEvent() calls (its grab taken by a handler)

    bool operator==(const Outcome &o) const {
        return taps == o.taps && doubleTaps == o.doubleTaps && depth5Taps == o.depth5Taps &&
               dragActivated == o.dragActivated && dragDeactivated == o.dragDeactivated &&
               translations == o.translations && leafTouchEvents == o.leafTouchEvents && leafUngrabs == o.leafUngrabs;
    }
    Outcome operator*(long n) const {
        Outcome r = *this;
        r.taps *= n; r.doubleTaps *= n; r.depth5Taps *= n; r.dragActivated *= n; r.dragDeactivated *= n;
        r.translations *= n; r.leafTouchEvents *= n; r.leafUngrabs *= n;
        return r;
    }
    std::string describe() const {
        char buffer[300];
        std::snprintf(buffer, sizeof buffer,
                      "taps %ld, double taps %ld, depth-5 taps %ld, drag activated/deactivated %ld/%ld, "
                      "translation changes %ld, leaf touchEvent %ld, leaf ungrabs %ld",
                      taps, doubleTaps, depth5Taps, dragActivated, dragDeactivated, translations, leafTouchEvents, leafUngrabs);
        return buffer;
    }
};

// The leaf: accepts touch events and counts its callbacks (the leaf "handles its touches").
// With `grabs` false (the open-* streams) it counts the TouchBegin and declines it, so it is not
// the point's exclusive grabber and the ancestors' TapHandlers can take the point.
class CountingLeaf : public QQuickItem {
public:
    CountingLeaf(QQuickItem *parent, bool grabs) : QQuickItem(parent), grabs(grabs) { setAcceptTouchEvents(true); }
    const bool grabs;
    long touchEvents = 0;
    long ungrabs = 0;
protected:
    void touchEvent(QTouchEvent *event) override {
        ++touchEvents;
        if (grabs) event->accept(); else event->ignore();
    }
    void touchUngrabEvent() override { ++ungrabs; }
};

// Counters written by the handlers' signals.
class Counters : public QObject {
    Q_OBJECT
public:
    long taps = 0, doubleTaps = 0, depth5Taps = 0, dragActivated = 0, dragDeactivated = 0, translations = 0;
    QObject *drag = nullptr;
    QMetaProperty dragActive;
public slots:
    void onTap() { ++taps; }
    void onDoubleTap() { ++doubleTaps; }
    void onDepth5Tap() { ++depth5Taps; }
    void onDragActiveChanged() {
        if (dragActive.read(drag).toBool()) ++dragActivated; else ++dragDeactivated;
    }
    void onTranslationChanged() { ++translations; }
};

// Connects `sender`'s signal named `signalName` (whatever its arguments in this Qt version) to a
// slot of `receiver` that takes none.
static void connectByName(QObject *sender, const char *signalName, QObject *receiver, const char *slotSignature) {
    const QMetaObject *meta = sender->metaObject();
    for (int i = 0; i < meta->methodCount(); ++i) {
        QMetaMethod method = meta->method(i);
        if (method.methodType() == QMetaMethod::Signal && method.name() == signalName) {
            QMetaMethod slot = receiver->metaObject()->method(receiver->metaObject()->indexOfSlot(slotSignature));
            if (!QObject::connect(sender, method, receiver, slot)) fail(std::string("cannot connect ") + signalName);
            return;
        }
    }
    fail(std::string("no signal ") + signalName + " on " + meta->className());
}

enum class Stream { tap, drag, doubleTap };
static const char *streamName(Stream s) { return s == Stream::tap ? "tap" : s == Stream::drag ? "drag" : "double-tap"; }

// A stream as named on the command line: `tap`, `drag`, `double-tap` (the leaf grabs its touch),
// or `open-tap`, `open-drag`, `open-double-tap` (the same events; the leaf declines the touch).
struct Request {
    Stream stream;
    bool openLeaf;
    std::string name;
};

struct Input {
    int milliseconds;
    int id;
    QEventPoint::State state;
    double x;
};

static std::vector<Input> templateFor(Stream stream) {
    using S = QEventPoint::State;
    switch (stream) {
    case Stream::tap: return {{0, 1, S::Pressed, 100}, {50, 1, S::Released, 100}};
    case Stream::drag: {
        std::vector<Input> events{{0, 1, S::Pressed, 100}};
        for (int step = 1; step <= 20; ++step) events.push_back({step * 16, 1, S::Updated, 100.0 + step * 5});
        events.push_back({21 * 16, 1, S::Released, 200});
        return events;
    }
    case Stream::doubleTap:
        return {{0, 1, S::Pressed, 100}, {50, 1, S::Released, 100}, {150, 2, S::Pressed, 100}, {200, 2, S::Released, 100}};
    }
    return {};
}

// What one sequence gives with Qt Quick 6.4's semantics (observed, then fixed here; the same
// for every sequence of a run). Delivery of a press goes through the pointer targets from the
// innermost (the leaf) out, each item's handlers then the item itself, so the leaf that accepts
// the TouchBegin becomes the point's exclusive grabber before its ancestors' handlers see it.
// A TapHandler (a single-point handler) does not choose a point that has an exclusive grabber;
// the DragHandler (multi-point) takes a passive grab anyway and, past the drag threshold
// (startDragDistance, 10: the 3rd move, 15 pt), takes the exclusive grab from the leaf.
// - tap: no tap at depth 8 or 5; the leaf gets TouchBegin and TouchEnd, and an ungrab at the
//   lift (the delivery agent drops a released point's grab). UIKit: the tap recognizes and
//   cancels the leaf's touch.
// - drag: the DragHandler activates at the 3rd move, its translation changes on moves 4-20 (17)
//   and it deactivates at the lift; the leaf gets TouchBegin and moves 1-3 (4 calls) and one
//   ungrab when the grab is taken. UIKit: the pan begins at the 2nd move, changes 18 times, and
//   the leaf gets began, moved, cancelled.
// - double tap: as two taps: no tap, no double tap; the leaf gets 4 calls and 2 ungrabs.
// With the open leaf (open-*; the leaf declines the TouchBegin, so it gets that one call per
// touch and nothing else) the handlers see the points:
// - open-tap: a tap at depth 8 and a tap at depth 5 (both passive grabbers, nothing excludes).
// - open-drag: as drag (activation at the 3rd move, 17 translation changes); no tap.
// - open-double-tap: two taps at depth 8 (no exclusion by the double tap, unlike UIKit), two at
//   depth 5, the second of them its doubleTapped().
static Outcome expected(Stream stream, bool openLeaf) {
    Outcome o;
    switch (stream) {
    case Stream::tap:
        if (openLeaf) { o.taps = 1; o.depth5Taps = 1; o.leafTouchEvents = 1; }
        else { o.leafTouchEvents = 2; o.leafUngrabs = 1; }
        break;
    case Stream::drag:
        o.dragActivated = 1; o.dragDeactivated = 1; o.translations = 17;
        if (openLeaf) { o.leafTouchEvents = 1; }
        else { o.leafTouchEvents = 4; o.leafUngrabs = 1; }
        break;
    case Stream::doubleTap:
        if (openLeaf) { o.taps = 2; o.doubleTaps = 1; o.depth5Taps = 2; o.leafTouchEvents = 2; }
        else { o.leafTouchEvents = 4; o.leafUngrabs = 2; }
        break;
    }
    return o;
}

class Scene {
public:
    explicit Scene(bool openLeaf) : openLeaf(openLeaf), device("qt-scene touchscreen", 4242, QInputDevice::DeviceType::TouchScreen, QPointingDevice::PointerType::Finger,
                     QInputDevice::Capability::Position, 10, 0) {
        window.resize(800, 800);
        QQuickItem *root = new QQuickItem(window.contentItem());
        root->setPosition(QPointF(0, 0));
        root->setSize(QSizeF(800, 800));
        std::vector<QQuickItem *> path{root};
        QQuickItem *parent = root;
        for (int depth = 1; depth <= 10; ++depth) {
            double size = 780.0 - depth * 10;
            QQuickItem *child = depth == 10 ? (leaf = new CountingLeaf(parent, !openLeaf)) : new QQuickItem(parent);
            child->setPosition(QPointF(5, 5));
            child->setSize(QSizeF(size, size));
            for (int decoy = 0; decoy < 4; ++decoy) {
                QQuickItem *item = new QQuickItem(parent);  // added after the path child: above it
                item->setPosition(QPointF(400 + decoy * 40, 400));
                item->setSize(QSizeF(30, 30));
            }
            path.push_back(child);
            parent = child;
        }
        QObject *drag = handler("DragHandler { target: null }", path[2]);
        counters.drag = drag;
        counters.dragActive = drag->metaObject()->property(drag->metaObject()->indexOfProperty("active"));
        connectByName(drag, "activeChanged", &counters, "onDragActiveChanged()");
        connectByName(drag, "translationChanged", &counters, "onTranslationChanged()");
        QObject *doubleTap = handler("TapHandler {}", path[5]);
        connectByName(doubleTap, "doubleTapped", &counters, "onDoubleTap()");
        connectByName(doubleTap, "tapped", &counters, "onDepth5Tap()");
        QObject *tap = handler("TapHandler {}", path[8]);
        connectByName(tap, "tapped", &counters, "onTap()");
    }

    // Sends `count` sequences of `stream`, 2 s apart.
    void run(Stream stream, long count) {
        const std::vector<Input> &events = templates[int(stream)];
        QPointingDevicePrivate *devicePrivate = QPointingDevicePrivate::get(&device);
        for (long sequence = 0; sequence < count; ++sequence) {
            for (const Input &input : events) {
                QEvent::Type type = input.state == QEventPoint::State::Pressed ? QEvent::TouchBegin
                    : input.state == QEventPoint::State::Released ? QEvent::TouchEnd : QEvent::TouchUpdate;
                QPointF position(input.x, 100);  // window = scene = global: the window is at (0, 0)
                if (input.state == QEventPoint::State::Pressed) pressTime[input.id & 3] = nextStart + (quint64)input.milliseconds;
                QEventPoint point(input.id, input.state, position, position);
                QMutableEventPoint::setPosition(point, position);
                // What QGuiApplication keeps for a touch and copies into each of its points: where
                // and when it was pressed (TapHandler's time held and both handlers' drag threshold
                // are measured from them).
                QMutableEventPoint::setGlobalPressPosition(point, QPointF(100, 100));
                QMutableEventPoint::setPressTimestamp(point, pressTime[input.id & 3]);
                QTouchEvent event(type, &device, Qt::NoModifier, QList<QEventPoint>{point});
                event.setTimestamp(nextStart + (quint64)input.milliseconds);
                QCoreApplication::sendEvent(&window, &event);
                if (type == QEvent::TouchEnd) devicePrivate->removePointById(input.id);
            }
            nextStart += 2000;
        }
    }

    void resetCounters() {
        counters.taps = counters.doubleTaps = counters.depth5Taps = 0;
        counters.dragActivated = counters.dragDeactivated = counters.translations = 0;
        leaf->touchEvents = leaf->ungrabs = 0;
    }

    Outcome outcome() const {
        Outcome o;
        o.taps = counters.taps; o.doubleTaps = counters.doubleTaps; o.depth5Taps = counters.depth5Taps;
        o.dragActivated = counters.dragActivated; o.dragDeactivated = counters.dragDeactivated;
        o.translations = counters.translations; o.leafTouchEvents = leaf->touchEvents; o.leafUngrabs = leaf->ungrabs;
        return o;
    }

    void check(Stream stream, long sequences) const {
        Outcome want = expected(stream, openLeaf) * sequences;
        Outcome got = outcome();
        if (!(got == want))
            fail(std::string(openLeaf ? "open-" : "") + streamName(stream) + ": observed " + got.describe() + "; Qt's semantics give " + want.describe());
    }

private:
    QObject *handler(const char *qml, QQuickItem *parent) {
        QQmlComponent component(&engine);
        component.setData(QByteArray("import QtQuick\n") + qml, QUrl::fromLocalFile(QStringLiteral("/qt-scene/handler.qml")));
        QObject *object = component.create();
        if (!object) fail("cannot create " + std::string(qml) + ": " + component.errorString().toStdString());
        QQmlListReference data(parent, "data");
        if (!data.append(object)) fail("cannot add a handler to an item's data");
        if (object->parent() != parent) fail("the handler's parent is not its item");
        return object;
    }

    const bool openLeaf;
    QQmlEngine engine;
    QQuickWindow window;
    QPointingDevice device;
    CountingLeaf *leaf = nullptr;
    Counters counters;
    std::vector<Input> templates[3] = {templateFor(Stream::tap), templateFor(Stream::drag), templateFor(Stream::doubleTap)};
    quint64 nextStart = 1000;
    quint64 pressTime[4] = {0, 0, 0, 0};  // by touch id
};

int main(int argc, char **argv) {
    // Each move delivered, not merged until a frame that never comes (see the header).
    qputenv("QML_NO_TOUCH_COMPRESSION", "1");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");

    std::vector<long> numbers;
    std::vector<Request> streams;
    for (int i = 1; i < argc; ++i) {
        std::string name = argv[i];
        bool open = name.rfind("open-", 0) == 0;
        std::string base = open ? name.substr(5) : name;
        if (base == "tap") streams.push_back({Stream::tap, open, name});
        else if (base == "drag") streams.push_back({Stream::drag, open, name});
        else if (base == "double-tap") streams.push_back({Stream::doubleTap, open, name});
        else {
            char *end = nullptr;
            long value = std::strtol(argv[i], &end, 10);
            if (!end || *end || open)
                fail("unknown argument " + name + " (usage: qt-scene [events] [runs] [[open-]tap|[open-]drag|[open-]double-tap ...])");
            numbers.push_back(value);
        }
    }
    long requestedEvents = numbers.size() > 0 ? numbers[0] : 200000;
    long runs = numbers.size() > 1 ? numbers[1] : 7;
    if (streams.empty()) streams = {{Stream::tap, false, "tap"}, {Stream::drag, false, "drag"}, {Stream::doubleTap, false, "double-tap"}};

    int fakeArgc = 1;
    QGuiApplication app(fakeArgc, argv);

    if (runs > 0) std::printf("# stream events ns-per-event-median min max (CPU time, %ld runs, Qt %s)\n", runs, qVersion());
    for (const Request &request : streams) {
        Stream stream = request.stream;
        Scene scene(request.openLeaf);
        long perSequence = (long)templateFor(stream).size();
        long sequences = std::max(1L, requestedEvents / perSequence);
        long warmUp = std::min(sequences, 1000L);
        scene.resetCounters();
        scene.run(stream, warmUp);
        scene.check(stream, warmUp);
        std::vector<double> samples;
        for (long run = 0; run < runs; ++run) {
            scene.resetCounters();
            long long start = cpuNanoseconds();
            scene.run(stream, sequences);
            long long elapsed = cpuNanoseconds() - start;
            scene.check(stream, sequences);
            samples.push_back(double(elapsed) / double(sequences * perSequence));
        }
        if (samples.empty()) continue;
        std::sort(samples.begin(), samples.end());
        std::printf("%s %ld %lld %lld %lld\n", request.name.c_str(), sequences * perSequence, std::llround(samples[samples.size() / 2]),
                    std::llround(samples.front()), std::llround(samples.back()));
        std::fflush(stdout);
    }
    return 0;
}

#include "qt-scene.moc"
