//! The settings window: the window, the size of the HUD, the pace of the
//! figures and of the AI, which figures wear nameplates, the volumes, and the keys,
//! changed by pressing the new one (the key goes to the binding alone) and
//! written to the player's bindings file on Save; Cancel forgets them.
//! The settings themselves, and their file, are [`crate::game::session::preferences`].

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::egui;

use leafwing_input_manager::prelude::InputMap;

use crate::battle::components::WoundChoice;
use crate::game::ai_driver::AiPace;
use crate::game::input::{BindingsFile, Controls, GameAction, KeyBindings, key_name};
use crate::game::session::play_settings::PlaySettings;
use crate::game::session::preferences::AI_PACE_SECONDS;
use crate::game::session::preferences::MOTION_SECONDS;
use crate::game::session::preferences::Nameplates;
use crate::game::session::preferences::Settings;
use crate::game::session::preferences::SettingsFile;
use crate::game::session::preferences::SettingsProblem;
use crate::game::session::preferences::SoundLevels;
use crate::game::session::preferences::UI_SCALES;
use crate::game::session::preferences::VOLUMES;
use crate::game::session::preferences::WINDOW_SIZES;
use crate::game::session::preferences::WindowChoice;
use crate::game::session::preferences::{GraphicsChoice, GraphicsLevel};
use crate::game::table::motion::MotionPace;

pub(crate) fn plugin(app: &mut App) {
    let file = SettingsFile(SettingsFile::platform_default());
    let (settings, problem) = Settings::load(&file.0);
    if let Some(problem) = &problem {
        eprintln!("{problem}");
    }
    app.insert_resource(settings);
    app.insert_resource(SettingsProblem(problem));
    app.insert_resource(file);
    app.init_resource::<SettingsScreen>();
    app.add_systems(PreStartup, apply_paces);
    app.add_systems(bevy_egui::EguiPrimaryContextPass, settings_ui);
    app.add_systems(
        Update,
        (
            apply_window,
            apply_paces.run_if(|s: Res<Settings>| s.is_changed() && !s.is_added()),
        ),
    );
}

/// The window's mode and size, as the settings say.
fn apply_window(
    settings: Res<Settings>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
    mut applied: Local<Option<Settings>>,
) {
    if applied
        .as_ref()
        .is_some_and(|a| a.window == settings.window)
    {
        return;
    }
    let Ok(mut window) = window.single_mut() else {
        return;
    };
    match settings.window {
        WindowChoice::Windowed { width, height } => {
            window.mode = WindowMode::Windowed;
            window.resolution.set(width as f32, height as f32);
        }
        WindowChoice::FullScreen => {
            window.mode = WindowMode::BorderlessFullscreen(MonitorSelection::Current);
        }
    }
    *applied = Some(settings.clone());
}

/// The figures' and the AI's pace, as the settings say; a screenshot run
/// keeps the AI hurried.
fn apply_paces(
    settings: Res<Settings>,
    play: Option<Res<PlaySettings>>,
    mut motion: ResMut<MotionPace>,
    mut ai: ResMut<AiPace>,
) {
    motion.seconds = settings.motion_seconds;
    if play.is_none_or(|p| p.screenshot_after_actions == 0) {
        ai.seconds = settings.ai_pace_seconds;
    }
}

/// The settings window: open or not, and the draft being edited.
#[derive(Resource, Debug, Clone, Default)]
pub struct SettingsScreen {
    pub open: bool,
    draft: Option<Settings>,
    saved: Option<Result<(), String>>,
    /// The action waiting for its new key.
    rebinding: Option<GameAction>,
    /// The keys as changed in the window, kept only on Save.
    keys: Option<KeyBindings>,
    /// What the last new key did: bound, or refused and why.
    key_verdict: Option<Result<String, String>>,
}

impl SettingsScreen {
    pub fn show(&mut self) {
        self.open = true;
        self.draft = None;
        self.saved = None;
        self.rebinding = None;
        self.keys = None;
        self.key_verdict = None;
    }

    /// Whether a key pressed now goes to a new binding, not to the game.
    pub fn binding_a_key(&self) -> bool {
        self.open && self.rebinding.is_some()
    }
}

