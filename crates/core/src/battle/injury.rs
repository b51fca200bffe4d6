//! Injuries in a battle ("General Injury Table"): rolling them, what each
//! effect does at once, and the wounds that stay (bleeding every round,
//! burnt action dice, dice off rolls, footing rolls on the move).

use super::components::StateKind;
use super::effects::{lose_rank, take_out_of_action, take_state};
use super::events::BattleEvent;
use super::state::BattleState;
use super::wielding::arm_if_unarmed;
use crate::rules::dice::DiceSource;
use crate::rules::injury::{
    Injury, InjuryEffect, Location, RollKind, Shift, burn_dice, burned_dice, choose_location,
    read_location_dice, wound_penalty,
};
use crate::rules::rolls::{CharacteristicRoll, characteristic_dice, characteristic_roll};
use crate::vocabulary::RankSide;

/// Dice off a unit's roll of `kind` for the wounds it carries.
pub fn penalty(table: &BattleState, unit: usize, kind: RollKind) -> u32 {
    wound_penalty(&table.ruleset.injuries, &table.units[unit].wounds.0, kind)
}

/// A BODY roll (`RollKind::Body` or `Footing`) or a SPIRIT roll, with the
/// wounds' dice and `extra_penalty` more taken off.
pub fn wounded_roll(
    table: &BattleState,
    unit: usize,
    kind: RollKind,
    extra_penalty: u8,
    dice: &mut impl DiceSource,
) -> CharacteristicRoll {
    let (rank, modifier) = wounded_numbers(table, unit, kind, extra_penalty);
    characteristic_roll(&table.ruleset.rules, rank, modifier, dice)
}

/// How many dice that roll would have.
pub fn wounded_dice(table: &BattleState, unit: usize, kind: RollKind) -> usize {
    let (rank, modifier) = wounded_numbers(table, unit, kind, 0);
    characteristic_dice(&table.ruleset.rules, rank, modifier)
}

fn wounded_numbers(table: &BattleState, unit: usize, kind: RollKind, extra: u8) -> (i32, i32) {
    let me = &table.units[unit];
    let rank = match kind {
        RollKind::Spirit => me.ranks.mental.remaining(),
        _ => me.ranks.physical.remaining(),
    };
    let modifier = -(penalty(table, unit, kind) as i32) - i32::from(extra);
    (rank, modifier)
}

/// The dice of a BODY roll with `extra` dice more (a size advantage), the
/// wounds' dice taken off.
pub fn sized_body_dice(table: &BattleState, unit: usize, extra: u32) -> usize {
    let (rank, modifier) = sized_body_numbers(table, unit, extra);
    characteristic_dice(&table.ruleset.rules, rank, modifier)
}

/// That BODY roll, rolled.
pub fn sized_body_roll(
    table: &BattleState,
    unit: usize,
    extra: u32,
    dice: &mut impl DiceSource,
) -> CharacteristicRoll {
    let (rank, modifier) = sized_body_numbers(table, unit, extra);
    characteristic_roll(&table.ruleset.rules, rank, modifier, dice)
}

fn sized_body_numbers(table: &BattleState, unit: usize, extra: u32) -> (i32, i32) {
    let modifier = extra as i32 - penalty(table, unit, RollKind::Body) as i32;
    (table.units[unit].ranks.physical.remaining(), modifier)
}

/// Rolls on the injury tables for a combatant who took a Trauma, a Killing
/// Blow or Massive damage, or was brought out of action by a hit, and
/// applies the effect. A Killing Blow adds the effect roll's bonus; `shift`
/// is the attacker's choice where a triple or quadruple lets it move the
/// location.
pub(super) fn injure(
    table: &mut BattleState,
    unit: usize,
    (killing_blow, shift): (bool, Shift),
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let tables = table.ruleset.injuries.clone();
    let location_dice = dice.roll(4);
    let roll = read_location_dice(&location_dice);
    let Some(location) = choose_location(&tables, roll, table.battle.level.neck_and_groin, shift)
    else {
        return;
    };
    let effect_die = dice.d6();
    let total = effect_die
        + if killing_blow {
            tables.killing_blow_bonus
        } else {
            0
        };
    let Some(mut effect) = tables.effect(location, total) else {
        return;
    };
    if effect == InjuryEffect::SightOrSound {
        effect = if table.units[unit].profile.spells.is_empty() {
            InjuryEffect::Sight
        } else {
            InjuryEffect::Sound
        };
    }
    let id = table.units[unit].unit.id.clone();
    events.push(BattleEvent::Injured {
        unit: id.clone(),
        location_dice,
        location,
        effect_roll: total,
        effect,
    });
    let injury = Injury { location, effect };
    let wounds = &mut table.units[unit].wounds.0;
    // A second bleeder at one location does not add to the first.
    let repeat_bleeder = matches!(effect, InjuryEffect::Bleeder { .. })
        && wounds
            .iter()
            .any(|w| w.location == location && matches!(w.effect, InjuryEffect::Bleeder { .. }));
    if repeat_bleeder {
        return;
    }
    wounds.push(injury);
    if table.units[unit].fighting() {
        apply_effect(table, unit, injury, dice, events);
    }
}

