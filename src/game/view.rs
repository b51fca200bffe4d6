//! A plain view of the table: tiles coloured by terrain, edge features, and
//! each combatant as a figure on a base in its side's colour. Rendering only
//! reads the battle; it never decides a rule.

use std::collections::BTreeMap;

use bevy::camera::Viewport;
use bevy::prelude::*;

use super::Screen;
use super::hud::PANEL_WIDTH;
use super::screens::EnterBattle;
use crate::battle::components::{Board, Fate, Placement, Status, Unit, ZoneTile};
use crate::battle::table::{Battle, Rules};
use crate::data::Terrain;

/// Meshes and materials made once and shared by every tile and figure.
#[derive(Resource)]
struct Palette {
    tile: Handle<Mesh>,
    base: Handle<Mesh>,
    body: Handle<Mesh>,
    head: Handle<Mesh>,
    terrain: BTreeMap<Terrain, Handle<StandardMaterial>>,
    sides: Vec<Handle<StandardMaterial>>,
    fallen: Handle<StandardMaterial>,
    flesh: Handle<StandardMaterial>,
}

/// The body of a figure, recoloured grey when it falls.
#[derive(Component)]
struct FigureBody;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        (make_palette, spawn_table)
            .chain()
            .in_set(EnterBattle::Draw),
    );
    app.add_systems(Update, fit_viewport.run_if(in_state(Screen::Battle)));
    app.add_systems(
        Update,
        (dress_figures, place_figures)
            .chain()
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Palette>)),
    );
}

fn make_palette(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    rules: Res<Rules>,
    battle: Res<Battle>,
    board: Res<Board>,
) {
    let size = f32::from(board.tile_size);
    let mut matte = |colour: Color| {
        materials.add(StandardMaterial {
            base_color: colour,
            perceptual_roughness: 0.9,
            ..default()
        })
    };
    let terrain = rules
        .0
        .terrain
        .terrain
        .iter()
        .map(|(kind, info)| {
            let (r, g, b) = info.colour;
            (*kind, matte(Color::srgb(r, g, b)))
        })
        .collect();
    let sides = battle
        .sides
        .iter()
        .map(|side| {
            let (r, g, b) = side.colour;
            matte(Color::srgb(r, g, b))
        })
        .collect();
    let palette = Palette {
        // A hair smaller than the tile, so the gaps draw the zone grid.
        tile: meshes.add(Cuboid::new(size - 0.15, 0.5, size - 0.15)),
        base: meshes.add(Cylinder::new(0.45, 0.12)),
        body: meshes.add(Capsule3d::new(0.22, 0.5)),
        head: meshes.add(Sphere::new(0.16)),
        terrain,
        sides,
        fallen: matte(Color::srgb(0.35, 0.35, 0.35)),
        flesh: matte(Color::srgb(0.85, 0.68, 0.55)),
    };
    commands.insert_resource(palette);
}

fn spawn_table(
    mut commands: Commands,
    board: Res<Board>,
    rules: Res<Rules>,
    palette: Res<Palette>,
    tiles: Query<(Entity, &ZoneTile)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let size = f32::from(board.tile_size);
    for (entity, tile) in &tiles {
        commands.entity(entity).insert((
            Mesh3d(palette.tile.clone()),
            MeshMaterial3d(palette.terrain[&tile.terrain].clone()),
            Transform::from_translation(zone_centre(&board, tile.coord) - Vec3::Y * 0.25),
            DespawnOnExit(Screen::Battle),
        ));
    }
    let along_x = meshes.add(Cuboid::new(size, 0.8, 0.3));
    let along_z = meshes.add(Cuboid::new(0.3, 0.8, size));
    for ((a, b), feature) in &board.edges {
        let (r, g, bl) = rules.0.terrain.edges[feature].colour;
        let midpoint = (zone_centre(&board, *a) + zone_centre(&board, *b)) / 2.0;
        let mesh = if a.0 == b.0 {
            along_x.clone()
        } else {
            along_z.clone()
        };
        commands.spawn((
            Mesh3d(mesh),
            MeshMaterial3d(materials.add(Color::srgb(r, g, bl))),
            Transform::from_translation(midpoint + Vec3::Y * 0.4),
            DespawnOnExit(Screen::Battle),
        ));
    }
    // Frame the whole table from the south, a little above.
    let width = f32::from(board.width) * size;
    let depth = f32::from(board.height) * size;
    let reach = width.max(depth);
    let centre = Vec3::new(width / 2.0, 0.0, depth / 2.0);
    commands.spawn((
        Camera3d::default(),
        Transform::from_translation(centre + Vec3::new(0.0, reach * 1.2, reach * 0.95))
            .looking_at(centre, Vec3::Y),
        DespawnOnExit(Screen::Battle),
    ));
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-1.0, 3.0, 1.5).looking_at(Vec3::ZERO, Vec3::Y),
        DespawnOnExit(Screen::Battle),
    ));
    commands.insert_resource(GlobalAmbientLight {
        brightness: 600.0,
        ..default()
    });
}

