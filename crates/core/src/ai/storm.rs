//! Storming a zone behind a defended edge: how a side that must take such
//! a zone approaches it. An attacker who crosses a defended edge into a
//! zone its enemies hold is held at the edge, two to a defender, and
//! strikes under the edge's cover; a crossing nobody stands behind, and a
//! step in from beside, cost nothing of the kind. Without this the bandits
//! of the Farmstead Wall made for the nearest defender along the whole
//! wall and climbed at it a few at a time (docs/AI.md).

use crate::battle::state::BattleState;
use crate::vocabulary::ZoneCoord;

/// What each zone of the way to a zone to take is worth to the side that
/// must take it, as much as a zone nearer the enemy to a side that must
/// close in.
const STORM_STEP: f64 = 0.8;

/// How many zones more a step across a defended edge into a zone its
/// enemies hold counts for.
const HELD_CROSSING: u16 = 2;

/// The worth to `side` of a step from `from` to `to` on its way to `zone`,
/// a zone it must take: the zones of the way it saves. Nothing unless a
/// defended edge borders the zone.
pub(super) fn storm_step(
    table: &BattleState,
    side: usize,
    from: ZoneCoord,
    to: ZoneCoord,
    zone: ZoneCoord,
) -> f64 {
    if !table.board().defended(zone) {
        return 0.0;
    }
    let before = storm_distance(table, side, from, zone);
    let after = storm_distance(table, side, to, zone);
    STORM_STEP * (f64::from(before) - f64::from(after))
}

/// The zones of the shortest way from `from` to `zone`, edge to edge,
/// with each held crossing counted [`HELD_CROSSING`] zones more.
fn storm_distance(table: &BattleState, side: usize, from: ZoneCoord, zone: ZoneCoord) -> u16 {
    let board = &table.board();
    if !board.contains(from) || !board.contains(zone) {
        return 0;
    }
    let index = |z: ZoneCoord| usize::from(z.1) * usize::from(board.width) + usize::from(z.0);
    let held = |z: ZoneCoord| {
        table
            .units()
            .iter()
            .any(|u| u.fighting() && u.unit.side != side && u.placement.zone == z)
    };
    let zones = usize::from(board.width) * usize::from(board.height);
    let mut way = vec![u16::MAX; zones];
    let mut settled = vec![false; zones];
    way[index(from)] = 0;
    let mut here = from;
    loop {
        settled[index(here)] = true;
        if here == zone {
            return way[index(zone)];
        }
        for next in here.orthogonal_neighbours().filter(|&z| board.contains(z)) {
            let crossing = if board.choke(here, next).is_some() && held(next) {
                HELD_CROSSING
            } else {
                0
            };
            let through = way[index(here)].saturating_add(1 + crossing);
            if through < way[index(next)] {
                way[index(next)] = through;
            }
        }
        let nearest = (0..zones)
            .filter(|&i| !settled[i] && way[i] < u16::MAX)
            .min_by_key(|&i| way[i]);
        let Some(i) = nearest else {
            return way[index(zone)];
        };
        here = ZoneCoord(
            (i % usize::from(board.width)) as u16,
            (i / usize::from(board.width)) as u16,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::shipped_level as start;

    #[test]
    fn a_zone_behind_a_defended_wall_is_stormed_round_the_defence() {
        // The farmhouse (1, 2), Garrick in it behind the wall; nobody
        // stands behind the wall at (1, 3).
        let table = start("farmstead_wall.ron");
        let bandits = 1;
        let farmhouse = ZoneCoord(1, 2);
        // Straight over the wall into the farmhouse: one zone and a held
        // crossing; round by (1, 3): two zones.
        assert_eq!(
            storm_distance(&table, bandits, ZoneCoord(2, 2), farmhouse),
            3
        );
        assert_eq!(
            storm_distance(&table, bandits, ZoneCoord(2, 3), farmhouse),
            2
        );
        assert_eq!(
            storm_distance(&table, bandits, ZoneCoord(1, 3), farmhouse),
            1
        );
        // So the step south along the wall gains a zone of the way.
        let step = storm_step(&table, bandits, ZoneCoord(2, 2), ZoneCoord(2, 3), farmhouse);
        assert!((step - STORM_STEP).abs() < 1e-9);
    }

    #[test]
    fn a_zone_with_no_defended_edge_is_not_stormed() {
        let table = start("goblin_rabble.ron");
        let goblins = 1;
        let hill = ZoneCoord(3, 0);
        assert_eq!(
            storm_step(&table, goblins, ZoneCoord(4, 1), ZoneCoord(4, 0), hill),
            0.0
        );
    }
}
