//! The table in 3D, one world unit to the inch: the scenery (`scenery.rs`)
//! and each combatant as a 15mm figure on its base in its side's colour,
//! stood in its zone. Rendering only reads the battle; it never
//! decides a rule. Meshes and materials are made once, when the battle
//! screen opens.

use std::collections::BTreeMap;
use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

use bevy::prelude::*;

use crate::battle::components::{
    Aboard, Chariot, Conditions, Fate, Flight, FlightMode, Placement, Status, Unit,
};
use crate::battle::engine::Engine;
use crate::game::mirror::OnTable;
use crate::game::stage::EnterBattle;
use crate::game::stage::Screen;
use crate::game::table::figure_mesh::MergedFigures;
use crate::game::table::figures::FIGURE_SCALE;
use crate::game::table::figures::FigureParts;
use crate::game::table::figures::Palette;
use crate::game::table::figures::dress_figures;
use crate::game::table::geometry::zone_centre;
use crate::game::table::motion::{Motion, MotionPace};
use crate::game::table::paint::Paint;
use crate::game::table::scenery;
use crate::game::table::side_paint::side_paints;
use crate::replay::Replay;
use crate::vocabulary::Facing;
use crate::vocabulary::ZoneCoord;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        (make_palette, scenery::spawn_table)
            .chain()
            .in_set(EnterBattle::Draw),
    );
    app.add_systems(
        Update,
        (dress_figures, place_figures)
            .chain()
            .run_if(table_shown.and_then(resource_exists::<Palette>)),
    );
}

/// A table is laid out: the battle's, or the title's backdrop.
fn table_shown(screen: Option<Res<State<Screen>>>, engine: Option<Res<Engine>>) -> bool {
    engine.is_some() && screen.is_some_and(|s| matches!(s.get(), Screen::Battle | Screen::Title))
}

pub(crate) fn make_palette(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<Paint>>,
    engine: Res<Engine>,
) {
    let battle = engine.state().battle();
    let sides: Vec<(Color, Color)> = (0..battle.sides.len())
        .map(|side| side_paints(engine.state(), side))
        .collect();
    commands.insert_resource(Palette::new(&mut meshes, &mut materials, &sides));
    // Figures merged from the last palette's meshes are built again.
    commands.insert_resource(MergedFigures::default());
}

impl Palette {
    /// The shared meshes and paints, each side in its (paint, trim).
    pub(crate) fn new(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<Paint>,
        side_colours: &[(Color, Color)],
    ) -> Self {
        let (sides, trims) = side_colours
            .iter()
            .map(|&(paint, trim)| (materials.add(paint), materials.add(trim)))
            .unzip();
        let marker = [
            ("stun", Color::srgb(1.0, 0.85, 0.1)),
            ("shock", Color::srgb(0.7, 0.3, 0.95)),
            ("doubt", Color::srgb(0.2, 0.8, 0.8)),
            ("routed", Color::srgb(0.15, 0.1, 0.1)),
            ("wound", Color::srgb(0.6, 0.02, 0.02)),
            ("pool", Color::srgb(0.35, 0.6, 1.0)),
            ("fumble", Color::srgb(0.9, 0.1, 0.1)),
            ("effort", Color::srgb(0.2, 0.9, 0.4)),
            ("surprised", Color::srgb(0.95, 0.95, 0.95)),
            ("selected", Color::srgb(1.0, 1.0, 1.0)),
            // A colour no side paints with (sides are blue, red, green, black,
            // brown, purple, sand and yellow): the acting figure and its orders.
            ("acting", Color::srgb(1.0, 0.3, 0.85)),
            ("hover", Color::srgb(0.6, 0.9, 1.0)),
            ("ghost", Color::srgb(0.5, 1.0, 0.6)),
        ]
        .into_iter()
        .map(|(name, colour)| (name, materials.add(Paint::glowing(colour, 0.6))))
        .collect();
        Palette {
            base: meshes.add(Cylinder::new(0.45, 0.12).mesh().resolution(20)),
            body: meshes.add(Capsule3d::new(0.22, 0.5).mesh().longitudes(12).latitudes(6)),
            head: meshes.add(Sphere::new(0.16).mesh().uv(10, 7)),
            pole: meshes.add(Cylinder::new(0.035, 1.9).mesh().resolution(6)),
            ring: meshes.add(
                Torus::new(0.46, 0.56)
                    .mesh()
                    .minor_resolution(6)
                    .major_resolution(28),
            ),
            die: meshes.add(Cuboid::new(0.22, 0.22, 0.22)),
            token: meshes.add(Sphere::new(0.12).mesh().uv(8, 6)),
            horse: meshes.add(Capsule3d::new(0.2, 0.7).mesh().longitudes(12).latitudes(6)),
            stand: meshes.add(Cylinder::new(0.05, 1.0).mesh().resolution(6)),
            wheel: meshes.add(Cylinder::new(0.42, 0.08).mesh().resolution(12)),
            block: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
            cone: meshes.add(Cone::new(0.3, 1.0).mesh().resolution(12)),
            disc: meshes.add(Cylinder::new(0.3, 0.05).mesh().resolution(14)),
            sides,
            trims,
            fallen: materials.add(Color::srgb(0.35, 0.35, 0.35)),
            flesh: materials.add(Color::srgb(0.85, 0.68, 0.55)),
            steel: materials.add(Paint::shiny(Color::srgb(0.6, 0.62, 0.66), 0.5)),
            wood: materials.add(Color::srgb(0.42, 0.28, 0.15)),
            gold: materials.add(Paint::shiny(Color::srgb(0.95, 0.75, 0.2), 0.5)),
            white: materials.add(Color::srgb(0.95, 0.95, 0.92)),
            bone: materials.add(Color::srgb(0.88, 0.85, 0.74)),
            goblin_skin: materials.add(Color::srgb(0.45, 0.62, 0.22)),
            horsehide: materials.add(Color::srgb(0.45, 0.3, 0.18)),
            clear: materials.add(Paint::clear(Color::srgba(0.85, 0.9, 1.0, 0.35))),
            marker,
            sculpt: crate::game::table::sculpt::SculptMeshes::new(meshes),
            leather: materials.add(Color::srgb(0.3, 0.2, 0.12)),
            flock: materials.add(Paint::from(Color::srgb(0.4, 0.45, 0.22)).with_grain(0.3, 8.0)),
        }
    }
}

