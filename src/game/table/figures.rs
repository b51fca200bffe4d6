//! How each combatant looks on the table: a figure whose shape says what
//! kind of creature it is (a soldier with shield and helmet, a wizard in
//! his hat, thin bones, a robed wight with a ghostly head, a beast on four
//! legs, a brute, a goblin), painted in its side's colour with a trim round
//! its base that stands out from the ground. Heroes have a gold rim. Horses,
//! chariot teams and their cars have their own shapes.

use std::collections::BTreeMap;
use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use crate::battle::components::{Chariot, Flight, Profile, Unit};
use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::game::table::figure_mesh::{Figure, MergedFigures};
use crate::game::table::motion::Motion;
use crate::game::table::paint::Paint;
use crate::game::table::sculpt::{
    Finish, Held, Piece, SculptMeshes, beast_parts, held_parts, limbs, wings,
};
use crate::level::SideKind;

/// Meshes and materials shared by every tile and figure.
#[derive(Resource)]
pub(crate) struct Palette {
    pub base: Handle<Mesh>,
    pub body: Handle<Mesh>,
    pub head: Handle<Mesh>,
    pub pole: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub die: Handle<Mesh>,
    pub token: Handle<Mesh>,
    /// A horse's body, lying along its length.
    pub horse: Handle<Mesh>,
    /// A clear flight stand, one inch tall (scaled to the height flown).
    pub stand: Handle<Mesh>,
    pub wheel: Handle<Mesh>,
    /// A unit cube, scaled to a chariot's car and base.
    pub block: Handle<Mesh>,
    pub horsehide: Handle<Paint>,
    pub clear: Handle<Paint>,
    /// A robe, a hat, an ear, the acting figure's pointer.
    pub cone: Handle<Mesh>,
    /// A round shield.
    pub disc: Handle<Mesh>,
    /// Each side's figure paint and the trim round its bases.
    pub sides: Vec<Handle<Paint>>,
    pub trims: Vec<Handle<Paint>>,
    pub fallen: Handle<Paint>,
    pub flesh: Handle<Paint>,
    pub steel: Handle<Paint>,
    pub wood: Handle<Paint>,
    pub gold: Handle<Paint>,
    pub white: Handle<Paint>,
    pub bone: Handle<Paint>,
    pub goblin_skin: Handle<Paint>,
    pub marker: BTreeMap<&'static str, Handle<Paint>>,
    /// Limbs, weapons, wings, tails (`sculpt.rs`), and the leather of legs
    /// and boots.
    pub sculpt: SculptMeshes,
    pub leather: Handle<Paint>,
    /// The flock on a base's top.
    pub flock: Handle<Paint>,
}

/// The parts of a combatant's figure: the pose (everything that topples
/// when it falls or goes InClose) and the body (recoloured grey when it
/// falls). Markers hang on the unit's own entity, which never turns.
#[derive(Component)]
pub(crate) struct FigureParts {
    pub pose: Entity,
    pub body: Entity,
    /// A flyer's flight stand, drawn as tall as it flies.
    pub stand: Option<Entity>,
}

/// Figures are drawn larger than true 15mm scale so they read from above.
pub(crate) const FIGURE_SCALE: f32 = 1.4;

/// The shape of a figure, read from its template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Build {
    /// On two legs, with its weapon, shield and helmet.
    Soldier,
    /// A small one (size 1): a goblin, green-skinned.
    Small,
    /// A big one (size 4 and up): broad and heavy.
    Brute,
    /// A spell-caster: a pointed hat.
    Caster,
    /// Dead that fear follows: thin bones and a skull.
    Bones,
    /// Dead that cast spells: a robe and a ghostly glowing head.
    Wraith,
    /// On four legs: long and low.
    Beast,
}

impl Build {
    pub(crate) fn of(profile: &Profile) -> Self {
        match profile {
            p if p.legs >= 4 && !p.mount => Self::Beast,
            p if p.fear.is_some() && !p.spells.is_empty() => Self::Wraith,
            p if p.fear.is_some() => Self::Bones,
            p if !p.spells.is_empty() => Self::Caster,
            p if p.size >= 4 => Self::Brute,
            p if p.size <= 1 => Self::Small,
            _ => Self::Soldier,
        }
    }
}

