/// Scenarios that ship with the tool.
public enum BuiltInScenarios {
    /// The demo that `gesture-trace` replays with no file: a single tap that requires a double
    /// tap to fail, and four fast taps. Only the double tap fires, twice: the single tap is held
    /// after each odd tap (R54), sees no second touch (R60, R24), and fails when the double tap
    /// recognizes (R55); the view's second began is withheld behind the double tap's hold on the
    /// first touch's end (R63) and both touches are cancelled or discarded (R67).
    public static let singleRequiresDoubleFourFastTaps = """
        {
          "name": "single tap requires double tap, four fast taps",
          "rules": ["R24", "R51", "R54", "R55", "R60", "R63", "R67", "R83"],
          "window": { "width": 400, "height": 800 },
          "views": [
            { "id": "R", "parent": "window", "frame": [0, 0, 400, 800], "handlesTouches": false },
            { "id": "V", "parent": "R", "frame": [50, 50, 100, 100] }
          ],
          "gestures": [
            { "id": "S", "type": "tap", "view": "V", "requireToFail": ["D"] },
            { "id": "D", "type": "tap", "view": "V", "taps": 2 }
          ],
          "input": [
            { "t": 0.000, "touches": [ { "id": 1, "phase": "began", "x": 100, "y": 100 } ] },
            { "t": 0.050, "touches": [ { "id": 1, "phase": "ended", "x": 100, "y": 100 } ] },
            { "t": 0.150, "touches": [ { "id": 2, "phase": "began", "x": 101, "y": 100 } ] },
            { "t": 0.200, "touches": [ { "id": 2, "phase": "ended", "x": 101, "y": 100 } ] },
            { "t": 0.300, "touches": [ { "id": 3, "phase": "began", "x": 100, "y": 101 } ] },
            { "t": 0.350, "touches": [ { "id": 3, "phase": "ended", "x": 100, "y": 101 } ] },
            { "t": 0.450, "touches": [ { "id": 4, "phase": "began", "x": 101, "y": 101 } ] },
            { "t": 0.500, "touches": [ { "id": 4, "phase": "ended", "x": 101, "y": 101 } ] },
            { "t": 1.500, "idle": true }
          ],
          "order": "strict",
          "expect": [
            "0.000 touch 1 hit V",
            "0.000 view V began 1",
            "0.150 touch 2 hit V",
            "0.200 gesture S failed",
            "0.200 gesture D recognized",
            "0.200 view V cancelled 1",
            "0.300 touch 3 hit V",
            "0.300 view V began 3",
            "0.450 touch 4 hit V",
            "0.500 gesture S failed",
            "0.500 gesture D recognized",
            "0.500 view V cancelled 3"
          ]
        }
        """
}
