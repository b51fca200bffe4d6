//! Motion on the table, read from the engine's events: figures glide to
//! where the rules put them instead of jumping (a move, a charge, a
//! flight, a knockback), topple as they fall, and lunge at the target of an
//! attack. The player sets the pace on the HUD; none at all puts each figure
//! in its place at once. The AI waits for the motion to end before it acts.

use bevy::prelude::*;

use crate::battle::components::Unit;
use crate::battle::engine::Engine;
use crate::battle::events::BattleEvent;
use crate::game::stage::{Screen, battle_on_table};
use crate::game::table::geometry::zone_centre;

/// How long a figure takes to reach its new place, in seconds.
#[derive(Resource, Debug, Clone, Copy)]
pub struct MotionPace {
    pub seconds: f32,
}

impl Default for MotionPace {
    fn default() -> Self {
        Self {
            seconds: crate::game::session::preferences::DEFAULT_MOTION_SECONDS,
        }
    }
}

/// Whether any figure is still on its way this frame.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct MotionUnderway(pub bool);

/// A lunge lasts this share of the pace, out and back.
const LUNGE_SHARE: f32 = 0.9;
/// How far a lunge reaches toward the target, in inches.
const LUNGE_REACH: f32 = 0.7;

/// Where an entity of the table is going, from where, and how far along.
#[derive(Component, Debug, Clone, Default)]
pub struct Motion {
    from: Transform,
    to: Transform,
    elapsed: f32,
    duration: f32,
    /// Whether it has been put in its first place (which it takes at once).
    placed: bool,
    /// A lunge under way: toward where, and how far along.
    lunge: Option<(Vec3, f32, f32)>,
}

/// Eases in and out: slow at the start and the end.
fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

impl Motion {
    /// Sets off toward `to` from `now`, to arrive in `seconds`. The first
    /// place, and any with no time to get there, is taken at once.
    pub fn head_for(&mut self, now: Transform, to: Transform, seconds: f32) {
        if self.placed && self.to == to {
            return;
        }
        self.from = if self.placed { now } else { to };
        self.to = to;
        self.elapsed = 0.0;
        self.duration = seconds.max(0.0);
        self.placed = true;
    }

    /// A lunge toward `target` (a direction on the table), over `seconds`.
    pub fn lunge(&mut self, toward: Vec3, seconds: f32) {
        let toward = toward.with_y(0.0).normalize_or_zero();
        if seconds > 0.0 && toward != Vec3::ZERO {
            self.lunge = Some((toward, 0.0, seconds));
        }
    }

    /// Where the entity stands `dt` seconds later.
    pub fn advance(&mut self, dt: f32) -> Transform {
        self.elapsed += dt;
        let t = if self.duration > 0.0 {
            ease(self.elapsed / self.duration)
        } else {
            1.0
        };
        let mut at = Transform {
            translation: self.from.translation.lerp(self.to.translation, t),
            rotation: self.from.rotation.slerp(self.to.rotation, t),
            scale: self.from.scale.lerp(self.to.scale, t),
        };
        if let Some((toward, elapsed, seconds)) = &mut self.lunge {
            *elapsed += dt;
            let t = *elapsed / *seconds;
            if t < 1.0 {
                at.translation += *toward * LUNGE_REACH * (t * std::f32::consts::PI).sin();
            } else {
                self.lunge = None;
            }
        }
        at
    }

    /// Whether it has arrived and stands still.
    pub fn settled(&self) -> bool {
        self.elapsed >= self.duration && self.lunge.is_none()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MotionPace>();
    app.init_resource::<MotionUnderway>();
    app.add_systems(
        Update,
        // The title's backdrop and the figure sheet stand their figures
        // through the same motion, at once.
        (lunge_at_targets, animate)
            .chain()
            .run_if(battle_on_table.or_else(in_state(Screen::Title))),
    );
}

/// An attacker lunges at its target as the attack is rolled.
fn lunge_at_targets(
    mut events: MessageReader<BattleEvent>,
    engine: Res<Engine>,
    pace: Res<MotionPace>,
    mut figures: Query<(&Unit, &mut Motion)>,
) {
    let table = engine.state();
    for event in events.read() {
        let BattleEvent::AttackRolled {
            attacker, target, ..
        } = event
        else {
            continue;
        };
        let (Some(from), Some(to)) = (table.unit_index(attacker), table.unit_index(target)) else {
            continue;
        };
        let zone_of =
            |index: usize| zone_centre(table.board(), table.units()[index].placement.zone);
        // Within a zone, toward the target's stand; else toward its zone.
        let toward = match figures.iter().find(|(unit, _)| unit.index == to) {
            Some((_, target)) if zone_of(from) == zone_of(to) => target.to.translation,
            _ => zone_of(to),
        };
        if let Some((_, mut motion)) = figures.iter_mut().find(|(unit, _)| unit.index == from) {
            let toward = toward - motion.to.translation;
            motion.lunge(toward, pace.seconds * LUNGE_SHARE);
        }
    }
}

fn animate(
    time: Res<Time>,
    mut moving: Query<(&mut Motion, &mut Transform)>,
    mut underway: ResMut<MotionUnderway>,
) {
    let dt = time.delta_secs();
    let mut any = false;
    for (mut motion, mut transform) in &mut moving {
        if motion.settled() && *transform == motion.to {
            continue;
        }
        *transform = motion.advance(dt);
        any |= !motion.settled();
    }
    if underway.0 != any {
        underway.0 = any;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_takes_its_first_place_at_once_then_glides_to_the_next() {
        let mut motion = Motion::default();
        let first = Transform::from_xyz(3.0, 0.0, 3.0);
        motion.head_for(Transform::IDENTITY, first, 0.4);
        assert_eq!(motion.advance(0.0).translation, first.translation);
        let next = Transform::from_xyz(9.0, 0.0, 3.0);
        motion.head_for(first, next, 0.4);
        let halfway = motion.advance(0.2).translation;
        assert!((halfway.x - 6.0).abs() < 1e-4, "{halfway}");
        assert!(!motion.settled());
        assert_eq!(motion.advance(0.3).translation, next.translation);
        assert!(motion.settled());
        // No pace: at once.
        let mut instant = motion.clone();
        instant.head_for(next, first, 0.0);
        assert_eq!(instant.advance(0.0).translation, first.translation);
    }

    #[test]
    fn a_lunge_reaches_toward_the_target_and_comes_back() {
        let mut motion = Motion::default();
        let stand = Transform::from_xyz(3.0, 0.0, 3.0);
        motion.head_for(stand, stand, 0.4);
        motion.lunge(Vec3::new(5.0, 2.0, 0.0), 0.4);
        let out = motion.advance(0.2).translation;
        assert!((out - stand.translation - Vec3::X * LUNGE_REACH).length() < 1e-4);
        assert_eq!(motion.advance(0.2).translation, stand.translation);
        assert!(motion.settled());
    }
}
