//! Markers on the figures, as on a real table: State tokens on the figure's
//! own base (Stun yellow, Shock violet, Doubt teal), a black token while Panicked or Crushed, a
//! dark red one for each wound (up to three), blue dice beside the figure
//! for its defence pool, a red die for a Fumble, a green token for Effort, a white
//! one while surprised, exposure dice showing 1 in front of the figure, and
//! rings for the selected figure, the ones whose turn it is, and the one
//! under the pointer.

use bevy::prelude::*;

use crate::battle::components::{Conditions, Fate, Unit, Wounds};
use crate::battle::engine::Engine;
use crate::game::hud::HudState;
use crate::game::stage::battle_on_table;
use crate::game::table::figures::{FIGURE_SCALE, FigureParts, Palette};

/// The most exposure dice drawn in front of a figure.
const EXPOSURE_SHOWN: usize = 4;
/// The most wound tokens drawn beside a figure.
const WOUNDS_SHOWN: usize = 3;
/// The most defence pool dice drawn beside a figure.
const POOL_SHOWN: usize = 4;

#[derive(Component)]
struct Markers {
    stun: Entity,
    shock: Entity,
    fumble: Entity,
    effort: Entity,
    surprised: Entity,
    doubt: Entity,
    routed: Entity,
    wounds: [Entity; WOUNDS_SHOWN],
    pool: [Entity; POOL_SHOWN],
    exposure: [Entity; EXPOSURE_SHOWN],
    selected: Entity,
    acting: Entity,
    /// A pointer over the head of the combatant whose turn it is, unlike
    /// the gold rim of a hero.
    acting_pointer: Entity,
    hover: Entity,
}

/// How high the acting figure's pointer floats, in a man-sized figure's inches.
const POINTER_HEIGHT: f32 = 2.15;

/// The State and mark tokens, in their places round the base's rim: the
/// three States on the figure's left, Effort, surprise and flight on its right.
const TOKENS: [&str; 6] = ["stun", "shock", "doubt", "effort", "surprised", "routed"];
/// How far from the base's centre the tokens sit: on the rim, clear of the feet.
const TOKEN_RING: f32 = 0.34;

/// Where token `k` of [`TOKENS`] lies: on the base's top, at the rim, so a
/// token in a crowded zone plainly belongs to the figure it stands by.
fn token_at(k: usize) -> Transform {
    let left = k < 3;
    let step = (k % 3) as f32 - 1.0;
    let angle = if left { -90.0 } else { 90.0 } + 36.0 * step;
    let (sin, cos) = angle.to_radians().sin_cos();
    Transform::from_xyz(TOKEN_RING * sin, 0.16, TOKEN_RING * cos).with_scale(Vec3::splat(0.8))
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (add_markers, show_markers)
            .chain()
            .run_if(battle_on_table.and_then(resource_exists::<Palette>)),
    );
}

fn add_markers(
    mut commands: Commands,
    palette: Res<Palette>,
    figures: Query<Entity, (Added<FigureParts>, With<Unit>)>,
) {
    for figure in &figures {
        let mut spawn = |mesh: &Handle<Mesh>, material: &str, at: Transform| {
            commands
                .spawn((
                    Mesh3d(mesh.clone()),
                    MeshMaterial3d(palette.marker[material].clone()),
                    at,
                    Visibility::Hidden,
                ))
                .id()
        };
        let [stun, shock, doubt, effort, surprised, routed] =
            std::array::from_fn(|k| spawn(&palette.token, TOKENS[k], token_at(k)));
        let fumble = spawn(&palette.die, "fumble", Transform::from_xyz(-0.6, 0.11, 0.3));
        let wounds = std::array::from_fn(|k| {
            spawn(
                &palette.token,
                "wound",
                Transform::from_xyz(0.6, 0.1 + 0.12 * k as f32, -0.3),
            )
        });
        let pool = std::array::from_fn(|k| {
            spawn(
                &palette.die,
                "pool",
                Transform::from_xyz(-0.7, 0.11, -0.36 + 0.24 * k as f32),
            )
        });
        let ring =
            |name: &str,
             scale: f32,
             spawn: &mut dyn FnMut(&Handle<Mesh>, &str, Transform) -> Entity| {
                spawn(
                    &palette.ring,
                    name,
                    Transform::from_xyz(0.0, 0.03, 0.0).with_scale(Vec3::new(scale, 0.5, scale)),
                )
            };
        let selected = ring("selected", 1.25, &mut spawn);
        let acting = ring("acting", 1.1, &mut spawn);
        let hover = ring("hover", 1.4, &mut spawn);
        let acting_pointer = commands
            .spawn((
                Mesh3d(palette.cone.clone()),
                MeshMaterial3d(palette.marker["acting"].clone()),
                Transform::from_xyz(0.0, POINTER_HEIGHT, 0.0)
                    .with_rotation(Quat::from_rotation_x(std::f32::consts::PI))
                    .with_scale(Vec3::new(0.9, 0.45, 0.9)),
                Visibility::Hidden,
            ))
            .id();
        let exposure = std::array::from_fn(|k| {
            commands
                .spawn((
                    Mesh3d(palette.die.clone()),
                    MeshMaterial3d(palette.white.clone()),
                    Transform::from_xyz(-0.36 + 0.24 * k as f32, 0.11, 0.7),
                    Visibility::Hidden,
                    // The single pip of a die showing 1.
                    children![(
                        Mesh3d(palette.token.clone()),
                        MeshMaterial3d(palette.fallen.clone()),
                        Transform::from_xyz(0.0, 0.11, 0.0).with_scale(Vec3::new(0.35, 0.1, 0.35)),
                    )],
                ))
                .id()
        });
        let mut all = vec![
            stun,
            shock,
            fumble,
            effort,
            surprised,
            doubt,
            routed,
            selected,
            acting,
            acting_pointer,
            hover,
        ];
        all.extend(exposure);
        all.extend(wounds);
        all.extend(pool);
        // Markers are sized for a man-sized figure at the table's figure scale.
        let holder = commands
            .spawn((
                Transform::from_scale(Vec3::splat(FIGURE_SCALE)),
                Visibility::default(),
            ))
            .add_children(&all)
            .id();
        commands.entity(figure).add_child(holder).insert(Markers {
            stun,
            shock,
            fumble,
            effort,
            surprised,
            doubt,
            routed,
            wounds,
            pool,
            exposure,
            selected,
            acting,
            acting_pointer,
            hover,
        });
    }
}

