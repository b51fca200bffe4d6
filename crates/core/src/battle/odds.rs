//! The odds previews the HUD and the AI read: an attack's dice and
//! Superiority Level as it would be rolled now, and its chances.

use super::components::{ActionPoolState, Fate, GroupId, PoolAction, Status};
use super::costs::{choose_weapon, shield_of};
use super::cover::cover_against;
use super::flight::missile_penalty;
use super::inclose::size_edges;
use super::injury::{penalty, sized_body_dice};
use super::pending::PendingAttack;
use super::special::applicable_specials;
use super::state::BattleState;
use super::warband::attack_modifiers;
use super::wielding::parry_bonus;
use crate::data::{Tactic, Weapon};
use crate::rules::attack::{advantage, advantage_dice, superiority_level};
use crate::rules::damage::Soak;
use crate::rules::defence::{DefencePool, dodge, pool_from_roll};
use crate::rules::injury::RollKind;
use crate::rules::odds::{AttackOdds, TargetFacts, attack_odds_with_specials, outrolls, successes};
use crate::rules::rolls::characteristic_dice;
use crate::rules::special::SpecialResult;
use crate::vocabulary::{Defence, WeightClass, ZoneCoord};

/// The dice and Superiority Level of an attack about to be rolled: the same
/// numbers for the resolution, the odds preview and the AI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackSetup {
    pub dice: u32,
    pub superiority_level: u8,
    pub advantage_dice: u32,
    /// The target's exposure dice the attacker picks up.
    pub exposure_used: u8,
    /// A pending Effort adds a die.
    pub effort: bool,
    /// An Aim pool's dice join a missile attack.
    pub aim_dice: u32,
    /// Dice lost to the attacker's wounds.
    pub wound_penalty: u32,
    /// Dice lost to the target's cover.
    pub cover: super::cover::CoverEffect,
    /// Missile dice lost against a flying flyer (its speed).
    pub flight_penalty: u32,
    /// Dice lost to an impaired attack (an individual on a warband, a rider).
    pub impaired: u32,
    /// Dice gained by an enhanced attack (a warband on an individual).
    pub enhanced: u32,
}

/// Sets up an attack as it would be rolled now, counting advantage in the
/// melee the attacker fights in once it has closed in on the target.
pub fn attack_setup(
    table: &BattleState,
    actor: usize,
    target: usize,
    weapon: &Weapon,
) -> AttackSetup {
    let me = &table.units[actor];
    let them = &table.units[target];
    let melee = weapon.range.is_none() && !weapon.reach;
    let advantage_dice = if melee {
        let group = if them.fighting() {
            them.placement.group
        } else {
            me.placement.group
        };
        let mut members: Vec<usize> = group.map(|g| table.group_members(g)).unwrap_or_default();
        for unit in [actor, target] {
            if table.units[unit].fighting() && !members.contains(&unit) {
                members.push(unit);
            }
        }
        let side = members
            .iter()
            .filter(|&&m| table.units[m].unit.side == me.unit.side)
            .count();
        // The attacker is one of its side, not one of its own allies.
        advantage_dice(
            &table.ruleset.rules,
            advantage(side.saturating_sub(1), members.len() - side),
        )
    } else {
        0
    };
    let effort = me.conditions.effort;
    let exposure_used = them.conditions.exposure;
    let aim_dice = match me.conditions.action_pool {
        Some(ActionPoolState {
            action: PoolAction::Aim,
            dice,
        }) if weapon.is_missile() => u32::from(dice),
        _ => 0,
    };
    let wound_penalty = penalty(table, actor, RollKind::Attack);
    let cover = cover_against(table, actor, target, Some(weapon));
    let flight_penalty = missile_penalty(table, target, weapon);
    let (impaired, enhanced) = attack_modifiers(table, actor, target);
    AttackSetup {
        dice: (u32::from(me.profile.attack_dice)
            + u32::from(effort)
            + u32::from(exposure_used)
            + advantage_dice
            + aim_dice
            + enhanced)
            .saturating_sub(wound_penalty + cover.dice + flight_penalty + impaired),
        aim_dice,
        wound_penalty,
        cover,
        flight_penalty,
        impaired,
        enhanced,
        superiority_level: superiority_level(&table.ruleset.rules, them.conditions.fumbled)
            .saturating_sub(u8::from(close_weapon_bonus(me, weapon)))
            .max(2),
        advantage_dice,
        exposure_used,
        effort,
    }
}

