//! The orders a combatant might give now, in one fixed order, built two
//! ways from the same list: every order the action menu offers, legal or
//! not ([`candidate_orders`]), and only those the situation leaves open
//! ([`open_orders`]), which the check then confirms for the legal list.

use super::command::Order;
use super::components::{Aboard, Status};
use super::costs::{defence_problem, may_escape, prepared_spell_id};
use super::inclose::close_partner;
use super::sequence::{Decision, decision_of, may_act_out_of_turn, offers};
use super::state::BattleState;
use crate::data::WrestleMove;
use crate::vocabulary::{Defence, Facing, MapEdge, ZoneCoord};

/// Every order the combatant at `index` could conceivably give, legal or not,
/// in a fixed order: what the action menu lists, each with the check's
/// verdict. Payment is left to the least wasteful default.
pub fn candidate_orders(table: &BattleState, index: usize) -> Vec<Order> {
    orders_of(table, index, Scope::Menu)
}

/// The orders of [`candidate_orders`] that the situation leaves open, in the
/// same order: each family of orders is offered only when the facts the
/// check refuses it on (the turn, the Status, the melee, the zone, the
/// pools, the 1s, the edge) allow it. The check still confirms each.
pub(super) fn open_orders(table: &BattleState, index: usize) -> Vec<Order> {
    orders_of(table, index, Scope::Open)
}

/// Which orders [`orders_of`] builds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Every order the menu offers.
    Menu,
    /// Only those no fact of the situation refuses.
    Open,
}

impl Scope {
    /// Whether an order that needs `fact` is built: in the open scope, only
    /// if `fact` holds, a fact the check refuses the order without.
    fn open(self, fact: bool) -> bool {
        self == Scope::Menu || fact
    }
}

/// The orders of `scope`, in one fixed order: an attack's answers, or the
/// orders aimed at others, then moves, spells, pools and the turn's own.
fn orders_of(table: &BattleState, index: usize, scope: Scope) -> Vec<Order> {
    let me = &table.units[index];
    let open = |fact: bool| scope.open(fact);
    let has_one = me.pool.ones() > 0;
    let prone = me.conditions.prone;
    let decision = decision_of(table, index);
    if decision == Some(Decision::Answer) {
        return answers(table, index, scope);
    }
    let at_refresh = decision == Some(Decision::LastOption);
    let partner = close_partner(table, index);
    let my_group = me.placement.group;
    let zone = me.placement.zone;
    let mut orders = towards_others(table, index, scope);
    if open(!prone) {
        for to in me.placement.zone.orthogonal_neighbours() {
            if table.board.contains(to) {
                orders.push(Order::Move { to, pay: None });
            }
        }
    }
    orders.extend(movement_orders(table, index, scope));
    if me.conditions.action_pool.is_some() && open(prepared_spell_id(table, index).is_some()) {
        let spell_reach = table
            .ruleset
            .actions
            .spells
            .values()
            .map(|spell| u16::from(spell.range))
            .max()
            .unwrap_or(0);
        for other in table
            .units
            .iter()
            .filter(|u| u.fighting() && zone.distance(u.placement.zone) <= spell_reach)
        {
            orders.push(Order::Cast {
                target: other.unit.id.clone(),
            });
        }
    }
    let no_pool_yet = me.conditions.action_pool.is_none();
    if open(no_pool_yet) {
        for spell in &me.profile.spells {
            orders.push(Order::Prepare {
                spell: spell.clone(),
                pay: None,
            });
        }
    }
    let shooter = me
        .profile
        .weapons
        .iter()
        .any(|w| table.ruleset.weapons.get(w).is_some_and(|w| w.is_missile()));
    if open(no_pool_yet && shooter) {
        orders.push(Order::Aim { pay: None });
    }
    if open(partner.is_some()) {
        for with in WrestleMove::ALL {
            orders.push(Order::Wrestle { with, pay: None });
        }
    }
    for edge in [MapEdge::North, MapEdge::East, MapEdge::South, MapEdge::West] {
        if open(!prone && table.board.on_edge(zone, edge) && may_escape(table, me.unit.side, edge))
        {
            orders.push(Order::LeaveTable { edge, pay: None });
        }
    }
    let alone = me.status == Status::Alone;
    let recovers = me.conditions.in_state() || me.conditions.panicked;
    let pools = !no_pool_yet
        || me
            .conditions
            .defence_pool
            .is_some_and(|pool| !pool.is_full());
    let last = [
        (Order::Withdraw { pay: None }, !alone || prone),
        (
            Order::LeaveGroup { pay: None },
            my_group.is_some() && alone && !prone,
        ),
        (Order::Recover { pay: None }, recovers),
        (Order::Pool { pay: None }, pools),
        (Order::Effort, has_one && !me.conditions.effort),
        (Order::RecoveryRoll, has_one && recovers),
        (Order::Hold, !at_refresh && !me.pool.holding),
        (Order::KeepDie, at_refresh),
        (
            Order::Intend {
                moving: true,
                run: false,
            },
            true,
        ),
        (
            Order::Intend {
                moving: false,
                run: false,
            },
            true,
        ),
        (
            Order::Intend {
                moving: true,
                run: true,
            },
            true,
        ),
        (Order::Surrender, true),
        (Order::Pass, true),
    ];
    orders.extend(
        last.into_iter()
            .filter(|(order, fact)| open(*fact) && offers(table, order))
            .map(|(order, _)| order),
    );
    orders
}

