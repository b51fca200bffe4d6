//! Scoring commands and positions for the AI.
//!
//! A command's score is the expected change it makes to the acting side's
//! position, in "ranks": the exact odds of each attack result times what
//! that result is worth, plus simple terms for movement and tempo.

use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

use crate::battle::check::Plan;
use crate::battle::command::{Command, Order};
use crate::battle::components::{Fate, PoolAction, Status};
use crate::battle::odds::{
    answered_attack_odds, answered_spell_successes, attack_preview_with, defence_outcomes,
    drag_chance, target_facts,
};
use crate::battle::special::special_applicable;
use crate::battle::state::{BattleState, UnitState};
use crate::data::{SpellEffect, Tactic, WrestleMove};
use crate::level::VictoryCondition;
use crate::rules::odds::{attack_odds, successes};
use crate::rules::payment::Cost;
use crate::rules::special::SpecialResult;
use crate::vocabulary::ZoneCoord;
use crate::vocabulary::{Defence, WeightClass};

use super::cover::{cover_worth, longest_range};
use super::flyers::{
    flyer_threatens, hold_against_flyers, lands_to_escape, strikes_on_attacking, strikes_on_passing,
};
use super::gain::{acting_chance, attack_gain, threat_against};
use super::storm::storm_step;
use super::zones::hold_breaking_step;

/// The fewest zones between a zone and the nearest fighting enemy of `side`.
fn distance_to_enemy(table: &BattleState, side: usize, zone: ZoneCoord) -> Option<u16> {
    table
        .units()
        .iter()
        .filter(|u| u.fighting() && u.unit.side != side)
        .map(|u| {
            let ZoneCoord(x, y) = u.placement.zone;
            x.abs_diff(zone.0) + y.abs_diff(zone.1)
        })
        .min()
}

/// The expected gain of an attack, from the exact odds, with its specials.
fn attack_value(
    table: &BattleState,
    actor: usize,
    target: usize,
    weapon: &str,
    (specials, tactic): (&[SpecialResult], Option<Tactic>),
) -> f64 {
    let pool = table.units()[target].conditions.defence_pool;
    let Some(odds) = attack_preview_with(table, actor, target, weapon, pool, specials, tactic)
    else {
        return f64::NEG_INFINITY;
    };
    let extra: f64 = odds
        .specials
        .iter()
        .map(|&(special, chance)| chance * special_worth(table, target, special))
        .sum();
    let mut gain = attack_gain(table, actor, target, &odds) + extra;
    // A mob strikes separate targets with one action.
    if let Some(rule) = table.units()[actor]
        .profile
        .mob
        .and_then(|tier| table.ruleset().rules.mob_tiers.get(&tier))
    {
        let others = table
            .units()
            .iter()
            .filter(|u| {
                u.fighting()
                    && u.unit.side != table.units()[actor].unit.side
                    && u.unit.index != target
                    && u.placement.zone == table.units()[target].placement.zone
            })
            .count();
        gain *= 1.0 + 0.8 * others.min(usize::from(rule.attacks.saturating_sub(1))) as f64;
    }
    // Left open until the next action: the worth of the defences given up.
    let exposed = |guarded: f64| {
        let trained = !table.units()[actor].profile.defences.is_empty();
        if trained { guarded } else { 0.0 }
    };
    match tactic {
        None => gain,
        Some(Tactic::AllOutAttack) => gain - exposed(0.3),
        // The second blow, roughly as good as the first.
        Some(Tactic::DoubleStrike) => 2.0 * gain - exposed(0.15),
        Some(Tactic::FollowOn) => gain * (1.0 + 0.5 * odds.killing_blow_or_worse()) - exposed(0.15),
    }
}

