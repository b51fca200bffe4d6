//! Cover ("Cover"): linear cover on zone edges against attacks across them
//! (both ways), area cover for those who hold a zone, and defended edges
//! whose defenders hold attackers at the edge up to a choke value.

use super::components::Status;
use super::events::BattleEvent;
use super::state::BattleState;
use crate::data::{Cover, Weapon};
use crate::vocabulary::ZoneCoord;

/// What cover costs an attack: dice off, and whether a die may be raised.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CoverEffect {
    pub cover: Option<Cover>,
    pub dice: u32,
    /// Heavy hard cover allows no improving of the roll.
    pub no_raise: bool,
}

fn effect_of(table: &BattleState, cover: Option<Cover>) -> CoverEffect {
    let Some(cover) = cover else {
        return CoverEffect::default();
    };
    CoverEffect {
        cover: Some(cover),
        dice: u32::from(
            table
                .ruleset
                .rules
                .cover_dice
                .get(&cover)
                .copied()
                .unwrap_or(0),
        ),
        no_raise: cover == Cover::HardHeavy,
    }
}

/// The dice a cover takes off an attack.
pub fn dice_off(table: &BattleState, cover: Option<Cover>) -> u32 {
    effect_of(table, cover).dice
}

/// The worse of two covers (more dice off; heavy hard cover on a tie).
fn worse(table: &BattleState, a: Option<Cover>, b: Option<Cover>) -> Option<Cover> {
    let key = |c: Option<Cover>| {
        let effect = effect_of(table, c);
        (effect.dice, effect.no_raise)
    };
    if key(b) > key(a) { b } else { a }
}

fn edge_cover(table: &BattleState, a: ZoneCoord, b: ZoneCoord) -> Option<Cover> {
    let feature = table.board.edge(a, b)?;
    table.ruleset.terrain.edges.get(&feature)?.cover
}

/// The area cover of a zone's ground, if any.
pub fn area_cover(table: &BattleState, zone: ZoneCoord) -> Option<Cover> {
    let terrain = table.board.terrain(zone)?;
    table.ruleset.terrain.terrain.get(&terrain)?.cover
}

/// The worst linear cover on the line between two zones. A diagonal step
/// may pass either side of the corner: the fire takes the clearer way.
pub fn line_cover(table: &BattleState, from: ZoneCoord, to: ZoneCoord) -> Option<Cover> {
    let (mut x, mut y) = (i32::from(from.0), i32::from(from.1));
    let (tx, ty) = (i32::from(to.0), i32::from(to.1));
    let (dx, dy) = ((tx - x).abs(), -(ty - y).abs());
    let (sx, sy) = ((tx - x).signum(), (ty - y).signum());
    let mut error = dx + dy;
    let zone = |x: i32, y: i32| ZoneCoord(x as u16, y as u16);
    let mut worst = None;
    while (x, y) != (tx, ty) {
        let doubled = 2 * error;
        let (mut nx, mut ny) = (x, y);
        if doubled >= dy {
            error += dy;
            nx += sx;
        }
        if doubled <= dx {
            error += dx;
            ny += sy;
        }
        let here = zone(x, y);
        let crossing = if nx != x && ny != y {
            let via_x = worse(
                table,
                edge_cover(table, here, zone(nx, y)),
                edge_cover(table, zone(nx, y), zone(nx, ny)),
            );
            let via_y = worse(
                table,
                edge_cover(table, here, zone(x, ny)),
                edge_cover(table, zone(x, ny), zone(nx, ny)),
            );
            if worse(table, via_x, via_y) == via_x {
                via_y
            } else {
                via_x
            }
        } else {
            edge_cover(table, here, zone(nx, ny))
        };
        worst = worse(table, worst, crossing);
        (x, y) = (nx, ny);
    }
    worst
}

/// The cover `target` has against an attack by `attacker` with `weapon`:
/// the worst of the linear cover across the line of fire, the area cover it
/// holds against anyone not holding it with it, and the defended edge an
/// intercepted attacker strikes across.
pub fn cover_against(
    table: &BattleState,
    attacker: usize,
    target: usize,
    weapon: Option<&Weapon>,
) -> CoverEffect {
    let me = &table.units[attacker];
    let them = &table.units[target];
    let (from, at) = (me.placement.zone, them.placement.zone);
    let mut cover = None;
    if from != at && weapon.is_none_or(Weapon::is_missile) {
        cover = line_cover(table, from, at);
    }
    let fellow_holder = me.conditions.occupies_cover && from == at;
    if them.conditions.occupies_cover && !fellow_holder {
        cover = worse(table, cover, area_cover(table, at));
    }
    cover = worse(
        table,
        cover,
        super::riding::chariot_cover(table, attacker, target, weapon),
    );
    if let Some(crossed_from) = me.conditions.held_at
        && from == at
        && them.unit.side != me.unit.side
    {
        cover = worse(table, cover, edge_cover(table, crossed_from, at));
    }
    effect_of(table, cover)
}

