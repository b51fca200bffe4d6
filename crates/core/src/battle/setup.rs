//! Sequence of play (b): the battlefield and starting positions, built from
//! a level; and saving and restoring a battle in progress.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::components::{
    Aboard, ActionPool, Board, Chariot, Conditions, Fate, Flight, FlightMode, GroupId, Placement,
    Profile, RankTrack, Ranks, SideInfo, Status, Unit, Wounds,
};
use super::sequence::Phase;
use super::state::{Battle, BattleState, Turn, UnitState};
use crate::data::{CreatureTemplate, Fatigue, MobTier, Ruleset};
use crate::level::{Level, UnitSpec, apply_overrides, fielded_ranks};
use crate::vocabulary::ZoneCoord;

/// Builds the starting state of a battle from a checked level.
pub fn initial_state(level: &Level, ruleset: Arc<Ruleset>, seed: u64) -> BattleState {
    let level = &level.with_chariot_teams(&ruleset);
    let board = Board {
        width: level.width(),
        height: level.height(),
        tile_size: level.tile_size,
        terrain: (0..level.height())
            .flat_map(|y| (0..level.width()).map(move |x| ZoneCoord(x, y)))
            .map(|zone| level.terrain(zone).unwrap_or(crate::data::Terrain::Grass))
            .collect(),
        edges: level
            .edges
            .iter()
            .map(|edge| {
                let (a, b) = edge.between;
                ((a.min(b), a.max(b)), edge.feature)
            })
            .collect::<BTreeMap<_, _>>(),
        choke: level
            .edges
            .iter()
            .filter_map(|edge| {
                let (a, b) = edge.between;
                edge.choke.map(|choke| ((a.min(b), a.max(b)), choke))
            })
            .collect(),
    };
    let sides = level
        .sides
        .iter()
        .map(|side| SideInfo {
            id: side.id.clone(),
            name: side.name.clone(),
            colour: side.colour,
            kind: side.kind,
            controller: side.controller,
        })
        .collect();
    let units = level
        .units
        .iter()
        .enumerate()
        .filter_map(|(index, spec)| fielded_unit(level, &ruleset, index, spec))
        .collect();
    let units = numbered(units);
    let battle = Battle {
        level: Arc::new(level.clone()),
        sides,
        seed,
        round: 0,
        round_limit: level
            .round_limit
            .unwrap_or(ruleset.rules.default_round_limit),
        phase: Phase::Setup,
        turn: Turn::Closed,
        surprise: level
            .surprise
            .as_deref()
            .and_then(|side| level.side_index(side)),
        next_group: 0,
        last_actor: None,
        last_side: None,
        round_closed: false,
        hold_streaks: vec![0; level.victory.len()],
        outcome: None,
        actions: 0,
        round_actions: 0,
        pending: None,
        partner_due: None,
        steady: Vec::new(),
        track: Vec::new(),
    };
    let chariots = level
        .chariots
        .iter()
        .enumerate()
        .filter_map(|(index, spec)| {
            let (kind, horses) = spec.resolved(&ruleset);
            Some(Chariot {
                index,
                id: spec.id.clone(),
                name: spec.name.clone().unwrap_or_else(|| spec.id.clone()),
                side: level.side_index(&spec.side)?,
                kind,
                horses,
                nation: spec.nation.clone(),
                team: level.units.iter().position(|u| u.id == spec.id)?,
                trained: spec.trained,
                facing: spec.facing,
                carried_inches: 0,
                moving: false,
                front: Vec::new(),
                overturned: false,
            })
        })
        .collect();
    let mut table = BattleState::from_parts(ruleset, board, battle, (units, chariots));
    form_starting_groups(&mut table, level);
    table
}