impl Figure<'_, '_, '_> {
    /// Sculpted parts, each in its finish: the side's `cloth`, or `skin`.
    fn pieces(
        &mut self,
        palette: &Palette,
        cloth: &Handle<Paint>,
        skin: &Handle<Paint>,
        pieces: &[Piece],
    ) {
        for (mesh, finish, at) in pieces {
            let paint = match finish {
                Finish::Steel => &palette.steel,
                Finish::Wood => &palette.wood,
                Finish::Cloth => cloth,
                Finish::Skin => skin,
            };
            self.part(mesh, paint, *at);
        }
    }
}

pub(crate) fn dress_figures(
    mut commands: Commands,
    palette: Res<Palette>,
    engine: Res<Engine>,
    added: Query<(Entity, &Unit, &Profile, Option<&Flight>), Added<Unit>>,
    chariots: Query<&Chariot>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut merged: ResMut<MergedFigures>,
) {
    let (rules, battle) = (&engine.state().ruleset(), &engine.state().battle());
    for (entity, unit, profile, flight) in &added {
        let hero = profile.heroic
            || battle
                .sides
                .get(unit.side)
                .is_some_and(|s| s.kind == SideKind::Heroes);
        let look = Look {
            side: unit.side,
            hero,
            flying: flight.is_some(),
            chariot: chariots.iter().find(|c| c.team == unit.index),
        };
        let parts = build_figure(
            &mut commands,
            (&palette, rules),
            profile,
            look,
            (&mut meshes, &mut merged),
        );
        if let Some(stand) = parts.stand {
            commands.entity(entity).add_child(stand);
        }
        let pose = parts.pose;
        commands
            .entity(entity)
            .insert((
                Transform::default(),
                Visibility::default(),
                Motion::default(),
                parts,
            ))
            .add_child(pose);
    }
}

/// What a figure is besides its profile: its side, a hero's gold rim, a
/// flyer's stand and wings, the chariot a team draws.
#[derive(Clone, Copy)]
pub(crate) struct Look<'a> {
    pub side: usize,
    pub hero: bool,
    pub flying: bool,
    pub chariot: Option<&'a Chariot>,
}

/// A combatant's figure, built as `profile` and `look` say: its pose (not
/// yet anyone's child), body and flight stand.
pub(crate) fn build_figure(
    commands: &mut Commands,
    (palette, rules): (&Palette, &Ruleset),
    profile: &Profile,
    look: Look,
    (meshes, merged): (&mut Assets<Mesh>, &mut MergedFigures),
) -> FigureParts {
    let side = palette
        .sides
        .get(look.side)
        .cloned()
        .unwrap_or_else(|| palette.fallen.clone());
    let rim = if look.hero {
        palette.gold.clone()
    } else {
        palette
            .trims
            .get(look.side)
            .cloned()
            .unwrap_or_else(|| palette.white.clone())
    };
    let pose = commands
        .spawn((
            Transform::default(),
            Visibility::default(),
            Motion::default(),
        ))
        .id();
    let chariot = look.chariot;
    let scale = if profile.mount || chariot.is_some() {
        1.0
    } else {
        FIGURE_SCALE * (f32::from(profile.size) / 2.0).sqrt().clamp(0.7, 1.8)
    };
    let mut figure = Figure::new(commands, pose, scale);
    if profile.mount || chariot.is_some() {
        // Horses: a mount, or a chariot's team with its car behind.
        dress_horses(
            &mut figure,
            palette,
            (&side, &rim, look.side),
            (chariot, &rules.rules),
        );
    } else {
        // What it holds: its first weapon in hand (a caster's staff);
        // a mob's other members hold the others.
        let mut arms: Vec<Held> = profile
            .weapons
            .iter()
            .filter_map(|id| rules.weapons.get(id))
            .filter(|w| !w.natural && w.shield.is_none())
            .map(Held::of)
            .collect();
        arms.dedup();
        if !profile.spells.is_empty() {
            arms.insert(0, Held::Staff);
        }
        let bird = look.flying && profile.size >= 3;
        if bird {
            dress_bird(&mut figure, palette, (&side, &rim));
        } else {
            dress_figure(&mut figure, palette, profile, (&side, &rim), &arms);
        }
        side_studs(&mut figure, palette, &rim, look.side);
        if look.flying && !bird {
            // A winged figure: feathered wings from the shoulders.
            let feathers = wings(&palette.sculpt, Vec3::new(0.0, 0.95, 0.12), 1.0);
            figure.pieces(palette, &side, &palette.flesh, &feathers);
        }
    }
    let body = figure.finish(meshes, merged);
    let stand = look.flying.then(|| {
        commands
            .spawn((
                Mesh3d(palette.stand.clone()),
                MeshMaterial3d(palette.clear.clone()),
                Transform::default(),
            ))
            .id()
    });
    FigureParts { pose, body, stand }
}