/// What an injury does at once.
fn apply_effect(
    table: &mut BattleState,
    unit: usize,
    injury: Injury,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let rule = table.ruleset.injuries.rule(injury);
    let id = table.units[unit].unit.id.clone();
    for _ in 0..rule.physical_ranks {
        lose_rank(table, unit, RankSide::Physical, false, events);
    }
    for _ in 0..rule.mental_ranks {
        lose_rank(table, unit, RankSide::Mental, false, events);
    }
    if !table.units[unit].fighting() {
        return;
    }
    let me = &table.units[unit];
    if rule.stun && !me.profile.stateless && !me.conditions.stunned {
        take_state(table, unit, StateKind::Stun, events);
    }
    if rule.discard_dice && !table.units[unit].pool.dice.is_empty() {
        table.units[unit].pool.dice.clear();
        events.push(BattleEvent::DiceDiscarded { unit: id.clone() });
    } else if rule.burn_dice > 0 {
        let burned = burn_dice(&mut table.units[unit].pool.dice, u32::from(rule.burn_dice));
        if burned > 0 {
            events.push(BattleEvent::DiceBurned {
                unit: id.clone(),
                dice: burned,
            });
        }
    }
    let out_roll = match (rule.body_or_out, rule.spirit_or_out, injury.effect) {
        (Some(extra), _, _) => Some((RollKind::Body, extra)),
        (None, true, InjuryEffect::Unconscious { penalty }) => Some((RollKind::Spirit, penalty)),
        (None, true, _) => Some((RollKind::Spirit, 0)),
        _ => None,
    };
    if let Some((kind, extra)) = out_roll {
        let roll = wounded_roll(table, unit, kind, extra, dice);
        events.push(BattleEvent::InjuryRoll {
            unit: id.clone(),
            dice: roll.dice.clone(),
            passed: roll.passed(),
        });
        if !roll.passed() {
            let zone = table.units[unit].placement.zone;
            take_out_of_action(table, unit, events);
            table.regroup(zone, events);
            return;
        }
    }
    if let Some(extra) = rule.falls {
        footing_roll(table, unit, extra, dice, events);
    }
    if rule.drops_held {
        drop_held(table, unit, injury.location, events);
    }
}

/// A roll to stay on one's feet; on a failure the combatant falls prone.
/// Returns whether it kept its feet.
pub(super) fn footing_roll(
    table: &mut BattleState,
    unit: usize,
    extra_penalty: u8,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let roll = wounded_roll(table, unit, RollKind::Footing, extra_penalty, dice);
    let id = table.units[unit].unit.id.clone();
    events.push(BattleEvent::FootingRoll {
        unit: id.clone(),
        dice: roll.dice.clone(),
        passed: roll.passed(),
    });
    if !roll.passed() {
        table.units[unit].conditions.prone = true;
        events.push(BattleEvent::FellProne { unit: id });
    }
    roll.passed()
}

/// A wounded arm lets go: the weapon arm (right) drops every weapon held in
/// a hand, the shield arm (left) drops the shield and two-handed weapons.
/// With nothing left to strike with, the combatant fights unarmed.
fn drop_held(
    table: &mut BattleState,
    unit: usize,
    location: Location,
    events: &mut Vec<BattleEvent>,
) {
    let ruleset = table.ruleset.clone();
    let profile = &mut table.units[unit].profile;
    let mut dropped = Vec::new();
    profile.weapons.retain(|id| {
        let Some(weapon) = ruleset.weapons.get(id) else {
            return true;
        };
        let lost = !weapon.natural
            && weapon.hands > 0
            && (location == Location::RightArm || weapon.hands >= 2);
        if lost {
            dropped.push(id.clone());
        }
        !lost
    });
    if location == Location::LeftArm
        && let Some(shield) = profile.shield.take()
    {
        dropped.push(shield);
    }
    arm_if_unarmed(table, unit);
    if !dropped.is_empty() {
        events.push(BattleEvent::Dropped {
            unit: table.units[unit].unit.id.clone(),
            items: dropped,
        });
    }
}

/// Bleeding ("Bleeder"): at the start of each round, a BODY roll for every
/// bleeding wound (dice off as the wound says), or a physical rank lost.
pub fn bleed(table: &mut BattleState, dice: &mut impl DiceSource, events: &mut Vec<BattleEvent>) {
    for unit in 0..table.units.len() {
        let bleeders: Vec<(Location, u8)> = table.units[unit]
            .wounds
            .0
            .iter()
            .filter_map(|w| match w.effect {
                InjuryEffect::Bleeder { penalty } => Some((w.location, penalty)),
                _ => None,
            })
            .collect();
        for (location, extra) in bleeders {
            if !table.units[unit].fighting() {
                break;
            }
            let roll = wounded_roll(table, unit, RollKind::Body, extra, dice);
            events.push(BattleEvent::Bleeding {
                unit: table.units[unit].unit.id.clone(),
                location,
                dice: roll.dice.clone(),
                passed: roll.passed(),
            });
            if !roll.passed() {
                let zone = table.units[unit].placement.zone;
                lose_rank(table, unit, RankSide::Physical, false, events);
                table.regroup(zone, events);
            }
        }
    }
}

/// Wounds that burn action dice turn that many of a fresh roll into 1s.
pub fn burn_wounded_dice(table: &mut BattleState, unit: usize, events: &mut Vec<BattleEvent>) {
    let count = burned_dice(&table.ruleset.injuries, &table.units[unit].wounds.0);
    if count == 0 {
        return;
    }
    let burned = burn_dice(&mut table.units[unit].pool.dice, count);
    if burned > 0 {
        events.push(BattleEvent::DiceBurned {
            unit: table.units[unit].unit.id.clone(),
            dice: burned,
        });
    }
}
