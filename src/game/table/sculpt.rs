//! The parts a figure is sculpted from beyond its body: what it holds (read
//! from its own weapons), its legs and arms, a beast's tail and ears, a
//! flyer's feathered wings and a great bird's beak. Each is a shared mesh
//! placed in a man-sized figure's inches; `figures.rs` assembles them.
//!
//! A weapon's sculpt comes from the word its name ends in (axe, club, mace,
//! bow, crossbow, sling, spear, pike, lance, javelin, dagger, sword), else
//! from what it does: reach gives a spear, range a bow, anything else a
//! sword (docs/DESIGNING.md, A new creature's figure).

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use crate::data::Weapon;

/// What a figure holds in its right hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Held {
    Sword,
    /// A sword for two hands, held across the body.
    GreatSword,
    Dagger,
    Axe,
    Mace,
    Club,
    Spear,
    Bow,
    Crossbow,
    Sling,
    /// A spell-caster's staff.
    Staff,
}

impl Held {
    /// The sculpt of a weapon, by the word its name ends in, else by what
    /// it does.
    pub(crate) fn of(weapon: &Weapon) -> Self {
        let name = weapon.name.to_lowercase();
        let last = name.split_whitespace().last().unwrap_or_default();
        match last {
            "axe" => Self::Axe,
            "mace" => Self::Mace,
            "club" => Self::Club,
            "bow" => Self::Bow,
            "crossbow" => Self::Crossbow,
            "sling" => Self::Sling,
            "spear" | "pike" | "lance" | "javelin" => Self::Spear,
            "dagger" | "knife" => Self::Dagger,
            "sword" | "broadsword" if weapon.hands >= 2 => Self::GreatSword,
            "sword" | "broadsword" => Self::Sword,
            _ if weapon.reach => Self::Spear,
            _ if weapon.range.is_some() => Self::Bow,
            _ => Self::Sword,
        }
    }
}

/// The shared meshes of the sculpted parts.
pub(crate) struct SculptMeshes {
    /// A leg or an arm: a thin capsule 0.44 long.
    pub limb: Handle<Mesh>,
    pub blade: Handle<Mesh>,
    pub guard: Handle<Mesh>,
    pub grip: Handle<Mesh>,
    pub axe_head: Handle<Mesh>,
    pub knob: Handle<Mesh>,
    /// A point: a spear's head, a beak, an ear.
    pub point: Handle<Mesh>,
    pub haft: Handle<Mesh>,
    /// A bow's stave and string, as a flattened ring.
    pub bow: Handle<Mesh>,
    pub feather: Handle<Mesh>,
    pub tail: Handle<Mesh>,
}

impl SculptMeshes {
    pub(crate) fn new(meshes: &mut Assets<Mesh>) -> Self {
        Self {
            limb: meshes.add(Capsule3d::new(0.07, 0.3).mesh().longitudes(8).latitudes(4)),
            blade: meshes.add(Cuboid::new(0.05, 0.62, 0.11)),
            guard: meshes.add(Cuboid::new(0.05, 0.05, 0.3)),
            grip: meshes.add(Cylinder::new(0.03, 0.18).mesh().resolution(6)),
            axe_head: meshes.add(Cuboid::new(0.04, 0.22, 0.26)),
            knob: meshes.add(Sphere::new(0.09).mesh().uv(8, 6)),
            point: meshes.add(Cone::new(0.06, 0.2).mesh().resolution(8)),
            haft: meshes.add(Cylinder::new(0.03, 1.0).mesh().resolution(6)),
            bow: meshes.add(
                Torus::new(0.4, 0.44)
                    .mesh()
                    .minor_resolution(4)
                    .major_resolution(16),
            ),
            feather: meshes.add(Cuboid::new(0.75, 0.03, 0.16)),
            tail: meshes.add(Cone::new(0.07, 0.6).mesh().resolution(6)),
        }
    }
}

/// Which paint a part takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Finish {
    Steel,
    Wood,
    /// The side's colour.
    Cloth,
    Skin,
}