/// Besides its colour, a side's second cue: studs in its trim on the back
/// edge of each base (the edge the camera sees first), one for the level's
/// first side, two for the second, and so on up to four. Horses' and
/// chariots' bases carry them too.
fn side_studs(figure: &mut Figure, palette: &Palette, rim: &Handle<Paint>, side: usize) {
    for x in stud_places(side) {
        figure.part(
            &palette.die,
            rim,
            Transform::from_xyz(x, 0.13, 0.43).with_scale(Vec3::splat(0.45)),
        );
    }
}

/// Where a side's studs stand across the back edge of a base.
fn stud_places(side: usize) -> impl Iterator<Item = f32> {
    let studs = side.min(3) + 1;
    (0..studs).map(move |stud| (stud as f32 - (studs - 1) as f32 / 2.0) * 0.17)
}

/// A round base: its edge in the side's colour with the trim round it,
/// its top flocked as a painted miniature's is.
fn dress_base(figure: &mut Figure, palette: &Palette, side: &Handle<Paint>, rim: &Handle<Paint>) {
    figure.part(&palette.base, side, Transform::from_xyz(0.0, 0.06, 0.0));
    figure.part(
        &palette.ring,
        rim,
        Transform::from_xyz(0.0, 0.08, 0.0).with_scale(Vec3::new(0.93, 0.7, 0.93)),
    );
    figure.part(
        &palette.disc,
        &palette.flock,
        Transform::from_xyz(0.0, 0.12, 0.0).with_scale(Vec3::new(0.95, 0.6, 0.95)),
    );
}

/// A great bird on its base, facing north: a body held level, a white
/// head with a hooked beak, broad feathered wings and a fanned tail.
fn dress_bird(
    figure: &mut Figure,
    palette: &Palette,
    (side, rim): (&Handle<Paint>, &Handle<Paint>),
) {
    dress_base(figure, palette, side, rim);
    figure.body(
        &palette.body,
        side,
        Transform::from_xyz(0.0, 0.7, 0.05)
            .with_rotation(Quat::from_rotation_x(-1.2))
            .with_scale(Vec3::new(1.0, 0.9, 0.8)),
    );
    figure.part(
        &palette.head,
        &palette.white,
        Transform::from_xyz(0.0, 0.98, -0.32),
    );
    let sculpt = &palette.sculpt;
    let mut pieces: Vec<Piece> = vec![(
        &sculpt.point,
        Finish::Skin,
        Transform::from_xyz(0.0, 0.95, -0.5).with_rotation(Quat::from_rotation_x(-1.9)),
    )];
    pieces.extend(wings(sculpt, Vec3::new(0.0, 0.85, 0.05), 1.6));
    for turn in [-0.3, 0.0, 0.3] {
        pieces.push((
            &sculpt.feather,
            Finish::Cloth,
            Transform::from_xyz(0.0, 0.6, 0.45)
                .with_rotation(Quat::from_rotation_y(FRAC_PI_2 + turn))
                .with_scale(Vec3::new(0.6, 1.0, 1.0)),
        ));
    }
    figure.pieces(palette, side, &palette.gold, &pieces);
}

