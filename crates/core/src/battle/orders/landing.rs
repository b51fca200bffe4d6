//! Blows landing: the damage an attack or a strike does, and the target's
//! strike back.

use crate::battle::components::{Fate, StateKind};
use crate::battle::costs::choose_weapon;
use crate::battle::effects::{lose_defence_pool, lose_rank, take_out_of_action, take_state};
use crate::battle::events::BattleEvent;
use crate::battle::injury::injure;
use crate::battle::special::{applicable_specials, apply_special};
use crate::battle::state::BattleState;
use crate::battle::warband::{critical_damage, is_warband};
use crate::data::Weapon;
use crate::rules::attack::{evaluate_attack, superiority_level};
use crate::rules::damage::{
    DamageEffect, Soak, WeaponDamage, damage_effect, severity, unshakeable, weapon_damage,
};
use crate::rules::dice::DiceSource;
use crate::rules::injury::Shift;
use crate::rules::rolls::characteristic_roll;
use crate::rules::special::{SpecialResult, buy_specials};
use crate::vocabulary::RankSide;

/// Level 0: the mere effort of an attack defeats it, without a roll, and the
/// same however it is struck (an attack action, a free strike, a damage
/// spell). Returns whether `target` was such a creature and is now out of
/// action.
pub(super) fn squash(
    table: &mut BattleState,
    attacker: usize,
    target: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    if !table.units[target].fighting() || table.units[target].ranks.physical.real > 0 {
        return false;
    }
    events.push(BattleEvent::Squashed {
        attacker: table.units[attacker].unit.id.clone(),
        unit: table.units[target].unit.id.clone(),
    });
    let zone = table.units[target].placement.zone;
    take_out_of_action(table, target, events);
    table.regroup(zone, events);
    true
}

/// The attacker's marks from its roll (a Fumble, or exposure dice, plus any
/// a defence laid on it), then the special results its extra successes buy,
/// and the damage of the rest.
#[allow(clippy::too_many_arguments)]
pub(super) fn land_attack(
    table: &mut BattleState,
    (actor, target): (usize, usize),
    roll: &crate::rules::attack::AttackRoll,
    (defence_exposures, specials, shift): (u32, &[SpecialResult], Shift),
    weapon: &Weapon,
    extra_armour: u8,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let attacker_id = table.units[actor].unit.id.clone();
    if roll.fumble {
        table.units[actor].conditions.fumbled = true;
        events.push(BattleEvent::Fumbled {
            unit: attacker_id.clone(),
        });
    }
    let exposures = if roll.fumble { 0 } else { roll.exposures } + defence_exposures;
    if exposures > 0 {
        let conditions = &mut table.units[actor].conditions;
        conditions.exposure = conditions.exposure.saturating_add(exposures as u8);
        events.push(BattleEvent::Exposed {
            unit: attacker_id.clone(),
            dice: conditions.exposure,
        });
    }
    if roll.hits == 0 {
        events.push(BattleEvent::Missed {
            attacker: attacker_id,
            target: table.units[target].unit.id.clone(),
        });
        return;
    }
    let rule = table.ruleset.rules.damage_rule(weapon.weight);
    let applicable = applicable_specials(table, actor, target, specials);
    let bought = buy_specials(
        roll.hits,
        &applicable,
        &table.ruleset.actions.special_results,
        |_| true,
    );
    // The specials land with the blow: a Stun bought first leaves the
    // damage to cost a rank.
    for special in bought.bought {
        apply_special(table, (actor, target), special, dice, events);
    }
    hit(
        table,
        target,
        rule,
        bought.damage_successes,
        (extra_armour, shift),
        dice,
        events,
    );
}

/// After a Parry: the defender takes every exposure die in front of the
/// attacker and strikes at once with them, using its first weapon that can.
pub(super) fn strike_back(
    table: &mut BattleState,
    defender: usize,
    attacker: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let taken = table.units[attacker].conditions.exposure;
    if taken == 0 || !table.units[defender].fighting() || !table.units[attacker].fighting() {
        return;
    }
    let Ok(weapon_id) = choose_weapon(table, defender, attacker, None) else {
        return;
    };
    let weapon = table.ruleset.weapons[&weapon_id].clone();
    table.units[attacker].conditions.exposure = 0;
    events.push(BattleEvent::Riposte {
        unit: table.units[defender].unit.id.clone(),
        dice: taken,
    });
    let sl = superiority_level(
        &table.ruleset.rules,
        table.units[attacker].conditions.fumbled,
    );
    let roll = evaluate_attack(&dice.roll(usize::from(taken)), sl);
    events.push(BattleEvent::AttackRolled {
        attacker: table.units[defender].unit.id.clone(),
        target: table.units[attacker].unit.id.clone(),
        weapon: weapon_id,
        dice: roll.dice.clone(),
        superiority_level: sl,
        hits: roll.hits,
        exposure_used: taken,
        advantage_dice: 0,
    });
    land_attack(
        table,
        (defender, attacker),
        &roll,
        (0, &[], Shift::Worst),
        &weapon,
        0,
        dice,
        events,
    );
}