/// What a special result is worth to the attacker against `target` now, in
/// ranks (the worth of extra damage is already in the damage odds).
fn special_worth(table: &BattleState, target: usize, special: SpecialResult) -> f64 {
    let them = &table.units()[target];
    // Without a spare weapon, a disarmed foe fights unarmed.
    let disarmed = || {
        let weapons = them
            .profile
            .weapons
            .iter()
            .filter_map(|id| table.ruleset().weapons.get(id))
            .filter(|w| !w.natural && w.shield.is_none() && w.hands > 0)
            .count();
        if weapons <= 1 { 0.8 } else { 0.2 }
    };
    match special {
        SpecialResult::Stun => 0.6,
        SpecialResult::BreakWeapon => disarmed() + 0.1,
        SpecialResult::Disarm => disarmed(),
        SpecialResult::LoseActionDie => 0.25,
        SpecialResult::Knockdown | SpecialResult::RemoveArmour => 0.2,
        SpecialResult::ReduceDefencePool | SpecialResult::Expose => 0.15,
        // Every later Move or Charge needs a footing roll: it tells on a
        // side that must escape or take a zone.
        SpecialResult::Hamstring => {
            let must_move = table.victory_conditions_of(them.unit.side).any(|c| {
                matches!(
                    c,
                    VictoryCondition::Escape { .. } | VictoryCondition::HoldZone { .. }
                )
            });
            if must_move { 1.0 } else { 0.1 }
        }
        // Knocked out of its melee, it frees a friend of the attacker's
        // there who is one blow from going down.
        SpecialResult::Knockback => {
            let friend_at_risk = them.placement.group.is_some()
                && table.units().iter().any(|u| {
                    u.fighting()
                        && u.unit.side != them.unit.side
                        && u.placement.group == them.placement.group
                        && u.ranks.physical.remaining() <= 1
                });
            if friend_at_risk { 0.4 } else { 0.1 }
        }
        // A reach weapon is no use in contact.
        SpecialResult::DrawIntoContact => 0.35,
        SpecialResult::ExtraDamage | SpecialResult::MoveOutOfContact => 0.0,
    }
}

/// The few orders of special results the AI weighs for an attack: none,
/// extra damage, each of four common specials that can work on the target
/// now, and each rarer one worth weighing against this target, followed by
/// extra damage. The exact odds then say which is worth most.
pub fn special_choices(
    table: &BattleState,
    actor: usize,
    target: usize,
) -> Vec<Vec<SpecialResult>> {
    let mut choices = vec![Vec::new(), vec![SpecialResult::ExtraDamage]];
    let common = [
        SpecialResult::Stun,
        SpecialResult::LoseActionDie,
        SpecialResult::ReduceDefencePool,
        SpecialResult::Knockdown,
    ];
    let rarer = [
        SpecialResult::Disarm,
        SpecialResult::BreakWeapon,
        SpecialResult::Hamstring,
        SpecialResult::Knockback,
        SpecialResult::DrawIntoContact,
    ]
    .into_iter()
    .filter(|&special| special_worth(table, target, special) >= RARER_WORTH_WEIGHING);
    for first in common.into_iter().chain(rarer) {
        if special_applicable(table, actor, target, first) {
            choices.push(vec![first, SpecialResult::ExtraDamage]);
        }
    }
    choices
}

/// A rarer special is weighed only where it is worth this much: against a
/// foe with no spare weapon, one whose side must move, one holding a
/// friend at death's door, or one with a reach weapon.
const RARER_WORTH_WEIGHING: f64 = 0.3;

fn pips(cost: Cost) -> f64 {
    match cost {
        Cost::Pips(p) => f64::from(p),
        Cost::FullDie => 3.0,
        Cost::Free => 0.0,
    }
}