/// A unit of the level as it takes the field: its template with the
/// level's changes, its mob tier's dice, the ranks fatigue and earlier
/// battles took, and what it rides.
fn fielded_unit(
    level: &Level,
    ruleset: &Ruleset,
    index: usize,
    spec: &UnitSpec,
) -> Option<UnitState> {
    let mut template = ruleset.creatures.get(&spec.template)?.clone();
    apply_overrides(&mut template, &spec.overrides);
    let (physical, mental) = fielded_ranks(spec, &template, ruleset);
    // Grouped NPCs: the tier's attack dice (its ranks are counted above).
    if let Some(rule) = spec.mob.and_then(|tier| ruleset.rules.mob_tiers.get(&tier)) {
        template.attack_dice += rule.attack_dice;
    }
    // Fatigue: ranks marked lost before the battle begins (in doubt,
    // the roll at the start decides: see `flow`).
    let tired = level
        .fatigue
        .get(&spec.side)
        .filter(|&&f| f != Fatigue::Doubtful)
        .and_then(|f| ruleset.rules.fatigue_ranks.get(f))
        .map_or(0, |&ranks| ranks as i8);
    // Wounds carried in from an earlier battle of a campaign.
    let carried = i8::try_from(spec.carried.ranks_lost).unwrap_or(i8::MAX);
    let every = template
        .crossover_every
        .unwrap_or(ruleset.rules.crossover_every);
    let carried_crossover = i8::try_from(crate::rules::damage::crossovers_caused(
        i32::from(carried),
        every,
    ))
    .unwrap_or(0)
    // Nobody starts a battle out of it.
    .min(mental.saturating_sub(1))
    .max(0);
    Some(UnitState {
        unit: Unit {
            index,
            id: spec.id.clone(),
            name: spec.name.clone().unwrap_or_else(|| template.name.clone()),
            template: spec.template.clone(),
            side: level.side_index(&spec.side)?,
        },
        profile: profile_of(&template, spec.mob, ruleset),
        placement: Placement {
            zone: spec.zone,
            group: None,
        },
        status: Status::Alone,
        pool: ActionPool::default(),
        ranks: Ranks {
            physical: RankTrack {
                bonus: template.bonus_physical,
                lost: tired.saturating_add(carried),
                ..RankTrack::new(physical)
            },
            // The carried wounds' crossover stays until they heal
            // ("CrossOver Damage": regained when the cause is healed).
            mental: RankTrack {
                bonus: template.bonus_mental,
                lost: carried_crossover,
                crossover_lost: carried_crossover,
                ..RankTrack::new(mental)
            },
        },
        conditions: Conditions {
            aboard: spec
                .rides
                .as_ref()
                .and_then(|m| level.units.iter().position(|u| &u.id == m))
                .map(Aboard::Mount)
                .or_else(|| {
                    level
                        .chariots
                        .iter()
                        .position(|c| c.crew.contains(&spec.id))
                        .map(Aboard::Chariot)
                }),
            ..Conditions::default()
        },
        fate: Fate::Fighting,
        wounds: Wounds(spec.carried.injuries.clone()),
        flight: template.flight.map(|rating| Flight {
            rating,
            fly_by: template.fly_by,
            facing: spec.facing.unwrap_or_default(),
            mode: if spec.landed {
                FlightMode::Landed
            } else {
                FlightMode::Flying
            },
        }),
    })
}

/// Units that share a group label (in one zone) start in one group: a melee
/// already joined when it holds enemies.
fn form_starting_groups(table: &mut BattleState, level: &Level) {
    let mut labels: Vec<(&str, ZoneCoord, GroupId)> = Vec::new();
    for (index, spec) in level.units.iter().enumerate() {
        let Some(label) = spec.group.as_deref() else {
            continue;
        };
        if index >= table.units.len() {
            break;
        }
        let group = match labels
            .iter()
            .find(|(l, zone, _)| *l == label && *zone == spec.zone)
        {
            Some((_, _, group)) => *group,
            None => {
                let group = table.new_group();
                labels.push((label, spec.zone, group));
                group
            }
        };
        table.units[index].placement.group = Some(group);
    }
    // Riders start with their mounts, crews with their chariots.
    for rider in 0..table.units.len() {
        if let Some(carrier) = table.carrier_of(rider) {
            table.join_group_of(rider, carrier);
        }
    }
    let mut zones: Vec<ZoneCoord> = labels.iter().map(|(_, zone, _)| *zone).collect();
    zones.extend(table.units.iter().map(|u| u.placement.zone));
    zones.sort();
    zones.dedup();
    let mut ignored = Vec::new();
    for zone in zones {
        table.regroup(zone, &mut ignored);
    }
}

/// Combatants who share a display name are numbered in level order
/// ("Bandit 1", "Bandit 2"), so the board, the menus and the log can tell
/// them apart.
fn numbered(mut units: Vec<UnitState>) -> Vec<UnitState> {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for unit in &units {
        *count.entry(unit.unit.name.clone()).or_default() += 1;
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for unit in &mut units {
        let name = &mut unit.unit.name;
        if count[name.as_str()] > 1 {
            let nth = seen.entry(name.clone()).or_default();
            *nth += 1;
            *name = format!("{name} {nth}");
        }
    }
    units
}

/// The fixed fighting numbers of a combatant of `template` (its overrides
/// applied), fought as `mob` if it is one.
pub fn profile_of(template: &CreatureTemplate, mob: Option<MobTier>, ruleset: &Ruleset) -> Profile {
    Profile {
        action_dice: template.action_dice.clone(),
        attack_dice: template.attack_dice,
        defences: template.defences.clone(),
        shield: template.shield.clone(),
        spells: template.spells.clone(),
        armour: template.armour,
        fear: template.fear,
        mob,
        legs: template.legs,
        wrestler: template.wrestler,
        dual_wield: template.dual_wield,
        parries_missiles: template.parries_missiles,
        mount: template.mount,
        ready: template
            .weapons
            .iter()
            .find(|w| ruleset.weapons.get(*w).is_some_and(|w| !w.natural))
            .cloned(),
        size: template.size,
        // A swarm loses members, not its wits: every wound is
        // a rank (RULES §38).
        stateless: template.stateless || mob == Some(MobTier::Swarm),
        fearless: template.fearless,
        heroic: template.heroic,
        crossover_every: template
            .crossover_every
            .unwrap_or(ruleset.rules.crossover_every),
        weapons: template.weapons.clone(),
    }
}