/// InClose, Light weapons and natural weapons built for combat hit one
/// better (hands and feet do not).
pub(super) fn close_weapon_bonus(me: &super::state::UnitState, weapon: &Weapon) -> bool {
    me.status == Status::InClose
        && if weapon.natural {
            weapon.built_for_combat
        } else {
            weapon.weight == WeightClass::Light
        }
}

/// The exact odds of `actor` attacking `target` with a weapon now, against
/// the target's defence pool if it has one: the odds preview and the AI both
/// read this.
pub fn attack_preview(
    table: &BattleState,
    actor: usize,
    target: usize,
    weapon: &str,
) -> Option<AttackOdds> {
    let pool = table.units[target].conditions.defence_pool;
    attack_preview_against(table, actor, target, weapon, pool)
}

/// The exact odds of an attack as [`attack_preview`], against a given
/// defence pool instead of the target's own (to weigh a defence before
/// declaring it).
pub fn attack_preview_against(
    table: &BattleState,
    actor: usize,
    target: usize,
    weapon: &str,
    pool: Option<DefencePool>,
) -> Option<AttackOdds> {
    attack_preview_with(table, actor, target, weapon, pool, &[], None)
}

/// The exact odds of an attack as [`attack_preview_against`], buying the
/// chosen special results that can work on the target now.
#[allow(clippy::too_many_arguments)]
pub fn attack_preview_with(
    table: &BattleState,
    actor: usize,
    target: usize,
    weapon: &str,
    pool: Option<DefencePool>,
    specials: &[SpecialResult],
    tactic: Option<Tactic>,
) -> Option<AttackOdds> {
    let answer = Answered { pool, parry: 0 };
    preview(table, (actor, target, weapon), answer, specials, tactic)
}

/// What stands against an attack as it is rolled: a defence pool, and the
/// successes of a Parry declared against it.
#[derive(Debug, Clone, Copy)]
struct Answered {
    pool: Option<DefencePool>,
    parry: u32,
}

fn preview(
    table: &BattleState,
    (actor, target, weapon): (usize, usize, &str),
    answer: Answered,
    specials: &[SpecialResult],
    tactic: Option<Tactic>,
) -> Option<AttackOdds> {
    let weapon = table.ruleset.weapons.get(weapon)?;
    let setup = attack_setup(table, actor, target, weapon);
    let mut dice = setup.dice + tactic_dice(table, actor, tactic);
    let mut facts = target_facts(table, target);
    facts.parry = answer.parry;
    match answer.pool {
        Some(pool) if pool.defence == Defence::Dodge => {
            dice -= dodge(dice, u32::from(pool.dice), weapon.is_missile()).dice_removed;
        }
        Some(pool) if pool.defence == Defence::Block => {
            let shield_armour = shield_of(table, target).map_or(0, |s| s.armour);
            facts.block = Some((u32::from(pool.dice), shield_armour));
        }
        _ => {}
    }
    let specials = applicable_specials(table, actor, target, specials);
    Some(attack_odds_with_specials(
        dice,
        setup.superiority_level,
        table.ruleset.rules.damage_rule(weapon.weight),
        &facts,
        &specials,
        Some(&table.ruleset.actions.special_results),
    ))
}

/// The chance of each number of successes of a defence roll, by index.
fn defence_successes(table: &BattleState, defender: usize, defence: Defence) -> (Vec<f64>, u8) {
    let me = &table.units[defender];
    let mut skill = me.profile.defences.get(&defence).copied().unwrap_or(0);
    if defence == Defence::Parry {
        skill += parry_bonus(table, defender);
    }
    let dice = (u32::from(skill) + u32::from(me.conditions.effort)).saturating_sub(penalty(
        table,
        defender,
        RollKind::Defence(defence),
    ));
    (successes(dice, table.ruleset.rules.standard_sl), skill)
}

