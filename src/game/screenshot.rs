//! `--screenshot FILE.png`: save the window once the screen is drawn (on the
//! battle screen, once `--screenshot-after-actions` actions are resolved),
//! then exit. `--frame-time` prints Bevy's frame-time diagnostics on exit.

use bevy::diagnostic::{DiagnosticsStore, FrameTimeDiagnosticsPlugin};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use super::ai_driver::AiPace;
use super::{PlaySettings, Screen};
use crate::battle::table::Battle;

/// Frames to let a screen (the table, the panels, egui's first sizing pass)
/// draw before the shot.
const SETTLE_FRAMES: u32 = 30;

#[derive(Resource, Default)]
struct ShotProgress {
    /// Frames drawn since the current screen was entered.
    frames: u32,
    screen: Option<Screen>,
    taken: bool,
    saved: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShotProgress>();
    app.add_systems(Startup, hurry_the_ai);
    app.add_systems(
        Update,
        take_screenshot.run_if(not(in_state(Screen::Loading))),
    );
    app.add_systems(Last, report_frame_time);
}

fn waits_on_a_human(battle: &Battle) -> bool {
    battle
        .acting_unit()
        .is_some_and(|unit| battle.controller_of(unit) == Some(crate::level::Controller::Human))
}

/// A battle caught after some actions need not wait on the AI's pauses.
fn hurry_the_ai(settings: Res<PlaySettings>, mut pace: ResMut<AiPace>) {
    if settings.screenshot_after_actions > 0 {
        pace.seconds = 0.05;
    }
}

fn take_screenshot(
    mut commands: Commands,
    settings: Res<PlaySettings>,
    mut progress: ResMut<ShotProgress>,
    screen: Res<State<Screen>>,
    battle: Option<Res<Battle>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &settings.screenshot else {
        return;
    };
    if progress.saved {
        // A shot of the load errors still says the level failed.
        exit.write(match screen.get() {
            Screen::LoadFailed => AppExit::error(),
            _ => AppExit::Success,
        });
        return;
    }
    let ready = match screen.get() {
        // A battle that waits on a human answer goes no further by itself.
        Screen::Battle => battle.is_some_and(|b| {
            b.actions >= settings.screenshot_after_actions
                || b.outcome.is_some()
                || waits_on_a_human(&b)
        }),
        _ => true,
    };
    if progress.screen != Some(*screen.get()) {
        progress.screen = Some(*screen.get());
        progress.frames = 0;
    }
    progress.frames += 1;
    if ready && progress.frames >= SETTLE_FRAMES && !progress.taken {
        progress.taken = true;
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()))
            .observe(
                |_: On<ScreenshotCaptured>, mut progress: ResMut<ShotProgress>| {
                    progress.saved = true
                },
            );
    }
}

fn report_frame_time(
    settings: Res<PlaySettings>,
    diagnostics: Res<DiagnosticsStore>,
    mut exits: MessageReader<AppExit>,
) {
    if !settings.report_frame_time || exits.read().next().is_none() {
        return;
    }
    let frame = diagnostics
        .get(&FrameTimeDiagnosticsPlugin::FRAME_TIME)
        .and_then(|d| d.average());
    let fps = diagnostics
        .get(&FrameTimeDiagnosticsPlugin::FPS)
        .and_then(|d| d.average());
    if let (Some(frame), Some(fps)) = (frame, fps) {
        println!("frame time: mean {frame:.1} ms ({fps:.1} fps) over the last frames");
    }
}
