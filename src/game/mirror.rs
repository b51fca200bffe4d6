//! The battle on the table: the entities the view draws, and their
//! components, written from the engine's state in one direction only.

use bevy::ecs::component::Mutable;
use bevy::prelude::*;

use super::steps::{CommandQueue, RulesSet};
use crate::battle::components::*;
use crate::battle::engine::Engine;
use crate::battle::state::UnitState;
use crate::vocabulary::ZoneCoord;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, mirror_state.in_set(RulesSet::Mirror));
}

/// Marks the entities that belong to the battle on the table.
#[derive(Component, Debug, Clone, Copy)]
pub struct OnTable;

/// Puts a battle on the table: the engine as a resource, and an entity for
/// every zone, combatant and chariot. Anything left from an earlier battle
/// is removed first.
pub fn install_battle(world: &mut World, engine: Engine) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<OnTable>>()
        .iter(world)
        .collect();
    for entity in old {
        world.despawn(entity);
    }
    let state = engine.state();
    for y in 0..state.board().height {
        for x in 0..state.board().width {
            let coord = ZoneCoord(x, y);
            if let Some(terrain) = state.board().terrain(coord) {
                world.spawn((OnTable, ZoneTile { coord, terrain }));
            }
        }
    }
    for unit in state.units() {
        spawn_unit(world, unit);
    }
    for chariot in state.chariots() {
        world.spawn((OnTable, Name::new(chariot.name.clone()), chariot.clone()));
    }
    world.insert_resource(engine);
    world.insert_resource(CommandQueue::default());
}

fn spawn_unit(world: &mut World, state: &UnitState) {
    let mut entity = world.spawn((
        OnTable,
        Name::new(state.unit.name.clone()),
        state.unit.clone(),
        state.profile.clone(),
        state.placement,
        state.status,
        state.pool.clone(),
        state.ranks,
        state.conditions,
        state.fate,
        state.wounds.clone(),
    ));
    if let Some(flight) = state.flight {
        entity.insert(flight);
    }
}

/// Writes every changed part of the state into the components, after the
/// engine changed. A combatant the state has and the table lacks is spawned.
pub fn mirror_state(world: &mut World) {
    if !world.is_resource_changed::<Engine>() {
        return;
    }
    world.resource_scope(|world, engine: Mut<Engine>| {
        let state = engine.state();
        let mut entities: Vec<Option<Entity>> = vec![None; state.units().len()];
        for (entity, unit) in world.query::<(Entity, &Unit)>().iter(world) {
            if let Some(slot) = entities.get_mut(unit.index) {
                *slot = Some(entity);
            }
        }
        for (unit, entity) in state.units().iter().zip(entities) {
            let Some(entity) = entity else {
                spawn_unit(world, unit);
                continue;
            };
            let mut entry = world.entity_mut(entity);
            set_if_changed(&mut entry, unit.placement);
            set_if_changed(&mut entry, unit.status);
            set_if_changed(&mut entry, unit.pool.clone());
            set_if_changed(&mut entry, unit.ranks);
            set_if_changed(&mut entry, unit.conditions);
            set_if_changed(&mut entry, unit.fate);
            set_if_changed(&mut entry, unit.wounds.clone());
            set_if_changed(&mut entry, unit.profile.clone());
            match unit.flight {
                Some(flight) => set_if_changed(&mut entry, flight),
                None => {
                    entry.remove::<Flight>();
                }
            }
        }
        let mut chariots = world.query::<&mut Chariot>();
        for mut chariot in chariots.iter_mut(world) {
            if let Some(now) = state.chariots().get(chariot.index)
                && *chariot != *now
            {
                *chariot = now.clone();
            }
        }
    });
}

fn set_if_changed<C: Component<Mutability = Mutable> + PartialEq>(
    entry: &mut EntityWorldMut,
    value: C,
) {
    match entry.get_mut::<C>() {
        Some(mut current) => {
            if *current != value {
                *current = value;
            }
        }
        None => {
            entry.insert(value);
        }
    }
}