/// The defence pools a defence roll could leave, each with its exact chance
/// (`None`: no pool, as after a Parry or a roll without a success).
pub fn defence_outcomes(
    table: &BattleState,
    defender: usize,
    defence: Defence,
) -> Vec<(f64, Option<DefencePool>)> {
    let (chances, skill) = defence_successes(table, defender, defence);
    let shield_block = shield_of(table, defender).map_or(0, |s| s.block);
    chances
        .into_iter()
        .enumerate()
        .map(|(k, p)| (p, pool_from_roll(defence, k as u32, skill, shield_block)))
        .collect()
}

/// The exact odds of the declared attack if its target answers it `with` a
/// defence (or none): the defence prompt and the AI both read this. A Parry
/// changes no hit, but the misses it turns into 1s raise the chance of a
/// Fumble and stay as exposures for the riposte.
pub fn answered_attack_odds(
    table: &BattleState,
    pending: &PendingAttack,
    with: Option<Defence>,
) -> Option<AttackOdds> {
    if pending.spell.is_some() {
        return None;
    }
    let odds = |answer| {
        preview(
            table,
            (pending.attacker, pending.target, &pending.weapon),
            answer,
            &pending.specials,
            pending.tactic,
        )
    };
    let parts: Option<Vec<(f64, AttackOdds)>> = match with {
        None => {
            return odds(Answered {
                pool: None,
                parry: 0,
            });
        }
        Some(Defence::Parry) => {
            let (chances, _) = defence_successes(table, pending.target, Defence::Parry);
            chances
                .into_iter()
                .enumerate()
                .map(|(k, p)| {
                    let answer = Answered {
                        pool: None,
                        parry: k as u32,
                    };
                    odds(answer).map(|o| (p, o))
                })
                .collect()
        }
        Some(defence) => defence_outcomes(table, pending.target, defence)
            .into_iter()
            .map(|(p, pool)| odds(Answered { pool, parry: 0 }).map(|o| (p, o)))
            .collect(),
    };
    Some(AttackOdds::blend(&parts?))
}

/// What an attack's odds depend on about its target.
pub fn target_facts(table: &BattleState, target: usize) -> TargetFacts {
    let them = &table.units[target];
    TargetFacts {
        armour: them.profile.armour,
        total_rank: them.ranks.physical.total(),
        soak: Soak {
            stateless: them.profile.stateless,
            already_in_state: them.conditions.stunned,
            may_soak: !them.conditions.surprised,
            prefers_state: them.conditions.wounds.is_state(),
        },
        fallen_body_dice: (them.fate == Fate::OutOfAction).then(|| {
            characteristic_dice(&table.ruleset.rules, them.ranks.physical.remaining(), 0) as u32
        }),
        block: None,
        parry: 0,
    }
}

/// The extra skill dice of an All Out Attack: the attacks paid for are
/// rolled as one.
pub fn tactic_dice(table: &BattleState, actor: usize, tactic: Option<Tactic>) -> u32 {
    match tactic.and_then(|t| table.ruleset.actions.tactics.get(&t)) {
        Some(rule) if rule.combined => {
            u32::from(table.units[actor].profile.attack_dice)
                * u32::from(rule.attacks_paid.saturating_sub(1))
        }
        _ => 0,
    }
}

/// The chance a Drag into the melee succeeds: the actor's BODY roll beating
/// the target's, each with its size edge (RULES §10).
pub fn drag_chance(table: &BattleState, actor: usize, target: usize) -> f64 {
    let (mine, theirs) = size_edges(table, actor, target);
    outrolls(
        sized_body_dice(table, actor, mine) as u32,
        sized_body_dice(table, target, theirs) as u32,
        table.ruleset.rules.standard_sl,
    )
}