fn show_markers(
    engine: Res<Engine>,
    hud: Res<HudState>,
    time: Res<Time>,
    figures: Query<(&Unit, &Conditions, &Fate, &Wounds, &Markers)>,
    mut visibility: Query<&mut Visibility, Without<Unit>>,
    mut bobbing: Query<&mut Transform, Without<Unit>>,
) {
    let bob = 0.12 * (time.elapsed_secs() * 3.0).sin();
    let battle = &engine.state().battle();
    let acting = battle.turn_candidates();
    for (unit, conditions, fate, wounds, markers) in &figures {
        let fighting = *fate == Fate::Fighting;
        let mut show = |entity: Entity, on: bool| {
            if let Ok(mut v) = visibility.get_mut(entity) {
                let wanted = if on {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                if *v != wanted {
                    *v = wanted;
                }
            }
        };
        show(markers.stun, fighting && conditions.stunned);
        show(markers.shock, fighting && conditions.shocked);
        show(markers.fumble, fighting && conditions.fumbled);
        show(markers.effort, fighting && conditions.effort);
        show(markers.surprised, fighting && conditions.surprised);
        show(markers.doubt, fighting && conditions.doubt);
        show(markers.routed, fighting && conditions.routed());
        for (k, token) in markers.wounds.iter().enumerate() {
            show(*token, k < wounds.0.len());
        }
        let pool_dice = conditions.defence_pool.map_or(0, |p| usize::from(p.dice));
        for (k, die) in markers.pool.iter().enumerate() {
            show(*die, fighting && k < pool_dice);
        }
        for (k, die) in markers.exposure.iter().enumerate() {
            show(*die, fighting && k < usize::from(conditions.exposure));
        }
        show(markers.selected, hud.pick.selected == Some(unit.index));
        let acts = fighting && acting.contains(&unit.index);
        show(markers.acting, acts);
        show(markers.acting_pointer, acts);
        if acts && let Ok(mut pointer) = bobbing.get_mut(markers.acting_pointer) {
            pointer.translation.y = POINTER_HEIGHT + bob;
        }
        show(markers.hover, hud.pick.hovered_unit == Some(unit.index));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The radius of a man-sized figure's base (its mesh in `view.rs`).
    const BASE_RADIUS: f32 = 0.45;

    #[test]
    fn a_state_token_sits_on_its_own_figures_base_apart_from_the_others() {
        let places: Vec<Vec3> = (0..TOKENS.len()).map(|k| token_at(k).translation).collect();
        for (k, at) in places.iter().enumerate() {
            let from_centre = Vec2::new(at.x, at.z).length();
            assert!(
                from_centre + 0.1 <= BASE_RADIUS,
                "{}: on the base",
                TOKENS[k]
            );
            assert!(from_centre >= 0.3, "{}: clear of the feet", TOKENS[k]);
            assert!(at.y < 0.3, "{}: on the base, not over the head", TOKENS[k]);
            for (j, other) in places.iter().enumerate().skip(k + 1) {
                assert!(
                    at.distance(*other) >= 0.18,
                    "{} and {} apart",
                    TOKENS[k],
                    TOKENS[j]
                );
            }
        }
    }
}