/// A combatant crossing a defended edge into `to` is held at the edge by a
/// defender there with room (each holds up to the choke value): it joins
/// that defender's melee. With every defender full, it gets past. Returns
/// the defender who holds it.
pub(super) fn intercept(
    table: &mut BattleState,
    mover: usize,
    from: ZoneCoord,
    to: ZoneCoord,
    prefer: Option<usize>,
    events: &mut Vec<BattleEvent>,
) -> Option<usize> {
    let choke = table.board.choke(from, to)?;
    let side = table.units[mover].unit.side;
    let held_by = |table: &BattleState, defender: usize| {
        let group = table.units[defender].placement.group;
        table
            .units
            .iter()
            .filter(|u| {
                u.fighting()
                    && u.conditions.held_at.is_some()
                    && group.is_some()
                    && u.placement.group == group
            })
            .count()
    };
    let mut defenders: Vec<usize> = table
        .units
        .iter()
        .filter(|u| {
            u.fighting()
                && u.unit.side != side
                && u.placement.zone == to
                && !u.conditions.prone
                && !u.conditions.routed()
        })
        .map(|u| u.unit.index)
        .filter(|&d| held_by(table, d) < usize::from(choke))
        .collect();
    if let Some(preferred) = prefer.filter(|p| defenders.contains(p)) {
        defenders.retain(|&d| d == preferred);
    }
    let defender = defenders
        .into_iter()
        .min_by_key(|&d| (held_by(table, d), d))?;
    table.join_group_of(mover, defender);
    table.units[mover].placement.zone = to;
    table.units[mover].conditions.held_at = Some(from);
    events.push(BattleEvent::Intercepted {
        unit: table.units[mover].unit.id.clone(),
        by: table.units[defender].unit.id.clone(),
    });
    Some(defender)
}

/// Entering a zone of area cover that enemies hold draws the newcomer into
/// their melee, InContact.
pub(super) fn enter_held_cover(
    table: &mut BattleState,
    mover: usize,
    events: &mut Vec<BattleEvent>,
) {
    let zone = table.units[mover].placement.zone;
    if area_cover(table, zone).is_none() || table.units[mover].placement.group.is_some() {
        return;
    }
    let side = table.units[mover].unit.side;
    let holder = table
        .units
        .iter()
        .find(|u| {
            u.fighting()
                && u.unit.side != side
                && u.placement.zone == zone
                && u.conditions.occupies_cover
        })
        .map(|u| u.unit.index);
    if let Some(holder) = holder {
        table.join_group_of(mover, holder);
        events.push(BattleEvent::JoinedGroup {
            unit: table.units[mover].unit.id.clone(),
            with: table.units[holder].unit.id.clone(),
        });
    }
}

/// Who holds area cover, and who is still held at an edge: a combatant in
/// covered ground holds it unless an enemy there already does; a held
/// attacker is free once its melee is over.
pub fn update_cover(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
    for unit in 0..table.units.len() {
        let zone = table.units[unit].placement.zone;
        if !table.units[unit].fighting() {
            table.units[unit].conditions.occupies_cover = false;
            continue;
        }
        if table.units[unit].status == Status::Alone {
            table.units[unit].conditions.held_at = None;
        }
        if area_cover(table, zone).is_none() {
            table.units[unit].conditions.occupies_cover = false;
            continue;
        }
        if table.units[unit].conditions.occupies_cover {
            continue;
        }
        let side = table.units[unit].unit.side;
        let contested = table.units.iter().any(|u| {
            u.fighting()
                && u.unit.side != side
                && u.placement.zone == zone
                && u.conditions.occupies_cover
        });
        if !contested {
            table.units[unit].conditions.occupies_cover = true;
            events.push(BattleEvent::TookCover {
                unit: table.units[unit].unit.id.clone(),
            });
        }
    }
}