/// The score of a legal command for the side that gives it, given the plan
/// the check made of it.
fn score_plan(table: &BattleState, command: &Command, plan: &Plan) -> f64 {
    let scorer = Scorer::new(table, plan);
    let (actor, me, side, spend) = (scorer.actor, scorer.me, scorer.side, scorer.spend);
    let approach = |to| scorer.approach(to);
    let position = |to| scorer.position(to);
    let holds = |to| scorer.holds(to);
    let target_index = |id: &str| table.unit_index(id);
    match &command.order {
        Order::Attack {
            target,
            raise_with_one,
            specials,
            tactic,
            ..
        } => attack_score(&scorer, plan, target, *raise_with_one, specials, *tactic),
        Order::Charge { target, .. } => {
            let Some(target) = target_index(target) else {
                return f64::NEG_INFINITY;
            };
            let to = table.units()[target].placement.zone;
            let melee = me.profile.weapons.iter().any(|w| {
                table
                    .ruleset()
                    .weapons
                    .get(w)
                    .is_some_and(|w| w.range.is_none())
            });
            (if melee { 0.45 } else { -0.4 }) + approach(to) + holds(to) + position(to) - spend
        }
        Order::Move { to, .. } => move_score(&scorer, *to),
        Order::LeaveTable { .. } => 3.0,
        // Standing up when prone and out of a melee frees the combatant to move again.
        Order::Withdraw { .. } if me.conditions.prone && me.status == Status::Alone => 0.6 - spend,
        Order::Withdraw { .. } => {
            let weak = me.ranks.physical.remaining() <= 1;
            (if weak { 0.1 } else { -0.4 }) - spend
        }
        Order::JoinGroup { friend, .. } => {
            let joins_melee =
                target_index(friend).is_some_and(|f| table.units()[f].status == Status::InContact);
            // Side by side, each may hold to strike a flyer that attacks the other.
            let guards = flyer_threatens(table, actor);
            (if joins_melee {
                0.3
            } else if guards {
                0.1
            } else {
                -0.3
            }) - spend
        }
        Order::LeaveGroup { .. } => -0.3 - spend,
        Order::Recover { .. } => 0.65 - spend,
        Order::RecoveryRoll => 0.6 * acting_chance(table, me),
        Order::Effort => {
            if me.status == Status::Alone
                && distance_to_enemy(table, side, me.placement.zone) != Some(0)
            {
                -0.2
            } else {
                0.12
            }
        }
        Order::Hold => -0.35 + hold_against_flyers(table, actor),
        // The AI sets its standing choices before it scores its orders.
        Order::ChooseWounds { .. } => f64::NEG_INFINITY,
        Order::KeepDie => 0.25,
        Order::Pass => -0.3,
        // DEX ranks: the engaged stand and fight, the others move; none runs.
        Order::Intend { run: true, .. } => -0.2,
        Order::Intend { moving, .. } => {
            let engaged = me.status != Status::Alone;
            if *moving != engaged { 0.1 } else { -0.1 }
        }
        Order::Surrender => -1.0,
        Order::Defend {
            with,
            raise_with_one,
            ..
        } => {
            // A 1 lifting a defence die is worth a little more than its cost,
            // as on an attack.
            defence_value(table, *with) + if *raise_with_one { 0.05 } else { 0.0 }
        }
        Order::Pool { .. } if me.conditions.action_pool.is_some() => {
            // Grow an action pool to a few dice, then release it.
            let dice = me.conditions.action_pool.map_or(0, |p| p.dice);
            (if dice < 3 { 0.25 } else { -0.1 }) - spend
        }
        Order::Aim { .. } => {
            let in_melee = me.status != Status::Alone;
            (if in_melee { -1.0 } else { 0.05 }) - spend
        }
        Order::Prepare { .. } => {
            let near = distance_to_enemy(table, side, me.placement.zone).is_some_and(|d| d <= 3);
            (if near { 0.1 } else { -0.2 }) - spend
        }
        Order::Cast { target } => {
            let Some(target) = target_index(target) else {
                return f64::NEG_INFINITY;
            };
            cast_value(table, actor, target)
        }
        Order::Pool { .. } => defence_pool_score(&scorer),
        Order::Break { target, .. } => {
            // What our best attack on the target gains once its pool is gone.
            let Some(target) = target_index(target) else {
                return f64::NEG_INFINITY;
            };
            let pool = table.units()[target].conditions.defence_pool;
            threat_against(table, actor, target, None)
                - threat_against(table, actor, target, pool)
                - spend
        }
        // Hand-to-hand suits wrestlers and light blades; others keep their distance.
        Order::CloseIn { .. } => {
            let light = me.profile.weapons.iter().any(|w| {
                table
                    .ruleset()
                    .weapons
                    .get(w)
                    .is_some_and(|w| w.weight == WeightClass::Light && !w.is_missile())
            });
            (if me.profile.wrestler || light {
                0.1
            } else {
                -0.3
            }) - spend
        }
        // Dragged into a melee, a shooter cannot shoot and a reach weapon
        // is useless: worth the try against those, not others.
        Order::Drag { target, .. } => drag_score(&scorer, target),
        Order::Wrestle { with, .. } => wrestle_value(*with) - spend,
        // A flyer stays in the air and closes on its prey; a fall hurts.
        // Passing holders costs what their strikes are expected to take.
        Order::Fly { to, facing, .. } => fly_score(&scorer, *to, *facing),
        Order::TakeOff { .. } => 0.4 - spend,
        // A flyer that must leave the table lands at the edge to do it.
        Order::Land { .. } if lands_to_escape(table, actor) => 2.0 - spend,
        Order::Land { .. } => -0.6 - spend,
        Order::Drive {
            to, facing, target, ..
        } => drive_score(&scorer, *to, *facing, target.as_deref()),
        Order::Gallop { to, .. } => 1.2 * approach(*to) + holds(*to) - 0.15 - spend,
        Order::Mount { .. } => 0.35 - spend,
        Order::Dismount { .. } => -0.6 - spend,
    }
}

