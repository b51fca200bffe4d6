//! What the player's clicks and menu picks mean as commands. Nothing here
//! decides a rule: every entry carries the verdict of the rules' own
//! [`check`], the same one the AI's commands pass.

use crate::battle::candidates::candidate_orders;
use crate::battle::check::Plan;
use crate::battle::command::{AttackChoices, Command, Order, RuleError};
use crate::battle::describe::orders::order_label;
use crate::battle::state::BattleState;
use crate::vocabulary::Facing;
use crate::vocabulary::ZoneCoord;

/// Where the player clicked on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Click {
    Unit(usize),
    Zone(ZoneCoord),
}

/// The sections of the action menu, in the order it shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuSection {
    /// Answers to an attack declared on the combatant.
    Defence,
    /// The everyday choices of a turn: hold, pass, keep a die, Effort, Recover.
    Turn,
    /// The orders aimed at one other combatant (by its index): attacks,
    /// charges, casts, joining or mounting it. Foes who can still fight
    /// come first, nearest first, then friends, then fallen foes.
    Target(usize),
    Move,
    Other,
}

/// One line of the action menu: an order and whether the rules allow it now.
#[derive(Debug, Clone)]
pub struct MenuEntry {
    pub section: MenuSection,
    pub label: String,
    pub order: Order,
    /// The figure or zone the order is aimed at, for the table to point out.
    pub points_at: Option<Click>,
    pub verdict: Result<Plan, RuleError>,
    /// The standing choices (raise with a 1, a tactic, special results, the
    /// injury shift) could not apply to this order now, and are left out.
    pub choices_ignored: bool,
}

/// The figure or zone an order is aimed at.
pub fn order_points_at(table: &BattleState, order: &Order) -> Option<Click> {
    if let Some(other) = order.other().and_then(|id| table.unit_index(id)) {
        return Some(Click::Unit(other));
    }
    match order {
        Order::Move { to, .. }
        | Order::Fly { to, .. }
        | Order::Drive { to, .. }
        | Order::Gallop { to, .. } => Some(Click::Zone(*to)),
        _ => None,
    }
}

/// A flight or drive to a zone with a facing chosen: the facing, and the
/// same order with the facing left to the rules. The menu shows the
/// facings for one zone as one row.
pub fn facing_choice(order: &Order) -> Option<(Facing, Order)> {
    let mut free = order.clone();
    match &mut free {
        Order::Fly { facing, .. }
        | Order::Drive {
            facing,
            target: None,
            ..
        } => facing.take().map(|chosen| (chosen, free)),
        _ => None,
    }
}

/// The heading of a target's group in the menu: its name, whose it is and
/// where it stands.
pub fn target_heading(table: &BattleState, actor: usize, target: usize) -> String {
    let (me, them) = (&table.units()[actor], &table.units()[target]);
    let whose = match (them.unit.side == me.unit.side, them.fighting()) {
        (true, _) => "friend",
        (false, true) => "enemy",
        // RULES §11: a fallen foe may still be struck; say it has fallen.
        (false, false) => "enemy, fallen",
    };
    let zone = them.placement.zone;
    if zone == me.placement.zone {
        format!("{}, {whose}, in this zone", them.unit.name)
    } else {
        format!("{}, {whose}, in {zone}", them.unit.name)
    }
}

