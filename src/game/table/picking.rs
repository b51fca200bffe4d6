//! Picking on the table: the zone and figure under the pointer, and what a
//! left click there does. Clicking a figure selects it; with one of your
//! combatants whose turn it is selected, clicking an enemy attacks (or
//! charges), a friend joins it, and a zone moves there. Right click clears
//! the selection.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::battle::command::Command;
use crate::battle::components::{Board, Fate, Unit};
use crate::battle::engine::Engine;
use crate::game::hud::{HudState, submit_checked};
use crate::game::orders::{Click, click_order};
use crate::game::stage::battle_on_table;
use crate::game::table::camera::TableCamera;
use crate::game::table::geometry::zone_centre;
use crate::vocabulary::ZoneCoord;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, (hover, click).chain().run_if(battle_on_table));
}

/// The zone whose ground the ray meets: the first ground height (hills,
/// then flat ground, then water) whose plane the ray crosses inside a zone of
/// that height, or else the zone under the pointer at table level.
fn zone_under(board: &Board, ray: Ray3d) -> Option<ZoneCoord> {
    let size = f32::from(board.tile_size);
    let zone_at = |height: f32| {
        let distance = ray.intersect_plane(Vec3::Y * height, InfinitePlane3d::new(Vec3::Y))?;
        let point = ray.get_point(distance);
        if point.x < 0.0 || point.z < 0.0 {
            return None;
        }
        let zone = ZoneCoord((point.x / size) as u16, (point.z / size) as u16);
        board.contains(zone).then_some(zone)
    };
    [1.2, 0.0, -0.25]
        .into_iter()
        .find_map(|height| {
            zone_at(height).filter(|&zone| (zone_centre(board, zone).y - height).abs() < 0.01)
        })
        .or_else(|| zone_at(0.0))
}

fn hover(
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    egui: Res<EguiWantsInput>,
    engine: Res<Engine>,
    figures: Query<(&Unit, &Fate, &GlobalTransform)>,
    mut hud: ResMut<HudState>,
) {
    let board = &engine.state().board();
    let (camera, at) = camera.into_inner();
    let ray = window
        .cursor_position()
        .filter(|_| !egui.wants_any_pointer_input() && !hud.focus.pointer_taken)
        .and_then(|cursor| camera.viewport_to_world(at, cursor).ok());
    let (zone, unit) = match ray {
        Some(ray) => {
            let nearest = figures
                .iter()
                .filter(|(_, fate, _)| **fate != Fate::Escaped)
                .filter_map(|(unit, _, place)| {
                    let centre = place.translation() + Vec3::Y * 0.6;
                    let along = (centre - ray.origin).dot(*ray.direction);
                    let off = (centre - ray.get_point(along)).length();
                    (off < 0.55).then_some((along, unit.index))
                })
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, index)| index);
            (zone_under(board, ray), nearest)
        }
        None => (None, None),
    };
    if hud.pick.hovered_zone != zone {
        hud.pick.hovered_zone = zone;
    }
    if hud.pick.hovered_unit != unit {
        hud.pick.hovered_unit = unit;
    }
}

fn click(world: &mut World) {
    let buttons = world.resource::<ButtonInput<MouseButton>>();
    let (left, right) = (
        buttons.just_pressed(MouseButton::Left),
        buttons.just_pressed(MouseButton::Right),
    );
    if !left && !right {
        return;
    }
    let hud = world.resource::<HudState>().clone();
    if hud.focus.pointer_taken || hud.overlays.blocking() {
        return;
    }
    if right {
        world.resource_mut::<HudState>().pick.selected = None;
        return;
    }
    if !world.contains_resource::<Engine>() {
        return;
    }
    // The battle is read in place, not copied: nothing here changes it.
    world.resource_scope(|world, engine: Mut<Engine>| {
        let table = engine.state();
        let actor = hud
            .pick
            .selected
            .filter(|&s| hud.seats.mine(table).contains(&s));
        let clicked = match (hud.pick.hovered_unit, hud.pick.hovered_zone) {
            (Some(unit), _) => Click::Unit(unit),
            (None, Some(zone)) => Click::Zone(zone),
            (None, None) => return,
        };
        let enemy_of_actor = |unit: usize| {
            actor.is_some_and(|a| table.units()[unit].unit.side != table.units()[a].unit.side)
        };
        match (clicked, actor) {
            (Click::Unit(unit), _) if !enemy_of_actor(unit) => {
                // A friend, or any figure when nobody of yours may act: select it.
                world.resource_mut::<HudState>().pick.selected = Some(unit);
            }
            (_, Some(actor)) => match click_order(table, actor, clicked, &hud.choices.attack) {
                // The click's own check is the one the order goes with.
                Ok(plan) => {
                    let command =
                        Command::new(table.units()[actor].unit.id.clone(), plan.order.clone());
                    submit_checked(world, table, command, Ok(plan));
                }
                Err(reason) => world
                    .resource_mut::<HudState>()
                    .notices
                    .refuse(table, &reason, "Cannot"),
            },
            (Click::Zone(_), None) => {}
            (Click::Unit(unit), None) => {
                world.resource_mut::<HudState>().pick.selected = Some(unit)
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hud::human_turn;
    use crate::game::steps::CommandQueue;
    use crate::game::test_engines::roland_to_act;

    /// A left click with the pointer over the next zone, over a panel or not.
    fn click_next_zone(pointer_taken: bool) -> usize {
        let engine = roland_to_act();
        assert_eq!(human_turn(engine.state()), [0]);
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        let mut buttons = ButtonInput::<MouseButton>::default();
        buttons.press(MouseButton::Left);
        app.insert_resource(buttons);
        app.insert_resource(engine);
        app.init_resource::<CommandQueue>();
        let mut hud = HudState::default();
        hud.pick.selected = Some(0);
        hud.pick.hovered_zone = Some(ZoneCoord(1, 0));
        hud.focus.pointer_taken = pointer_taken;
        app.insert_resource(hud);
        app.add_systems(Update, click);
        app.update();
        app.world().resource::<CommandQueue>().0.len()
    }

    #[test]
    fn a_click_over_a_panel_gives_no_order_and_the_same_click_over_the_table_moves() {
        assert_eq!(click_next_zone(true), 0);
        assert_eq!(click_next_zone(false), 1);
    }
}