/// The answers to a declared attack open to its target: no defence, each
/// defence with and without a 1 raised, and Effort.
fn answers(table: &BattleState, index: usize, scope: Scope) -> Vec<Order> {
    let me = &table.units[index];
    let open = |fact: bool| scope.open(fact);
    let has_one = me.pool.ones() > 0;
    let mut orders = Vec::new();
    orders.push(Order::Defend {
        with: None,
        riposte: false,
        raise_with_one: false,
        pay: None,
    });
    for defence in Defence::ALL {
        let defends = table
            .battle
            .pending
            .as_ref()
            .is_some_and(|pending| defence_problem(table, pending, defence).is_none());
        for raise_with_one in [false, true] {
            if open(defends && (has_one || !raise_with_one)) {
                orders.push(Order::Defend {
                    with: Some(defence),
                    riposte: defence == Defence::Parry,
                    raise_with_one,
                    pay: None,
                });
            }
        }
    }
    // A 1 spent on Effort before the defence roll adds a die to it.
    if open(has_one && !me.conditions.effort) {
        orders.push(Order::Effort);
    }
    // The initiative track: an attack, a break or a pool, out of turn.
    if may_act_out_of_turn(table, index) {
        orders.extend(
            towards_others(table, index, scope)
                .into_iter()
                .filter(|order| matches!(order, Order::Attack { .. } | Order::Break { .. })),
        );
        orders.push(Order::Pool { pay: None });
    }
    orders
}

/// The orders aimed at the others: an attack with each weapon, a charge,
/// a break, closing in and a drag at each enemy within reach; joining each
/// friend in the zone.
fn towards_others(table: &BattleState, index: usize, scope: Scope) -> Vec<Order> {
    let me = &table.units[index];
    let open = |fact: bool| scope.open(fact);
    let has_one = me.pool.ones() > 0;
    let prone = me.conditions.prone;
    let partner = close_partner(table, index);
    let my_group = me.placement.group;
    let mut orders = Vec::new();
    // Only enemies within reach can be the target of an attack, charge,
    // break, close or drag, and only friends in the zone can be joined:
    // offering the rest would make each decision grow with every unit on
    // the table.
    let reach = me
        .profile
        .weapons
        .iter()
        .filter_map(|weapon| table.ruleset.weapons.get(weapon)?.range)
        .map(u16::from)
        .fold(1, u16::max);
    let zone = me.placement.zone;
    for other in &table.units {
        let distance = zone.distance(other.placement.zone);
        let same_zone = distance == 0;
        let same_melee = my_group.is_some() && my_group == other.placement.group;
        if other.unit.side != me.unit.side && other.on_table() && distance <= reach {
            for weapon in &me.profile.weapons {
                // RULES §11: InClose only the close opponent is struck;
                // a missile flies from a lone shooter within its range;
                // any other weapon strikes in the zone.
                let strikes =
                    table
                        .ruleset
                        .weapons
                        .get(weapon)
                        .is_some_and(|w| match (me.status, w.range) {
                            (Status::InClose, _) => partner == Some(other.unit.index),
                            (status, Some(range)) => {
                                status == Status::Alone && distance <= u16::from(range)
                            }
                            (_, None) => same_zone,
                        });
                for raise_with_one in [false, true] {
                    if open(strikes && (has_one || !raise_with_one)) {
                        orders.push(Order::Attack {
                            target: other.unit.id.clone(),
                            weapon: Some(weapon.clone()),
                            raise_with_one,
                            specials: Vec::new(),
                            tactic: None,
                            shift: Default::default(),
                            pay: None,
                        });
                    }
                }
            }
            let fighting = other.fighting();
            let swarm = me.profile.is_swarm() || other.profile.is_swarm();
            let charges = if same_zone {
                !same_melee
            } else {
                zone.orthogonal_to(other.placement.zone)
            };
            let close_in = fighting
                && same_melee
                && !swarm
                && me.status != Status::InClose
                && other.status != Status::InClose;
            let drag = fighting
                && same_zone
                && other.placement.group != my_group
                && !prone
                && !other.profile.is_swarm()
                && me.status == Status::InContact
                && other.status != Status::InClose;
            let aimed: [(bool, fn(String) -> Order); 4] = [
                (fighting && !prone && charges, |target| Order::Charge {
                    target,
                    pay: None,
                }),
                (
                    fighting && same_melee && other.conditions.defence_pool.is_some(),
                    |target| Order::Break { target, pay: None },
                ),
                (close_in, |target| Order::CloseIn { target, pay: None }),
                (drag, |target| Order::Drag { target, pay: None }),
            ];
            for (fact, order) in aimed {
                if open(fact) {
                    orders.push(order(other.unit.id.clone()));
                }
            }
        } else if other.unit.index != index
            && other.unit.side == me.unit.side
            && other.fighting()
            && distance == 0
            && open(!same_melee && !prone && me.status == Status::Alone)
        {
            orders.push(Order::JoinGroup {
                friend: other.unit.id.clone(),
                pay: None,
            });
        }
    }
    orders
}