/// The centre of a zone in world inches, at table height.
fn zone_centre(board: &Board, zone: crate::level::ZoneCoord) -> Vec3 {
    let size = f32::from(board.tile_size);
    Vec3::new(
        (f32::from(zone.0) + 0.5) * size,
        0.0,
        (f32::from(zone.1) + 0.5) * size,
    )
}

/// Gives every new combatant a figure: base, body and head.
fn dress_figures(
    mut commands: Commands,
    palette: Res<Palette>,
    added: Query<(Entity, &Unit), Added<Unit>>,
) {
    for (entity, unit) in &added {
        let side = palette
            .sides
            .get(unit.side)
            .cloned()
            .unwrap_or_else(|| palette.fallen.clone());
        commands
            .entity(entity)
            .insert((Transform::default(), Visibility::default()))
            .with_children(|figure| {
                figure.spawn((
                    Mesh3d(palette.base.clone()),
                    MeshMaterial3d(side.clone()),
                    Transform::from_xyz(0.0, 0.06, 0.0),
                ));
                figure.spawn((
                    FigureBody,
                    Mesh3d(palette.body.clone()),
                    MeshMaterial3d(side),
                    Transform::from_xyz(0.0, 0.6, 0.0),
                ));
                figure.spawn((
                    Mesh3d(palette.head.clone()),
                    MeshMaterial3d(palette.flesh.clone()),
                    Transform::from_xyz(0.0, 1.15, 0.0),
                ));
            });
    }
}

/// Stands each figure in its zone: groups together, Alone figures apart,
/// fallen figures toppled and grey, escaped figures hidden.
fn place_figures(
    board: Res<Board>,
    palette: Res<Palette>,
    mut figures: Query<(
        &Unit,
        &Placement,
        &Status,
        &Fate,
        &mut Transform,
        &mut Visibility,
        &Children,
    )>,
    changed: Query<
        (),
        Or<(
            Changed<Placement>,
            Changed<Fate>,
            Changed<Status>,
            Added<Children>,
        )>,
    >,
    mut bodies: Query<&mut MeshMaterial3d<StandardMaterial>, With<FigureBody>>,
) {
    if changed.is_empty() {
        return;
    }
    let size = f32::from(board.tile_size);
    let mut slots: BTreeMap<(crate::level::ZoneCoord, Option<u32>), Vec<usize>> = BTreeMap::new();
    for (unit, placement, ..) in &figures {
        slots
            .entry((placement.zone, placement.group.map(|g| g.0)))
            .or_default()
            .push(unit.index);
    }
    // Each group or lone figure gets its own spot in the zone, in a 3x3 layout.
    let mut spot_of = BTreeMap::new();
    let mut next_spot: BTreeMap<crate::level::ZoneCoord, usize> = BTreeMap::new();
    for ((zone, group), members) in &slots {
        match group {
            Some(_) => {
                let spot = next_spot.entry(*zone).or_default();
                for (k, member) in members.iter().enumerate() {
                    spot_of.insert(*member, (*spot, k));
                }
                *spot += 1;
            }
            None => {
                for member in members {
                    let spot = next_spot.entry(*zone).or_default();
                    spot_of.insert(*member, (*spot, 0));
                    *spot += 1;
                }
            }
        }
    }
    for (unit, placement, status, fate, mut transform, mut visibility, children) in &mut figures {
        let (spot, k) = spot_of.get(&unit.index).copied().unwrap_or((0, 0));
        let cell = Vec3::new(
            ((spot % 3) as f32 - 1.0) * size / 3.2,
            0.0,
            ((spot / 3 % 3) as f32 - 1.0) * size / 3.2,
        );
        let in_group = Vec3::new((k as f32 - 0.5) * 0.9, 0.0, 0.0);
        transform.translation = zone_centre(&board, placement.zone) + cell + in_group;
        let down = matches!(fate, Fate::OutOfAction | Fate::Killed) || *status == Status::InClose;
        transform.rotation = if down {
            Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)
        } else {
            Quat::IDENTITY
        };
        if down {
            transform.translation.y += 0.45;
        }
        *visibility = if *fate == Fate::Escaped {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        let fallen = matches!(fate, Fate::OutOfAction | Fate::Killed);
        for child in children.iter() {
            if let Ok(mut material) = bodies.get_mut(child) {
                material.0 = if fallen {
                    palette.fallen.clone()
                } else {
                    palette
                        .sides
                        .get(unit.side)
                        .cloned()
                        .unwrap_or_else(|| palette.fallen.clone())
                };
            }
        }
    }
}

/// Keeps the table's camera to the right of the text panel.
fn fit_viewport(window: Single<&Window>, mut camera: Single<&mut Camera, With<Camera3d>>) {
    let size = window.physical_size();
    let panel = (PANEL_WIDTH * window.scale_factor()) as u32;
    if size.x <= panel || size.y == 0 {
        return;
    }
    let viewport = Viewport {
        physical_position: UVec2::new(panel, 0),
        physical_size: UVec2::new(size.x - panel, size.y),
        ..default()
    };
    let unchanged = camera.viewport.as_ref().is_some_and(|old| {
        old.physical_position == viewport.physical_position
            && old.physical_size == viewport.physical_size
    });
    if !unchanged {
        camera.viewport = Some(viewport);
    }
}