#[allow(clippy::too_many_arguments)]
fn settings_ui(
    mut contexts: bevy_egui::EguiContexts,
    mut screen: ResMut<SettingsScreen>,
    mut settings: ResMut<Settings>,
    file: Res<SettingsFile>,
    problem: Res<SettingsProblem>,
    keys: Res<ButtonInput<KeyCode>>,
    mut bindings: ResMut<KeyBindings>,
    bindings_file: Res<BindingsFile>,
    mut maps: Query<&mut InputMap<GameAction>, With<Controls>>,
) -> Result {
    // The next key pressed is the new key (Esc keeps the old one).
    if let Some(action) = screen.rebinding
        && let Some(&key) = keys.get_just_pressed().next()
    {
        screen.rebinding = None;
        if key != KeyCode::Escape {
            let mut changed = screen.keys.clone().unwrap_or_else(|| bindings.clone());
            let verdict = changed.rebind(action, key);
            screen.key_verdict = Some(verdict.map(|()| {
                screen.keys = Some(changed);
                format!(
                    "{} is now the key to {} (Save keeps it).",
                    key_name(key),
                    action.describe().to_lowercase()
                )
            }));
        }
    }
    let ctx = contexts.ctx_mut()?.clone();
    // The HUD's size.
    if ctx.zoom_factor() != settings.ui_scale {
        ctx.set_zoom_factor(settings.ui_scale);
    }
    if screen.open {
        // Only a real change marks the settings changed.
        let mut edited = settings.clone();
        let shown_keys = screen.keys.clone().unwrap_or_else(|| bindings.clone());
        settings_window(
            &ctx,
            &mut screen,
            &mut edited,
            (&file, &problem, &bindings_file),
            &shown_keys,
        );
        if edited != *settings {
            *settings = edited;
        }
        if !screen.open && screen.keys.is_some() && settle_keys(&mut screen, &mut bindings) {
            for mut map in &mut maps {
                *map = bindings.input_map();
            }
        }
    }
    Ok(())
}

/// The keys changed in the window, once it has closed: in force when it
/// was saved, forgotten when cancelled. Whether they came into force.
fn settle_keys(screen: &mut SettingsScreen, bindings: &mut KeyBindings) -> bool {
    if screen.open {
        return false;
    }
    match screen.keys.take() {
        Some(keys) if screen.saved == Some(Ok(())) => {
            *bindings = keys;
            true
        }
        _ => false,
    }
}

/// The volumes, each from silent to full, and mute.
fn sound_rows(ui: &mut egui::Ui, sound: &mut SoundLevels) {
    ui.label("Sound");
    ui.checkbox(&mut sound.mute, "Mute")
        .on_hover_text("Silence everything; the volumes are kept");
    ui.end_row();
    let rows = [
        ("Volume", &mut sound.master, "Everything the game plays"),
        ("Battle", &mut sound.effects, "Dice, steps, blows and falls"),
        (
            "Field",
            &mut sound.field,
            "Wind, birds and water under the table; the pause menu silences it",
        ),
        (
            "Interface",
            &mut sound.interface,
            "Clicks, a refused order, the turn coming to you",
        ),
    ];
    for (label, value, hint) in rows {
        ui.label(label);
        let mut percent = (*value * 100.0).round();
        let slider = egui::Slider::new(&mut percent, 0.0..=100.0)
            .suffix(" %")
            .step_by(5.0)
            .fixed_decimals(0);
        if ui
            .add_enabled(!sound.mute, slider)
            .on_hover_text(hint)
            .changed()
        {
            *value = (percent / 100.0).clamp(*VOLUMES.start(), *VOLUMES.end());
        }
        ui.end_row();
    }
}

/// The settings' rows, one a choice: the window, the HUD's size, the
/// figures' motion, the AI's pause, the nameplates, the choice for Wounds
/// and the sound.
fn preference_rows(ui: &mut egui::Ui, draft: &mut Settings) {
    ui.label("Window");
    ui.horizontal(|ui| {
        for (width, height) in WINDOW_SIZES {
            let choice = WindowChoice::Windowed { width, height };
            ui.radio_value(&mut draft.window, choice, format!("{width} × {height}"));
        }
        ui.radio_value(&mut draft.window, WindowChoice::FullScreen, "Full screen");
    });
    ui.end_row();
    ui.label("HUD size");
    ui.add(egui::Slider::new(&mut draft.ui_scale, UI_SCALES).step_by(0.05));
    ui.end_row();
    ui.label("Figures move in");
    ui.add(
        egui::Slider::new(&mut draft.motion_seconds, MOTION_SECONDS)
            .suffix(" s")
            .step_by(0.05),
    )
    .on_hover_text("0 for no motion: the figures jump to their places");
    ui.end_row();
    ui.label("The AI waits");
    ui.add(
        egui::Slider::new(&mut draft.ai_pace_seconds, AI_PACE_SECONDS)
            .suffix(" s")
            .step_by(0.05),
    )
    .on_hover_text("between its actions, so they can be followed");
    ui.end_row();
    ui.label("Names over");
    ui.horizontal(|ui| {
        for choice in Nameplates::ALL {
            ui.radio_value(&mut draft.nameplates, choice, choice.label());
        }
    });
    ui.end_row();
    ui.label("When wounded");
    ui.horizontal(|ui| {
        for choice in WoundChoice::ALL {
            ui.radio_value(&mut draft.wounds, choice, choice.name());
        }
    })
    .response
    .on_hover_text(
        "What your sides start each battle choosing for a Wound they could soak; \
         a combatant's card can change it during the battle.",
    );
    ui.end_row();
    graphics_rows(ui, &mut draft.graphics);
    sound_rows(ui, &mut draft.sound);
}

