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

extension ReferenceList where Element == Touch {
    /// ``Array/centroid`` for a list of touches (the tap's unowned fingers down), each read
    /// lent; the origin for no touch.
    var centroid: Point {
        // One finger (most taps): the sum below of one location (from zero, so -0 reads +0 as
        // there), divided by one.
        if count == 1 {
            let location = self[0].withUnsafeUnretained { $0.currentLocation }
            return Point(x: 0.0 + location.x, y: 0.0 + location.y)
        }
        var x = 0.0
        var y = 0.0
        for index in 0..<count {
            self[index].withUnsafeUnretained { touch in
                x += touch.currentLocation.x
                y += touch.currentLocation.y
            }
        }
        let count = Double(Swift.max(self.count, 1))
        return Point(x: x / count, y: y / count)
    }
}
