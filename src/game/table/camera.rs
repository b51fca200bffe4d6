//! The table's camera: it orbits a point on the table. Keys pan, turn and
//! zoom; the right mouse button drags to pan, the middle one turns, the
//! wheel zooms; F centres on the selected figure. Any table is framed whole
//! at the start. Its viewport is the part of the window the HUD leaves free.

use bevy::camera::{CameraOutputMode, SubCameraView, Viewport};
use bevy::light::cluster::ClusterConfig;
use bevy::prelude::*;
use bevy::render::view::NoIndirectDrawing;
use leafwing_input_manager::prelude::*;

use crate::battle::components::{Board, Placement, Unit};
use crate::battle::engine::Engine;
use crate::game::hud::{HudState, TableUnderPanels, TableViewport};
use crate::game::input::{Controls, GameAction, KeyBindings};
use crate::game::session::match_setup::PlayedElsewhere;
use crate::game::session::preferences::Settings;
use crate::game::stage::EnterBattle;
use crate::game::stage::Screen;
use crate::game::stage::battle_on_table;
use crate::game::table::geometry::{board_extent, zone_centre};
use crate::game::table::opening_view::opening_view;
use crate::game::table::orbit::{FIELD_OF_VIEW, MIN_DISTANCE};
pub use crate::game::table::orbit::{LEAST_FIGURE_PIXELS, TableCamera};

/// A point of the table the camera turns to (following the action), until
/// it gets there or the player moves the camera.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct CameraGoal(pub Option<Vec3>);

/// egui's dark panel fill, which the battle HUD's panels show.
fn panel_colour() -> Color {
    let [r, g, b, _] = bevy_egui::egui::Visuals::dark().panel_fill.to_array();
    Color::srgb_u8(r, g, b)
}

/// Inches per second the keys pan at, per inch of camera distance.
const PAN_RATE: f32 = 0.9;
/// Radians per second the keys turn at.
const TURN_RATE: f32 = 1.6;
/// The share of the camera's distance the zoom keys close in a second.
const ZOOM_RATE: f32 = 0.5;
/// The share of the camera's distance one notch of the wheel closes.
const WHEEL_STEP: f32 = 0.08;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        spawn_camera.in_set(EnterBattle::Draw),
    );
    app.init_resource::<CameraGoal>();
    app.add_systems(
        Update,
        (frame_the_new_player, steer_camera, fit_viewport)
            .chain()
            .run_if(battle_on_table),
    );
}

/// At a shared table, once the seat is passed to another player, the
/// camera goes to that player's figures, seen from their own end of the
/// table, as the battle opened for the first; Home keeps their end.
fn frame_the_new_player(
    hud: Res<HudState>,
    mut framed_for: Local<Option<usize>>,
    engine: Res<Engine>,
    window: Single<&Window>,
    (free, settings): (Res<TableViewport>, Option<Res<Settings>>),
    camera: Single<(&Camera, &mut TableCamera, &mut Transform)>,
    mut goal: ResMut<CameraGoal>,
) {
    let Some(side) = hud.overlays.handover else {
        *framed_for = None;
        return;
    };
    if *framed_for == Some(side) {
        return;
    }
    let (camera, mut orbit, mut transform) = camera.into_inner();
    let size = free_size(&window, &free, settings.as_deref(), camera).unwrap_or(window.size());
    *framed_for = Some(side);
    let others: Vec<usize> = (0..engine.state().battle().sides.len())
        .filter(|&other| other != side)
        .collect();
    *orbit = opening_view(&engine, size, &others);
    *transform = orbit.transform();
    goal.0 = None;
}

/// The size in logical pixels of the part of the window the table is
/// framed in.
fn free_size(
    window: &Window,
    free: &TableViewport,
    settings: Option<&Settings>,
    camera: &Camera,
) -> Option<Vec2> {
    let hud_size = settings.map_or(1.0, |s| s.ui_scale);
    free_pixels(window, free, hud_size)
        .map(|(min, max)| (max - min).as_vec2() / window.scale_factor())
        .or_else(|| camera.logical_viewport_size())
}

fn spawn_camera(
    mut commands: Commands,
    engine: Res<Engine>,
    window: Single<&Window>,
    elsewhere: Res<PlayedElsewhere>,
) {
    // Framed for the whole window, until the HUD says how much it leaves.
    let orbit = opening_view(&engine, window.size(), &elsewhere.0);
    commands.spawn((
        // The whole window, not only the viewport: the HUD's panels are
        // drawn without a fill of their own.
        table_camera(orbit, ClearColorConfig::Custom(panel_colour())),
        DespawnOnExit(Screen::Battle),
    ));
}