/// The successes a declared spell attack is expected to land if its target
/// answers `with` a defence (or none): a Dodge takes dice from the spell as
/// from a missile, and a Block that holds stops as many successes as its
/// shield's armour. The defence prompt and the AI read this.
pub fn answered_spell_successes(
    table: &BattleState,
    pending: &PendingAttack,
    with: Option<Defence>,
) -> Option<f64> {
    pending.spell.as_ref()?;
    let caster = &table.units[pending.attacker];
    let pool = caster
        .conditions
        .action_pool
        .map_or(0, |p| u32::from(p.dice));
    let dice = (pool + u32::from(caster.conditions.effort)).saturating_sub(penalty(
        table,
        pending.attacker,
        RollKind::Cast,
    ));
    let sl = superiority_level(
        &table.ruleset.rules,
        table.units[pending.target].conditions.fumbled,
    );
    let landed = |dice: u32, stopped: Option<(u32, u32)>| -> f64 {
        successes(dice, sl)
            .iter()
            .enumerate()
            .map(|(s, p)| {
                let s = s as u32;
                let through = match stopped {
                    Some((pool, armour)) if s <= pool => s.saturating_sub(armour),
                    _ => s,
                };
                p * f64::from(through)
            })
            .sum()
    };
    let Some(defence) = with else {
        return Some(landed(dice, None));
    };
    let armour = u32::from(shield_of(table, pending.target).map_or(0, |s| s.armour));
    Some(
        defence_outcomes(table, pending.target, defence)
            .into_iter()
            .map(|(p, pool)| {
                let held = pool.map_or(0, |pool| u32::from(pool.dice));
                p * match defence {
                    Defence::Dodge => landed(dice - dodge(dice, held, true).dice_removed, None),
                    _ => landed(dice, pool.map(|_| (held, armour))),
                }
            })
            .sum(),
    )
}

/// What a Move to `to` would draw, foretold without a roll: the enemies in
/// the melee it leaves, each striking freely as it goes, and an enemy
/// holding its action in `to` that would stop it there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveDraws {
    pub strikers: Vec<usize>,
    pub interceptor: Option<usize>,
}

/// The strikes and the Intercept a Move of `mover` to `to` would draw now,
/// by the same tests the Move's resolution makes.
pub fn move_draws(table: &BattleState, mover: usize, to: ZoneCoord) -> MoveDraws {
    let me = &table.units[mover];
    let strikers = match me.placement.group {
        Some(group) if me.status != Status::Alone => in_the_melee_left(table, mover, group)
            .into_iter()
            .filter(|&s| strike_weapon(table, s, mover).is_some())
            .collect(),
        _ => Vec::new(),
    };
    let interceptor = (0..table.units.len())
        .find(|&h| table.units[h].pool.holding && may_intercept(table, h, mover, to));
    MoveDraws {
        strikers,
        interceptor,
    }
}

/// The enemies in `leaver`'s melee (`group`) who may strike it as it leaves:
/// fighting, not fleeing, and in no State.
pub fn in_the_melee_left(table: &BattleState, leaver: usize, group: GroupId) -> Vec<usize> {
    let side = table.units[leaver].unit.side;
    table
        .group_members(group)
        .into_iter()
        .filter(|&u| {
            let them = &table.units[u];
            them.unit.side != side
                && them.fighting()
                && !them.conditions.routed()
                && !them.conditions.in_state()
        })
        .collect()
}

/// Whether `holder`, holding its action, may Intercept `mover` entering
/// `zone`: an enemy fighting Alone there, on its feet, with a die to spend.
pub fn may_intercept(table: &BattleState, holder: usize, mover: usize, zone: ZoneCoord) -> bool {
    let u = &table.units[holder];
    u.fighting()
        && u.unit.side != table.units[mover].unit.side
        && u.placement.zone == zone
        && u.pool.usable() > 0
        && u.status == Status::Alone
        && !u.conditions.routed()
        && !u.conditions.prone
}

/// The weapon of a free strike: the first that can strike the target now,
/// or at a flyer passing overhead the first that strikes at all.
pub fn strike_weapon(table: &BattleState, striker: usize, target: usize) -> Option<String> {
    if let Ok(weapon) = choose_weapon(table, striker, target, None) {
        return Some(weapon);
    }
    let overhead = table.units[target].flight.is_some()
        && table.units[target].placement.zone == table.units[striker].placement.zone;
    overhead
        .then(|| {
            table.units[striker].profile.weapons.iter().find(|w| {
                table
                    .ruleset
                    .weapons
                    .get(*w)
                    .is_some_and(|w| w.shield.is_none() && !w.is_missile())
            })
        })
        .flatten()
        .cloned()
}
