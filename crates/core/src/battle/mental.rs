//! The mind in battle ("Mental Damage", "Fear"): mental damage and its
//! thresholds (Shock or a rank, Panicked, Crushed), the Doubt of magical
//! damage, rallying with a SPIRIT roll, the compulsory flight of the
//! Panicked, and the Spirit tests fear demands.

use super::command::{Order, RuleError};
use super::components::StateKind;
use super::effects::{lose_action_pool, lose_defence_pool, lose_rank, take_effort, take_state};
use super::events::BattleEvent;
use super::injury::wounded_roll;
use super::state::BattleState;
use crate::data::FearLevel;
use crate::rules::damage::{Severity, WeaponDamage, severity};
use crate::rules::dice::DiceSource;
use crate::rules::injury::RollKind;
use crate::vocabulary::RankSide;

/// The greatest danger a panicked combatant flees: the nearest fighting
/// enemy (on a tie, the one with the most attack dice, then level order).
pub fn greatest_danger(table: &BattleState, unit: usize) -> Option<usize> {
    let me = &table.units[unit];
    table
        .units
        .iter()
        .filter(|u| u.fighting() && u.unit.side != me.unit.side)
        .min_by_key(|u| {
            (
                u.placement.zone.distance(me.placement.zone),
                std::cmp::Reverse(u.profile.attack_dice),
                u.unit.index,
            )
        })
        .map(|u| u.unit.index)
}

/// Why a Panicked or Crushed combatant may not give `order` (`None`: it may).
/// The Crushed spends its first turn after the fall holding or passing; after
/// that it may declare any action but a Recover or a 1-AD option, and the
/// action begins with its free rally roll. The Panicked may try to rally
/// (Recover, or a 1 for a roll), let the round go by, surrender where the
/// sequence allows it, or flee: a Move that takes it farther from the
/// greatest danger, a Withdraw, or leaving the table.
pub fn routed_problem(table: &BattleState, actor: usize, order: &Order) -> Option<RuleError> {
    let me = &table.units[actor];
    let letting_go_by = matches!(
        order,
        Order::Pass | Order::Hold | Order::KeepDie | Order::Defend { with: None, .. }
    );
    if me.conditions.crushed {
        let refused = if me.conditions.past_initial_action {
            matches!(
                order,
                Order::Recover { .. } | Order::RecoveryRoll | Order::Effort
            )
        } else {
            !letting_go_by
        };
        return refused.then_some(RuleError::Crushed);
    }
    // Surrender (faction alternation's) is the other way out of the fight.
    let waiting = letting_go_by
        || matches!(
            order,
            Order::Recover { .. } | Order::RecoveryRoll | Order::Surrender
        );
    if !me.conditions.panicked || waiting {
        return None;
    }
    let danger = greatest_danger(table, actor)?;
    let from = me.placement.zone;
    let threat = table.units[danger].placement.zone;
    let flight = match order {
        Order::Move { to, .. } => to.distance(threat) > from.distance(threat),
        Order::Withdraw { .. } | Order::LeaveTable { .. } | Order::Defend { .. } => true,
        _ => false,
    };
    (!flight).then(|| RuleError::MustFlee {
        danger: table.units[danger].unit.id.clone(),
    })
}

/// The combatant is Panicked: it must flee, and its pools are lost.
pub(super) fn panic(table: &mut BattleState, unit: usize, events: &mut Vec<BattleEvent>) {
    let me = &mut table.units[unit];
    me.conditions.panicked = true;
    me.conditions.past_initial_action = false;
    events.push(BattleEvent::Panicked {
        unit: me.unit.id.clone(),
    });
    lose_defence_pool(table, unit, events);
    lose_action_pool(table, unit, events);
}

/// Mental (or, as Doubt, magical) damage against the target's total mental
/// rank: a Wound is taken as the State or a mental rank; above the rank the
/// target is Panicked with a mental rank lost (as a Trauma costs a rank);
/// above twice it is Crushed (as a Killing Blow puts one out of action).
pub(super) fn mental_hit(
    table: &mut BattleState,
    target: usize,
    damage: u32,
    state: StateKind,
    events: &mut Vec<BattleEvent>,
) {
    let id = table.units[target].unit.id.clone();
    let Some(severity) = severity(
        WeaponDamage::Points(damage),
        table.units[target].ranks.mental.total(),
    ) else {
        return;
    };
    events.push(BattleEvent::MentalDamage {
        unit: id.clone(),
        damage,
    });
    let me = &mut table.units[target];
    // Mental damage is a fear attack ("Fear"): whatever fear the target had
    // passed, it must face again.
    if state == StateKind::Shock {
        me.conditions.fear_passed = None;
    }
    match severity {
        Severity::Wound => {
            let already = *me.conditions.state_mut(state);
            let soaks = me.conditions.wounds.is_state();
            if soaks && !me.profile.stateless && !already && !me.conditions.surprised {
                take_state(table, target, state, events);
            } else {
                lose_rank(table, target, RankSide::Mental, false, events);
            }
        }
        Severity::Trauma => {
            panic(table, target, events);
            lose_rank(table, target, RankSide::Mental, false, events);
        }
        Severity::KillingBlow | Severity::Massive => {
            me.conditions.crushed = true;
            me.conditions.panicked = false;
            me.conditions.past_initial_action = false;
            events.push(BattleEvent::Crushed { unit: id });
            lose_defence_pool(table, target, events);
            lose_action_pool(table, target, events);
        }
    }
}