/// A camera on the table at `orbit`, drawn between the backdrop that clears
/// the window and the UI camera, which copies the shared texture to it.
pub(crate) fn table_camera(orbit: TableCamera, clear_color: ClearColorConfig) -> impl Bundle {
    (
        Camera3d::default(),
        Camera {
            order: 0,
            clear_color,
            output_mode: CameraOutputMode::Skip,
            ..default()
        },
        // Multisampling costs most on a software renderer; the tiles'
        // straight edges read well without it.
        Msaa::Off,
        // The paint carries its own light (`paint.wgsl`), so one light
        // cluster will do (`None` leaves the mesh view bindings incomplete).
        ClusterConfig::Single,
        // A few hundred small meshes: drawing them one by one costs less than
        // building indirect draws with compute shaders (on a software
        // renderer, a few milliseconds a frame).
        NoIndirectDrawing,
        orbit.transform(),
        orbit,
    )
}

fn steer_camera(
    controls: Single<&ActionState<GameAction>, With<Controls>>,
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<KeyBindings>,
    window: Single<&Window>,
    time: Res<Time>,
    hud: Res<HudState>,
    engine: Res<Engine>,
    figures: Query<(&Unit, &Placement)>,
    camera: Single<(&Camera, &mut TableCamera, &mut Transform)>,
    mut goal: ResMut<CameraGoal>,
    (free, settings): (Res<TableViewport>, Option<Res<Settings>>),
) {
    let board = &engine.state().board();
    let (camera, mut orbit, mut transform) = camera.into_inner();
    let before = *orbit;
    let dt = time.delta_secs();
    // Following the action: the focus glides to the goal.
    if let Some(to) = goal.0 {
        orbit.focus = orbit.focus.lerp(to, 1.0 - (-4.0 * dt).exp());
        if orbit.focus.distance(to) < 0.05 {
            goal.0 = None;
        }
    }
    let free_size = free_size(&window, &free, settings.as_deref(), camera);
    if !hud.focus.keyboard_taken
        && bindings.tapped(&keys, GameAction::ResetView)
        && let Some(size) = free_size
    {
        // The whole board, and kept framed so as the panels change.
        *orbit = whole_board(board, orbit.home_yaw, size);
        *transform = orbit.transform();
        return;
    }
    if !hud.focus.keyboard_taken {
        let forward = Vec3::new(-orbit.yaw.sin(), 0.0, -orbit.yaw.cos());
        let right = Vec3::new(orbit.yaw.cos(), 0.0, -orbit.yaw.sin());
        let mut pan = Vec3::ZERO;
        for (action, direction) in [
            (GameAction::PanNorth, forward),
            (GameAction::PanSouth, -forward),
            (GameAction::PanEast, right),
            (GameAction::PanWest, -right),
        ] {
            if controls.pressed(&action) {
                pan += direction;
            }
        }
        let distance = orbit.distance;
        if pan != Vec3::ZERO {
            goal.0 = None;
        }
        orbit.focus += pan * PAN_RATE * distance * dt;
        if controls.pressed(&GameAction::RotateLeft) {
            orbit.yaw -= TURN_RATE * dt;
        }
        if controls.pressed(&GameAction::RotateRight) {
            orbit.yaw += TURN_RATE * dt;
        }
        if controls.pressed(&GameAction::ZoomIn) {
            orbit.distance *= 1.0 - ZOOM_RATE * dt;
        }
        if controls.pressed(&GameAction::ZoomOut) {
            orbit.distance *= 1.0 + ZOOM_RATE * dt;
        }
        if bindings.tapped(&keys, GameAction::FocusSelected)
            && let Some(selected) = hud.pick.selected
            && let Some((_, placement)) = figures.iter().find(|(u, _)| u.index == selected)
        {
            orbit.focus = zone_centre(board, placement.zone);
        }
    }
    if !hud.focus.pointer_taken {
        let wheel = controls.value(&GameAction::Zoom);
        if wheel != 0.0 {
            // Toward the point of the table under the pointer.
            let anchor = window
                .cursor_position()
                .and_then(|cursor| {
                    camera
                        .viewport_to_world(&GlobalTransform::from(*transform), cursor)
                        .ok()
                })
                .and_then(|ray| {
                    let along = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
                    Some(ray.get_point(along))
                });
            let factor = 1.0 - wheel.clamp(-5.0, 5.0) * WHEEL_STEP;
            // Not past the nearest or farthest the camera may go.
            let factor =
                (orbit.distance * factor).clamp(MIN_DISTANCE, orbit.max_distance) / orbit.distance;
            orbit.zoom_toward(factor, anchor);
        }
        let drag = controls.axis_pair(&GameAction::Drag);
        if controls.pressed(&GameAction::DragPan) {
            goal.0 = None;
            let right = Vec3::new(orbit.yaw.cos(), 0.0, -orbit.yaw.sin());
            let forward = Vec3::new(-orbit.yaw.sin(), 0.0, -orbit.yaw.cos());
            let distance = orbit.distance;
            orbit.focus += (-right * drag.x + forward * drag.y) * distance * 0.0015;
        }
        if controls.pressed(&GameAction::DragRotate) {
            orbit.yaw -= drag.x * 0.006;
            orbit.pitch = (orbit.pitch + drag.y * 0.004).clamp(0.3, 1.45);
        }
    }
    let extent = board_extent(board);
    orbit.distance = orbit.distance.clamp(MIN_DISTANCE, orbit.max_distance);
    orbit.focus = orbit
        .focus
        .clamp(Vec3::ZERO, Vec3::new(extent.x, 0.0, extent.y));
    let changed = orbit.focus != before.focus
        || orbit.yaw != before.yaw
        || orbit.pitch != before.pitch
        || orbit.distance != before.distance;
    if changed {
        orbit.moved = true;
        *transform = orbit.transform();
    }
}