/// A part of a sculpt: which mesh, which paint, where.
pub(crate) type Piece<'a> = (&'a Handle<Mesh>, Finish, Transform);

/// The parts of `held` in the right hand of a man-sized figure.
pub(crate) fn held_parts(meshes: &SculptMeshes, held: Held) -> Vec<Piece<'_>> {
    let hand = Vec3::new(0.34, 0.72, -0.08);
    // Raised a little forward, as a figure on guard.
    let raised = Quat::from_rotation_x(-0.35);
    let up = |length: f32| Transform::from_translation(hand + raised * Vec3::Y * length);
    match held {
        Held::Sword | Held::Dagger => {
            let length = if held == Held::Sword { 1.0 } else { 0.5 };
            vec![
                (&meshes.grip, Finish::Wood, up(0.0).with_rotation(raised)),
                (&meshes.guard, Finish::Steel, up(0.1).with_rotation(raised)),
                (
                    &meshes.blade,
                    Finish::Steel,
                    up(0.1 + 0.31 * length)
                        .with_rotation(raised)
                        .with_scale(Vec3::new(1.0, length, 1.0)),
                ),
            ]
        }
        Held::GreatSword => {
            // Across the body, point up and to the left.
            let across = Quat::from_rotation_z(0.6);
            let at = |length: f32| Transform::from_translation(hand + across * Vec3::Y * length);
            vec![
                (&meshes.grip, Finish::Wood, at(0.0).with_rotation(across)),
                (&meshes.guard, Finish::Steel, at(0.12).with_rotation(across)),
                (
                    &meshes.blade,
                    Finish::Steel,
                    at(0.6)
                        .with_rotation(across)
                        .with_scale(Vec3::new(1.2, 1.5, 1.0)),
                ),
            ]
        }
        Held::Axe | Held::Mace | Held::Club => {
            let haft = (
                &meshes.haft,
                Finish::Wood,
                up(0.3)
                    .with_rotation(raised)
                    .with_scale(Vec3::new(1.0, 0.75, 1.0)),
            );
            let head = match held {
                Held::Axe => (
                    &meshes.axe_head,
                    Finish::Steel,
                    up(0.62)
                        .with_rotation(raised)
                        .with_translation(hand + raised * Vec3::new(0.0, 0.62, -0.12)),
                ),
                Held::Mace => (&meshes.knob, Finish::Steel, up(0.68)),
                _ => (
                    &meshes.knob,
                    Finish::Wood,
                    up(0.66).with_scale(Vec3::new(1.3, 2.0, 1.3)),
                ),
            };
            vec![haft, head]
        }
        Held::Spear | Held::Staff => {
            let upright = Transform::from_translation(hand + Vec3::Y * 0.35)
                .with_scale(Vec3::new(1.0, 1.9, 1.0));
            let top = hand + Vec3::Y * 1.32;
            let head = match held {
                Held::Spear => (
                    &meshes.point,
                    Finish::Steel,
                    Transform::from_translation(top),
                ),
                _ => (
                    &meshes.knob,
                    Finish::Cloth,
                    Transform::from_translation(top),
                ),
            };
            vec![(&meshes.haft, Finish::Wood, upright), head]
        }
        Held::Bow => vec![(
            &meshes.bow,
            Finish::Wood,
            // Upright in the left hand, string toward the figure.
            Transform::from_xyz(-0.32, 0.8, -0.15)
                .with_rotation(Quat::from_rotation_z(FRAC_PI_2) * Quat::from_rotation_x(0.2))
                .with_scale(Vec3::new(1.0, 0.3, 0.5)),
        )],
        Held::Crossbow => vec![
            (
                &meshes.haft,
                Finish::Wood,
                Transform::from_xyz(0.0, 0.72, -0.35)
                    .with_rotation(Quat::from_rotation_x(FRAC_PI_2))
                    .with_scale(Vec3::new(1.4, 0.55, 1.4)),
            ),
            (
                &meshes.haft,
                Finish::Steel,
                Transform::from_xyz(0.0, 0.72, -0.55)
                    .with_rotation(Quat::from_rotation_z(FRAC_PI_2))
                    .with_scale(Vec3::new(1.0, 0.55, 1.0)),
            ),
        ],
        Held::Sling => vec![
            (
                &meshes.grip,
                Finish::Wood,
                Transform::from_translation(hand + Vec3::Y * 0.25)
                    .with_scale(Vec3::new(0.5, 2.5, 0.5)),
            ),
            (
                &meshes.knob,
                Finish::Skin,
                Transform::from_translation(hand + Vec3::Y * 0.5).with_scale(Vec3::splat(0.7)),
            ),
        ],
    }
}