/// Applies a hit of `successes` with a weight's damage rule to `target`.
pub(super) fn hit(
    table: &mut BattleState,
    target: usize,
    rule: crate::rules::damage::DamageRule,
    successes: u32,
    (extra_armour, shift): (u8, Shift),
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let id = table.units[target].unit.id.clone();
    let ruleset = table.ruleset.clone();
    let rules = &ruleset.rules;
    if table.units[target].fate == Fate::Surrendered {
        // Struck, the surrendered fights on (RULES §41.2), its nerve back.
        let them = &mut table.units[target];
        them.fate = Fate::Fighting;
        them.conditions.panicked = false;
        events.push(BattleEvent::FightsOn { unit: id.clone() });
        let zone = them.placement.zone;
        table.regroup(zone, events);
    }
    if table.units[target].fate == Fate::OutOfAction {
        let rank = table.units[target].ranks.physical.remaining();
        let roll = characteristic_roll(rules, rank, 0, dice);
        events.push(BattleEvent::BodyRoll {
            unit: id.clone(),
            dice: roll.dice.clone(),
            survived: roll.passed(),
        });
        if !roll.passed() {
            table.units[target].fate = Fate::Killed;
            events.push(BattleEvent::Killed { unit: id });
        }
        return;
    }
    let Some(raw) = weapon_damage(rule, successes) else {
        return;
    };
    let armour = table.units[target]
        .profile
        .armour
        .saturating_add(extra_armour);
    let damage = match raw {
        WeaponDamage::Points(points) => {
            WeaponDamage::Points(points.saturating_sub(u32::from(armour)))
        }
        WeaponDamage::KillingBlow => WeaponDamage::KillingBlow,
    };
    let Some(severity) = severity(damage, table.units[target].ranks.physical.total()) else {
        events.push(BattleEvent::DamageStopped { unit: id });
        return;
    };
    if let WeaponDamage::Points(points) = damage {
        events.push(BattleEvent::Damaged {
            unit: id.clone(),
            damage: points,
            armour,
        });
    }
    let target_state = &table.units[target];
    let soak = Soak {
        stateless: target_state.profile.stateless,
        already_in_state: target_state.conditions.stunned,
        may_soak: !target_state.conditions.surprised,
        prefers_state: target_state.conditions.wounds.is_state(),
    };
    let zone = table.units[target].placement.zone;
    match damage_effect(severity, soak) {
        DamageEffect::State => take_state(table, target, StateKind::Stun, events),
        DamageEffect::RankLoss | DamageEffect::Trauma => {
            let trauma = matches!(damage_effect(severity, soak), DamageEffect::Trauma);
            if trauma {
                events.push(BattleEvent::Trauma { unit: id.clone() });
                lose_defence_pool(table, target, events);
            }
            lose_rank(table, target, RankSide::Physical, false, events);
            // A Trauma, or a wound that takes it out of action, is an
            // injury; a warband is weakened instead.
            if is_warband(table, target) {
                if trauma {
                    critical_damage(table, target, false, events);
                }
            } else if trauma || !table.units[target].fighting() {
                injure(table, target, (false, shift), dice, events);
            }
        }
        DamageEffect::KillingBlow if is_warband(table, target) => {
            events.push(BattleEvent::KillingBlow { unit: id.clone() });
            lose_rank(table, target, RankSide::Physical, false, events);
            critical_damage(table, target, true, events);
        }
        DamageEffect::KillingBlow => {
            events.push(BattleEvent::KillingBlow { unit: id.clone() });
            if unshakeable(table.units[target].ranks.physical.real) {
                events.push(BattleEvent::RankHeld {
                    unit: id,
                    side: RankSide::Physical,
                });
            } else {
                take_out_of_action(table, target, events);
            }
            injure(table, target, (true, shift), dice, events);
        }
        DamageEffect::Massive => {
            events.push(BattleEvent::MassiveDamage { unit: id.clone() });
            // "Level 9": not even Massive damage knocks it off; the blow
            // still injures, as a Killing Blow's does.
            if unshakeable(table.units[target].ranks.physical.real) {
                events.push(BattleEvent::RankHeld {
                    unit: id,
                    side: RankSide::Physical,
                });
                injure(table, target, (true, shift), dice, events);
                table.regroup(zone, events);
                return;
            }
            let unit = &mut table.units[target];
            unit.fate = Fate::Killed;
            unit.pool.dice.clear();
            events.push(BattleEvent::Killed { unit: id });
            if !is_warband(table, target) {
                injure(table, target, (true, shift), dice, events);
            }
        }
    }
    table.regroup(zone, events);
}