/// The turn of a figure facing `facing` (north is -z, east +x).
fn facing_rotation(facing: Facing) -> Quat {
    let eighths = Facing::ALL.iter().position(|&f| f == facing).unwrap_or(0);
    Quat::from_rotation_y(-(eighths as f32) * FRAC_PI_4)
}

/// Where each combatant stands in its zone: each group (a melee or friends
/// together) at its own spot with its figures in base contact, Alone figures
/// apart. Returns (spot, place in the group) by unit index.
fn spots(figures: &[(usize, ZoneCoord, Option<u32>)]) -> BTreeMap<usize, (usize, usize)> {
    let mut slots: BTreeMap<(ZoneCoord, Option<u32>), Vec<usize>> = BTreeMap::new();
    for (index, zone, group) in figures {
        slots.entry((*zone, *group)).or_default().push(*index);
    }
    let mut spot_of = BTreeMap::new();
    let mut next_spot: BTreeMap<ZoneCoord, usize> = BTreeMap::new();
    for ((zone, group), members) in &slots {
        if group.is_some() {
            let spot = next_spot.entry(*zone).or_default();
            for (k, member) in members.iter().enumerate() {
                spot_of.insert(*member, (*spot, k));
            }
            *spot += 1;
        } else {
            for member in members {
                let spot = next_spot.entry(*zone).or_default();
                spot_of.insert(*member, (*spot, 0));
                *spot += 1;
            }
        }
    }
    spot_of
}

