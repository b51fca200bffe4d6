//! `--screenshot FILE.png`: save the window once the table is drawn, then exit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use super::{PlaySettings, Screen};

/// Frames to let the table and panel draw before the shot.
const SETTLE_FRAMES: u32 = 20;

#[derive(Resource, Default)]
struct ShotProgress {
    frames: u32,
    taken: bool,
    saved: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShotProgress>();
    app.add_systems(
        Update,
        take_screenshot.run_if(in_state(Screen::Battle).or_else(in_state(Screen::LoadFailed))),
    );
}

fn take_screenshot(
    mut commands: Commands,
    settings: Res<PlaySettings>,
    mut progress: ResMut<ShotProgress>,
    screen: Res<State<Screen>>,
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
    progress.frames += 1;
    if progress.frames >= SETTLE_FRAMES && !progress.taken {
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
