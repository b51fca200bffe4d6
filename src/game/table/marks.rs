//! What the HUD points out on the table: the zone under the pointer, the
//! zones the selected combatant may move to with their cost, the figure or
//! zone of the menu entry under the pointer, and nameplates over the figures
//! (the acting, selected and hovered ones, or all of them while Alt is
//! held). Everything here is drawn from the menu the rules checked; nothing
//! decides a rule.

use std::collections::BTreeMap;
use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::battle::command::Order;
use crate::battle::command::cost_words;
use crate::battle::components::{Board, Fate, Unit};
use crate::battle::engine::Engine;
use crate::battle::odds::{MoveDraws, move_draws};
use crate::battle::state::BattleState;
use crate::game::hud::menu_cache::MenuCache;
use crate::game::hud::{HudState, TableViewport};
use crate::game::orders::{Click, order_points_at};
use crate::game::session::preferences::{Nameplates, Settings};
use crate::game::stage::battle_on_table;
use crate::game::table::camera::TableCamera;
use crate::game::table::figures::FIGURE_SCALE;
use crate::game::table::geometry::zone_centre;
use crate::lesson::PointAt;
use crate::vocabulary::ZoneCoord;

const HOVERED: Color = Color::srgb(0.95, 0.95, 0.9);
const REACHABLE: Color = Color::srgb(0.35, 0.85, 0.45);
/// The acting figure's colour on the table (its ring and pointer too).
const POINTED: Color = Color::srgb(1.0, 0.3, 0.85);
const LESSON: Color = Color::srgb(1.0, 0.84, 0.0);
/// The free strikes and Intercept a Move would draw.
const STRIKES: Color = Color::srgb(0.95, 0.2, 0.15);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, outline_zones.run_if(battle_on_table));
    app.add_systems(EguiPrimaryContextPass, label_table.run_if(battle_on_table));
}

/// The zones the selected combatant may move, fly, drive or gallop to now,
/// each with the cheapest cost in words.
fn reachable_zones(
    cache: &mut MenuCache,
    engine: &Res<Engine>,
    hud: &HudState,
) -> BTreeMap<ZoneCoord, String> {
    let mut zones = BTreeMap::new();
    let Some((_, entries)) = cache.players_menu(engine.last_changed(), engine.state(), hud) else {
        return zones;
    };
    for entry in entries {
        if let (Some(Click::Zone(zone)), Ok(plan)) = (entry.points_at, &entry.verdict) {
            zones
                .entry(zone)
                .or_insert_with(|| cost_words(plan.cost).to_string());
        }
    }
    zones
}

/// A square around a zone, `inset` inside its edges, just above its ground.
fn zone_square(gizmos: &mut Gizmos, board: &Board, zone: ZoneCoord, inset: f32, colour: Color) {
    let size = f32::from(board.tile_size);
    let at = zone_centre(board, zone) + Vec3::Y * 0.06;
    gizmos.rect(
        Isometry3d::new(at, Quat::from_rotation_x(FRAC_PI_2)),
        Vec2::splat(size - 2.0 * inset),
        colour,
    );
}

/// What a lesson's open step points at on the table: the figure or zone it
/// names, or else the target of the order it asks for.
fn lesson_points_at(table: &BattleState, hud: &HudState) -> Option<Click> {
    let gate = hud.lesson.as_ref()?;
    match &gate.point_at {
        PointAt::Unit(id) => table.unit_index(id).map(Click::Unit),
        PointAt::Zone(zone) => Some(Click::Zone(*zone)),
        _ => gate
            .expected
            .as_ref()
            .and_then(|command| order_points_at(table, &command.order)),
    }
}

