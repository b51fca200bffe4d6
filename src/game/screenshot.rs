//! `--screenshot FILE.png`: save the window once the screen is drawn (on the
//! battle screen, once `--screenshot-after-actions` actions are resolved),
//! then exit. `--frame-time` reads Bevy's frame-time diagnostics on every
//! frame of the battle screen and the level editor after a warm-up (when the
//! software renderer compiles its pipelines), holds the shot until enough
//! battle frames are measured, and prints each screen's median, mean and
//! 95th percentile on exit. Built with the
//! `dev` feature, it also prints the GPU time of each render pass.

use bevy::diagnostic::{DiagnosticsStore, FrameTimeDiagnosticsPlugin};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::battle::engine::Engine;
use crate::battle::state::Battle;
use crate::game::ai_driver::AiPace;
use crate::game::session::play_settings::PlaySettings;
use crate::game::stage::Screen;

/// Frames to let a screen (the table, the panels, egui's first sizing pass)
/// draw before the shot.
const SETTLE_FRAMES: u32 = 30;
/// Battle frames left out of the frame-time report: the first draws compile
/// pipelines and upload meshes.
const WARM_UP_FRAMES: u32 = 60;
/// Battle frames the frame-time report waits for before the shot.
const MEASURED_FRAMES: usize = 200;

/// Frame times (ms) after each screen's warm-up: the battle screen's, the
/// level editor's, and the editor's while its Balance panel plays battles
/// on other threads.
#[derive(Resource, Default)]
struct FrameTimes(std::collections::BTreeMap<&'static str, Vec<f64>>);

impl FrameTimes {
    fn battle_frames(&self) -> usize {
        self.0.get(BATTLE_SCREEN).map_or(0, Vec::len)
    }

    fn report(&self) -> Option<String> {
        let lines: Vec<String> = self
            .0
            .iter()
            .filter(|(_, times)| !times.is_empty())
            .map(|(screen, times)| {
                let mut sorted = times.clone();
                sorted.sort_by(f64::total_cmp);
                let at = |fraction: f64| {
                    sorted[((sorted.len() - 1) as f64 * fraction).round() as usize]
                };
                let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
                format!(
                    "frame time {screen}: median {:.1} ms ({:.1} fps), mean {mean:.1} ms, \
                     95th percentile {:.1} ms, over {} frames after {WARM_UP_FRAMES} warm-up frames",
                    at(0.5),
                    1000.0 / at(0.5),
                    at(0.95),
                    sorted.len()
                )
            })
            .collect();
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

const BATTLE_SCREEN: &str = "on the battle screen";

#[derive(Resource, Default)]
struct ShotProgress {
    /// Frames drawn since the current screen was entered.
    frames: u32,
    screen: Option<Screen>,
    taken: bool,
    saved: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ShotProgress>();
    app.init_resource::<FrameTimes>();
    app.add_systems(Startup, hurry_the_ai);
    app.add_systems(
        Update,
        take_screenshot.run_if(not(in_state(Screen::Loading))),
    );
    app.add_systems(Last, (measure_frame_time, report_frame_time).chain());
    #[cfg(feature = "dev")]
    app.add_plugins(bevy::render::diagnostic::RenderDiagnosticsPlugin);
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
    engine: Option<Res<Engine>>,
    frame_times: Res<FrameTimes>,
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
        Screen::Battle => engine.is_some_and(|engine| {
            let b = &engine.state().battle();
            b.actions >= settings.screenshot_after_actions
                || b.outcome.is_some()
                || waits_on_a_human(b)
        }),
        _ => true,
    } && (!settings.report_frame_time
        || *screen.get() != Screen::Battle
        || frame_times.battle_frames() >= MEASURED_FRAMES);
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

/// Counts its own frames on each screen, so that `--frame-time` works
/// without `--screenshot` too (a player's or designer's whole session).
fn measure_frame_time(
    settings: Res<PlaySettings>,
    screen: Res<State<Screen>>,
    editor: Option<Res<crate::game::screens::editor::Editor>>,
    diagnostics: Res<DiagnosticsStore>,
    mut screen_frames: Local<(Option<Screen>, u32)>,
    mut frame_times: ResMut<FrameTimes>,
) {
    if !settings.report_frame_time {
        return;
    }
    let measured = match screen.get() {
        Screen::Battle => BATTLE_SCREEN,
        Screen::Editor if editor.is_some_and(|e| e.balancing()) => {
            "in the level editor while Balance plays"
        }
        Screen::Editor => "in the level editor",
        _ => return,
    };
    if screen_frames.0 != Some(*screen.get()) {
        *screen_frames = (Some(*screen.get()), 0);
    }
    screen_frames.1 += 1;
    if screen_frames.1 <= WARM_UP_FRAMES {
        return;
    }
    if let Some(frame) = diagnostics
        .get(&FrameTimeDiagnosticsPlugin::FRAME_TIME)
        .and_then(|d| d.value())
    {
        frame_times.0.entry(measured).or_default().push(frame);
    }
}

fn report_frame_time(
    settings: Res<PlaySettings>,
    frame_times: Res<FrameTimes>,
    #[cfg(feature = "dev")] diagnostics: Res<DiagnosticsStore>,
    mut exits: MessageReader<AppExit>,
) {
    if !settings.report_frame_time || exits.read().next().is_none() {
        return;
    }
    match frame_times.report() {
        Some(report) => println!("{report}"),
        None => println!("frame time: no frames were measured"),
    }
    #[cfg(feature = "dev")]
    for pass in diagnostics.iter() {
        let path = pass.path().as_str();
        if path.starts_with("render/")
            && path.ends_with("/elapsed_gpu")
            && let Some(average) = pass.average()
        {
            println!("  {path}: {average:.2} ms");
        }
    }
}