/// The whole board framed in a viewport `size` pixels, from the end the
/// battle opened at (Home).
fn whole_board(board: &Board, home_yaw: f32, size: Vec2) -> TableCamera {
    let extent = board_extent(board);
    TableCamera {
        yaw: home_yaw,
        home_yaw,
        whole: true,
        ..TableCamera::framing(extent.x, extent.y, size.x / size.y)
    }
}

/// The part of the window the HUD leaves free, in physical pixels, if the
/// HUD has said (its rect is in egui's points, which the HUD's size scales:
/// a point is that many of the window's logical pixels).
fn free_pixels(window: &Window, free: &TableViewport, hud_size: f32) -> Option<(UVec2, UVec2)> {
    let scale = window.scale_factor() * hud_size;
    let size = window.physical_size();
    let rect = free.0?;
    let min = (rect.min * scale).as_uvec2().min(size);
    let max = (rect.max * scale).as_uvec2().min(size);
    (max.x > min.x + 16 && max.y > min.y + 16).then_some((min, max))
}

/// The view of the whole window that shows, in the part the HUD leaves
/// free, what a camera of [`FIELD_OF_VIEW`] would show there alone: the
/// table goes on under the HUD's see-through panels, and the figures stay
/// framed where nothing covers them. A larger picture, centred on the free
/// part and of the window's shape, of which the window is a part; and the
/// field of view that picture takes.
pub(crate) fn whole_window_view(window: UVec2, min: UVec2, max: UVec2) -> (SubCameraView, f32) {
    let window_f = window.as_vec2();
    let centre = (min + max).as_vec2() / 2.0;
    let reach = centre.max(window_f - centre) * 2.0;
    let aspect = window_f.x / window_f.y;
    let full = if reach.x / reach.y > aspect {
        Vec2::new(reach.x, reach.x / aspect)
    } else {
        Vec2::new(reach.y * aspect, reach.y)
    }
    .ceil();
    let free_height = (max.y - min.y) as f32;
    let fov = 2.0 * ((FIELD_OF_VIEW / 2.0).tan() * full.y / free_height).atan();
    let view = SubCameraView {
        full_size: full.as_uvec2(),
        offset: full / 2.0 - centre,
        size: window,
    };
    (view, fov)
}