fn outline_zones(
    mut gizmos: Gizmos,
    engine: Res<Engine>,
    hud: Res<HudState>,
    time: Res<Time>,
    mut cache: ResMut<MenuCache>,
    figures: Query<(&Unit, &GlobalTransform)>,
) {
    let board = &engine.state().board();
    // A lesson's mark beats slowly, so the eye finds it.
    let beat = 0.5 + 0.5 * (time.elapsed_secs() * 4.0).sin();
    match lesson_points_at(engine.state(), &hud) {
        Some(Click::Zone(zone)) => {
            zone_square(&mut gizmos, board, zone, 0.05 + 0.25 * beat, LESSON);
            zone_square(&mut gizmos, board, zone, 0.08 + 0.25 * beat, LESSON);
        }
        Some(Click::Unit(unit)) => {
            if let Some((_, at)) = figures.iter().find(|(u, _)| u.index == unit) {
                for radius in [1.0, 1.08] {
                    gizmos.circle(
                        Isometry3d::new(
                            at.translation() + Vec3::Y * 0.1,
                            Quat::from_rotation_x(FRAC_PI_2),
                        ),
                        (radius + 0.3 * beat) * FIGURE_SCALE,
                        LESSON,
                    );
                }
            }
        }
        None => {}
    }
    if let Some(zone) = hud.pick.hovered_zone.filter(|_| !hud.focus.pointer_taken) {
        zone_square(&mut gizmos, board, zone, 0.1, HOVERED);
    }
    for zone in reachable_zones(&mut cache, &engine, &hud).into_keys() {
        zone_square(&mut gizmos, board, zone, 0.35, REACHABLE);
    }
    let place = |index: usize| {
        figures
            .iter()
            .find(|(unit, _)| unit.index == index)
            .map(|(_, at)| at.translation())
    };
    if let Some((mover, to, draws)) = move_in_view(&mut cache, &engine, &hud) {
        let to_centre = zone_centre(board, to) + Vec3::Y * 0.3;
        if let Some(from) = place(mover) {
            gizmos.arrow(from + Vec3::Y * 0.3, to_centre, POINTED);
            for striker in draws.strikers.iter().chain(&draws.interceptor) {
                if let Some(at) = place(*striker) {
                    gizmos.circle(
                        Isometry3d::new(at + Vec3::Y * 0.08, Quat::from_rotation_x(FRAC_PI_2)),
                        0.85 * FIGURE_SCALE,
                        STRIKES,
                    );
                }
            }
            for striker in &draws.strikers {
                if let Some(at) = place(*striker) {
                    gizmos.arrow(at + Vec3::Y * 0.5, from + Vec3::Y * 0.5, STRIKES);
                }
            }
            if let Some(at) = draws.interceptor.and_then(place) {
                gizmos.arrow(at + Vec3::Y * 0.5, to_centre, STRIKES);
            }
        }
    }
    match hud.pick.pointing {
        Some(Click::Zone(zone)) => {
            for inset in [0.2, 0.28, 0.36] {
                zone_square(&mut gizmos, board, zone, inset, POINTED);
            }
        }
        Some(Click::Unit(target)) => {
            if let Some(at) = place(target) {
                for radius in [0.8, 0.9] {
                    gizmos.circle(
                        Isometry3d::new(at + Vec3::Y * 0.08, Quat::from_rotation_x(FRAC_PI_2)),
                        radius * FIGURE_SCALE,
                        POINTED,
                    );
                }
                // A line from the one who would act to its target.
                if let Some(from) = hud.pick.selected.and_then(place) {
                    gizmos.line(from + Vec3::Y * 0.3, at + Vec3::Y * 0.3, POINTED);
                }
            }
        }
        None => {}
    }
}

/// The Move the player is about to give, pointed at in the menu or hovered
/// on the table: who moves, where to, and the strikes it would draw.
fn move_in_view(
    cache: &mut MenuCache,
    engine: &Res<Engine>,
    hud: &HudState,
) -> Option<(usize, ZoneCoord, MoveDraws)> {
    let table = engine.state();
    let mover = hud
        .pick
        .selected
        .filter(|s| hud.seats.mine(table).contains(s))?;
    let zone = match hud.pick.pointing {
        Some(Click::Zone(zone)) => zone,
        Some(Click::Unit(_)) => return None,
        None => hud
            .pick
            .hovered_zone
            .filter(|_| !hud.focus.pointer_taken && hud.pick.hovered_unit.is_none())?,
    };
    let plan = cache
        .click(
            engine.last_changed(),
            table,
            mover,
            Click::Zone(zone),
            &hud.choices.attack,
        )
        .as_ref()
        .ok()?;
    let Order::Move { to, .. } = plan.order else {
        return None;
    };
    Some((mover, to, move_draws(table, mover, to)))
}

