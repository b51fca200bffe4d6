//! A figure assembled from its parts: the body an entity of its own (it
//! is recoloured when the figure falls), every other part merged into one
//! mesh for each paint, shared by every figure built alike. A crowd then
//! costs a few entities a figure rather than dozens. `figures.rs` says
//! which parts a creature has.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use bevy::prelude::*;

use crate::game::table::paint::Paint;

/// A figure's parts gathered in its pose, placed and sized in a man-sized
/// figure's inches and grown by the figure's scale. Its body stands apart
/// (it is recoloured when the figure falls); the other parts are merged
/// into one mesh per paint when the figure is finished, the same mesh for
/// every figure built alike, so that a crowd costs a few draws a figure
/// rather than dozens of entities.
pub(crate) struct Figure<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    pose: Entity,
    pub scale: f32,
    /// Where the parts now gathered stand in the pose: a mob's members
    /// stand round its first figure.
    pub place: Transform,
    parts: Vec<Placed>,
    body: Option<Entity>,
}

/// A part's mesh and paint, where it stands in its figure, and where that
/// figure stands in the pose.
type Placed = (Handle<Mesh>, Handle<Paint>, Transform, Transform);

/// Merged figure meshes, by the parts they are merged from: every figure
/// built alike shares them, whatever its side's paint.
#[derive(Resource, Default)]
pub(crate) struct MergedFigures(HashMap<u64, Vec<Handle<Mesh>>>);

impl<'a, 'w, 's> Figure<'a, 'w, 's> {
    pub(crate) fn new(commands: &'a mut Commands<'w, 's>, pose: Entity, scale: f32) -> Self {
        Self {
            commands,
            pose,
            scale,
            place: Transform::IDENTITY,
            parts: Vec::new(),
            body: None,
        }
    }

    fn placed(&self, at: Transform) -> Transform {
        Transform {
            translation: at.translation * self.scale,
            scale: at.scale * self.scale,
            ..at
        }
    }

    pub(crate) fn part(&mut self, mesh: &Handle<Mesh>, paint: &Handle<Paint>, at: Transform) {
        let placed = self.placed(at);
        self.parts
            .push((mesh.clone(), paint.clone(), placed, self.place));
    }

    /// The figure's body, an entity of its own; a mob's members' bodies
    /// are parts like any other.
    pub(crate) fn body(&mut self, mesh: &Handle<Mesh>, paint: &Handle<Paint>, at: Transform) {
        if self.body.is_some() {
            self.part(mesh, paint, at);
            return;
        }
        let placed = self.place * self.placed(at);
        let body = self
            .commands
            .spawn((Mesh3d(mesh.clone()), MeshMaterial3d(paint.clone()), placed))
            .id();
        self.commands.entity(self.pose).add_child(body);
        self.body = Some(body);
    }

    /// Merges the parts, one mesh per paint, and puts them in the pose.
    /// Returns the body.
    pub(crate) fn finish(self, meshes: &mut Assets<Mesh>, merged: &mut MergedFigures) -> Entity {
        let mut paints: Vec<(&Handle<Paint>, Vec<&Placed>)> = Vec::new();
        for part in &self.parts {
            match paints.iter_mut().find(|(paint, _)| *paint == &part.1) {
                Some((_, parts)) => parts.push(part),
                None => paints.push((&part.1, vec![part])),
            }
        }
        for (paint, parts) in paints {
            let mut hasher = DefaultHasher::new();
            for (mesh, _, placed, place) in &parts {
                mesh.id().hash(&mut hasher);
                for transform in [placed, place] {
                    for number in transform.compute_affine().to_cols_array() {
                        number.to_bits().hash(&mut hasher);
                    }
                }
            }
            let built = merged
                .0
                .entry(hasher.finish())
                .or_insert_with(|| merge(&parts, meshes));
            for mesh in built.iter() {
                let part = self
                    .commands
                    .spawn((
                        Mesh3d(mesh.clone()),
                        MeshMaterial3d(paint.clone()),
                        Transform::IDENTITY,
                    ))
                    .id();
                self.commands.entity(self.pose).add_child(part);
            }
        }
        self.body.unwrap_or(self.pose)
    }
}

/// The parts' meshes placed in the pose and merged into one (or more,
/// where two meshes cannot merge).
fn merge(parts: &[&Placed], meshes: &mut Assets<Mesh>) -> Vec<Handle<Mesh>> {
    let mut merged: Vec<Mesh> = Vec::new();
    for (mesh, _, placed, place) in parts {
        let Some(part) = meshes
            .get(mesh)
            .and_then(|mesh| mesh.clone().try_transformed_by(*placed).ok())
            .and_then(|mesh| mesh.try_transformed_by(*place).ok())
        else {
            continue;
        };
        match merged.last_mut().map(|whole| whole.merge(&part)) {
            Some(Ok(())) => {}
            _ => merged.push(part),
        }
    }
    merged.into_iter().map(|mesh| meshes.add(mesh)).collect()
}