/// A figure on foot (or on four feet), on its base.
fn dress_figure(
    figure: &mut Figure,
    palette: &Palette,
    profile: &Profile,
    (side, rim): (&Handle<Paint>, &Handle<Paint>),
    arms: &[Held],
) {
    let build = Build::of(profile);
    let held = arms.first().copied();
    dress_base(figure, palette, side, rim);
    match build {
        Build::Beast => dress_beast(figure, palette, side, Vec3::ZERO, 1.0),
        _ => dress_upright(figure, palette, profile, side, held, build),
    }
    // A mob is one entity of many figures: a few more stand on its base; a
    // swarm teems with small ones.
    if profile.mob.is_some() {
        let (places, size): (&[(f32, f32)], f32) = if profile.is_swarm() {
            (
                &[
                    (-0.7, 0.3),
                    (0.7, 0.3),
                    (0.0, -0.8),
                    (-0.5, -0.5),
                    (0.5, -0.5),
                    (0.0, 0.8),
                    (-0.85, -0.1),
                    (0.85, -0.1),
                ],
                0.45,
            )
        } else {
            (&[(-0.55, 0.4), (0.55, 0.4), (0.0, -0.6)], 0.8)
        };
        for (k, &(x, z)) in places.iter().enumerate() {
            let at = Vec3::new(x, 0.0, z);
            if build == Build::Beast {
                dress_beast(figure, palette, side, at, size);
                continue;
            }
            // Each member a figure of its own: another of the mob's
            // weapons, a shield or none, a helmet or none, a little taller
            // or shorter, turned its own way.
            let mut look = profile.clone();
            if k % 2 == 1 {
                look.shield = None;
            }
            if k % 3 == 2 {
                look.armour = u8::from(look.armour == 0);
            }
            let held = arms.get((k + 1) % arms.len().max(1)).copied();
            figure.place = Transform::from_translation(at * figure.scale)
                .with_rotation(Quat::from_rotation_y((k as f32 - 1.0) * 0.6))
                .with_scale(Vec3::splat(size * (0.92 + 0.06 * (k % 3) as f32)));
            dress_upright(figure, palette, &look, side, held, build);
        }
        figure.place = Transform::IDENTITY;
    }
}

fn head_paint(palette: &Palette, build: Build) -> &Handle<Paint> {
    match build {
        Build::Small => &palette.goblin_skin,
        Build::Bones => &palette.bone,
        Build::Wraith => &palette.marker["ghost"],
        _ => &palette.flesh,
    }
}

/// A two-legged figure: body, head, and what marks its kind.
fn dress_upright(
    figure: &mut Figure,
    palette: &Palette,
    profile: &Profile,
    side: &Handle<Paint>,
    held: Option<Held>,
    build: Build,
) {
    match build {
        // A robe that widens to the ground.
        Build::Wraith => figure.body(&palette.cone, side, Transform::from_xyz(0.0, 0.62, 0.0)),
        // Raised on its legs.
        Build::Bones => figure.body(
            &palette.body,
            side,
            Transform::from_xyz(0.0, 0.74, 0.0).with_scale(Vec3::new(0.55, 0.75, 0.55)),
        ),
        Build::Brute => figure.body(
            &palette.body,
            side,
            Transform::from_xyz(0.0, 0.74, 0.0).with_scale(Vec3::new(1.4, 0.75, 1.25)),
        ),
        Build::Caster => figure.body(&palette.body, side, Transform::from_xyz(0.0, 0.6, 0.0)),
        _ => figure.body(
            &palette.body,
            side,
            Transform::from_xyz(0.0, 0.74, 0.0).with_scale(Vec3::new(1.0, 0.75, 1.0)),
        ),
    };
    let head_at = match build {
        Build::Wraith => 1.3,
        Build::Brute => 1.12,
        _ => 1.15,
    };
    figure.part(
        &palette.head,
        head_paint(palette, build),
        Transform::from_xyz(0.0, head_at, 0.0),
    );
    match build {
        Build::Caster => {
            figure.part(
                &palette.cone,
                side,
                Transform::from_xyz(0.0, head_at + 0.3, 0.0).with_scale(Vec3::new(0.6, 0.45, 0.6)),
            );
        }
        Build::Small => {
            // Pointed ears.
            for x in [-0.17, 0.17] {
                figure.part(
                    &palette.cone,
                    &palette.goblin_skin,
                    Transform::from_xyz(x, head_at + 0.04, 0.0)
                        .with_rotation(Quat::from_rotation_z(-x.signum() * 1.2))
                        .with_scale(Vec3::new(0.12, 0.16, 0.12)),
                );
            }
        }
        // Bones show their skull.
        Build::Soldier | Build::Brute if profile.armour > 0 => {
            figure.part(
                &palette.head,
                &palette.steel,
                Transform::from_xyz(0.0, head_at + 0.04, 0.0).with_scale(Vec3::new(1.1, 0.75, 1.1)),
            );
        }
        _ => {}
    }
    if profile.shield.is_some() {
        // On the left arm, turned half toward the viewer behind.
        figure.part(
            &palette.disc,
            side,
            Transform::from_xyz(-0.3, 0.62, 0.02)
                .with_rotation(Quat::from_rotation_y(-0.5) * Quat::from_rotation_z(FRAC_PI_2)),
        );
        figure.part(
            &palette.token,
            &palette.steel,
            Transform::from_xyz(-0.33, 0.62, 0.04).with_scale(Vec3::splat(0.5)),
        );
    }
    // Legs and arms, in the figure's own skin, bone or leather.
    let skin = head_paint(palette, build);
    let (legs, arms) = limbs(&palette.sculpt);
    if !matches!(build, Build::Wraith | Build::Caster) {
        let boots = match build {
            Build::Bones | Build::Small => skin,
            _ => &palette.leather,
        };
        figure.pieces(palette, side, boots, &legs);
    }
    figure.pieces(palette, side, skin, &arms);
    if let Some(held) = held {
        figure.pieces(palette, side, skin, &held_parts(&palette.sculpt, held));
    }
}