/// A two-legged figure's legs (in its skin, bone or boots) and arms (in
/// its side's cloth), apart.
pub(crate) fn limbs(meshes: &SculptMeshes) -> (Vec<Piece<'_>>, Vec<Piece<'_>>) {
    let legs = [-0.1, 0.1]
        .map(|x| (&meshes.limb, Finish::Skin, Transform::from_xyz(x, 0.3, 0.0)))
        .to_vec();
    // The right arm reaching to its weapon, the left to its shield.
    let arms = [(0.27, -0.5), (-0.27, 0.5)]
        .map(|(x, lean): (f32, f32)| {
            (
                &meshes.limb,
                Finish::Cloth,
                Transform::from_xyz(x, 0.82, -0.04)
                    .with_rotation(Quat::from_rotation_z(lean * 0.5) * Quat::from_rotation_x(-0.6)),
            )
        })
        .to_vec();
    (legs, arms)
}

/// Feathered wings spread from the shoulders: three feathers a side,
/// fanned, `span` times a man's.
pub(crate) fn wings(meshes: &SculptMeshes, at: Vec3, span: f32) -> Vec<Piece<'_>> {
    let mut parts = Vec::new();
    for side in [-1.0, 1.0] {
        for (k, spread) in [0.15_f32, 0.45, 0.75].into_iter().enumerate() {
            let length = span * (1.0 - 0.15 * k as f32);
            let turn = Quat::from_rotation_y(side * (spread - 0.45))
                * Quat::from_rotation_z(side * (0.35 + 0.12 * k as f32));
            parts.push((
                &meshes.feather,
                Finish::Cloth,
                Transform::from_translation(at + turn * Vec3::X * side * 0.4 * length)
                    .with_rotation(turn)
                    .with_scale(Vec3::new(length, 1.0, 1.0)),
            ));
        }
    }
    parts
}

/// A beast's tail and ears, for a beast at `at` of `size` times a wolf
/// facing north.
pub(crate) fn beast_parts(meshes: &SculptMeshes, at: Vec3, size: f32) -> Vec<Piece<'_>> {
    let mut parts = vec![(
        &meshes.tail,
        Finish::Skin,
        Transform::from_translation(at + Vec3::new(0.0, 0.5, 0.62) * size)
            .with_rotation(Quat::from_rotation_x(1.1))
            .with_scale(Vec3::splat(size)),
    )];
    for x in [-0.08, 0.08] {
        parts.push((
            &meshes.point,
            Finish::Skin,
            Transform::from_translation(at + Vec3::new(x, 0.8, -0.52) * size)
                .with_scale(Vec3::splat(size)),
        ));
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_weapon_is_held_as_its_name_says() {
        let ruleset = crate::data::Ruleset::embedded().expect("the built-in data");
        let held = |id: &str| Held::of(&ruleset.weapons[id]);
        assert_eq!(held("broadsword"), Held::Sword);
        assert_eq!(held("short_sword"), Held::Sword);
        assert_eq!(held("great_sword"), Held::GreatSword);
        assert_eq!(held("dagger"), Held::Dagger);
        assert_eq!(held("battle_axe"), Held::Axe);
        assert_eq!(held("mace"), Held::Mace);
        assert_eq!(held("ogre_club"), Held::Club);
        assert_eq!(held("spear"), Held::Spear);
        assert_eq!(held("pike"), Held::Spear);
        assert_eq!(held("bow"), Held::Bow);
        assert_eq!(held("crossbow"), Held::Crossbow);
        assert_eq!(held("sling"), Held::Sling);
    }
}
