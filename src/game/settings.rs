//! The player's settings, remembered between runs in the platform's config
//! folder (`~/.config/swift-swords/settings.ron` on Linux): the window, the
//! size of the HUD, the pace of the figures and of the AI, and which
//! figures wear nameplates; and the keys, changed by pressing the new one
//! and written back to the bindings file. A broken file gets a message and the defaults,
//! and is left as it was until the player saves new settings.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::egui;
use serde::{Deserialize, Serialize};

use leafwing_input_manager::prelude::InputMap;

use super::ai_driver::AiPace;
use super::hud::{HudState, give_order, human_turn};
use super::input::{BINDINGS_FILE, Controls, GameAction, KeyBindings, key_name};
use super::motion::MotionPace;
use super::screens::battle_on_table;
use super::viewer::Viewer;
use super::{PlaySettings, Screen};
use crate::battle::command::{CommandQueue, Order};
use crate::battle::components::WoundChoice;
use crate::battle::engine::Engine;
use crate::data::parse_ron;

/// How the game's window is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindowChoice {
    Windowed {
        width: u32,
        height: u32,
    },
    /// The whole screen, without a border.
    FullScreen,
}

/// Which figures show their name over their head (all of them while Alt is
/// held, whatever the choice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nameplates {
    /// Those acting, selected, pointed at or under the pointer.
    InPlay,
    All,
    /// Only while Alt is held.
    None,
}

impl Nameplates {
    pub const ALL: [Self; 3] = [Self::InPlay, Self::All, Self::None];

    pub fn label(self) -> &'static str {
        match self {
            Self::InPlay => "those in play",
            Self::All => "every figure",
            Self::None => "only while Alt is held",
        }
    }
}

/// The window sizes offered.
pub const WINDOW_SIZES: [(u32, u32); 4] = [(1280, 800), (1440, 900), (1600, 900), (1920, 1080)];
/// The HUD's scale, least to most.
pub const UI_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;
/// The longest the figures take to move, in seconds.
pub const MOTION_SECONDS: std::ops::RangeInclusive<f32> = 0.0..=1.5;
/// The longest the AI waits between its actions, in seconds.
pub const AI_PACE_SECONDS: std::ops::RangeInclusive<f32> = 0.0..=3.0;

#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub window: WindowChoice,
    pub ui_scale: f32,
    pub motion_seconds: f32,
    pub ai_pace_seconds: f32,
    pub nameplates: Nameplates,
    /// The standing choice the player's sides start a battle with: a State
    /// for each Wound they could soak (the rules' default) or a rank.
    pub wounds: WoundChoice,
    /// The AI level last chosen for a solo battle.
    pub solo_ai: crate::ai::AiLevel,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            window: WindowChoice::Windowed {
                width: 1280,
                height: 800,
            },
            ui_scale: 1.0,
            motion_seconds: MotionPace::default().seconds,
            ai_pace_seconds: AiPace::default().seconds,
            nameplates: Nameplates::InPlay,
            wounds: WoundChoice::State,
            solo_ai: crate::ai::AiLevel::Normal,
        }
    }
}

/// A settings file that could not be used, shown on the settings screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct SettingsProblem(pub Option<String>);

/// Where the settings live.
#[derive(Resource, Debug, Clone)]
pub struct SettingsFile(pub PathBuf);

impl SettingsFile {
    pub fn platform_default() -> PathBuf {
        directories::ProjectDirs::from("", "", "swift-swords").map_or_else(
            || PathBuf::from("settings.ron"),
            |d| d.config_dir().join("settings.ron"),
        )
    }
}

impl Settings {
    /// Reads the settings file; a missing file gives the defaults with no
    /// problem, a broken one the defaults and what is wrong with it (file,
    /// line, column, and what was expected).
    pub fn load(path: &Path) -> (Self, Option<String>) {
        let Ok(text) = std::fs::read_to_string(path) else {
            return (Self::default(), None);
        };
        match parse_ron::<Self>(path, &text) {
            Ok(read) => match read.out_of_range() {
                None => (read, None),
                Some((field, problem)) => {
                    // The place of the field in the file.
                    let (line, column) = text
                        .lines()
                        .enumerate()
                        .find_map(|(k, l)| l.find(field).map(|c| (k + 1, c + 1)))
                        .unwrap_or((1, 1));
                    (
                        Self::default(),
                        Some(format!("{}:{line}:{column}: {problem}", path.display())),
                    )
                }
            },
            Err(problem) => (Self::default(), Some(problem.to_string())),
        }
    }

