//! Cover as the AI weighs a place for a missile-armed combatant to stand:
//! the dice that linear cover on the line of fire, and area cover it would
//! hold, take off the attacks of the enemies near enough to make them. A
//! shooter stands and shoots, so cover costs it little; others must close,
//! and weighing cover for them did not help their play (docs/AI.md).

use crate::battle::cover::{area_cover, dice_off, line_cover};
use crate::battle::state::{BattleState, UnitState};
use crate::vocabulary::ZoneCoord;

/// What one die off one enemy's attacks is worth, in ranks.
const COVER_DIE_WORTH: f64 = 0.1;

/// How far a foe without missiles may stand and still reach a zone within
/// its next two actions (a move, then a charge).
const MELEE_REACH: u16 = 2;

/// The worth to `unit`, if it carries a missile weapon, of the cover it
/// would have standing in `zone`: for
/// each fighting enemy that could shoot into the zone within a move, the
/// dice the worst cover there takes off; for each foe near enough to come
/// to blows, the dice of the area cover it would hold.
pub(super) fn cover_worth(table: &BattleState, unit: usize, zone: ZoneCoord) -> f64 {
    let me = &table.units()[unit];
    let side = me.unit.side;
    let shooter = me.profile.weapons.iter().any(|w| {
        table
            .ruleset()
            .weapons
            .get(w)
            .is_some_and(|w| w.is_missile())
    });
    if !shooter {
        return 0.0;
    }
    let holds_area = if zone == me.placement.zone {
        me.conditions.occupies_cover
    } else {
        // It takes the ground's cover only if no enemy stands there first.
        !table
            .units()
            .iter()
            .any(|u| u.fighting() && u.unit.side != side && u.placement.zone == zone)
    };
    let area = if holds_area {
        dice_off(table, area_cover(table, zone))
    } else {
        0
    };
    let dice: u32 = table
        .units()
        .iter()
        .filter(|u| u.fighting() && u.unit.side != side)
        .map(|enemy| {
            let from = enemy.placement.zone;
            let distance = from.distance(zone);
            let range = longest_range(table, enemy);
            match range {
                Some(range) if distance > 0 && distance <= u16::from(range) + 1 => {
                    dice_off(table, line_cover(table, from, zone)).max(area)
                }
                _ if distance <= MELEE_REACH => area,
                _ => 0,
            }
        })
        .sum();
    COVER_DIE_WORTH * f64::from(dice)
}

/// The longest range of a combatant's missile weapons, in zones.
pub(super) fn longest_range(table: &BattleState, unit: &UnitState) -> Option<u8> {
    unit.profile
        .weapons
        .iter()
        .filter_map(|w| table.ruleset().weapons.get(w)?.range)
        .max()
}