/// The graphics: a level, or the one the graphics card suits.
fn graphics_rows(ui: &mut egui::Ui, draft: &mut GraphicsChoice) {
    ui.label("Graphics");
    ui.horizontal(|ui| {
        ui.radio_value(&mut draft.level, None, "Suited to this computer")
            .on_hover_text("Low on a software renderer, Medium on a graphics card");
        for level in GraphicsLevel::ALL {
            ui.radio_value(&mut draft.level, Some(level), level.label());
        }
    })
    .response
    .on_hover_text(
        "Low: the lamp's light. Medium: its shadows and smooth edges. \
         High: sharper shadows, and shade where figures meet the ground.",
    );
    ui.end_row();
    ui.label("Effects");
    egui::CollapsingHeader::new("Each on its own").show(ui, |ui| {
        effect_row(ui, "Shadows", &mut draft.shadows, "The lamp's shadows on the table");
        effect_row(
            ui,
            "Smooth edges",
            &mut draft.smooth_edges,
            "Edges without steps; costs most on a software renderer",
        );
        effect_row(
            ui,
            "Ambient occlusion",
            &mut draft.ambient_occlusion,
            "Shade where figures and scenery meet the ground",
        );
        ui.checkbox(&mut draft.depth_of_field, "Depth of field")
            .on_hover_text("The table nearer and farther than you look blurs, as in a close photograph of miniatures");
    });
    ui.end_row();
}

/// One effect: as its level gives it, on or off.
fn effect_row(ui: &mut egui::Ui, name: &str, choice: &mut Option<bool>, hover: &str) {
    ui.horizontal(|ui| {
        ui.label(name).on_hover_text(hover);
        ui.radio_value(choice, None, "As the level");
        ui.radio_value(choice, Some(true), "On");
        ui.radio_value(choice, Some(false), "Off");
    });
}

/// The settings window, from the title screen and the pause menu. Changes
/// show at once (the HUD's size on Save); Save keeps them for the next run,
/// Cancel puts back those saved.
/// The room the Settings window's title, messages, buttons and where the
/// files are kept take, in points.
const WINDOW_FRAME: f32 = 190.0;

