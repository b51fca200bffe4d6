//! The paint of each side's figures and the trim round their bases: the
//! side's own colour, moved clear of the ground most of the board is, for
//! typical sight and for each common colour blindness. The table and the
//! HUD's swatches show the same paint.

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::battle::components::Board;
use crate::battle::state::BattleState;
use crate::data::Terrain;
use crate::vocabulary::ZoneCoord;

/// The least a side's paint may differ in lightness from the ground under it.
const GROUND_CONTRAST: f32 = 0.16;
/// Below this lightness a side's colour is a dark one (the Black Knight's).
const DARK_SIDE: f32 = 0.4;
/// The darkest a side's paint may be, so black figures still show in shade.
const DARKEST_PAINT: f32 = 0.34;
/// How far a side's paint is moved in lightness at a time, and how many
/// times at most, to be told apart from the ground with every sight.
const SIGHT_STEP: f32 = 0.03;
const SIGHT_STEPS: usize = 8;

/// A side's figure paint and the trim round its bases: the side's own
/// colour, made light enough to show in shade and moved clear of the
/// ground's lightness (a grass-green side on grass is lightened, a black one
/// stays dark but not lost in shade), and further still until it is told
/// apart from the ground with each common colour blindness (a red side on
/// grass is lightened: without red cones both look olive); the trim is near
/// white on dark paint and near black on light.
fn paints_on(side: (f32, f32, f32), ground_colour: (f32, f32, f32)) -> (Color, Color) {
    let ground = Oklaba::from(Srgba::rgb(
        ground_colour.0,
        ground_colour.1,
        ground_colour.2,
    ))
    .lightness;
    let mut paint = Oklaba::from(Srgba::rgb(side.0, side.1, side.2));
    // A dark side stays dark; any other is lightened, which shows in shade.
    let dark = paint.lightness < DARK_SIDE;
    paint.lightness = paint.lightness.max(DARKEST_PAINT);
    if (paint.lightness - ground).abs() < GROUND_CONTRAST {
        let darker = ground - GROUND_CONTRAST;
        paint.lightness = if dark && darker >= DARKEST_PAINT {
            darker
        } else {
            ground + GROUND_CONTRAST
        };
    }
    let away = if paint.lightness < ground { -1.0 } else { 1.0 };
    for _ in 0..SIGHT_STEPS {
        let seen = Srgba::from(paint);
        let rgb = (seen.red, seen.green, seen.blue);
        if crate::level::colour_sight::looks_alike(rgb, ground_colour).is_none() {
            break;
        }
        paint.lightness = (paint.lightness + away * SIGHT_STEP).clamp(DARKEST_PAINT, 0.95);
    }
    let trim = if paint.lightness < 0.62 {
        Color::srgb(0.94, 0.93, 0.88)
    } else {
        Color::srgb(0.08, 0.08, 0.08)
    };
    (Color::from(paint), trim)
}

/// The terrain most of the board is, which figures must stand out from.
fn most_common_ground(board: &Board) -> Option<Terrain> {
    let mut counts: BTreeMap<Terrain, usize> = BTreeMap::new();
    for x in 0..board.width {
        for y in 0..board.height {
            if let Some(kind) = board.terrain(ZoneCoord(x, y)) {
                *counts.entry(kind).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(_, n)| n)
        .map(|(kind, _)| kind)
}

/// The paint of a side's figures and the trim round their bases, against
/// the ground most of the board is (see [`paints_on`]). The HUD's swatches
/// show the same paint.
pub fn side_paints(table: &BattleState, side: usize) -> (Color, Color) {
    let colour = table
        .battle()
        .sides
        .get(side)
        .map_or((0.5, 0.5, 0.5), |s| s.colour);
    let ground = most_common_ground(table.board())
        .and_then(|kind| table.ruleset().terrain.terrain.get(&kind))
        .map_or((0.3, 0.48, 0.18), |info| info.colour);
    paints_on(colour, ground)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRASS: (f32, f32, f32) = (0.30, 0.48, 0.18);

    fn lightness(colour: Color) -> f32 {
        Oklaba::from(colour).lightness
    }

    #[test]
    fn a_side_painted_like_the_ground_stands_clear_of_it_and_a_black_one_still_shows() {
        let grass = lightness(Color::srgb(GRASS.0, GRASS.1, GRASS.2));
        for side in [(0.20, 0.45, 0.25), (0.15, 0.15, 0.15), (0.85, 0.65, 0.15)] {
            let (paint, trim) = paints_on(side, GRASS);
            let (paint, trim) = (lightness(paint), lightness(trim));
            assert!((paint - grass).abs() >= GROUND_CONTRAST - 1e-4, "{side:?}");
            assert!(paint >= DARKEST_PAINT - 1e-4, "{side:?}");
            assert!((paint - trim).abs() > 0.4, "{side:?}: the trim contrasts");
        }
        // The black side stays darker than the grass, the green one lighter.
        assert!(lightness(paints_on((0.15, 0.15, 0.15), GRASS).0) < grass);
        assert!(lightness(paints_on((0.20, 0.45, 0.25), GRASS).0) > grass);
    }

    #[test]
    fn a_red_side_on_grass_is_told_apart_from_the_grass_with_every_sight() {
        let red = (0.75, 0.15, 0.12);
        let (paint, _) = paints_on(red, GRASS);
        let seen = Srgba::from(paint);
        let rgb = (seen.red, seen.green, seen.blue);
        assert_eq!(crate::level::colour_sight::looks_alike(rgb, GRASS), None);
        // Still red: lightened, not recoloured.
        assert!(
            seen.red > seen.green + 0.2 && seen.red > seen.blue + 0.2,
            "{seen:?}"
        );
    }
}