/// Every order the combatant might give now, legal or not, with the rules'
/// verdict. Attacks that raise with a 1 are one entry with the raise set by
/// `raise_with_one`; `pay` names the dice to pay with (the least wasteful
/// when `None`).
pub fn menu_entries(
    table: &BattleState,
    unit: usize,
    choices: &AttackChoices,
    pay: Option<&[u8]>,
) -> Vec<MenuEntry> {
    let id = table.units()[unit].unit.id.clone();
    let mut entries: Vec<MenuEntry> = candidate_orders(table, unit)
        .into_iter()
        .filter(|order| {
            !matches!(
                order,
                Order::Attack {
                    raise_with_one: true,
                    ..
                } | Order::Defend {
                    raise_with_one: true,
                    ..
                }
            )
        })
        .map(|order| {
            let chosen = with_choices(order.clone(), choices, pay);
            let verdict = table.check(&Command::new(id.clone(), chosen.clone()));
            // A standing choice never blocks an order: one that cannot
            // apply now is left out, and the entry says so.
            if verdict.is_err() && *choices != AttackChoices::default() {
                let plain = with_choices(order, &AttackChoices::default(), pay);
                let plain_verdict = table.check(&Command::new(id.clone(), plain.clone()));
                if plain_verdict.is_ok() && plain != chosen {
                    return (plain, plain_verdict, true);
                }
            }
            (chosen, verdict, false)
        })
        // The many zones a flyer, chariot or galloping mount might reach
        // are listed only where it can go: the table's zones are clickable.
        // Orders that belong to another situation (wrestling outside
        // InClose, an edge the side may not leave by, a mount it is not on,
        // a State it is not in, a refresh not called) are listed only when
        // they are open.
        // Under DEX ranks, the orders of another step of the round are left
        // out rather than greyed.
        .filter(|(_, verdict, _)| !matches!(verdict, Err(RuleError::NotThisStep { .. })))
        .filter(|(order, verdict, _)| {
            verdict.is_ok()
                || !matches!(
                    order,
                    Order::Fly { .. }
                        | Order::Drive { .. }
                        | Order::Gallop { .. }
                        | Order::Mount { .. }
                        | Order::Dismount { .. }
                        | Order::Wrestle { .. }
                        | Order::LeaveTable { .. }
                        | Order::Recover { .. }
                        | Order::RecoveryRoll
                        | Order::KeepDie
                )
        })
        .map(|(order, verdict, choices_ignored)| {
            let points_at = order_points_at(table, &order);
            let section = match (points_at, &order) {
                (Some(Click::Unit(target)), _) => MenuSection::Target(target),
                (_, order) => match order {
                    Order::Hold
                    | Order::Pass
                    | Order::Surrender
                    | Order::KeepDie
                    | Order::Effort
                    | Order::Recover { .. }
                    | Order::RecoveryRoll => MenuSection::Turn,
                    Order::Defend { .. } => MenuSection::Defence,
                    Order::Move { .. }
                    | Order::Withdraw { .. }
                    | Order::LeaveGroup { .. }
                    | Order::LeaveTable { .. }
                    | Order::Fly { .. }
                    | Order::TakeOff { .. }
                    | Order::Land { .. }
                    | Order::Drive { .. }
                    | Order::Gallop { .. }
                    | Order::Mount { .. }
                    | Order::Dismount { .. } => MenuSection::Move,
                    _ => MenuSection::Other,
                },
            };
            MenuEntry {
                section,
                label: order_label(table, &order),
                points_at,
                verdict,
                order,
                choices_ignored,
            }
        })
        .collect();
    let me = &table.units()[unit];
    entries.sort_by_key(|e| match e.section {
        MenuSection::Defence => (0, 0, 0, 0),
        MenuSection::Turn => (1, 0, 0, 0),
        MenuSection::Target(target) => {
            let them = &table.units()[target];
            (
                2,
                target_rank(them.unit.side == me.unit.side, them.fighting()),
                them.placement.zone.distance(me.placement.zone),
                target,
            )
        }
        MenuSection::Move => (3, 0, 0, 0),
        MenuSection::Other => (4, 0, 0, 0),
    });
    entries
}

/// Where a target's orders stand in the menu, first to last: foes who can
/// still fight (they take the low number keys), then friends, then fallen
/// foes, whom the rules let be struck but who are seldom the choice.
fn target_rank(friend: bool, fighting: bool) -> u8 {
    match (friend, fighting) {
        (false, true) => 0,
        (true, _) => 1,
        (false, false) => 2,
    }
}

/// The order with the player's attack choices and dice applied.
pub fn with_choices(mut order: Order, choices: &AttackChoices, faces: Option<&[u8]>) -> Order {
    if let Order::Attack {
        raise_with_one,
        specials,
        tactic,
        shift,
        ..
    } = &mut order
    {
        *raise_with_one = choices.raise_with_one;
        *specials = choices.specials.clone();
        *tactic = choices.tactic;
        *shift = choices.shift;
    }
    if let Order::Defend { raise_with_one, .. } = &mut order {
        *raise_with_one = choices.raise_with_one;
    }
    if let Some(faces) = faces
        && let Some(pay) = order.payment_mut()
    {
        *pay = Some(faces.to_vec());
    }
    order
}

