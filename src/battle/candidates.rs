//! Every order a combatant might give now, legal or not, in a fixed order:
//! what the AI weighs and the action menu lists, each then put to the one
//! legality check ([`super::check`]).

use super::command::Order;
use super::components::Aboard;
use super::state::{BattleState, Turn};
use crate::data::WrestleMove;
use crate::vocabulary::{Defence, Facing, MapEdge, ZoneCoord};

/// Every order the combatant at `index` could conceivably give, legal or not,
/// in a fixed order. Payment is left to the least wasteful default.
pub fn candidate_orders(table: &BattleState, index: usize) -> Vec<Order> {
    let me = &table.units[index];
    let mut orders = Vec::new();
    if let Turn::Respond { unit } = table.battle.turn
        && unit == index
    {
        orders.push(Order::Defend {
            with: None,
            riposte: false,
            raise_with_one: false,
            pay: None,
        });
        for defence in Defence::ALL {
            for raise_with_one in [false, true] {
                orders.push(Order::Defend {
                    with: Some(defence),
                    riposte: defence == Defence::Parry,
                    raise_with_one,
                    pay: None,
                });
            }
        }
        // A 1 spent on Effort before the defence roll adds a die to it.
        orders.push(Order::Effort);
        return orders;
    }
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
        if other.unit.side != me.unit.side && other.on_table() && distance <= reach {
            for weapon in &me.profile.weapons {
                for raise_with_one in [false, true] {
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
            orders.push(Order::Charge {
                target: other.unit.id.clone(),
                pay: None,
            });
            orders.push(Order::Break {
                target: other.unit.id.clone(),
                pay: None,
            });
            orders.push(Order::CloseIn {
                target: other.unit.id.clone(),
                pay: None,
            });
            orders.push(Order::Drag {
                target: other.unit.id.clone(),
                pay: None,
            });
        } else if other.unit.index != index
            && other.unit.side == me.unit.side
            && other.fighting()
            && distance == 0
        {
            orders.push(Order::JoinGroup {
                friend: other.unit.id.clone(),
                pay: None,
            });
        }
    }
    for to in me.placement.zone.orthogonal_neighbours() {
        if table.board.contains(to) {
            orders.push(Order::Move { to, pay: None });
        }
    }
    orders.extend(movement_orders(table, index));
    if me.conditions.action_pool.is_some() {
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
    for spell in &me.profile.spells {
        orders.push(Order::Prepare {
            spell: spell.clone(),
            pay: None,
        });
    }
    orders.push(Order::Aim { pay: None });
    for with in WrestleMove::ALL {
        orders.push(Order::Wrestle { with, pay: None });
    }
    for edge in [MapEdge::North, MapEdge::East, MapEdge::South, MapEdge::West] {
        orders.push(Order::LeaveTable { edge, pay: None });
    }
    orders.extend([
        Order::Withdraw { pay: None },
        Order::LeaveGroup { pay: None },
        Order::Recover { pay: None },
        Order::Pool { pay: None },
        Order::Effort,
        Order::RecoveryRoll,
        Order::Hold,
        Order::KeepDie,
        Order::Pass,
    ]);
    orders
}

/// The flights, drives, gallops and mountings open to the combatant: each
/// zone within reach (the route picks the facing), and wheeling a chariot
/// to each facing.
fn movement_orders(table: &BattleState, index: usize) -> Vec<Order> {
    let me = &table.units[index];
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
    for other in &table.units {
        if other.unit.side == me.unit.side
            && other.unit.index != index
            && other.placement.zone == me.placement.zone
        {
            orders.push(Order::Mount {
                on: other.unit.id.clone(),
                pay: None,
            });
        }
    }
    orders.push(Order::Dismount { pay: None });
    orders
}