/// A four-legged creature at `at` on its base, `size` times a wolf, facing
/// north.
fn dress_beast(figure: &mut Figure, palette: &Palette, side: &Handle<Paint>, at: Vec3, size: f32) {
    figure.body(
        &palette.body,
        side,
        Transform::from_translation(at + Vec3::Y * 0.45 * size)
            .with_rotation(Quat::from_rotation_x(-FRAC_PI_2))
            .with_scale(Vec3::splat(0.9 * size)),
    );
    figure.part(
        &palette.head,
        &palette.horsehide,
        Transform::from_translation(at + Vec3::new(0.0, 0.62, -0.5) * size)
            .with_scale(Vec3::splat(size)),
    );
    figure.pieces(
        palette,
        side,
        &palette.horsehide,
        &beast_parts(&palette.sculpt, at, size),
    );
    for (x, z) in [(-0.13, -0.25), (0.13, -0.25), (-0.13, 0.25), (0.13, 0.25)] {
        figure.part(
            &palette.pole,
            &palette.horsehide,
            Transform::from_translation(at + Vec3::new(x, 0.2, z) * size).with_scale(Vec3::new(
                size,
                0.2 * size,
                size,
            )),
        );
    }
}

/// A horse or a chariot team (two or four horses abreast) with the car
/// behind it and its wheels, on a base of the chariot's footprint in inches
/// (its body, recoloured when it falls). The pose faces north (-z); the
/// figure turns to its facing.
fn dress_horses(
    figure: &mut Figure,
    palette: &Palette,
    (side, rim, side_index): (&Handle<Paint>, &Handle<Paint>, usize),
    (chariot, rules): (Option<&Chariot>, &crate::data::RuleNumbers),
) {
    let horses: &[f32] = match chariot.map(|c| c.horses) {
        Some(crate::data::Horses::Four) => &[-0.9, -0.3, 0.3, 0.9],
        Some(crate::data::Horses::Two) => &[-0.3, 0.3],
        None => &[0.0],
    };
    let (width, length) = chariot.map_or((1.0, 2.0), |c| {
        let (w, l) = rules.chariots.footprint(c.kind, c.horses);
        (f32::from(w), f32::from(l))
    });
    // The horses stand in the front of the base, the car in the back.
    let front = if chariot.is_some() {
        -length / 2.0 + 0.8
    } else {
        0.0
    };
    figure.body(
        &palette.block,
        side,
        Transform::from_xyz(0.0, 0.05, 0.0).with_scale(Vec3::new(width, 0.1, length)),
    );
    // The trim runs round the base's top edge.
    for (x, z, w, l) in [
        (0.0, -length / 2.0, width, 0.08),
        (0.0, length / 2.0, width, 0.08),
        (-width / 2.0, 0.0, 0.08, length),
        (width / 2.0, 0.0, 0.08, length),
    ] {
        figure.part(
            &palette.block,
            rim,
            Transform::from_xyz(x, 0.11, z).with_scale(Vec3::new(w, 0.04, l)),
        );
    }
    // The side's studs on the back edge, as on every base.
    for x in stud_places(side_index) {
        figure.part(
            &palette.die,
            rim,
            Transform::from_xyz(x, 0.15, length / 2.0 - 0.06).with_scale(Vec3::splat(0.45)),
        );
    }
    for &x in horses {
        dress_horse(figure, palette, Vec3::new(x, 0.0, front));
    }
    if chariot.is_some() {
        let back = length / 2.0 - 0.7;
        figure.part(
            &palette.block,
            &palette.wood,
            Transform::from_xyz(0.0, 0.55, back).with_scale(Vec3::new(width * 0.7, 0.5, 1.0)),
        );
        for x in [-width * 0.38, width * 0.38] {
            figure.part(
                &palette.wheel,
                &palette.wood,
                Transform::from_xyz(x, 0.45, back).with_rotation(Quat::from_rotation_z(FRAC_PI_2)),
            );
        }
        // The pole from the car to the team.
        figure.part(
            &palette.pole,
            &palette.wood,
            Transform::from_xyz(0.0, 0.55, (front + back) / 2.0)
                .with_rotation(Quat::from_rotation_x(FRAC_PI_2))
                .with_scale(Vec3::new(1.0, (back - front) / 1.9, 1.0)),
        );
    }
}