    /// The first value outside what the game offers: its field, and what
    /// is wrong in words.
    fn out_of_range(&self) -> Option<(&'static str, String)> {
        let outside = |name: &'static str, value: f32, range: &std::ops::RangeInclusive<f32>| {
            (!range.contains(&value)).then(|| {
                (
                    name,
                    format!(
                        "{name} is {value}, expected {} to {}",
                        range.start(),
                        range.end()
                    ),
                )
            })
        };
        outside("ui_scale", self.ui_scale, &UI_SCALES)
            .or_else(|| outside("motion_seconds", self.motion_seconds, &MOTION_SECONDS))
            .or_else(|| outside("ai_pace_seconds", self.ai_pace_seconds, &AI_PACE_SECONDS))
    }

    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(2);
        ron::ser::to_string_pretty(self, pretty).unwrap_or_default()
    }

    /// Writes the settings, making the folder if need be.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        }
        std::fs::write(path, self.to_ron() + "\n").map_err(|e| format!("{}: {e}", path.display()))
    }
}

pub(super) fn plugin(app: &mut App) {
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
    app.add_systems(OnEnter(Screen::Battle), forget_wound_choices_given);
    app.add_systems(Update, give_standing_wound_choice.run_if(battle_on_table));
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

/// The human sides that have been given the settings' standing choice for
/// Wounds in this battle.
#[derive(Resource, Debug, Clone, Default)]
struct WoundChoicesGiven(Vec<usize>);

fn forget_wound_choices_given(mut commands: Commands) {
    commands.insert_resource(WoundChoicesGiven::default());
}

/// At a human side's first turn of a new battle, the settings' standing
/// choice for Wounds is given as the side's order (so replays and undo
/// carry it), unless the rules' default is the choice.
fn give_standing_wound_choice(
    settings: Res<Settings>,
    engine: Res<Engine>,
    given: Option<ResMut<WoundChoicesGiven>>,
    viewer: Option<Res<Viewer>>,
    coaching: Option<Res<super::lessons::Coaching>>,
    mut queue: ResMut<CommandQueue>,
    mut hud: ResMut<HudState>,
) {
    // A replay being watched gives no orders, and a lesson only its own.
    let (Some(mut given), None, None) = (given, viewer, coaching) else {
        return;
    };
    if settings.wounds == WoundChoice::default() || !engine.is_changed() {
        return;
    }
    let table = engine.state();
    let Some(&actor) = human_turn(table).first() else {
        return;
    };
    let side = table.units[actor].unit.side;
    if given.0.contains(&side) {
        return;
    }
    given.0.push(side);
    let untouched = table
        .units
        .iter()
        .filter(|u| u.unit.side == side)
        .all(|u| u.conditions.wounds == WoundChoice::default());
    if table.battle.round <= 1 && untouched {
        let order = Order::ChooseWounds {
            take: settings.wounds,
            whole_side: true,
        };
        give_order(&mut queue, &mut hud, table, actor, order);
    }
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
    /// What the last new key did: bound, or refused and why.
    key_verdict: Option<Result<String, String>>,
}

impl SettingsScreen {
    pub fn show(&mut self) {
        self.open = true;
        self.draft = None;
        self.saved = None;
        self.rebinding = None;
        self.key_verdict = None;
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
    mut maps: Query<&mut InputMap<GameAction>, With<Controls>>,
) -> Result {
    // The next key pressed is the new key (Esc keeps the old one).
    if let Some(action) = screen.rebinding
        && let Some(&key) = keys.get_just_pressed().next()
    {
        screen.rebinding = None;
        if key != KeyCode::Escape {
            let mut changed = bindings.clone();
            let verdict = changed
                .rebind(action, key)
                .and_then(|()| changed.save(Path::new(BINDINGS_FILE)));
            screen.key_verdict = Some(verdict.map(|()| {
                *bindings = changed;
                for mut map in &mut maps {
                    *map = bindings.input_map();
                }
                format!(
                    "{} is now the key to {}.",
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
        settings_window(&ctx, &mut screen, &mut edited, (&file, &problem), &bindings);
        if edited != *settings {
            *settings = edited;
        }
    }
    Ok(())
}

/// The settings window, from the title screen and the pause menu. Changes
/// show at once (the HUD's size on Save); Save keeps them for the next run,
/// Cancel puts back those saved.
fn settings_window(
    ctx: &egui::Context,
    screen: &mut SettingsScreen,
    settings: &mut Settings,
    (file, problem): (&SettingsFile, &SettingsProblem),
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
            egui::Grid::new("settings").num_columns(2).show(ui, |ui| {
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
            });
            ui.separator();
            let rebinding = &mut screen.rebinding;
            egui::CollapsingHeader::new("Keys").show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(260.0)
                    .show(ui, |ui| {
                        egui::Grid::new("keys")
                            .num_columns(3)
                            .striped(true)
                            .show(ui, |ui| {
                                for action in GameAction::KEYED {
                                    ui.label(action.describe());
                                    if *rebinding == Some(action) {
                                        ui.label(
                                            egui::RichText::new("Press a key (Esc keeps this one)")
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
                    screen.saved = Some(draft.save(&file.0));
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
            ui.label(egui::RichText::new(format!("Kept in {}", file.0.display())).weak());
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

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "swift-swords-settings-{}-{name}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("a folder");
        dir
    }

    #[test]
    fn settings_saved_are_read_back_the_same() {
        let path = folder("round-trip").join("config").join("settings.ron");
        let settings = Settings {
            window: WindowChoice::FullScreen,
            ui_scale: 1.25,
            motion_seconds: 0.0,
            ai_pace_seconds: 1.5,
            nameplates: Nameplates::All,
            wounds: WoundChoice::Rank,
            solo_ai: crate::ai::AiLevel::Hard,
        };
        settings.save(&path).expect("saved");
        assert_eq!(Settings::load(&path), (settings, None));
        // No file yet: the defaults, and nothing to say.
        let missing = folder("missing").join("settings.ron");
        assert_eq!(Settings::load(&missing), (Settings::default(), None));
    }

    /// The order the settings give when Roland's side first has the turn.
    fn first_orders(wounds: WoundChoice) -> Vec<Order> {
        let engine = crate::game::test_battles::roland_to_act();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(engine);
        app.insert_resource(Settings {
            wounds,
            ..Settings::default()
        });
        app.init_resource::<WoundChoicesGiven>();
        app.init_resource::<CommandQueue>();
        app.init_resource::<HudState>();
        app.add_systems(Update, give_standing_wound_choice);
        app.update();
        app.update();
        let queue = &app.world().resource::<CommandQueue>().0;
        queue.iter().map(|c| c.order.clone()).collect()
    }

    #[test]
    fn the_standing_wound_choice_of_the_settings_is_given_once_at_the_sides_first_turn() {
        assert_eq!(
            first_orders(WoundChoice::Rank),
            [Order::ChooseWounds {
                take: WoundChoice::Rank,
                whole_side: true
            }]
        );
        assert_eq!(first_orders(WoundChoice::State), []);
    }

    #[test]
    fn a_broken_settings_file_gives_the_defaults_and_says_where() {
        let path = folder("broken").join("settings.ron");
        std::fs::write(&path, "(\n    ui_scale: big,\n)\n").expect("written");
        let (settings, problem) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        let problem = problem.expect("a problem");
        assert!(problem.contains("settings.ron:2:"), "{problem}");
        std::fs::write(&path, "(\n    nameplates: All,\n    ui_scale: 9.0,\n)\n").expect("written");
        let (settings, problem) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        assert_eq!(
            problem.expect("a problem"),
            format!("{}:3:5: ui_scale is 9, expected 0.75 to 2", path.display())
        );
    }
}
