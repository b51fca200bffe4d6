//! What just happened, called out on the table from the engine's events:
//! damage, States, Trauma and Killing Blows float over the figure they
//! befall for a moment; each roll lands in the dice tray (the dice, hits
//! green, 1s red, the superiority level); a line marks each attack from
//! attacker to target; and, when following the action, the camera turns to
//! the AI's combatant as it acts, and back to where the player looked when
//! the turn comes back to them.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::battle::components::Unit;
use crate::battle::describe::Names;
use crate::battle::engine::Engine;
use crate::battle::events::BattleEvent;
use crate::game::hud::{HudState, TableViewport, outcome_shares, percent};
use crate::game::session::coaching::Coaching;
use crate::game::session::match_setup::MatchSetup;
use crate::game::stage::battle_on_table;
use crate::game::table::camera::{CameraGoal, TableCamera};
use crate::game::table::figures::FIGURE_SCALE;
use crate::game::table::geometry::zone_centre;
use crate::level::Controller;
use crate::rules::odds::AttackOdds;
use crate::seat::Seat;

/// How long a callout floats over a figure, in seconds.
const CALLOUT_SECONDS: f32 = 1.8;
/// How long an attack's line stays on the table, in seconds.
const STRIKE_SECONDS: f32 = 1.2;
/// How many rolls the dice tray shows.
const TRAY_ROLLS: usize = 3;

/// How a callout reads: harm, a defence that held, or news.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tone {
    Harm,
    Saved,
    News,
}

#[derive(Debug, Clone)]
struct Callout {
    unit: usize,
    text: &'static str,
    detail: Option<String>,
    tone: Tone,
    age: f32,
}

#[derive(Debug, Clone)]
struct Roll {
    who: String,
    rule: &'static str,
    faces: Vec<u8>,
    hit_from: u8,
}

/// The callouts on the table now, the latest rolls, and the attacks marked.
#[derive(Resource, Debug, Default)]
pub struct Callouts {
    floating: Vec<Callout>,
    tray: Vec<Roll>,
    strikes: Vec<(usize, usize, f32)>,
    /// Where the player's camera looked before it followed the AI.
    back: Option<Vec3>,
}

/// Whether the camera turns to the AI's combatants as they act (on by
/// default whenever an AI side plays).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct FollowAction(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Callouts>();
    app.init_resource::<FollowAction>();
    app.add_systems(OnEnter(crate::game::stage::Screen::Battle), start_fresh);
    app.add_systems(
        Update,
        (read_events, mark_strikes).chain().run_if(battle_on_table),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        draw_callouts.run_if(battle_on_table),
    );
}

fn start_fresh(
    mut callouts: ResMut<Callouts>,
    mut follow: ResMut<FollowAction>,
    setup: Res<MatchSetup>,
) {
    *callouts = Callouts::default();
    follow.0 = follows_by_default(&setup);
}

/// Following the action is on at the start of a battle where the AI plays:
/// its moves happen where the player can see them.
fn follows_by_default(setup: &MatchSetup) -> bool {
    setup.seats.iter().any(|seat| matches!(seat, Seat::Ai(_)))
}

/// The callout an event makes over a figure: its id, the words, and the tone.
fn callout_of(event: &BattleEvent) -> Option<(&str, &'static str, Option<String>, Tone)> {
    use BattleEvent::*;
    Some(match event {
        Damaged { unit, damage, .. } => (
            unit.as_str(),
            "damage",
            Some(damage.to_string()),
            Tone::Harm,
        ),
        DamageStopped { unit } => (unit, "Armour holds", None, Tone::Saved),
        StateTaken { unit, state } => (unit, state_word(*state), None, Tone::Harm),
        RankLost { unit, .. } => (unit, "A rank lost", None, Tone::Harm),
        MentalRankLost { unit, .. } => (unit, "A mental rank lost", None, Tone::Harm),
        Trauma { unit } => (unit, "Trauma!", None, Tone::Harm),
        KillingBlow { unit } => (unit, "Killing Blow!", None, Tone::Harm),
        MassiveDamage { unit } => (unit, "Massive damage!", None, Tone::Harm),
        OutOfAction { unit } => (unit, "Out of action", None, Tone::Harm),
        Killed { unit } => (unit, "Killed", None, Tone::Harm),
        Missed { target, .. } => (target, "Missed", None, Tone::Saved),
        Dodged { unit, .. } => (unit, "Dodged", None, Tone::Saved),
        Parried { unit, .. } => (unit, "Parried", None, Tone::Saved),
        Blocked { unit, .. } => (unit, "Blocked", None, Tone::Saved),
        Fumbled { unit } => (unit, "Fumble!", None, Tone::News),
        FellProne { unit } => (unit, "Falls prone", None, Tone::News),
        Panicked { unit } => (unit, "Panicked!", None, Tone::News),
        _ => return None,
    })
}

