extension Array where Element == Touch {
    /// The mean of the touches' current window locations; the origin for no touch. Shared by the
    /// recognizers that measure their fingers' centroid (R85, R144, R151).
    var centroid: Point {
        var x = 0.0
        var y = 0.0
        for touch in self {
            x += touch.currentLocation.x
            y += touch.currentLocation.y
        }
        let count = Double(Swift.max(self.count, 1))
        return Point(x: x / count, y: y / count)
    }
}