/// What the score of a step weighs, shared by every order that moves.
struct Scorer<'a> {
    table: &'a BattleState,
    actor: usize,
    me: &'a UnitState,
    side: usize,
    /// The order's cost, a little against it.
    spend: f64,
    /// How hard the clock presses its side ([`clock_press`]).
    press: f64,
    /// How much each zone closer to the enemy is worth: most against an
    /// enemy that wins by surviving, and rising as the clock presses.
    pull: f64,
}

impl<'a> Scorer<'a> {
    fn new(table: &'a BattleState, plan: &Plan) -> Self {
        let actor = plan.actor;
        let me = &table.units()[actor];
        let side = me.unit.side;
        let press = clock_press(table, side);
        let enemy_survives = table.battle().level.victory.iter().any(
            |c| matches!(c, VictoryCondition::Survive { side: s, .. } if *s != table.side_id(side)),
        );
        let pull = if enemy_survives {
            URGENT_PULL
        } else {
            PULL + (URGENT_PULL - PULL) * press
        };
        Self {
            table,
            actor,
            me,
            side,
            spend: 0.02 * pips(plan.cost),
            press,
            pull,
        }
    }

    /// Closing on the nearest enemy, by a step to `to`.
    fn approach(&self, to: ZoneCoord) -> f64 {
        let before = distance_to_enemy(self.table, self.side, self.me.placement.zone).unwrap_or(0);
        let after = distance_to_enemy(self.table, self.side, to).unwrap_or(0);
        self.pull * (f64::from(before) - f64::from(after))
    }

    /// A side that wins by surviving keeps its place behind a defended edge.
    fn position(&self, to: ZoneCoord) -> f64 {
        let from = self.me.placement.zone;
        let survivor = self
            .table
            .victory_conditions_of(self.side)
            .any(|c| matches!(c, VictoryCondition::Survive { .. }));
        let defending = survivor && self.table.board().defended(from);
        if defending && to != from { -1.5 } else { 0.0 }
    }

    /// The pull of the victory conditions on a step to `to`: its own, and
    /// the holds it must break.
    fn holds(&self, to: ZoneCoord) -> f64 {
        let (table, side, me) = (self.table, self.side, self.me);
        table
            .victory_conditions_of(side)
            .map(|c| match c {
                VictoryCondition::HoldZone { zone, .. } => {
                    if *zone == to {
                        0.8
                    } else if *zone == me.placement.zone {
                        -0.8
                    } else {
                        storm_step(table, side, me.placement.zone, to, *zone)
                    }
                }
                VictoryCondition::Escape { edge, .. } => {
                    let from = table.board().zones_to_edge(me.placement.zone, *edge);
                    let to = table.board().zones_to_edge(to, *edge);
                    0.5 * (f64::from(from) - f64::from(to))
                }
                _ => 0.0,
            })
            .sum::<f64>()
            + hold_breaking_step(table, self.actor, to)
    }
}

/// How hard the clock presses `side`, from 0 to 1: nothing for a side that
/// wins by surviving, and for the others rising from the first round to
/// full at half the rounds they have (to the enemy's survival, else to the
/// round limit's draw). Without it Normal waited, its dice kept, for an
/// enemy that never came, and a player who only passed drew Chariots on
/// the Plain every time (docs/AI.md, The clock).
pub(super) fn clock_press(table: &BattleState, side: usize) -> f64 {
    let battle = table.battle();
    let mut deadline = battle.round_limit;
    for condition in &battle.level.victory {
        if let VictoryCondition::Survive { side: s, rounds } = condition {
            if *s == table.side_id(side) {
                return 0.0;
            }
            deadline = deadline.min(*rounds);
        }
    }
    let run = f64::from(battle.round.saturating_sub(1)) / f64::from(deadline.max(2) - 1);
    (2.0 * run).min(1.0)
}

