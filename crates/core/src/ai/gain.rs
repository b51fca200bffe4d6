//! What results are worth to a side, in ranks: a combatant, a lost rank,
//! an attack's odds, and the threat one combatant poses another. The
//! scoring of commands and of flyers' hovering both read them.

use crate::battle::components::Fate;
use crate::battle::odds::attack_preview_against;
use crate::battle::state::{BattleState, UnitState};
use crate::level::VictoryCondition;
use crate::rules::damage::out_of_action;
use crate::rules::odds::{AttackOdds, roll_passes};
use crate::rules::rolls::characteristic_dice;

/// What one combatant is worth to its side.
pub(super) fn worth(table: &BattleState, unit: &UnitState) -> f64 {
    match unit.fate {
        Fate::Fighting => {
            let floor = if unit.profile.heroic {
                i32::from(table.ruleset().rules.heroic_ooa_rank)
            } else {
                0
            };
            2.0 + f64::from(unit.ranks.physical.remaining() - floor).max(0.0)
                - if unit.conditions.stunned { 0.6 } else { 0.0 }
        }
        Fate::OutOfAction => 0.3,
        Fate::Killed | Fate::Surrendered => 0.0,
        Fate::Escaped => {
            if side_escapes(table, unit.unit.side) {
                4.0
            } else {
                0.0
            }
        }
    }
}

fn side_escapes(table: &BattleState, side: usize) -> bool {
    table
        .victory_conditions_of(side)
        .any(|c| matches!(c, VictoryCondition::Escape { .. }))
}

/// What losing one more rank does to `target`: a plain rank, or taking it out.
pub(super) fn rank_loss_gain(table: &BattleState, target: &UnitState, extra: f64) -> f64 {
    let after = target.ranks.physical.remaining() - 1;
    let floor = i32::from(table.ruleset().rules.heroic_ooa_rank);
    if out_of_action(after, target.profile.heroic, floor) {
        worth(table, target) - 0.3
    } else {
        1.0 + extra
    }
}

/// The chance a combatant in a State passes the roll it must make before acting.
pub(super) fn acting_chance(table: &BattleState, me: &UnitState) -> f64 {
    if !me.conditions.in_state() {
        return 1.0;
    }
    let rank = if me.conditions.stunned {
        me.ranks.physical.remaining()
    } else {
        me.ranks.mental.remaining()
    };
    let dice = characteristic_dice(
        &table.ruleset().rules,
        rank,
        i32::from(me.conditions.effort),
    );
    roll_passes(dice as u32, table.ruleset().rules.standard_sl)
}

/// The value for the attacker's side of an attack with these odds.
pub(super) fn attack_gain(
    table: &BattleState,
    actor: usize,
    target: usize,
    odds: &AttackOdds,
) -> f64 {
    let them = &table.units()[target];
    let gain = odds.state * 0.7
        + odds.rank_loss * rank_loss_gain(table, them, 0.0)
        + odds.trauma * rank_loss_gain(table, them, 0.3)
        + (odds.killing_blow + odds.massive) * (worth(table, them) - 0.3).max(1.0)
        + odds.massive * 0.3
        + odds.killed * 0.3;
    let risk = odds.fumble * 0.5 + odds.exposure * 0.25;
    acting_chance(table, &table.units()[actor]) * gain - risk
}

/// The attacker's expected gain from its best weapon against `target`
/// standing behind `pool`.
pub(super) fn threat_against(
    table: &BattleState,
    attacker: usize,
    target: usize,
    pool: Option<crate::rules::defence::DefencePool>,
) -> f64 {
    table.units()[attacker]
        .profile
        .weapons
        .iter()
        .filter_map(|weapon| attack_preview_against(table, attacker, target, weapon, pool))
        .map(|odds| attack_gain(table, attacker, target, &odds))
        .fold(0.0, f64::max)
}
