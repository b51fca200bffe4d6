//! Where a battle opens: the view on the figures played at this table
//! that act first (all figures when nobody plays here), turned toward the
//! nearest foe, and seen from a player's own end of the board when the
//! other side is played at another machine.

use bevy::prelude::*;

use crate::battle::engine::Engine;
use crate::game::table::geometry::{board_extent, zone_centre};
use crate::game::table::orbit::TableCamera;
use crate::level::Controller;

/// Where the battle's opening view looks: the middle of the figures played
/// here (all figures when none is). At a shared table it opens on the side
/// that acts first; the sides played `elsewhere` are not played here.
pub(crate) fn opening_focus(engine: &Engine, elsewhere: &[usize]) -> Vec3 {
    let figures = opening_figures(engine, elsewhere);
    figures.iter().sum::<Vec3>() / figures.len().max(1) as f32
}

/// Whether a combatant is played by a person at this table (not by the AI,
/// nor at another machine: the sides `elsewhere`).
fn played_here(engine: &Engine, elsewhere: &[usize], unit: usize) -> bool {
    let table = engine.state();
    table.battle().controller_of(unit) == Some(Controller::Human)
        && !elsewhere.contains(&table.units()[unit].unit.side)
}

/// The side of the combatant acting now, when it is played at this table.
fn acting_side_here(engine: &Engine, elsewhere: &[usize]) -> Option<usize> {
    let table = engine.state();
    table
        .acting_unit()
        .filter(|&unit| played_here(engine, elsewhere, unit))
        .map(|unit| table.units()[unit].unit.side)
}

/// Where the figures a battle opens on stand: the player's here who act
/// first, or every figure when nobody plays here.
fn opening_figures(engine: &Engine, elsewhere: &[usize]) -> Vec<Vec3> {
    let table = engine.state();
    let human = |i: usize| played_here(engine, elsewhere, i);
    let first = acting_side_here(engine, elsewhere);
    let mine: Vec<usize> = (0..table.units().len())
        .filter(|&i| human(i) && first.is_none_or(|side| table.units()[i].unit.side == side))
        .collect();
    let watched: Vec<usize> = if mine.is_empty() {
        (0..table.units().len()).collect()
    } else {
        mine
    };
    watched
        .iter()
        .map(|&i| zone_centre(table.board(), table.units()[i].placement.zone))
        .collect()
}

/// The view a battle opens on, in a viewport `size` pixels. A player at
/// another machine's table sits at their own end of it: when the other
/// side faces theirs from the near end, the board is seen from the far end
/// instead, framed as the board turned half round would be from the near.
pub(crate) fn opening_view(engine: &Engine, size: Vec2, elsewhere: &[usize]) -> TableCamera {
    let extent = board_extent(engine.state().board());
    let tile = f32::from(engine.state().board().tile_size);
    let mine = opening_focus(engine, elsewhere);
    let turned = |at: Vec3| Vec3::new(extent.x - at.x, at.y, extent.y - at.z);
    let mut orbit = if from_the_far_end(engine, elsewhere, mine) {
        let mut orbit = TableCamera::opening(extent.x, extent.y, tile, size, turned(mine));
        orbit.focus = turned(orbit.focus);
        orbit.yaw = std::f32::consts::PI;
        orbit.home_yaw = orbit.yaw;
        orbit
    } else {
        TableCamera::opening(extent.x, extent.y, tile, size, mine)
    };
    if let Some(foe) = nearest_foe(engine, elsewhere, mine) {
        orbit.turn_toward(size, &opening_figures(engine, elsewhere), foe);
    }
    orbit
}

/// Where the enemy figure nearest the player's figures (at `mine`) stands:
/// of a side nobody plays at this table, or, with every side played here,
/// of another side than the one acting first.
fn nearest_foe(engine: &Engine, elsewhere: &[usize], mine: Vec3) -> Option<Vec3> {
    let table = engine.state();
    let here = |i: usize| played_here(engine, elsewhere, i);
    let acting_side = acting_side_here(engine, elsewhere);
    (0..table.units().len())
        .filter(|&i| match acting_side {
            Some(side) => table.units()[i].unit.side != side,
            None => !here(i),
        })
        .map(|i| zone_centre(table.board(), table.units()[i].placement.zone))
        .min_by(|a, b| a.distance(mine).total_cmp(&b.distance(mine)))
}

/// Whether the sides played `elsewhere` face the figures played here (at
/// `mine`) from the near end of the board.
fn from_the_far_end(engine: &Engine, elsewhere: &[usize], mine: Vec3) -> bool {
    let table = engine.state();
    let theirs: Vec<Vec3> = (0..table.units().len())
        .filter(|&i| elsewhere.contains(&table.units()[i].unit.side))
        .map(|i| zone_centre(table.board(), table.units()[i].placement.zone))
        .collect();
    if theirs.is_empty() {
        return false;
    }
    let toward_camera = mine - theirs.iter().sum::<Vec3>() / theirs.len() as f32;
    toward_camera.z < 0.0 && toward_camera.z.abs() > toward_camera.x.abs()
}
