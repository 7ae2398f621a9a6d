/// The angle of the vector (`x`, `y`) from the positive x axis, in radians, in -pi...pi: the C
/// library's `atan2`, written with the standard library alone (the engine imports nothing).
/// (0, 0) gives 0; non-finite input gives 0 as well, never NaN.
///
/// Accurate to a few units in the last place: the argument is folded into 0...1, halved four
/// times with atan(t) = 2 atan(t / (1 + sqrt(1 + t^2))), and the Taylor series summed.
func arcTangent(_ y: Double, _ x: Double) -> Double {
    guard x.isFinite, y.isFinite, x != 0 || y != 0 else { return 0 }
    let ax = abs(x)
    let ay = abs(y)
    let swapped = ay > ax
    var t = swapped ? ax / ay : ay / ax
    // Four halvings bring t = tan(a) with a <= pi/4 below tan(pi/64) ~ 0.049.
    for _ in 0..<4 { t = t / (1 + (1 + t * t).squareRoot()) }
    let t2 = t * t
    var term = t
    var sum = 0.0
    var n = 1.0
    for _ in 0..<9 {
        sum += term / n
        term *= -t2
        n += 2
    }
    var angle = sum * 16
    if swapped { angle = Double.pi / 2 - angle }
    if x < 0 { angle = Double.pi - angle }
    return y < 0 ? -angle : angle
}