/// A SPIRIT roll to come out of panic or being crushed. Returns whether it rallied.
pub(super) fn rally_roll(
    table: &mut BattleState,
    unit: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let effort = take_effort(table, unit);
    let mut roll = wounded_roll(table, unit, RollKind::Spirit, 0, dice);
    if effort > 0 {
        let extra = dice.roll(effort as usize);
        roll.successes +=
            crate::rules::rolls::successes_in(&extra, table.ruleset.rules.standard_sl);
        roll.dice.extend(extra);
    }
    let id = table.units[unit].unit.id.clone();
    events.push(BattleEvent::RallyRoll {
        unit: id.clone(),
        dice: roll.dice.clone(),
        passed: roll.passed(),
    });
    if roll.passed() {
        let conditions = &mut table.units[unit].conditions;
        conditions.panicked = false;
        conditions.crushed = false;
        conditions.past_initial_action = false;
        events.push(BattleEvent::Rallied { unit: id });
    }
    roll.passed()
}

/// The single worst fear reaching a combatant, with the enemy causing it.
/// A creature is not afraid of fear no worse than its own.
pub fn worst_fear(table: &BattleState, unit: usize) -> Option<(usize, FearLevel)> {
    worst_fear_at(table, unit, table.units[unit].placement.zone)
}

/// The single worst fear that would reach the combatant in `zone`.
pub fn worst_fear_at(
    table: &BattleState,
    unit: usize,
    zone: crate::vocabulary::ZoneCoord,
) -> Option<(usize, FearLevel)> {
    let me = &table.units[unit];
    if me.profile.fearless {
        return None;
    }
    let fear = &table.ruleset.rules.fear;
    table
        .units
        .iter()
        .filter(|u| u.fighting() && u.unit.side != me.unit.side)
        .filter_map(|u| {
            let level = u.profile.fear?;
            let reach = fear.get(&level).map_or(0, |rule| rule.reach);
            (u.placement.zone.distance(zone) <= u16::from(reach)).then_some((u.unit.index, level))
        })
        .filter(|(_, level)| me.profile.fear.is_none_or(|own| own < *level))
        .max_by_key(|(index, level)| (*level, std::cmp::Reverse(*index)))
}

/// Fear ("Fear"): before each action, a combatant in reach of a fear it has
/// not yet passed tests SPIRIT; so does one about to enter the reach of a
/// fear, for the zone `entering`. A pass ends the tests up to that level; a
/// failure costs what the level says. Returns whether the action goes on.
pub(super) fn fear_test(
    table: &mut BattleState,
    unit: usize,
    entering: Option<crate::vocabulary::ZoneCoord>,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let zone = entering.unwrap_or(table.units[unit].placement.zone);
    let Some((source, level)) = worst_fear_at(table, unit, zone) else {
        return true;
    };
    if table.units[unit]
        .conditions
        .fear_passed
        .is_some_and(|passed| passed >= level)
    {
        return true;
    }
    let Some(rule) = table.ruleset.rules.fear.get(&level).copied() else {
        return true;
    };
    let id = table.units[unit].unit.id.clone();
    let source_id = table.units[source].unit.id.clone();
    loop {
        let roll = wounded_roll(table, unit, RollKind::Spirit, rule.spirit_penalty, dice);
        events.push(BattleEvent::FearTest {
            unit: id.clone(),
            source: source_id.clone(),
            level,
            dice: roll.dice.clone(),
            passed: roll.passed(),
        });
        if roll.passed() {
            table.units[unit].conditions.fear_passed = Some(level);
            return true;
        }
        if rule.rank_loss {
            let me = &mut table.units[unit];
            let soaks = me.conditions.wounds.is_state();
            if soaks && rule.stun_option && !me.conditions.stunned && !me.profile.stateless {
                take_state(table, unit, StateKind::Stun, events);
            } else {
                let zone = table.units[unit].placement.zone;
                lose_rank(table, unit, RankSide::Mental, false, events);
                table.regroup(zone, events);
            }
        }
        if !table.units[unit].fighting() {
            return false;
        }
        if !rule.until_passed {
            if rule.lose_action {
                events.push(BattleEvent::ActionLost { unit: id });
                return false;
            }
            return true;
        }
    }
}
