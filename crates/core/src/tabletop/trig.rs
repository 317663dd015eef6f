//! Angles computed with IEEE basic operations and `sqrt` only, so that the
//! answers are bit-for-bit the same on every platform (the standard
//! library's `sin`, `acos` and `atan2` call the platform's maths library,
//! which may differ in the last bit).

use std::f64::consts::{FRAC_PI_2, PI};

/// Arc tangent of `z` for `0 <= z <= 1`, in radians.
fn atan_unit(z: f64) -> f64 {
    // Halve the angle twice: atan(z) = 2 atan(z / (1 + sqrt(1 + z²))),
    // leaving |z| <= tan(pi/16) < 0.2, where eleven terms of the series
    // are exact to well below one ulp.
    let mut z = z;
    for _ in 0..2 {
        z /= 1.0 + (1.0 + z * z).sqrt();
    }
    let z2 = z * z;
    let mut sum = 0.0;
    for k in (0..11).rev() {
        let term = 1.0 / (2 * k + 1) as f64;
        sum = if k % 2 == 0 { term } else { -term } + z2 * sum;
    }
    4.0 * z * sum
}

/// The angle of the vector (x, y) from the x axis, in (-pi, pi]; 0 for (0, 0).
pub fn atan2(y: f64, x: f64) -> f64 {
    if x == 0.0 && y == 0.0 {
        return 0.0;
    }
    let (ax, ay) = (x.abs(), y.abs());
    let a = if ay <= ax {
        atan_unit(ay / ax)
    } else {
        FRAC_PI_2 - atan_unit(ax / ay)
    };
    let a = if x < 0.0 { PI - a } else { a };
    if y < 0.0 { -a } else { a }
}

/// Arc cosine in radians, `x` clamped to [-1, 1].
pub fn acos(x: f64) -> f64 {
    let x = x.clamp(-1.0, 1.0);
    atan2(((1.0 - x) * (1.0 + x)).sqrt(), x)
}

/// Sine and cosine of `x` radians for |x| <= pi/4 (Taylor series).
fn sin_cos_small(x: f64) -> (f64, f64) {
    let x2 = x * x;
    let (mut s, mut c) = (0.0, 0.0);
    // sin: x - x³/3! + ... up to x^17; cos: 1 - x²/2! + ... up to x^18.
    for k in (0..9).rev() {
        let sf = fact(2 * k + 1);
        let cf = fact(2 * k);
        let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
        s = sign / sf + x2 * s;
        c = sign / cf + x2 * c;
    }
    (x * s, c)
}

fn fact(n: u32) -> f64 {
    (1..=n).fold(1.0, |a, k| a * k as f64)
}

/// Sine and cosine of an angle in degrees. Multiples of 30 and 45 degrees
/// give the exact values (0, ½, √2/2, √3/2, 1). A non-finite angle counts
/// as 0.
pub fn sin_cos_deg(deg: f64) -> (f64, f64) {
    if !deg.is_finite() {
        return (0.0, 1.0);
    }
    let mut r = deg - 360.0 * (deg / 360.0).floor();
    if r >= 360.0 {
        r = 0.0;
    }
    let quadrant = (r / 90.0).floor() as u8 % 4;
    let rem = r - 90.0 * quadrant as f64;
    let half3 = 3f64.sqrt() / 2.0;
    let half2 = 0.5f64.sqrt();
    // (sin, cos) of rem, 0 <= rem < 90.
    let (s, c) = if rem == 0.0 {
        (0.0, 1.0)
    } else if rem == 30.0 {
        (0.5, half3)
    } else if rem == 45.0 {
        (half2, half2)
    } else if rem == 60.0 {
        (half3, 0.5)
    } else if rem <= 45.0 {
        sin_cos_small(rem * (PI / 180.0))
    } else {
        let (s, c) = sin_cos_small((90.0 - rem) * (PI / 180.0));
        (c, s)
    };
    match quadrant {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_standard_library() {
        for i in -400..=400 {
            for j in -400..=400 {
                if (i + j) % 7 != 0 {
                    continue;
                }
                let (y, x) = (i as f64 / 37.0, j as f64 / 53.0);
                let d = atan2(y, x) - y.atan2(x);
                assert!(d.abs() < 2e-15, "atan2({y}, {x}) off by {d}");
            }
        }
        for i in -1000..=1000 {
            let x = i as f64 / 1000.0;
            assert!((acos(x) - x.acos()).abs() < 4e-15, "acos({x})");
        }
        for i in -3000..=3000 {
            let deg = i as f64 * 0.37;
            let (s, c) = sin_cos_deg(deg);
            let rad = deg.to_radians();
            // The standard library's own conversion to radians loses about
            // an ulp of the angle, so allow for it.
            let tol = 2e-15 * (1.0 + rad.abs());
            assert!((s - rad.sin()).abs() < tol, "sin {deg}");
            assert!((c - rad.cos()).abs() < tol, "cos {deg}");
        }
    }

    #[test]
    fn exact_at_round_angles() {
        let h3 = 3f64.sqrt() / 2.0;
        assert_eq!(sin_cos_deg(0.0), (0.0, 1.0));
        assert_eq!(sin_cos_deg(90.0), (1.0, 0.0));
        assert_eq!(sin_cos_deg(180.0), (0.0, -1.0));
        assert_eq!(sin_cos_deg(270.0), (-1.0, 0.0));
        assert_eq!(sin_cos_deg(360.0), (0.0, 1.0));
        assert_eq!(sin_cos_deg(-90.0), (-1.0, 0.0));
        assert_eq!(sin_cos_deg(30.0), (0.5, h3));
        assert_eq!(sin_cos_deg(150.0), (0.5, -h3));
        assert_eq!(sin_cos_deg(330.0), (-0.5, h3));
        assert_eq!(sin_cos_deg(f64::NAN), (0.0, 1.0));
        assert_eq!(atan2(0.0, 0.0), 0.0);
        assert_eq!(atan2(0.0, -1.0), PI);
        assert_eq!(acos(2.0), 0.0);
        assert_eq!(acos(-1.0), PI);
    }
}
