//! Whether two sides' colours are told apart by every player: each colour
//! is seen as a player with typical sight and with each common colour
//! blindness would see it (Machado, Oliveira and Fernandes' 2009 model at
//! full severity, in linear RGB), and the two are compared by their CIE76
//! difference in Lab, where about 2 is the least anyone notices and 30 is
//! plainly another colour.

/// A way of seeing colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sight {
    Typical,
    Protanopia,
    Deuteranopia,
    Tritanopia,
}

impl Sight {
    pub const ALL: [Sight; 4] = [
        Sight::Typical,
        Sight::Protanopia,
        Sight::Deuteranopia,
        Sight::Tritanopia,
    ];

    /// In a player's words.
    pub fn describe(self) -> &'static str {
        match self {
            Sight::Typical => "typical sight",
            Sight::Protanopia => "protanopia (no red cones)",
            Sight::Deuteranopia => "deuteranopia (no green cones)",
            Sight::Tritanopia => "tritanopia (no blue cones)",
        }
    }

    /// One word for it, for file names.
    pub fn word(self) -> &'static str {
        match self {
            Sight::Typical => "typical",
            Sight::Protanopia => "protanopia",
            Sight::Deuteranopia => "deuteranopia",
            Sight::Tritanopia => "tritanopia",
        }
    }

    fn matrix(self) -> [[f32; 3]; 3] {
        match self {
            Sight::Typical => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            Sight::Protanopia => [
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ],
            Sight::Deuteranopia => [
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ],
            Sight::Tritanopia => [
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ],
        }
    }
}

/// The least difference (CIE76) two sides' colours keep under every sight.
pub const LEAST_DIFFERENCE: f32 = 30.0;

/// The first sight under which two sRGB colours differ by less than
/// [`LEAST_DIFFERENCE`], with their difference there.
pub fn looks_alike(a: (f32, f32, f32), b: (f32, f32, f32)) -> Option<(Sight, f32)> {
    Sight::ALL.into_iter().find_map(|sight| {
        let difference = distance(lab(seen(a, sight)), lab(seen(b, sight)));
        (difference < LEAST_DIFFERENCE).then_some((sight, difference))
    })
}

/// An sRGB pixel as `sight` sees it, in sRGB: for pictures of the table
/// as each player sees it.
pub fn as_seen(pixel: [u8; 3], sight: Sight) -> [u8; 3] {
    let seen = seen(pixel.map(|c| f32::from(c) / 255.0).into(), sight);
    seen.map(|c| {
        let encoded = if c <= 0.003_130_8 {
            c * 12.92
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        (encoded * 255.0).round() as u8
    })
}

/// A colour in linear RGB as `sight` sees it.
fn seen((r, g, b): (f32, f32, f32), sight: Sight) -> [f32; 3] {
    let linear = [r, g, b].map(to_linear);
    sight
        .matrix()
        .map(|row| (row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2]).clamp(0.0, 1.0))
}

fn to_linear(c: f32) -> f32 {
    if c <= 0.040_45 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// CIE Lab of a linear RGB colour (D65).
fn lab([r, g, b]: [f32; 3]) -> [f32; 3] {
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
    let f = |t: f32| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typical_sight_sees_a_pixel_as_it_is_and_protanopia_sees_red_as_olive() {
        assert_eq!(as_seen([200, 40, 30], Sight::Typical), [200, 40, 30]);
        let [r, g, b] = as_seen([200, 40, 30], Sight::Protanopia);
        assert!(g > 60 && b < 60 && r.abs_diff(g) < 40, "{r} {g} {b}");
    }

    #[test]
    fn blue_against_purple_looks_alike_without_red_cones_and_against_rust_does_not() {
        let patrol = (0.15, 0.35, 0.80);
        let (sight, difference) = looks_alike(patrol, (0.55, 0.20, 0.60)).expect("alike");
        assert_eq!(sight, Sight::Protanopia);
        assert!((18.0..20.0).contains(&difference), "{difference}");
        assert_eq!(looks_alike(patrol, (0.75, 0.35, 0.15)), None);
    }

    #[test]
    fn blue_and_red_are_told_apart_under_every_sight() {
        assert_eq!(looks_alike((0.20, 0.40, 0.85), (0.80, 0.25, 0.15)), None);
        let (sight, _) = looks_alike((0.8, 0.2, 0.1), (0.8, 0.2, 0.1)).expect("the same");
        assert_eq!(sight, Sight::Typical);
    }
}
