//! Where things stand on the table in world inches: a zone's centre on its
//! ground, the board's extent, and the scale figures are drawn at.

use bevy::prelude::*;

use crate::battle::components::Board;
use crate::data::Terrain;
use crate::vocabulary::ZoneCoord;

/// How high a zone's ground stands, in inches.
pub(crate) fn ground_height(terrain: Option<Terrain>) -> f32 {
    match terrain {
        Some(Terrain::Hill) => 1.2,
        Some(Terrain::Water) => -0.25,
        _ => 0.0,
    }
}

/// The board's width and depth in inches.
pub(crate) fn board_extent(board: &Board) -> Vec2 {
    let size = f32::from(board.tile_size);
    Vec2::new(f32::from(board.width), f32::from(board.height)) * size
}

/// The zone under a point of the table, if the point is over the board.
pub(crate) fn zone_at(board: &Board, point: Vec3) -> Option<ZoneCoord> {
    let size = f32::from(board.tile_size).max(1.0);
    let (x, z) = ((point.x / size).floor(), (point.z / size).floor());
    let inside =
        (0.0..f32::from(board.width)).contains(&x) && (0.0..f32::from(board.height)).contains(&z);
    inside.then_some(ZoneCoord(x as u16, z as u16))
}

/// The centre of a zone in world inches, on its ground.
pub(crate) fn zone_centre(board: &Board, zone: ZoneCoord) -> Vec3 {
    let size = f32::from(board.tile_size);
    Vec3::new(
        (f32::from(zone.0) + 0.5) * size,
        ground_height(board.terrain(zone)),
        (f32::from(zone.1) + 0.5) * size,
    )
}