/// The offset of a spot from the zone's centre: spots go round a 3x3 layout
/// from the middle out; members of a group stand side by side.
fn spot_offset(spot: usize, member: usize, size: f32) -> Vec3 {
    const ORDER: [(i32, i32); 9] = [
        (0, 0),
        (-1, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (0, -1),
        (0, 1),
        (-1, 0),
        (1, 0),
    ];
    let (cx, cz) = ORDER[spot % ORDER.len()];
    let cell = Vec3::new(cx as f32 * size / 3.3, 0.0, cz as f32 * size / 3.3);
    // Members in a ring of base contact: two face each other, more go round.
    let ring = match member {
        0 => Vec3::ZERO,
        k => {
            let angle = k as f32 * 1.9;
            Vec3::new(angle.cos(), 0.0, angle.sin()) * 0.92 * FIGURE_SCALE
        }
    };
    cell + ring
}

/// How long a fallen man-sized figure lies, head to foot of its base, with
/// a gap to the next.
const FALLEN_LENGTH: f32 = 1.8 * FIGURE_SCALE;
/// How far west of its base's centre a fallen man-sized figure's head reaches.
const FALLEN_REACH: f32 = 1.35 * FIGURE_SCALE;
/// The depth of a row of fallen figures.
const FALLEN_ROW: f32 = 0.8 * FIGURE_SCALE;
/// Rows of the fallen along a zone's edge before they lie on the first.
const FALLEN_ROWS: usize = 3;

/// Where the `k`th fallen figure of a zone lies, from the zone's centre: in
/// rows along its near (south) edge, heads to the west, every one inside the
/// zone; past the last row they lie across the first.
fn fallen_offset(k: usize, size: f32) -> Vec3 {
    let columns = (((size - 0.3) / FALLEN_LENGTH).floor() as usize).max(1);
    let per_layer = columns * FALLEN_ROWS;
    let (layer, k) = (k / per_layer, k % per_layer);
    let (row, column) = (k / columns, k % columns);
    Vec3::new(
        -size / 2.0 + 0.15 + FALLEN_REACH + column as f32 * FALLEN_LENGTH,
        layer as f32 * 0.3,
        size / 2.0 - 0.5 * FIGURE_SCALE - row as f32 * FALLEN_ROW,
    )
}

/// Stands each figure in its zone; prone figures (most of those InClose)
/// lie on their side, fallen figures are toppled and grey in rows at the
/// zone's edge, escaped figures
/// leave the table. Flyers rise on flight stands (higher when flying than
/// hovering) turned to their facing; chariots turn to theirs, with their
/// crew in the car; riders sit their mounts.
fn place_figures(
    engine: Res<Engine>,
    palette: Res<Palette>,
    chariots: Query<&Chariot>,
    mut figures: Query<(
        &Unit,
        &Placement,
        &Status,
        &Fate,
        &Conditions,
        Option<&Flight>,
        &FigureParts,
        &mut Transform,
        &mut Visibility,
        Option<&mut Motion>,
    )>,
    changed: Query<
        (),
        Or<(
            Changed<Placement>,
            Changed<Fate>,
            Changed<Conditions>,
            Changed<Status>,
            Changed<Flight>,
            Added<FigureParts>,
        )>,
    >,
    changed_chariots: Query<(), Changed<Chariot>>,
    mut parts: Query<
        (
            &mut Transform,
            Option<&mut MeshMaterial3d<Paint>>,
            Option<&mut Motion>,
        ),
        Without<Unit>,
    >,
    pace: Res<MotionPace>,
) {
    let (board, rules) = (&engine.state().board(), &engine.state().ruleset());
    if changed.is_empty() && changed_chariots.is_empty() {
        return;
    }
    let size = f32::from(board.tile_size);
    let riding = |fate: &Fate, conditions: &Conditions| {
        *fate == Fate::Fighting && conditions.aboard.is_some()
    };
    // Fallen figures lie apart from those still fighting (a chariot's
    // team keeps its place: it is the chariot).
    let lying = |unit: &Unit, fate: &Fate| {
        matches!(fate, Fate::OutOfAction | Fate::Killed)
            && !chariots.iter().any(|c| c.team == unit.index)
    };
    let standing: Vec<(usize, ZoneCoord, Option<u32>)> = figures
        .iter()
        .filter(|(unit, _, _, fate, conditions, ..)| {
            **fate != Fate::Escaped && !riding(fate, conditions) && !lying(unit, fate)
        })
        .map(|(unit, placement, ..)| (unit.index, placement.zone, placement.group.map(|g| g.0)))
        .collect();
    let spot_of = spots(&standing);
    let mut fallen_in_zone: BTreeMap<ZoneCoord, usize> = BTreeMap::new();
    // Where each figure on the ground stands, and which way it faces.
    let mut stands: BTreeMap<usize, (Vec3, Quat)> = BTreeMap::new();
    for (unit, placement, _, fate, _, flight, ..) in &figures {
        let offset = if lying(unit, fate) {
            let fallen = fallen_in_zone.entry(placement.zone).or_default();
            *fallen += 1;
            fallen_offset(*fallen - 1, size)
        } else {
            let (spot, member) = spot_of.get(&unit.index).copied().unwrap_or((0, 0));
            spot_offset(spot, member, size)
        };
        let at = zone_centre(board, placement.zone) + offset;
        let facing = flight.map(|f| f.facing).or_else(|| {
            chariots
                .iter()
                .find(|c| c.team == unit.index)
                .map(|c| c.facing)
        });
        stands.insert(
            unit.index,
            (at, facing.map_or(Quat::IDENTITY, facing_rotation)),
        );
    }
    let mut crew_seat: BTreeMap<usize, usize> = BTreeMap::new();
    for (
        unit,
        placement,
        _,
        fate,
        conditions,
        flight,
        figure,
        mut transform,
        mut visibility,
        motion,
    ) in &mut figures
    {
        let (mut at, turn) = stands
            .get(&unit.index)
            .copied()
            .unwrap_or((zone_centre(board, placement.zone), Quat::IDENTITY));
        let mut rotation = turn;
        if riding(fate, conditions)
            && let Some(seat) =
                seat_aboard(conditions.aboard, &chariots, rules, &stands, &mut crew_seat)
        {
            (at, rotation) = seat;
        }
        // Flyers in the air stand on a clear stand above the table.
        let lift = flight_lift(flight, *fate);
        let stand = Transform::from_translation(at + Vec3::Y * lift).with_rotation(rotation);
        match motion {
            Some(mut motion) => motion.head_for(*transform, stand, pace.seconds),
            None => *transform = stand,
        }
        if let Some(stand) = figure.stand
            && let Ok((mut pole, _, _)) = parts.get_mut(stand)
        {
            *pole = Transform::from_xyz(0.0, -lift / 2.0, 0.0).with_scale(Vec3::new(
                1.0,
                lift.max(0.01),
                1.0,
            ));
        }
        let fallen = matches!(fate, Fate::OutOfAction | Fate::Killed);
        let down = fallen || conditions.prone;
        if let Ok((mut pose, _, motion)) = parts.get_mut(figure.pose) {
            let posture = posture(down);
            // A figure that falls topples over.
            match motion {
                Some(mut motion) => motion.head_for(*pose, posture, pace.seconds),
                None => *pose = posture,
            }
        }
        *visibility = if *fate == Fate::Escaped {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if let Ok((_, Some(mut material), _)) = parts.get_mut(figure.body) {
            material.0 = body_paint(&palette, fallen, unit.side);
        }
    }
}

/// Where a rider is placed: on its mount's back, or standing in its
/// chariot's car beside the crew placed before it.
fn seat_aboard(
    aboard: Option<Aboard>,
    chariots: &Query<&Chariot>,
    rules: &crate::data::Ruleset,
    stands: &BTreeMap<usize, (Vec3, Quat)>,
    crew_seat: &mut BTreeMap<usize, usize>,
) -> Option<(Vec3, Quat)> {
    let (carrier, lift, back) = match aboard {
        Some(Aboard::Mount(mount)) => (Some(mount), 1.0, 0.0),
        Some(Aboard::Chariot(c)) => {
            let chariot = chariots.iter().find(|ch| ch.index == c);
            let length =
                chariot.map_or(3, |ch| rules.rules.chariots.footprint(ch.kind, ch.horses).1);
            (
                chariot.map(|ch| ch.team),
                0.4,
                f32::from(length) / 2.0 - 0.7,
            )
        }
        None => (None, 0.0, 0.0),
    };
    let carrier = carrier?;
    let (carrier_at, carrier_turn) = stands.get(&carrier)?;
    let seat = crew_seat.entry(carrier).or_default();
    let beside = (*seat as f32 - 0.5) * 0.7 * f32::from(u8::from(back > 0.0));
    *seat += 1;
    Some((
        *carrier_at + *carrier_turn * Vec3::new(beside, lift, back),
        *carrier_turn,
    ))
}

/// Flyers in the air stand on a clear stand above the table: how high.
fn flight_lift(flight: Option<&Flight>, fate: Fate) -> f32 {
    match flight.map(|f| f.mode) {
        Some(FlightMode::Flying) if fate == Fate::Fighting => 3.0,
        Some(FlightMode::Hovering) if fate == Fate::Fighting => 1.5,
        _ => 0.0,
    }
}

/// A figure's paint: its side's colour, grey once fallen.
fn body_paint(palette: &Palette, fallen: bool, side: usize) -> Handle<Paint> {
    match palette.sides.get(side) {
        Some(paint) if !fallen => paint.clone(),
        _ => palette.fallen.clone(),
    }
}

/// A figure's pose: upright, or lying on its side when down.
fn posture(down: bool) -> Transform {
    if down {
        Transform::from_xyz(0.0, 0.45 * FIGURE_SCALE, 0.0)
            .with_rotation(Quat::from_rotation_z(FRAC_PI_2))
    } else {
        Transform::default()
    }
}

/// Takes the last battle off the table when going back to the menus.
pub(crate) fn clear_the_table(mut commands: Commands, on_table: Query<Entity, With<OnTable>>) {
    for entity in &on_table {
        commands.entity(entity).despawn();
    }
    commands.remove_resource::<Engine>();
    commands.remove_resource::<Replay>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_is_its_body_and_a_mesh_for_each_paint_shared_by_figures_built_alike() {
        use crate::battle::components::Unit;
        use crate::game::table::figures::{FigureParts, dress_figures};
        use crate::game::table::paint::Paint;

        let text = r#"(name: "Alike", tile_size: 6, legend: { 'g': Grass }, map: ["gg"],
            sides: [(id: "a", name: "A", colour: (0.2, 0.3, 0.8), kind: Npcs, controller: Ai),
                    (id: "b", name: "B", colour: (0.8, 0.3, 0.2), kind: Npcs, controller: Ai)],
            units: [(id: "a1", template: "soldier", side: "a", zone: (0, 0)),
                    (id: "a2", template: "soldier", side: "a", zone: (0, 0)),
                    (id: "b1", template: "soldier", side: "b", zone: (1, 0))],
            victory: [DefeatAll(side: "a")])"#;
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()));
        app.init_asset::<Mesh>().init_asset::<Paint>();
        crate::game::mirror::install_battle(
            app.world_mut(),
            crate::game::test_engines::from_text(text),
        );
        app.add_systems(Startup, make_palette);
        app.add_systems(Update, dress_figures);
        app.update();
        let world = app.world_mut();
        let mut figures = world.query::<(&Unit, &FigureParts)>();
        let mut figures: Vec<(usize, Entity, Entity)> = figures
            .iter(world)
            .map(|(unit, parts)| (unit.side, parts.pose, parts.body))
            .collect();
        figures.sort_by_key(|(side, ..)| *side);
        // Each part of a pose but its body: its mesh and its paint.
        let merged = |(_, pose, body): (usize, Entity, Entity)| {
            let children = world.entity(pose).get::<Children>().expect("parts");
            children
                .iter()
                .filter(|&part| part != body)
                .map(|part| {
                    let part = world.entity(part);
                    (
                        part.get::<Mesh3d>().expect("a mesh").id(),
                        part.get::<MeshMaterial3d<Paint>>().expect("a paint").id(),
                    )
                })
                .collect::<Vec<_>>()
        };
        let [first, second, foe] = figures[..] else {
            panic!("three figures: {figures:?}");
        };
        let (first, second, foe) = (merged(first), merged(second), merged(foe));
        // A soldier: its base, trim and flock, skin, steel, leather and
        // wood, each one mesh, however many parts are painted alike.
        let mut paints: Vec<_> = first.iter().map(|(_, paint)| *paint).collect();
        paints.dedup();
        assert_eq!(paints.len(), first.len(), "one mesh a paint: {first:?}");
        assert!((4..=8).contains(&first.len()), "{first:?}");
        assert_eq!(first, second, "two of a side share meshes and paints");
        // The foe's studs differ (two for the second side), so all but its
        // trim's mesh are the same.
        let shared = foe
            .iter()
            .filter(|(mesh, _)| first.iter().any(|(theirs, _)| theirs == mesh))
            .count();
        assert_eq!(shared, foe.len() - 1, "{first:?} {foe:?}");
        assert_ne!(first, foe, "the foe is in its own side's paint");
    }

    #[test]
    fn fallen_figures_lie_inside_their_own_zone_in_rows_at_its_near_edge() {
        let size = 6.0;
        let half_base = 0.45 * FIGURE_SCALE;
        let mut seen = Vec::new();
        for k in 0..14 {
            let at = fallen_offset(k, size);
            // Head to the west, the base's far rim to the east.
            assert!(at.x - FALLEN_REACH >= -size / 2.0, "{k}: {at}");
            assert!(at.x + half_base <= size / 2.0, "{k}: {at}");
            assert!(at.z - half_base >= -size / 2.0 && at.z + half_base <= size / 2.0);
            // Near the south edge: the north of the zone is left to the fighting.
            assert!(at.z > -0.5, "{k}: {at}");
            seen.push(at);
        }
        // The first six lie apart; the seventh lies across the first.
        for (k, a) in seen[..6].iter().enumerate() {
            for b in &seen[k + 1..6] {
                assert!(a.distance(*b) > 1.0, "{a} {b}");
            }
        }
        assert_eq!(seen[6].xz(), seen[0].xz());
        assert!(seen[6].y > seen[0].y);
    }
}