/// What a zone closer to the enemy is worth at the start of a battle, and
/// once the clock presses fully (at once against an enemy that wins by
/// surviving).
const PULL: f64 = 0.3;
const URGENT_PULL: f64 = 0.8;
/// What an attack gains once the clock presses fully: a side that must
/// win strikes at foes it would otherwise wait out.
const PRESSED_ATTACK: f64 = 0.4;

/// An attack: its expected gain, less the strikes it draws.
fn attack_score(
    scorer: &Scorer,
    plan: &Plan,
    target: &str,
    raise_with_one: bool,
    specials: &[SpecialResult],
    tactic: Option<Tactic>,
) -> f64 {
    let table = scorer.table;
    let actor = scorer.actor;
    let spend = scorer.spend;
    let Some(target) = table.unit_index(target) else {
        return f64::NEG_INFINITY;
    };
    let weapon = plan.weapon.as_deref().unwrap_or_default();
    let mut value = attack_value(table, actor, target, weapon, (specials, tactic));
    if raise_with_one {
        // A 1 spent on the roll is worth a little more than its cost.
        value += 0.05;
    }
    if table.units()[target].fate == Fate::OutOfAction {
        value -= 0.4;
    } else {
        value += PRESSED_ATTACK * scorer.press;
    }
    value - strikes_on_attacking(table, actor, target) - spend
}

/// A Move: toward the enemy (a shooter only a little, until the clock
/// presses one out of range), the victory conditions and cover, and out of
/// a melee at a price.
fn move_score(scorer: &Scorer, to: ZoneCoord) -> f64 {
    let table = scorer.table;
    let actor = scorer.actor;
    let me = scorer.me;
    let spend = scorer.spend;
    let range = longest_range(table, me);
    // A shooter closes a little, and out of range more as the clock presses.
    let nearest = distance_to_enemy(table, scorer.side, me.placement.zone);
    let toward = match range {
        Some(range) => {
            let out_of_range = nearest.is_some_and(|d| d > u16::from(range));
            let press = if out_of_range { scorer.press } else { 0.0 };
            (1.0 - press) * 0.2 * scorer.approach(to).min(0.3) + press * scorer.approach(to)
        }
        None => scorer.approach(to),
    };
    let leaving_melee = if me.status == Status::InContact {
        -0.5
    } else {
        0.0
    };
    let cover = cover_worth(table, actor, to) - cover_worth(table, actor, me.placement.zone);
    toward + scorer.holds(to) + scorer.position(to) + leaving_melee + cover - spend - 0.05
}

/// A die on a defence pool: what it takes off the worst attack an enemy in
/// the zone could make next.
fn defence_pool_score(scorer: &Scorer) -> f64 {
    let table = scorer.table;
    let actor = scorer.actor;
    let me = scorer.me;
    let side = scorer.side;
    let spend = scorer.spend;
    // What one more die takes off the worst attack an enemy in the
    // zone could make next.
    let Some(pool) = me.conditions.defence_pool else {
        return f64::NEG_INFINITY;
    };
    let eased = table
        .units()
        .iter()
        .filter(|u| u.fighting() && u.unit.side != side && u.placement.zone == me.placement.zone)
        .map(|enemy| {
            threat_against(table, enemy.unit.index, actor, Some(pool))
                - threat_against(table, enemy.unit.index, actor, Some(pool.topped_up()))
        })
        .fold(0.0, f64::max);
    eased - spend
}

/// Dragged into a melee, a shooter cannot shoot and a reach weapon is
/// useless: worth the try against those, not others.
fn drag_score(scorer: &Scorer, target: &str) -> f64 {
    let table = scorer.table;
    let actor = scorer.actor;
    let spend = scorer.spend;
    let Some(target) = table.unit_index(target) else {
        return f64::NEG_INFINITY;
    };
    let disarmed = table.units()[target].profile.weapons.iter().any(|w| {
        table
            .ruleset()
            .weapons
            .get(w)
            .is_some_and(|w| w.is_missile() || w.reach)
    });
    let worth = if disarmed { 0.4 } else { 0.0 };
    worth * drag_chance(table, actor, target) - spend
}