fn settings_window(
    ctx: &egui::Context,
    screen: &mut SettingsScreen,
    settings: &mut Settings,
    (file, problem, keys_file): (&SettingsFile, &SettingsProblem, &BindingsFile),
    bindings: &KeyBindings,
) {
    if !screen.open {
        return;
    }
    let draft = screen.draft.get_or_insert_with(|| settings.clone());
    let mut open = true;
    let mut close = false;
    egui::Window::new("Settings")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            if let Some(problem) = &problem.0 {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    "The settings file has a problem; the defaults are in use:",
                );
                ui.colored_label(egui::Color32::LIGHT_RED, problem);
                ui.separator();
            }
            let rebinding = &mut screen.rebinding;
            // The settings and keys scroll in what the window leaves round
            // the title and the buttons, at any HUD size.
            egui::ScrollArea::vertical()
                .id_salt("settings and keys")
                .max_height((ctx.content_rect().height() - WINDOW_FRAME).max(120.0))
                .show(ui, |ui| {
                    egui::Grid::new("settings")
                        .num_columns(2)
                        .show(ui, |ui| preference_rows(ui, draft));
                    ui.separator();
                    egui::CollapsingHeader::new("Keys").show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .max_height(260.0)
                            .show(ui, |ui| {
                                egui::Grid::new("keys").num_columns(3).striped(true).show(
                                    ui,
                                    |ui| {
                                        for action in GameAction::KEYED {
                                            ui.label(action.describe());
                                            if *rebinding == Some(action) {
                                                ui.label(
                                                    egui::RichText::new(
                                                        "Press a key (Esc keeps this one)",
                                                    )
                                                    .color(egui::Color32::GOLD),
                                                );
                                            } else {
                                                ui.label(bindings.keys_of(action));
                                            }
                                            if ui.small_button("Change").clicked() {
                                                *rebinding = Some(action);
                                            }
                                            ui.end_row();
                                        }
                                    },
                                );
                            });
                    });
                });
            match &screen.key_verdict {
                Some(Ok(done)) => {
                    ui.label(done);
                }
                Some(Err(refused)) => {
                    ui.colored_label(egui::Color32::LIGHT_RED, refused);
                }
                None => {}
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    let keys = screen.keys.as_ref();
                    screen.saved = Some(
                        draft
                            .save(&file.0)
                            .and_then(|()| keys.map_or(Ok(()), |keys| keys.save(&keys_file.0))),
                    );
                    if screen.saved == Some(Ok(())) {
                        close = true;
                    }
                }
                if ui.button("Defaults").clicked() {
                    *draft = Settings::default();
                }
                if ui.button("Cancel").clicked() {
                    close = true;
                }
            });
            if let Some(Err(problem)) = &screen.saved {
                ui.colored_label(egui::Color32::LIGHT_RED, problem);
            }
            // The keys are in a file of their own beside the settings.
            let keys_file = file.0.with_file_name("input.ron");
            ui.label(
                egui::RichText::new(format!(
                    "Kept in {}, the keys in {}",
                    file.0.display(),
                    keys_file.display()
                ))
                .weak(),
            );
        });
    // The draft shows at once; Cancel or closing puts the saved ones back.
    let cancelled = !open || (close && screen.saved != Some(Ok(())));
    if cancelled {
        let (kept, _) = Settings::load(&file.0);
        if *settings != kept {
            *settings = kept;
        }
        screen.open = false;
        screen.draft = None;
    } else if close {
        *settings = draft.clone();
        screen.open = false;
        screen.draft = None;
    } else {
        // The HUD's size waits for Save: resized under the pointer, the
        // slider being dragged would run away.
        let shown = Settings {
            ui_scale: settings.ui_scale,
            ..draft.clone()
        };
        if *settings != shown {
            *settings = shown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_changed_in_the_window_is_kept_on_save_and_forgotten_on_cancel() {
        let before = KeyBindings::default();
        let mut changed = before.clone();
        changed
            .rebind(GameAction::Hold, KeyCode::KeyJ)
            .expect("a free key");
        // While the window waits for the key, the key goes to the binding.
        let mut screen = SettingsScreen::default();
        screen.show();
        screen.rebinding = Some(GameAction::Hold);
        assert!(screen.binding_a_key());
        // Cancelled: the keys in force stay as they were.
        screen.rebinding = None;
        screen.keys = Some(changed.clone());
        screen.open = false;
        let mut bindings = before.clone();
        assert!(!settle_keys(&mut screen, &mut bindings));
        assert_eq!(bindings, before);
        assert!(screen.keys.is_none(), "forgotten");
        // Saved: the new key is in force.
        screen.keys = Some(changed.clone());
        screen.saved = Some(Ok(()));
        assert!(settle_keys(&mut screen, &mut bindings));
        assert_eq!(bindings, changed);
    }

    /// Issue #74: with Keys open at HUD size 1.5 the window was taller than
    /// the window of 800, its title and Save cut off. At every size offered
    /// it stays inside the window of 1280 by 800, Save in view.
    #[test]
    fn the_settings_window_with_its_keys_open_fits_the_window_at_every_hud_size() {
        use bevy_egui::egui::{self, Rect};
        use egui_kittest::Harness;
        use egui_kittest::kittest::Queryable;
        for size in [1.0, 1.5, 2.0] {
            let mut screen = SettingsScreen::default();
            screen.show();
            let window = egui::vec2(1280.0, 800.0) / size;
            let mut harness = Harness::builder().with_size(window).build_ui_state(
                |ui, (screen, settings): &mut (SettingsScreen, Settings)| {
                    settings_window(
                        &ui.ctx().clone(),
                        screen,
                        settings,
                        (
                            &SettingsFile("settings.ron".into()),
                            &SettingsProblem(None),
                            &BindingsFile("input.ron".into()),
                        ),
                        &KeyBindings::default(),
                    );
                },
                (screen, Settings::default()),
            );
            harness.get_by_label("Keys").click();
            harness.run();
            let inside = Rect::from_min_size(egui::Pos2::ZERO, window).expand(0.5);
            for shown in ["Settings", "Save", "Cancel"] {
                let rect = harness.get_by_label(shown).rect();
                assert!(inside.contains_rect(rect), "at {size} {shown} at {rect:?}");
            }
        }
    }
}