/// What a left click means for the acting combatant `actor`: on an enemy,
/// an attack (its first usable weapon) or else a charge; on a friend, joining
/// it; on a zone, a move there. The error is the rules' reason against the
/// most direct of those orders. The plan names the weapon an attack would use.
pub fn click_order(
    table: &BattleState,
    actor: usize,
    click: Click,
    choices: &AttackChoices,
) -> Result<Plan, RuleError> {
    let me = &table.units()[actor];
    let tries: Vec<Order> = match click {
        Click::Unit(other) => {
            let them = &table.units()[other];
            let target = them.unit.id.clone();
            if them.unit.side == me.unit.side {
                vec![
                    Order::JoinGroup {
                        friend: target.clone(),
                        pay: None,
                    },
                    Order::Mount {
                        on: target,
                        pay: None,
                    },
                ]
            } else {
                let attack = |choices: &AttackChoices| Order::Attack {
                    target: target.clone(),
                    weapon: None,
                    raise_with_one: false,
                    specials: choices.specials.clone(),
                    tactic: choices.tactic,
                    shift: choices.shift,
                    pay: None,
                };
                // The standing choices, then (if they cannot apply) none.
                vec![
                    attack(choices),
                    attack(&AttackChoices::default()),
                    Order::Charge {
                        target: target.clone(),
                        pay: None,
                    },
                    Order::Drive {
                        to: them.placement.zone,
                        facing: None,
                        target: Some(target),
                        pay: None,
                    },
                ]
            }
        }
        // The way this combatant moves comes first, so a refusal names it.
        Click::Zone(to)
            if matches!(
                me.conditions.aboard,
                Some(crate::battle::components::Aboard::Chariot(_))
            ) =>
        {
            vec![Order::Drive {
                to,
                facing: None,
                target: None,
                pay: None,
            }]
        }
        Click::Zone(to) if me.flight.is_some_and(|f| f.airborne()) => vec![Order::Fly {
            to,
            facing: None,
            pay: None,
        }],
        Click::Zone(to) => vec![
            Order::Move { to, pay: None },
            Order::Gallop { to, pay: None },
        ],
    };
    let mut first_error = None;
    for order in tries {
        match table.check(&Command::new(me.unit.id.clone(), order)) {
            Ok(plan) => return Ok(plan),
            Err(error) => {
                first_error.get_or_insert(error);
            }
        }
    }
    Err(first_error.unwrap_or(RuleError::NoTurnOpen))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Roland beside a bandit, his dice 6 and 5: no 1 to raise with.
    fn roland_beside_a_bandit() -> crate::battle::engine::Engine {
        crate::game::test_engines::from_text(
            r#"(name: "Strip", tile_size: 6, legend: { 'g': Grass }, map: ["gg"],
            sides: [(id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.8), kind: Heroes, controller: Human),
                    (id: "foes", name: "Foes", colour: (0.8, 0.2, 0.1), kind: Npcs, controller: Ai)],
            units: [(id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0),
                        overrides: (action_dice: Some(Fixed([6, 5])))),
                    (id: "bandit", template: "bandit", side: "foes", zone: (0, 0),
                        overrides: (action_dice: Some(Fixed([2]))))],
            victory: [DefeatAll(side: "foes")])"#,
        )
    }

    #[test]
    fn foes_who_can_fight_come_first_in_the_menu_then_friends_then_the_fallen() {
        let mut ranks = [
            ("fallen foe", target_rank(false, false)),
            ("friend", target_rank(true, true)),
            ("foe", target_rank(false, true)),
            ("fallen friend", target_rank(true, false)),
        ];
        ranks.sort_by_key(|(_, rank)| *rank);
        let order: Vec<&str> = ranks.iter().map(|(who, _)| *who).collect();
        assert_eq!(order, ["foe", "friend", "fallen friend", "fallen foe"]);
    }

    #[test]
    fn a_standing_raise_with_a_1_and_no_1_to_spend_never_greys_out_an_attack() {
        let engine = roland_beside_a_bandit();
        let table = engine.state();
        let raise = AttackChoices {
            raise_with_one: true,
            ..AttackChoices::default()
        };
        let attacks: Vec<MenuEntry> = menu_entries(table, 0, &raise, None)
            .into_iter()
            .filter(|e| matches!(e.order, Order::Attack { .. }))
            .collect();
        assert!(!attacks.is_empty());
        for entry in &attacks {
            assert!(
                entry.verdict.is_ok(),
                "{}: {:?}",
                entry.label,
                entry.verdict
            );
            assert!(entry.choices_ignored, "{}", entry.label);
            assert!(matches!(
                entry.order,
                Order::Attack {
                    raise_with_one: false,
                    ..
                }
            ));
        }
    }
}