/// A flight: closing on its prey and the victory conditions; a fall hurts,
/// and passing holders costs what their strikes are expected to take.
fn fly_score(scorer: &Scorer, to: ZoneCoord, facing: Option<crate::vocabulary::Facing>) -> f64 {
    let table = scorer.table;
    let actor = scorer.actor;
    let me = scorer.me;
    let spend = scorer.spend;
    let Some((route, flight)) =
        crate::battle::flight::flight_route(table, actor, to, facing).zip(me.flight)
    else {
        return f64::NEG_INFINITY;
    };
    let falls = matches!(
        flight.rating.kind_of(route.length()),
        crate::rules::movement::FlightKind::Fall { .. }
    );
    scorer.approach(to) + scorer.holds(to)
        - if falls { 1.5 } else { 0.0 }
        - strikes_on_passing(table, actor, &route)
        - spend
        - 0.02
}

/// A drive: toward the enemy and the victory conditions, facing the
/// nearest enemy at its end, and a charge into one.
fn drive_score(
    scorer: &Scorer,
    to: ZoneCoord,
    facing: Option<crate::vocabulary::Facing>,
    target: Option<&str>,
) -> f64 {
    let table = scorer.table;
    let actor = scorer.actor;
    let side = scorer.side;
    let spend = scorer.spend;
    let Some(chariot) = table.chariot_of(actor) else {
        return f64::NEG_INFINITY;
    };
    let ahead = crate::battle::riding::drive_route(table, chariot, to, facing, target.is_some())
        .and_then(|route| {
            let zone = table
                .units()
                .iter()
                .filter(|u| u.fighting() && u.unit.side != side)
                .min_by_key(|u| u.placement.zone.distance(to))?
                .placement
                .zone;
            crate::vocabulary::Facing::toward(to, zone).map(|d| d.turns_to(route.facing))
        })
        .map_or(0.0, |turns| 0.15 - 0.05 * f64::from(turns));
    let charge = if target.is_some() { 0.6 } else { 0.0 };
    scorer.approach(to) + scorer.holds(to) + ahead + charge - spend - 0.05
}

/// What a wrestling move is worth, in ranks (a rough guide: holds are rare).
fn wrestle_value(with: WrestleMove) -> f64 {
    match with {
        WrestleMove::Break => 0.6,
        WrestleMove::Subdue | WrestleMove::Reverse => 0.5,
        WrestleMove::Squeeze => 0.45,
        WrestleMove::Grapple => 0.35,
        WrestleMove::Improve | WrestleMove::Knockdown => 0.2,
        WrestleMove::Yield => -2.0,
    }
}

/// The expected gain of releasing the prepared spell at `target`, from the
/// exact odds of its roll.
fn cast_value(table: &BattleState, caster: usize, target: usize) -> f64 {
    let me = &table.units()[caster];
    let Some(pool) = me.conditions.action_pool else {
        return f64::NEG_INFINITY;
    };
    let PoolAction::Cast { spell } = pool.action else {
        return f64::NEG_INFINITY;
    };
    let Some(spell) = me
        .profile
        .spells
        .get(usize::from(spell))
        .and_then(|id| table.ruleset().actions.spells.get(id))
    else {
        return f64::NEG_INFINITY;
    };
    let dice = u32::from(pool.dice) + u32::from(me.conditions.effort);
    let sl = table.ruleset().rules.standard_sl;
    match spell.effect {
        SpellEffect::Damage { weight } => {
            let odds = attack_odds(
                dice,
                sl,
                table.ruleset().rules.damage_rule(weight),
                &target_facts(table, target),
            );
            attack_gain(table, caster, target, &odds)
        }
        SpellEffect::Mental { weight } | SpellEffect::Hex { weight } => {
            // Mental damage lands on the mental track, as a weapon's on the physical.
            let them = &table.units()[target];
            let mut facts = target_facts(table, target);
            facts.armour = 0;
            facts.total_rank = them.ranks.mental.total();
            facts.soak.already_in_state = if matches!(spell.effect, SpellEffect::Hex { .. }) {
                them.conditions.doubt
            } else {
                them.conditions.shocked
            };
            let odds = attack_odds(dice, sl, table.ruleset().rules.damage_rule(weight), &facts);
            attack_gain(table, caster, target, &odds)
        }
        SpellEffect::Heal => {
            // A Stun cleared is worth about what a Stun costs; a rank, a rank.
            let them = &table.units()[target];
            let hits = successes(dice, sl);
            let at_least = |k: usize| hits.iter().skip(k).sum::<f64>();
            let (stun, rank) = match (them.conditions.stunned, them.ranks.physical.lost > 0) {
                (true, true) => (at_least(1), at_least(2)),
                (true, false) => (at_least(1), 0.0),
                (false, true) => (0.0, at_least(1)),
                (false, false) => (0.0, 0.0),
            };
            0.5 * stun + rank
        }
        SpellEffect::BonusRanks { most, .. } => {
            let expected: f64 = successes(dice, sl)
                .iter()
                .enumerate()
                .map(|(k, p)| p * (k as f64).min(f64::from(most)))
                .sum();
            0.3 * expected
        }
    }
}