/// The flights, drives, gallops and mountings open to the combatant: each
/// zone within reach (the route picks the facing), and wheeling a chariot
/// to each facing.
fn movement_orders(table: &BattleState, index: usize, scope: Scope) -> Vec<Order> {
    let me = &table.units[index];
    let open = |fact: bool| scope.open(fact);
    let mut orders = Vec::new();
    let within = |most: u8| {
        let ZoneCoord(x, y) = me.placement.zone;
        let most = u16::from(most);
        (y.saturating_sub(most)
            ..=y.saturating_add(most)
                .min(table.board.height.saturating_sub(1)))
            .flat_map(move |row| {
                (x.saturating_sub(most)
                    ..=x.saturating_add(most)
                        .min(table.board.width.saturating_sub(1)))
                    .map(move |column| ZoneCoord(column, row))
            })
            .collect::<Vec<_>>()
    };
    if let Some(flight) = me.flight {
        for to in within(flight.rating.most_zones()) {
            orders.push(Order::Fly {
                to,
                facing: None,
                pay: None,
            });
        }
        orders.push(Order::TakeOff { pay: None });
        orders.push(Order::Land { pay: None });
    }
    if let Some(Aboard::Chariot(chariot)) = me.conditions.aboard {
        let reach = crate::battle::riding::reach(table, chariot).0;
        for to in within(reach.max(1)) {
            orders.push(Order::Drive {
                to,
                facing: None,
                target: None,
                pay: None,
            });
            for enemy in table
                .units
                .iter()
                .filter(|u| u.fighting() && u.unit.side != me.unit.side && u.placement.zone == to)
            {
                orders.push(Order::Drive {
                    to,
                    facing: None,
                    target: Some(enemy.unit.id.clone()),
                    pay: None,
                });
            }
        }
        for facing in Facing::ALL {
            orders.push(Order::Drive {
                to: me.placement.zone,
                facing: Some(facing),
                target: None,
                pay: None,
            });
        }
    }
    if me.profile.mount {
        for to in within(table.ruleset.rules.gallop_zones) {
            orders.push(Order::Gallop { to, pay: None });
        }
    }
    let rides = me.conditions.aboard.is_none()
        && me.status == Status::Alone
        && !me.profile.mount
        && me.profile.mob.is_none()
        && me.flight.is_none();
    for other in &table.units {
        if other.unit.side == me.unit.side
            && other.unit.index != index
            && other.placement.zone == me.placement.zone
            && open(
                rides
                    && other.fighting()
                    && (other.profile.mount || table.chariot_of_team(other.unit.index).is_some()),
            )
        {
            orders.push(Order::Mount {
                on: other.unit.id.clone(),
                pay: None,
            });
        }
    }
    if open(me.conditions.aboard.is_some()) {
        orders.push(Order::Dismount { pay: None });
    }
    orders
}