/// Keeps the table's camera framed on the part of the window the HUD
/// leaves, and keeps the opening view there until the player moves the
/// camera. Where the table goes on under the panels, the camera draws the
/// whole window; elsewhere (Low) only that part.
fn fit_viewport(
    elsewhere: Res<PlayedElsewhere>,
    window: Single<&Window>,
    (free, under_panels): (Res<TableViewport>, Option<Res<TableUnderPanels>>),
    settings: Option<Res<Settings>>,
    engine: Res<Engine>,
    camera: Single<(
        &mut Camera,
        &mut Projection,
        &mut TableCamera,
        &mut Transform,
    )>,
) {
    let (mut camera, mut projection, mut orbit, mut transform) = camera.into_inner();
    let hud_size = settings.map_or(1.0, |s| s.ui_scale);
    let Some((min, max)) = free_pixels(&window, &free, hud_size) else {
        return;
    };
    // Under the panels: the whole window, framed on the free part. Else
    // (Low): the free part alone.
    let (view, fov, viewport) = if under_panels.is_some_and(|u| u.0) {
        let (view, fov) = whole_window_view(window.physical_size(), min, max);
        (Some(view), fov, None)
    } else {
        let viewport = Viewport {
            physical_position: min,
            physical_size: max - min,
            ..default()
        };
        (None, FIELD_OF_VIEW, Some(viewport))
    };
    let same_viewport = match (&camera.viewport, &viewport) {
        (Some(old), Some(new)) => {
            old.physical_position == new.physical_position && old.physical_size == new.physical_size
        }
        (old, new) => old.is_none() && new.is_none(),
    };
    if camera.sub_camera_view == view && same_viewport {
        return;
    }
    if !orbit.moved {
        let size = (max - min).as_vec2() / window.scale_factor();
        *orbit = if orbit.whole {
            whole_board(engine.state().board(), orbit.home_yaw, size)
        } else {
            opening_view(&engine, size, &elsewhere.0)
        };
        *transform = orbit.transform();
    }
    if let Projection::Perspective(perspective) = projection.as_mut() {
        perspective.fov = fov;
    }
    camera.viewport = viewport;
    camera.sub_camera_view = view;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::table::opening_view::opening_focus;

    #[test]
    fn a_shared_table_opens_on_the_side_that_acts_first() {
        // The foes' two dice act before the heroes' one: the view opens on them.
        let engine = crate::game::test_engines::from_text(
            r#"(name: "Strip", tile_size: 6, legend: { 'g': Grass }, map: ["gggg"],
            sides: [(id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.8), kind: Heroes, controller: Human),
                    (id: "foes", name: "Foes", colour: (0.8, 0.2, 0.1), kind: Npcs, controller: Human)],
            units: [(id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0),
                        overrides: (action_dice: Some(Fixed([2])))),
                    (id: "bandit", template: "bandit", side: "foes", zone: (3, 0),
                        overrides: (action_dice: Some(Fixed([5, 4]))))],
            victory: [DefeatAll(side: "foes")])"#,
        );
        let table = engine.state();
        assert_eq!(
            opening_focus(&engine, &[]),
            zone_centre(table.board(), crate::vocabulary::ZoneCoord(3, 0))
        );
        // Played from two machines, each opens on its own side.
        assert_eq!(
            opening_focus(&engine, &[1]),
            zone_centre(table.board(), crate::vocabulary::ZoneCoord(0, 0))
        );
    }

    #[test]
    fn a_player_at_another_machine_sees_the_table_from_their_own_end() {
        // The heroes stand at the far end (row 0), the foes at the near end.
        let engine = crate::game::test_engines::from_text(
            r#"(name: "Column", tile_size: 6, legend: { 'g': Grass }, map: ["g", "g", "g"],
            sides: [(id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.8), kind: Heroes, controller: Human),
                    (id: "foes", name: "Foes", colour: (0.8, 0.2, 0.1), kind: Npcs, controller: Human)],
            units: [(id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0)),
                    (id: "bandit", template: "bandit", side: "foes", zone: (0, 2))],
            victory: [DefeatAll(side: "foes")])"#,
        );
        let size = Vec2::new(1280.0, 800.0);
        assert_eq!(opening_view(&engine, size, &[]).yaw, 0.0);
        assert_eq!(opening_view(&engine, size, &[0]).yaw, 0.0);
        assert_eq!(opening_view(&engine, size, &[1]).yaw, std::f32::consts::PI);
        // A board too large to open whole (in the rect the HUD leaves)
        // turns too, toward the figures played here: the Iron Horde stands
        // at the far end of the Warband on the Hill.
        let hill = crate::game::test_engines::shipped("levels/warband_hill.ron");
        let table_rect = Vec2::new(680.0, 600.0);
        let near = opening_view(&hill, table_rect, &[1]);
        let far = opening_view(&hill, table_rect, &[0]);
        assert_eq!((near.yaw, far.yaw), (0.0, std::f32::consts::PI));
        assert_eq!(far.home_yaw, far.yaw);
    }

    /// The camera after one update with the wheel turned a notch toward
    /// the table, the pointer over a panel or not.
    fn after_a_wheel_notch(pointer_taken: bool) -> (f32, f32) {
        let engine = crate::game::test_engines::shipped("levels/duel.ron");
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(engine);
        app.init_resource::<CameraGoal>();
        app.init_resource::<TableViewport>();
        app.init_resource::<ButtonInput<KeyCode>>();
        app.init_resource::<KeyBindings>();
        app.insert_resource(HudState {
            focus: crate::game::hud::Focus {
                pointer_taken,
                ..default()
            },
            ..default()
        });
        app.world_mut().spawn(Window::default());
        let mut controls = ActionState::<GameAction>::default();
        controls.set_value(&GameAction::Zoom, 1.0);
        app.world_mut().spawn((Controls, controls));
        let orbit = TableCamera::framing(30.0, 18.0, 1.4);
        let camera = app
            .world_mut()
            .spawn((Camera::default(), orbit, orbit.transform()))
            .id();
        app.add_systems(Update, steer_camera);
        app.update();
        let after = app.world().get::<TableCamera>(camera).expect("the camera");
        (orbit.distance, after.distance)
    }

    /// Issue #74: opening the pause menu or Settings changed the rect the
    /// HUD left, and the camera went back to the opening view.
    #[test]
    fn the_whole_board_framed_by_home_stays_framed_whole_as_the_hud_changes() {
        let engine = crate::game::test_engines::shipped("levels/warband_hill.ron");
        let board = engine.state().board().clone();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(engine);
        app.init_resource::<CameraGoal>();
        app.init_resource::<PlayedElsewhere>();
        app.insert_resource(TableViewport(Some(Rect::new(0.0, 23.0, 1040.0, 650.0))));
        app.init_resource::<ButtonInput<KeyCode>>();
        app.init_resource::<KeyBindings>();
        app.insert_resource(HudState::default());
        app.world_mut().spawn(Window::default());
        app.world_mut()
            .spawn((Controls, ActionState::<GameAction>::default()));
        let orbit = TableCamera::framing(30.0, 18.0, 1.4);
        let camera = app
            .world_mut()
            .spawn((
                Camera::default(),
                Projection::Perspective(PerspectiveProjection::default()),
                orbit,
                orbit.transform(),
            ))
            .id();
        app.add_systems(Update, (steer_camera, fit_viewport).chain());
        app.update();
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Home);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::Home);
        keys.clear();
        let view = |app: &App| *app.world().get::<TableCamera>(camera).expect("the camera");
        assert!(view(&app).whole);
        // The HUD leaves another rect (a panel wider, the HUD's size changed).
        let rect = Rect::new(0.0, 23.0, 900.0, 700.0);
        app.insert_resource(TableViewport(Some(rect)));
        app.update();
        let after = view(&app);
        let expected = whole_board(&board, after.home_yaw, rect.size());
        // Not the opening view, which on this board is nearer.
        let opening = opening_view(app.world().resource::<Engine>(), rect.size(), &[]);
        assert!(opening.distance < expected.distance - 1.0);
        assert!(after.whole && !after.moved);
        assert_eq!(
            (after.focus, after.distance),
            (expected.focus, expected.distance)
        );
    }

    #[test]
    fn at_a_hand_over_the_camera_goes_to_the_new_players_figures_from_their_end() {
        // The heroes stand at the far end (row 0), the foes at the near end;
        // both are played at this table.
        let engine = crate::game::test_engines::from_text(
            r#"(name: "Column", tile_size: 6, legend: { 'g': Grass }, map: ["g", "g", "g", "g"],
            sides: [(id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.8), kind: Heroes, controller: Human),
                    (id: "foes", name: "Foes", colour: (0.8, 0.2, 0.1), kind: Npcs, controller: Human)],
            units: [(id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0)),
                    (id: "bandit", template: "bandit", side: "foes", zone: (0, 3))],
            victory: [DefeatAll(side: "foes")])"#,
        );
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(engine);
        app.init_resource::<CameraGoal>();
        app.init_resource::<TableViewport>();
        app.insert_resource(HudState::default());
        app.world_mut().spawn(Window::default());
        let orbit = TableCamera::framing(6.0, 24.0, 1.4);
        let camera = app
            .world_mut()
            .spawn((Camera::default(), orbit, orbit.transform()))
            .id();
        app.add_systems(Update, frame_the_new_player);
        let view_after_passing_to = |app: &mut App, side: usize| {
            app.world_mut().resource_mut::<HudState>().overlays.handover = Some(side);
            app.update();
            *app.world().get::<TableCamera>(camera).expect("the camera")
        };
        let heroes = view_after_passing_to(&mut app, 0);
        // From the heroes' own end, behind them, near their figure.
        assert_eq!(heroes.yaw, std::f32::consts::PI);
        assert!(heroes.focus.z < 12.0, "{:?}", heroes.focus);
        let foes = view_after_passing_to(&mut app, 1);
        assert_eq!(foes.yaw, 0.0);
        assert!(foes.focus.z > 12.0, "{:?}", foes.focus);
        assert_eq!(foes.home_yaw, foes.yaw);
    }

    #[test]
    fn the_wheel_over_a_panel_does_not_zoom_and_over_the_table_does() {
        let (before, after) = after_a_wheel_notch(true);
        assert_eq!(after, before);
        let (before, after) = after_a_wheel_notch(false);
        assert!(
            (after - before * (1.0 - WHEEL_STEP)).abs() < 1e-3,
            "{before} {after}"
        );
    }

    #[test]
    fn a_figure_stands_at_least_48_px_tall_at_the_opening_view_of_the_largest_level() {
        // Chariots on the Plain, 8 by 5 tiles of 6": the table in the window
        // of 1280 by 800 the actions, the folded countdown and log and the
        // top bar leave.
        let (width, depth) = (48.0, 30.0);
        let size = Vec2::new(1280.0 - 260.0 - 26.0, 800.0 - 24.0 - 28.0);
        let whole = TableCamera::framing(width, depth, size.x / size.y);
        assert!(
            whole.pixels_tall(size) < LEAST_FIGURE_PIXELS,
            "framed whole, too small"
        );
        let around = Vec3::new(3.0, 0.0, 15.0);
        let opening = TableCamera::opening(width, depth, 6.0, size, around);
        assert!(opening.pixels_tall(size) >= LEAST_FIGURE_PIXELS);
        assert!(
            opening.pixels_tall(size) < LEAST_FIGURE_PIXELS + 1.0,
            "no nearer than needed"
        );
        // Looking toward the player's figures at the west edge, without
        // showing more than needed of the floor beyond it.
        assert!(opening.focus.x > around.x && opening.focus.x < width / 2.0);
        let west_edge: Vec<f32> = [0.0, 6.0, 12.0, 18.0, 24.0, 30.0]
            .map(|z| opening.on_screen(size.x / size.y, Vec3::new(0.0, 0.0, z)))
            .into_iter()
            .filter(|at| at.y.abs() <= 1.0)
            .map(|at| at.x)
            .collect();
        assert!(west_edge.iter().all(|&x| x >= -1.0), "{west_edge:?}");
        // Near enough, the view shows the far rows, which it widens toward:
        // the edge stands in its left quarter, the table's border beyond.
        assert!(west_edge.iter().all(|&x| x < -0.5), "{west_edge:?}");
        // The Duel, Roland in the second column: the first shows whole.
        let duel_size = Vec2::new(680.0, 606.0);
        let duel = TableCamera::opening(30.0, 18.0, 6.0, duel_size, Vec3::new(9.0, 0.0, 9.0));
        for z in [0.0, 6.0, 12.0, 18.0] {
            let west = duel.on_screen(duel_size.x / duel_size.y, Vec3::new(0.0, 0.0, z));
            assert!(west.y.abs() > 1.0 || west.x >= -1.0, "{z}: {west}");
        }
        // A small table opens whole.
        let small = Vec2::new(1000.0, 700.0);
        let duel = TableCamera::opening(12.0, 12.0, 6.0, small, around);
        assert_eq!(
            duel.distance,
            TableCamera::framing(12.0, 12.0, small.x / small.y).distance
        );
    }

    #[test]
    fn zooming_toward_the_pointer_keeps_the_point_under_it_in_place() {
        let start = TableCamera::framing(48.0, 30.0, 1.4);
        let anchor = Vec3::new(40.0, 0.0, 6.0);
        let before = start.on_screen(1.4, anchor);
        for factor in [0.5, 0.92, 1.4] {
            let mut zoomed = start;
            zoomed.zoom_toward(factor, Some(anchor));
            assert!((zoomed.distance - start.distance * factor).abs() < 1e-3);
            let after = zoomed.on_screen(1.4, anchor);
            assert!(
                (after - before).length() < 1e-3,
                "at {factor}: {before} moved to {after}"
            );
        }
        // With nothing under the pointer, the focus stays.
        let mut centred = start;
        centred.zoom_toward(0.5, None);
        assert_eq!(centred.focus, start.focus);
    }

    #[test]
    fn the_whole_board_is_framed_at_the_start_for_any_map_and_viewport() {
        for (columns, rows, tile) in [
            (5.0, 3.0, 6.0),
            (8.0, 5.0, 6.0),
            (5.0, 5.0, 6.0),
            (9.0, 9.0, 9.0),
        ] {
            for aspect in [1.1, 1.34, 1.65] {
                let (width, depth) = (columns * tile, rows * tile);
                let orbit = TableCamera::framing(width, depth, aspect);
                let corners = [(0.0, 0.0), (width, 0.0), (0.0, depth), (width, depth)]
                    .map(|(x, z)| orbit.on_screen(aspect, Vec3::new(x, 0.0, z)));
                for corner in corners {
                    assert!(
                        corner.x.abs() < 1.0 && corner.y.abs() < 1.0,
                        "{columns}x{rows} at {aspect}: a corner is off screen at {corner}"
                    );
                }
                // Framed well: a corner comes near the edge of the view across or up.
                let reach = corners
                    .iter()
                    .map(|c| c.x.abs().max(c.y.abs()))
                    .fold(0.0, f32::max);
                assert!(
                    reach > 0.8,
                    "{columns}x{rows} at {aspect}: the board is small ({reach})"
                );
            }
        }
    }

    #[test]
    fn the_table_fills_the_window_framed_on_the_rect_the_hud_leaves_at_any_hud_size() {
        let engine = crate::game::test_engines::shipped("levels/duel.ron");
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(engine);
        // The HUD at 1.5: its rect of points is half as large again in pixels.
        app.insert_resource(Settings {
            ui_scale: 1.5,
            ..Settings::default()
        });
        app.insert_resource(TableViewport(Some(Rect::new(200.0, 20.0, 800.0, 500.0))));
        app.insert_resource(TableUnderPanels(true));
        let mut window = Window::default();
        window.resolution.set(1920.0, 1200.0);
        app.world_mut().spawn(window);
        let orbit = TableCamera::framing(30.0, 18.0, 1.4);
        let camera = app
            .world_mut()
            .spawn((
                Camera::default(),
                Projection::default(),
                orbit,
                orbit.transform(),
            ))
            .id();
        app.init_resource::<PlayedElsewhere>();
        app.add_systems(Update, fit_viewport);
        app.update();
        let shown = app.world().get::<Camera>(camera).expect("the camera");
        assert!(shown.viewport.is_none(), "the whole window");
        let view = shown.sub_camera_view.expect("framed on the free rect");
        // The free rect, 300..1200 by 30..750, is the middle of the larger
        // picture: its centre (750, 390) is the picture's.
        assert_eq!(view.size, UVec2::new(1920, 1200));
        assert_eq!(
            view.offset + Vec2::new(750.0, 390.0),
            view.full_size.as_vec2() / 2.0
        );
        let Some(Projection::Perspective(perspective)) = app.world().get::<Projection>(camera)
        else {
            panic!("a perspective");
        };
        // The free rect's 720 rows see what a camera of the usual field of
        // view would see in them.
        let seen = (perspective.fov / 2.0).tan() * 720.0 / view.full_size.y as f32;
        assert!((seen - (FIELD_OF_VIEW / 2.0).tan()).abs() < 1e-3, "{seen}");
        // At Low the table is drawn in the free rect alone.
        app.insert_resource(TableUnderPanels(false));
        app.update();
        let shown = app.world().get::<Camera>(camera).expect("the camera");
        assert!(shown.sub_camera_view.is_none());
        let viewport = shown.viewport.clone().expect("a viewport");
        assert_eq!(viewport.physical_position, UVec2::new(300, 30));
        assert_eq!(viewport.physical_size, UVec2::new(900, 720));
    }
}