/// The cost of spending a full action die on a defence, in ranks.
const DEFENCE_DIE_COST: f64 = 0.25;

/// What one success of a spell attack that lands is worth to its target, in
/// ranks: about half a rank, as a Firebolt's damage grows a point a success.
const SPELL_SUCCESS_WORTH: f64 = 0.5;

/// How an answer to the declared attack leaves the defender's side: minus
/// the attacker's expected gain from the exact odds of the answered attack;
/// a pool kept for later attacks and a Parry's successes count a little.
fn defence_value(table: &BattleState, with: Option<Defence>) -> f64 {
    let Some(pending) = &table.battle().pending else {
        return f64::NEG_INFINITY;
    };
    if let Some(landed) = answered_spell_successes(table, pending, with) {
        let cost = if with.is_some() {
            DEFENCE_DIE_COST
        } else {
            0.0
        };
        return -landed * SPELL_SUCCESS_WORTH - cost;
    }
    let Some(odds) = answered_attack_odds(table, pending, with) else {
        return f64::NEG_INFINITY;
    };
    let threat = attack_gain(table, pending.attacker, pending.target, &odds);
    let Some(defence) = with else {
        return -threat;
    };
    let later: f64 = defence_outcomes(table, pending.target, defence)
        .iter()
        .enumerate()
        .map(|(k, (p, pool))| match defence {
            // Each success may expose the attacker or feed a riposte.
            Defence::Parry => p * 0.3 * k as f64,
            _ => p * 0.08 * f64::from(pool.map_or(0, |pool| pool.dice.saturating_sub(1))),
        })
        .sum();
    -threat + later - DEFENCE_DIE_COST
}

/// Normal: the best-scoring legal command (the first on a tie).
pub fn best(table: &BattleState, legal: Vec<(Command, Plan)>) -> Option<Command> {
    let mut best: Option<(f64, Command)> = None;
    for (command, plan) in legal {
        let score = score_plan(table, &command, &plan);
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, command));
        }
    }
    best.map(|(_, command)| command)
}

/// Legal commands sorted best first, with their scores.
pub fn ranked(table: &BattleState, legal: Vec<(Command, Plan)>) -> Vec<(f64, Command)> {
    let mut scored = Vec::with_capacity(legal.len());
    for (command, plan) in legal {
        scored.push((score_plan(table, &command, &plan), command));
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
}

/// What [`ranked`] would put first, with its score, without sorting the
/// rest: the first of the highest scores.
pub fn first_ranked(table: &BattleState, legal: Vec<(Command, Plan)>) -> Option<(f64, Command)> {
    let mut first: Option<(f64, Command)> = None;
    for (command, plan) in legal {
        let score = score_plan(table, &command, &plan);
        if first
            .as_ref()
            .is_none_or(|(s, _)| score.total_cmp(s).is_gt())
        {
            first = Some((score, command));
        }
    }
    first
}

/// Easy: often not the best command. A third of the time any legal command
/// but Pass; otherwise one of the three best.
pub fn choose_easy(
    table: &BattleState,
    legal: Vec<(Command, Plan)>,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Command> {
    let ranked = ranked(table, legal);
    if ranked.is_empty() {
        return None;
    }
    if rng.random_range(0..3) == 0 {
        let not_passing: Vec<&Command> = ranked
            .iter()
            .map(|(_, c)| c)
            .filter(|c| c.order != Order::Pass)
            .collect();
        if !not_passing.is_empty() {
            return Some(not_passing[rng.random_range(0..not_passing.len())].clone());
        }
    }
    let top = ranked.len().min(3);
    Some(ranked[rng.random_range(0..top)].1.clone())
}