fn state_word(state: crate::battle::components::StateKind) -> &'static str {
    use crate::battle::components::StateKind;
    match state {
        StateKind::Stun => "Stunned",
        StateKind::Shock => "Shocked",
        StateKind::Doubt => "In doubt",
    }
}

/// The one who acts in an event, for the camera to follow.
fn actor_of(event: &BattleEvent) -> Option<&str> {
    use BattleEvent::*;
    match event {
        DicePaid { unit, .. } | Held { unit } | Passed { unit } => Some(unit),
        AttackRolled { attacker, .. } | AttackDeclared { attacker, .. } => Some(attacker),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn read_events(
    mut events: MessageReader<BattleEvent>,
    engine: Res<Engine>,
    time: Res<Time>,
    follow: Res<FollowAction>,
    setup: Res<MatchSetup>,
    hud: Res<HudState>,
    camera: Query<&TableCamera>,
    mut goal: ResMut<CameraGoal>,
    mut callouts: ResMut<Callouts>,
) {
    let dt = time.delta_secs();
    for callout in &mut callouts.floating {
        callout.age += dt;
    }
    for strike in &mut callouts.strikes {
        strike.2 += dt;
    }
    callouts.floating.retain(|c| c.age < CALLOUT_SECONDS);
    callouts.strikes.retain(|s| s.2 < STRIKE_SECONDS);
    let table = engine.state();
    let names = Names::of(table);
    for event in events.read() {
        if let Some((id, text, detail, tone)) = callout_of(event)
            && let Some(unit) = table.unit_index(id)
        {
            callouts.floating.push(Callout {
                unit,
                text,
                detail,
                tone,
                age: 0.0,
            });
        }
        if let BattleEvent::AttackRolled {
            attacker, target, ..
        } = event
            && let (Some(from), Some(to)) = (table.unit_index(attacker), table.unit_index(target))
        {
            callouts.strikes.push((from, to, 0.0));
        }
        if let Some((faces, hit_from)) = event.dice_shown() {
            let who = event
                .combatants()
                .first()
                .map_or(String::new(), |id| names.unit(id));
            callouts.tray.push(Roll {
                who,
                rule: event.rule(),
                faces: faces.to_vec(),
                hit_from,
            });
            let extra = callouts.tray.len().saturating_sub(TRAY_ROLLS);
            callouts.tray.drain(..extra);
        }
        // A player's own combatants are where the player put the camera.
        if follow.0
            && let Some(unit) = actor_of(event).and_then(|id| table.unit_index(id))
            && (setup.humans() == 0
                || table.battle().controller_of(unit) != Some(Controller::Human))
        {
            if setup.humans() > 0 && callouts.back.is_none() {
                callouts.back = camera.iter().next().map(|c| c.focus);
            }
            goal.0 = Some(zone_centre(
                table.board(),
                table.units()[unit].placement.zone,
            ));
        }
    }
    // The turn back with a player: the camera goes back to where they looked.
    if hud.seats.human_turn_since.is_some()
        && let Some(back) = callouts.back.take()
    {
        goal.0 = Some(back);
    }
}

/// A red line from each attacker to its target while the attack is fresh.
fn mark_strikes(
    mut gizmos: Gizmos,
    callouts: Res<Callouts>,
    figures: Query<(&Unit, &GlobalTransform)>,
) {
    let place = |index: usize| {
        figures
            .iter()
            .find(|(unit, _)| unit.index == index)
            .map(|(_, at)| at.translation())
    };
    for &(from, to, age) in &callouts.strikes {
        let (Some(a), Some(b)) = (place(from), place(to)) else {
            continue;
        };
        let fade = 1.0 - age / STRIKE_SECONDS;
        let colour = Color::srgba(0.95, 0.25, 0.2, fade);
        let lift = Vec3::Y * 0.9 * FIGURE_SCALE;
        gizmos.arrow(a + lift, b + lift, colour);
        gizmos.circle(
            Isometry3d::new(b + Vec3::Y * 0.1, Quat::from_rotation_x(FRAC_PI_2)),
            0.8 * FIGURE_SCALE,
            colour,
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_callouts(
    mut contexts: EguiContexts,
    callouts: Res<Callouts>,
    hud: Res<HudState>,
    viewport: Res<TableViewport>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    figures: Query<(&Unit, &GlobalTransform)>,
    coaching: Option<Res<Coaching>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(free) = viewport.0 else {
        return Ok(());
    };
    if hud.overlays.handover.is_some() {
        return Ok(());
    }
    let clip = egui::Rect::from_min_max(
        egui::pos2(free.min.x, free.min.y),
        egui::pos2(free.max.x, free.max.y),
    );
    let callouts_layer = egui::LayerId::new(egui::Order::Background, egui::Id::new("callouts"));
    let painter = ctx.layer_painter(callouts_layer).with_clip_rect(clip);
    let (camera, eye) = camera.into_inner();
    let zoom = ctx.zoom_factor();
    // Callouts stack upward, the newest lowest, clear of those already
    // placed (those of figures side by side in a melee included).
    let mut placed: Vec<egui::Rect> = Vec::new();
    for callout in callouts.floating.iter().rev() {
        let Some((_, at)) = figures.iter().find(|(unit, _)| unit.index == callout.unit) else {
            continue;
        };
        let Ok(point) =
            camera.world_to_viewport(eye, at.translation() + Vec3::Y * 1.2 * FIGURE_SCALE)
        else {
            continue;
        };
        // The window's pixels in egui's points, which the HUD's size scales.
        let point = point / zoom;
        let t = callout.age / CALLOUT_SECONDS;
        let alpha = ((1.0 - t) * 2.0).clamp(0.0, 1.0);
        let colour = match callout.tone {
            Tone::Harm => egui::Color32::from_rgb(255, 110, 90),
            Tone::Saved => egui::Color32::from_rgb(150, 200, 255),
            Tone::News => egui::Color32::from_rgb(255, 220, 120),
        }
        .gamma_multiply(alpha);
        let text = match &callout.detail {
            Some(detail) => format!("{detail} {}", callout.text),
            None => callout.text.to_string(),
        };
        let font = egui::FontId::proportional(16.0);
        let size = painter
            .layout_no_wrap(text.clone(), font.clone(), colour)
            .size();
        let mut bottom = point.y - 30.0 * t;
        let rect_at = |bottom: f32| {
            egui::Rect::from_min_size(egui::pos2(point.x - size.x / 2.0, bottom - size.y), size)
        };
        while placed.iter().any(|other| other.intersects(rect_at(bottom))) {
            bottom -= 2.0;
        }
        placed.push(rect_at(bottom).shrink(0.5));
        let rise = point.y - bottom;
        painter.text(
            egui::pos2(point.x + 1.0, point.y - rise + 1.0),
            egui::Align2::CENTER_BOTTOM,
            &text,
            font.clone(),
            egui::Color32::BLACK.gamma_multiply(alpha),
        );
        painter.text(
            egui::pos2(point.x, point.y - rise),
            egui::Align2::CENTER_BOTTOM,
            text,
            font,
            colour,
        );
    }
    if let Some((unit, odds)) = &hud.pick.pointed_odds
        && let Some((_, at)) = figures.iter().find(|(u, _)| u.index == *unit)
        && let Ok(point) =
            camera.world_to_viewport(eye, at.translation() + Vec3::Y * 1.6 * FIGURE_SCALE)
    {
        odds_card(ctx, point / zoom, odds);
    }
    if callouts.tray.is_empty() {
        return Ok(());
    }
    let (pivot, corner) = tray_corner(clip, coaching.is_some());
    let tray = egui::Area::new(egui::Id::new("dice tray"))
        .pivot(pivot)
        .fixed_pos(corner)
        .interactable(false)
        // Under every window, whenever it appears.
        .order(egui::Order::Background)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .shadow(egui::Shadow::NONE)
                .show(ui, |ui| {
                    // Inside the table's rect at any HUD size: a long roll
                    // wraps rather than running over the panels.
                    ui.set_max_width(free.width() - 32.0);
                    ui.label(egui::RichText::new("Dice tray").strong());
                    for roll in &callouts.tray {
                        ui.horizontal_wrapped(|ui| {
                            ui.label(format!("{} ({})", roll.who, roll.rule));
                            for &face in &roll.faces {
                                crate::game::hud::dice::die(ui, face, roll.hit_from);
                            }
                            if roll.hit_from <= 6 {
                                ui.label(
                                    egui::RichText::new(format!("SL {}", roll.hit_from)).weak(),
                                );
                            }
                        });
                    }
                });
        });
    // Directly above the callouts, which may stack up into its corner.
    ctx.set_sublayer(callouts_layer, tray.response.layer_id);
    Ok(())
}

/// Where the dice tray stands in the table's rect: its top left, or in a
/// lesson its bottom left, since the coach holds the top right and would
/// cover a long roll.
fn tray_corner(table: egui::Rect, coached: bool) -> (egui::Align2, egui::Pos2) {
    if coached {
        (
            egui::Align2::LEFT_BOTTOM,
            table.left_bottom() + egui::vec2(8.0, -8.0),
        )
    } else {
        (
            egui::Align2::LEFT_TOP,
            table.left_top() + egui::vec2(8.0, 8.0),
        )
    }
}

/// The odds of the attack pointed at in the menu, over the figure it
/// befalls: the same outcomes, adding up to the whole, as the tooltip.
fn odds_card(ctx: &egui::Context, over: Vec2, odds: &AttackOdds) {
    egui::Area::new(egui::Id::new("odds on the table"))
        .pivot(egui::Align2::CENTER_BOTTOM)
        .fixed_pos(egui::pos2(over.x, over.y))
        .interactable(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                // One line an outcome, however near the window's edge.
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                for (outcome, chance) in outcome_shares(odds) {
                    ui.label(format!("{outcome} {}", percent(chance)));
                }
                ui.label(
                    egui::RichText::new(format!("Fumble {}", percent(odds.fumble)))
                        .color(egui::Color32::from_rgb(255, 170, 120)),
                );
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiLevel;

    #[test]
    fn the_dice_tray_waits_at_the_bottom_left_while_a_coach_holds_the_top_right() {
        let table = egui::Rect::from_min_max(egui::pos2(300.0, 24.0), egui::pos2(980.0, 630.0));
        assert_eq!(
            tray_corner(table, false),
            (egui::Align2::LEFT_TOP, egui::pos2(308.0, 32.0))
        );
        assert_eq!(
            tray_corner(table, true),
            (egui::Align2::LEFT_BOTTOM, egui::pos2(308.0, 622.0))
        );
    }

    fn setup(seats: Vec<Seat>) -> MatchSetup {
        MatchSetup {
            level_file: "duel.ron".into(),
            folder: Default::default(),
            seed: 1,
            seats,
            handover: false,
            sequence: None,
        }
    }

    #[test]
    fn following_the_action_is_on_wherever_the_ai_plays() {
        let ai = Seat::Ai(AiLevel::Normal);
        assert!(follows_by_default(&setup(vec![Seat::Human, ai])));
        assert!(follows_by_default(&setup(vec![ai, ai])));
        assert!(!follows_by_default(&setup(vec![Seat::Human, Seat::Human])));
    }
}