/// A horse standing at `at`, facing north: its body, a neck raised to
/// the head in front, four legs and a tail.
fn dress_horse(figure: &mut Figure, palette: &Palette, at: Vec3) {
    let hide = &palette.horsehide;
    figure.part(
        &palette.horse,
        hide,
        Transform::from_translation(at + Vec3::new(0.0, 0.75, 0.0))
            .with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
    );
    // The neck leans forward from the chest; the head is long and low.
    figure.part(
        &palette.pole,
        hide,
        Transform::from_translation(at + Vec3::new(0.0, 1.0, -0.55))
            .with_rotation(Quat::from_rotation_x(-0.6))
            .with_scale(Vec3::new(4.0, 0.3, 4.0)),
    );
    figure.part(
        &palette.head,
        hide,
        Transform::from_translation(at + Vec3::new(0.0, 1.22, -0.78))
            .with_scale(Vec3::new(0.75, 0.75, 1.5)),
    );
    for (x, z) in [(-0.12, -0.38), (0.12, -0.38), (-0.12, 0.38), (0.12, 0.38)] {
        figure.part(
            &palette.pole,
            hide,
            Transform::from_translation(at + Vec3::new(x, 0.3, z))
                .with_scale(Vec3::new(2.2, 0.32, 2.2)),
        );
    }
    figure.part(
        &palette.sculpt.tail,
        hide,
        Transform::from_translation(at + Vec3::new(0.0, 0.55, 0.62))
            .with_rotation(Quat::from_rotation_x(1.1)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_creature_has_a_shape_of_its_own() {
        let kinds = [
            ("soldier", Build::Soldier),
            ("goblin", Build::Small),
            ("ogre", Build::Brute),
            ("hedge_wizard", Build::Caster),
            ("skeleton", Build::Bones),
            ("barrow_wight", Build::Wraith),
            ("wolf", Build::Beast),
        ];
        let units: String = kinds
            .iter()
            .enumerate()
            .map(|(k, (template, _))| {
                format!("(id: \"u{k}\", template: \"{template}\", side: \"a\", zone: (0, 0)),")
            })
            .collect();
        let text = format!(
            r#"(name: "Shapes", tile_size: 6, legend: {{ 'g': Grass }}, map: ["gg"],
            sides: [(id: "a", name: "A", colour: (0.5, 0.5, 0.5), kind: Npcs, controller: Ai),
                    (id: "b", name: "B", colour: (0.5, 0.5, 0.5), kind: Npcs, controller: Ai)],
            units: [{units} (id: "foe", template: "rat", side: "b", zone: (1, 0), mob: Some(Swarm))],
            victory: [DefeatAll(side: "a")])"#
        );
        let engine = crate::game::test_engines::from_text(&text);
        let units = &engine.state().units();
        for (k, (template, build)) in kinds.iter().enumerate() {
            assert_eq!(Build::of(&units[k].profile), *build, "{template}");
        }
        assert_eq!(
            Build::of(&units[kinds.len()].profile),
            Build::Beast,
            "a swarm of rats"
        );
    }
}
