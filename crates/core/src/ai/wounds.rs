//! The AI's standing choice for the Wounds its combatants may soak: take a
//! State, or lose a rank instead ("You may elect to take a Rank loss instead
//! of a State").

use crate::battle::components::WoundChoice;
use crate::battle::injury::penalty;
use crate::battle::state::BattleState;
use crate::rules::injury::RollKind;
use crate::rules::odds::roll_passes;
use crate::rules::rolls::characteristic_dice;

/// Ranks a combatant keeps before it will trade one for a State: with fewer,
/// a rank lost brings it too near to falling.
const RANKS_TO_SPARE: i32 = 3;

/// Enemies at hand, able to strike before its next action, that make a
/// Stun (no defences until it is shaken off) cost more than a rank.
const FOES_THAT_PUNISH_A_STUN: usize = 2;

/// What the combatant should take for a Wound, from the odds of what follows.
/// A Stun costs no rank, but the stunned cannot defend, and each action
/// begins with a BODY roll that loses the action if it fails. So a combatant
/// with ranks to spare takes the rank when it is unlikely to shake the Stun
/// off, or when it has defences to lose and two or more enemies at hand could
/// strike it, defenceless, before it acts again.
pub fn preferred_wounds(table: &BattleState, unit: usize) -> WoundChoice {
    let me = &table.units()[unit];
    let ranks = me.ranks.physical.remaining();
    if ranks < RANKS_TO_SPARE {
        return WoundChoice::State;
    }
    let rules = &table.ruleset().rules;
    let body_dice =
        characteristic_dice(rules, ranks, -(penalty(table, unit, RollKind::Body) as i32));
    let shakes_it_off = roll_passes(body_dice as u32, rules.standard_sl);
    let foes_at_hand = table
        .units()
        .iter()
        .filter(|u| {
            u.unit.side != me.unit.side
                && u.fighting()
                && u.placement.zone == me.placement.zone
                && u.pool.usable() > 0
        })
        .count();
    let defenceless_costs_more =
        !me.profile.defences.is_empty() && foes_at_hand >= FOES_THAT_PUNISH_A_STUN;
    if shakes_it_off < 0.5 || defenceless_costs_more {
        WoundChoice::Rank
    } else {
        WoundChoice::State
    }
}