/// Whether a figure's name is shown over it.
fn in_play_now(table: &BattleState, hud: &HudState, unit: usize) -> bool {
    hud.pick.selected == Some(unit)
        || hud.pick.hovered_unit == Some(unit)
        || hud.pick.pointing == Some(Click::Unit(unit))
        || table.battle().turn_candidates().contains(&unit)
}

/// What a plate does where another already stands.
#[derive(Clone, Copy, PartialEq)]
enum Crowded {
    /// Rise above it: a name stays over its figure's column.
    Raise,
    /// Leave it out: the zone's outline still shows it.
    Skip,
}

/// Text on a dark plate, centred at `at`, so that no plate covers another
/// already `placed`.
fn plate(
    painter: &egui::Painter,
    placed: &mut Vec<egui::Rect>,
    at: egui::Pos2,
    text: String,
    colour: egui::Color32,
    crowded: Crowded,
) {
    let galley = painter.layout_no_wrap(text, egui::FontId::proportional(13.0), colour);
    let mut rect = egui::Rect::from_center_size(at, galley.size()).expand2(egui::vec2(4.0, 1.0));
    while let Some(under) = placed.iter().find(|p| p.intersects(rect)) {
        if crowded == Crowded::Skip {
            return;
        }
        rect = rect.translate(egui::vec2(0.0, under.min.y - rect.max.y - 1.0));
    }
    placed.push(rect);
    painter.rect_filled(rect, 3.0, egui::Color32::from_black_alpha(170));
    painter.galley(rect.min + egui::vec2(4.0, 1.0), galley, colour);
}

#[allow(clippy::too_many_arguments)]
fn label_table(
    mut contexts: EguiContexts,
    engine: Res<Engine>,
    hud: Res<HudState>,
    viewport: Res<TableViewport>,
    keys: Res<ButtonInput<KeyCode>>,
    settings: Res<Settings>,
    mut cache: ResMut<MenuCache>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    figures: Query<(&Unit, &Fate, &GlobalTransform)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(free) = viewport.0 else {
        return Ok(());
    };
    if hud.overlays.blocking() {
        return Ok(());
    }
    let (camera, eye) = camera.into_inner();
    // The window's pixels in egui's points, which the HUD's size scales.
    let zoom = ctx.zoom_factor();
    let on_screen = |at: Vec3| {
        camera
            .world_to_viewport(eye, at)
            .ok()
            .map(|p| egui::pos2(p.x / zoom, p.y / zoom))
    };
    let clip = egui::Rect::from_min_max(
        egui::pos2(free.min.x, free.min.y),
        egui::pos2(free.max.x, free.max.y),
    );
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("table marks"),
        ))
        .with_clip_rect(clip);
    let table = engine.state();
    let mut placed = Vec::new();
    let all = keys.any_pressed([KeyCode::AltLeft, KeyCode::AltRight])
        || settings.nameplates == Nameplates::All;
    let in_play = settings.nameplates == Nameplates::InPlay;
    let mut shown: Vec<_> = figures
        .iter()
        .filter(|(unit, fate, _)| {
            **fate != Fate::Escaped && (all || (in_play && in_play_now(table, &hud, unit.index)))
        })
        .collect();
    // The same stacking every frame: in the level's order.
    shown.sort_by_key(|(unit, ..)| unit.index);
    for (unit, fate, at) in shown {
        let Some(state) = table.units().get(unit.index) else {
            continue;
        };
        let over_head = at.translation() + Vec3::Y * 1.8 * FIGURE_SCALE;
        if let Some(point) = on_screen(over_head) {
            let colour = if *fate == Fate::Fighting {
                egui::Color32::WHITE
            } else {
                egui::Color32::GRAY
            };
            plate(
                &painter,
                &mut placed,
                point,
                state.unit.name.clone(),
                colour,
                Crowded::Raise,
            );
        }
    }
    // A zone's cost sits on its edge nearest the camera, clear of the
    // figures in its middle.
    let towards_camera = (-eye.forward().with_y(0.0)).normalize_or_zero();
    let edge = towards_camera * 0.3 * f32::from(table.board().tile_size);
    for (zone, cost) in reachable_zones(&mut cache, &engine, &hud) {
        if let Some(at) = on_screen(zone_centre(table.board(), zone) + edge) {
            let colour = egui::Color32::from_rgb(150, 230, 160);
            plate(&painter, &mut placed, at, cost, colour, Crowded::Skip);
        }
    }
    Ok(())
}
