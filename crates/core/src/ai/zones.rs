//! The zones to hold: what each side is to them, and what a step into or
//! out of one is worth to a side that must break an enemy's hold on it.
//! A hold is judged at each round's close, and one fighter of the
//! breakers standing in the zone then stops the holders' streak. Without
//! this Normal's company on the Goblin Rabble stepped onto the goblins'
//! hill only to strike at a goblin, and every AI level's company lost
//! most of its battles when the goblins had held it three rounds running
//! (docs/AI.md).

use crate::battle::state::BattleState;
use crate::level::VictoryCondition;
use crate::vocabulary::ZoneCoord;

/// What a step into a zone an enemy must hold is worth to a side that must
/// break the hold, where none of its fighters stands there yet (and what a
/// step out costs the last of them), in ranks.
const BREAK_HOLD: f64 = 1.0;

/// What a side is to its level's zones to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ZoneRole {
    /// It holds a zone, or must survive an enemy that holds one.
    Guard,
    /// It must break an enemy's hold, and guards none itself.
    Breaker,
    Neither,
}

/// A side guards a zone if it wins by holding one, or by surviving an
/// enemy that wins by holding one; it breaks a hold if an enemy wins by
/// holding a zone and it guards none. A side that must take a zone from an
/// enemy who wins by surviving (the bandits on the Farmstead Wall) is the
/// attacker against the clock, neither: its way in is a plan of many
/// decisions, round the defence, and the next few blows do not show it.
pub(super) fn zone_role(table: &BattleState, side: usize) -> ZoneRole {
    let level = &table.battle().level;
    let wins_by = |ours: bool, holding: bool| {
        level.victory.iter().any(|c| {
            let kind = if holding {
                matches!(c, VictoryCondition::HoldZone { .. })
            } else {
                matches!(c, VictoryCondition::Survive { .. })
            };
            kind && (level.side_index(c.side()) == Some(side)) == ours
        })
    };
    let (holds, survives) = (wins_by(true, true), wins_by(true, false));
    let (enemy_holds, enemy_survives) = (wins_by(false, true), wins_by(false, false));
    if (holds && !enemy_survives) || (survives && enemy_holds) {
        ZoneRole::Guard
    } else if enemy_holds {
        ZoneRole::Breaker
    } else {
        ZoneRole::Neither
    }
}

/// The worth of combatant `actor`'s step to `to` in breaking its enemies'
/// holds: [`BREAK_HOLD`] for each zone an enemy must hold that it is the
/// first of its side to enter, as much less for each it is the last to
/// leave, and nothing unless its side is a breaker.
pub(super) fn hold_breaking_step(table: &BattleState, actor: usize, to: ZoneCoord) -> f64 {
    let me = &table.units()[actor];
    let side = me.unit.side;
    if zone_role(table, side) != ZoneRole::Breaker {
        return 0.0;
    }
    let level = &table.battle().level;
    let friend_in = |zone: ZoneCoord| {
        table.units().iter().enumerate().any(|(index, u)| {
            index != actor && u.fighting() && u.unit.side == side && u.placement.zone == zone
        })
    };
    level
        .victory
        .iter()
        .filter_map(|c| match c {
            VictoryCondition::HoldZone { zone, .. }
                if level.side_index(c.side()) != Some(side) && !friend_in(*zone) =>
            {
                Some(*zone)
            }
            _ => None,
        })
        .map(|zone| {
            if zone == to {
                BREAK_HOLD
            } else if zone == me.placement.zone {
                -BREAK_HOLD
            } else {
                0.0
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::shipped_level as start;

    #[test]
    fn the_guards_of_a_zone_are_its_holders_and_those_who_must_survive_them() {
        let role = |file, side| zone_role(&start(file), side);
        // The farm must survive the bandits; the bandits must take the
        // farmhouse against the clock, so they attack it.
        assert_eq!(role("farmstead_wall.ron", 0), ZoneRole::Guard);
        assert_eq!(role("farmstead_wall.ron", 1), ZoneRole::Neither);
        // The goblins must hold their hill; the company wins only by
        // defeating them, so it must break their hold.
        assert_eq!(role("goblin_rabble.ron", 0), ZoneRole::Breaker);
        assert_eq!(role("goblin_rabble.ron", 1), ZoneRole::Guard);
        assert_eq!(role("skirmish.ron", 0), ZoneRole::Neither);
    }

    #[test]
    fn the_first_breaker_onto_a_held_hill_and_the_last_off_it_count() {
        let mut table = start("goblin_rabble.ron");
        let hill = ZoneCoord(3, 0);
        let beside = ZoneCoord(2, 0);
        let roland = table.unit_index("roland").unwrap();
        let wren = table.unit_index("wren").unwrap();
        table.set_up().units[roland].placement.zone = beside;
        assert_eq!(hold_breaking_step(&table, roland, hill), BREAK_HOLD);
        assert_eq!(hold_breaking_step(&table, roland, ZoneCoord(2, 1)), 0.0);
        // With Wren on the hill already, Roland's step breaks nothing more.
        table.set_up().units[wren].placement.zone = hill;
        assert_eq!(hold_breaking_step(&table, roland, hill), 0.0);
        // Wren is the last of the company to leave it.
        assert_eq!(hold_breaking_step(&table, wren, beside), -BREAK_HOLD);
        table.set_up().units[roland].placement.zone = hill;
        assert_eq!(hold_breaking_step(&table, wren, beside), 0.0);
        // The goblins hold the hill; they break no hold.
        let goblin = table.unit_index("gob_7").unwrap();
        assert_eq!(hold_breaking_step(&table, goblin, hill), 0.0);
    }
}
