//! The title screen and level select: every level in the levels folder with
//! its name, briefing and size (a broken one shows its errors), the mode,
//! who sits at each side, and the seed (random by default, always shown so
//! a battle can be replayed).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::AiLevel;
use crate::data::load_ruleset;
use crate::game::input::BindingsProblem;
use crate::game::level_preview::{self, TableColours};
use crate::game::screens::lessons::LessonMenu;
use crate::game::screens::loading::{LoadErrors, load_match};
use crate::game::screens::save_menu::{Browse, SaveBrowser, browser_window, notice_window};
use crate::game::screens::settings::SettingsScreen;
use crate::game::session::match_setup::{LevelFolder, LevelLibrary, MatchSetup, fresh_seed};
use crate::game::session::play_settings::PlaySettings;
use crate::game::session::preferences::SettingsProblem;
use crate::game::session::preferences::{Settings, SettingsFile};
use crate::game::session::saves::{
    FallbackSteps, SaveFolder, SaveNotice, open_saved, rebuild_saved,
};
use crate::game::stage::Screen;
use crate::seat::{Mode, Seat, seats_for};
use crate::vocabulary::Sequence;

/// The choices on the level select screen.
#[derive(Resource, Debug, Clone)]
struct MenuChoice {
    /// The level picked; none until the player picks one, when the list
    /// offers the smallest battle ([`LevelLibrary::first_battle`]).
    level: Option<usize>,
    mode: Mode,
    player_side: usize,
    ai: AiLevel,
    /// Hot-seat: each side's seat.
    seats: Vec<Seat>,
    handover: bool,
    /// Another sequence of play than the level's own.
    sequence: Option<Sequence>,
    seed: String,
}

impl Default for MenuChoice {
    fn default() -> Self {
        Self {
            level: None,
            mode: Mode::Solo,
            player_side: 0,
            ai: AiLevel::Normal,
            seats: Vec::new(),
            handover: true,
            sequence: None,
            seed: fresh_seed().to_string(),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MenuChoice>();
    app.init_resource::<ContinueOffer>();
    app.init_resource::<SaveBrowser>();
    app.add_systems(Startup, remember_solo_ai);
    app.add_systems(OnEnter(Screen::Title), look_for_autosave);
    app.add_systems(
        EguiPrimaryContextPass,
        (
            title.run_if(in_state(Screen::Title).and_then(not(resource_exists::<
                crate::game::table::figure_sheet::FigureSheet,
            >))),
            level_select.run_if(in_state(Screen::Setup)),
            loading.run_if(in_state(Screen::Loading)),
            load_failed.run_if(in_state(Screen::LoadFailed)),
        ),
    );
}

/// The battle Continue would resume, looked for on entering the title:
/// the save, the button's words and its hover text.
#[derive(Resource, Debug, Clone, Default)]
struct ContinueOffer(Option<(std::path::PathBuf, String, &'static str)>);

fn look_for_autosave(
    folder: Res<SaveFolder>,
    settings: Res<PlaySettings>,
    mut offer: ResMut<ContinueOffer>,
) {
    offer.0 = folder.continue_from().map(|path| {
        let (label, hover) = continue_label(&path, &settings.data_dir);
        (path, label, hover)
    });
}

/// Continue's words for a save: where the battle stands, or, once it is
/// over, that it is (the button then shows how it ended).
fn continue_label(path: &std::path::Path, data_dir: &std::path::Path) -> (String, &'static str) {
    match rebuild_saved(path, data_dir, None) {
        Ok((replay, engine)) if engine.ended() => (
            format!("Last battle: {}, over", replay.level_name),
            "See how the last battle ended, and its results",
        ),
        Ok((replay, engine)) => (
            format!(
                "Continue: {}, round {}",
                replay.level_name,
                engine.state().battle().round.max(1)
            ),
            "Resume the last battle exactly where it stood",
        ),
        // Opening it says what is wrong; the list shows what it can.
        Err(_) => (
            crate::replay::Replay::read(path).ok().map_or_else(
                || "Continue".to_string(),
                |r| format!("Continue: {}, round {}", r.level_name, r.round.max(1)),
            ),
            "Resume the last battle exactly where it stood",
        ),
    }
}

/// The title menu's buttons at most (Continue among them), for their height.
const TITLE_BUTTONS: f32 = 10.0;

#[allow(clippy::too_many_arguments)]
fn title(
    mut contexts: EguiContexts,
    problem: Res<BindingsProblem>,
    settings_problem: Res<SettingsProblem>,
    offer: Res<ContinueOffer>,
    folder: Res<SaveFolder>,
    mut browser: ResMut<SaveBrowser>,
    lessons: Res<LessonMenu>,
    settings_screen: Res<SettingsScreen>,
    mut notice: ResMut<SaveNotice>,
    fallback: Res<FallbackSteps>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let busy = browser.open.is_some() || lessons.open || settings_screen.open;
    // The menu fits the window at every HUD size: its buttons and title
    // grow no taller than the window's height leaves them.
    let tall = ctx.content_rect().height();
    let row = ((tall - 170.0) / TITLE_BUTTONS - 6.0).clamp(22.0, 36.0);
    let (title, gap) = if tall < 560.0 {
        (32.0, 8.0)
    } else {
        (48.0, 24.0)
    };
    egui::Window::new("title")
        .title_bar(false)
        .resizable(false)
        // Behind an open window, a click on the title must not raise it
        // over that window.
        .interactable(!busy)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new("Swift Swords").size(title).strong());
                ui.label("Swift Swords Tactica on a 15mm table");
                ui.add_space(gap);
                if let Some((path, label, hover)) = offer.0.clone()
                    && ui
                        .add_enabled(
                            !busy,
                            egui::Button::new(label).min_size([220.0, row].into()),
                        )
                        .on_hover_text(hover)
                        .clicked()
                {
                    commands.queue(move |world: &mut World| open_saved(world, &path, None));
                }
                if ui
                    .add_enabled(
                        !busy,
                        egui::Button::new("New battle").min_size([220.0, row].into()),
                    )
                    .clicked()
                {
                    next.set(Screen::Setup);
                }
                if ui
                    .add_enabled(
                        !busy,
                        egui::Button::new("Campaign").min_size([220.0, row].into()),
                    )
                    .on_hover_text(
                        "A warband that lives from battle to battle: its wounds, its dead and \
                         its weeks of healing",
                    )
                    .clicked()
                {
                    next.set(Screen::Campaign);
                }
                if ui
                    .add_enabled(
                        !busy,
                        egui::Button::new("Online").min_size([220.0, row].into()),
                    )
                    .on_hover_text("Play someone at another machine, through a server")
                    .clicked()
                {
                    next.set(Screen::Online);
                }
                if ui
                    .add_enabled(
                        !busy,
                        egui::Button::new("Learn to play").min_size([220.0, row].into()),
                    )
                    .on_hover_text("Short lessons that show the rules one move at a time")
                    .clicked()
                {
                    commands.queue(|world: &mut World| {
                        world.resource_mut::<LessonMenu>().open = true;
                    });
                }
                if ui
                    .add_enabled(
                        !busy,
                        egui::Button::new("Level editor").min_size([220.0, row].into()),
                    )
                    .on_hover_text("Make a level, or go on with the one left open")
                    .clicked()
                {
                    commands.queue(crate::game::screens::editor::open_editor);
                }
                if ui
                    .add_enabled(
                        !busy,
                        egui::Button::new("Load a saved battle").min_size([220.0, row].into()),
                    )
                    .clicked()
                {
                    browser.show(Browse::Load, &folder);
                }
                if ui
                    .add_enabled(
                        !busy,
                        egui::Button::new("Watch a replay").min_size([220.0, row].into()),
                    )
                    .clicked()
                {
                    browser.show(Browse::Watch, &folder);
                }
                if ui
                    .add_enabled(
                        !busy,
                        egui::Button::new("Settings").min_size([220.0, row].into()),
                    )
                    .clicked()
                {
                    commands.queue(|world: &mut World| {
                        world.resource_mut::<SettingsScreen>().show();
                    });
                }
                if ui
                    .add_enabled(
                        !busy,
                        egui::Button::new("Quit").min_size([220.0, row].into()),
                    )
                    .clicked()
                {
                    exit.write(AppExit::Success);
                }
                for (problem, what) in [
                    (
                        &problem.0,
                        "The key bindings file has a problem; the default keys are in use:",
                    ),
                    (
                        &settings_problem.0,
                        "The settings file has a problem; the default settings are in use:",
                    ),
                ] {
                    if let Some(problem) = problem {
                        ui.add_space(12.0);
                        ui.colored_label(egui::Color32::LIGHT_RED, what);
                        ui.colored_label(egui::Color32::LIGHT_RED, problem);
                    }
                }
            });
        });
    browser_window(ctx, &mut browser, "", &mut commands);
    notice_window(ctx, &mut notice, &fallback, &mut commands);
    Ok(())
}

/// A solo battle starts against the AI level chosen last time.
fn remember_solo_ai(saved: Res<Settings>, mut choice: ResMut<MenuChoice>) {
    choice.ai = saved.solo_ai;
}

/// A level's size in a word, by its combatants: what a newcomer needs to
/// pick a first battle.
fn battle_size(level: &crate::level::Level) -> String {
    let count = level.units.len();
    let size = match count {
        0..=4 => "small",
        5..=10 => "medium",
        _ => "large",
    };
    format!("{size}, {count} combatants")
}

fn level_select(
    mut contexts: EguiContexts,
    mut library: ResMut<LevelLibrary>,
    settings: Res<PlaySettings>,
    mut choice: ResMut<MenuChoice>,
    (mut saved, settings_file): (ResMut<Settings>, Res<SettingsFile>),
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut start = None;
    let first = library.first_battle();
    let picked = choice.level.or(first).unwrap_or(0);
    egui::Window::new("New battle")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .default_width(760.0)
        .show(ctx, |ui| {
            // At a large HUD size the window may be taller than the screen:
            // its body scrolls, and Back stays in sight below it.
            let room = (ui.ctx().content_rect().height() - 140.0).max(160.0);
            egui::ScrollArea::vertical()
                .id_salt("new battle")
                .max_height(room)
                .show(ui, |ui| {
                    ui.horizontal_top(|ui| {
                        ui.vertical(|ui| {
                            level_list(ui, &mut library, &settings, &mut choice, (picked, first));
                        });
                        ui.add_space(16.0);
                        ui.vertical(|ui| {
                            start = level_details(
                                ui,
                                &library,
                                picked,
                                &mut choice,
                                (&mut saved, &settings_file),
                                &mut commands,
                            );
                        });
                    });
                });
            ui.separator();
            if ui.button("Back").clicked() {
                next.set(Screen::Title);
            }
        });
    if let Some(setup) = start {
        commands.queue(move |world: &mut World| load_match(world, setup));
    }
    Ok(())
}

/// The level list: each level with its size, the first battle marked,
/// and the folder read again on demand.
fn level_list(
    ui: &mut egui::Ui,
    library: &mut LevelLibrary,
    settings: &PlaySettings,
    choice: &mut MenuChoice,
    (picked, first): (usize, Option<usize>),
) {
    ui.set_width(240.0);
    ui.label(egui::RichText::new("Level").strong());
    ui.label(
        egui::RichText::new(
            "New to the game? Learn to play on the title teaches the rules; \
             then start with the battle marked here.",
        )
        .weak(),
    );
    // The list scrolls, however many levels the player adds.
    egui::ScrollArea::vertical()
        .id_salt("levels")
        .max_height(440.0)
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 1.0;
            for (k, entry) in library.entries.iter().enumerate() {
                let name = match &entry.level {
                    Ok(level) => level.name.clone(),
                    Err(_) => format!("{} (broken)", entry.file),
                };
                let name = match entry.folder {
                    LevelFolder::Own => format!("{name} (yours)"),
                    _ => name,
                };
                let clicked = ui.selectable_label(picked == k, name).clicked();
                if let Ok(level) = &entry.level {
                    ui.horizontal(|ui| {
                        ui.add_space(12.0);
                        ui.label(egui::RichText::new(battle_size(level)).size(12.0).weak());
                        if first == Some(k) {
                            ui.label(
                                egui::RichText::new("start here")
                                    .size(12.0)
                                    .color(egui::Color32::GOLD),
                            );
                        }
                    });
                }
                if clicked {
                    choice.level = Some(k);
                    choice.seats.clear();
                    choice.player_side = 0;
                }
            }
        });
    if library.entries.is_empty() {
        ui.label(format!("No levels in {}", library.dir.display()));
    }
    if ui.small_button("Read the folder again").clicked() {
        let ruleset = load_ruleset(Some(&settings.data_dir)).ok();
        *library = library.again(ruleset.as_ref());
        choice.level = choice
            .level
            .map(|k| k.min(library.entries.len().saturating_sub(1)));
        choice.seats.clear();
    }
}

/// The picked level at a glance (briefing, table, sides and goals) and the
/// battle's settings; the battle to start once Start the battle is pressed.
fn level_details(
    ui: &mut egui::Ui,
    library: &LevelLibrary,
    picked: usize,
    choice: &mut MenuChoice,
    (saved, settings_file): (&mut Settings, &SettingsFile),
    commands: &mut Commands,
) -> Option<MatchSetup> {
    ui.set_width(480.0);
    let entry = library.entries.get(picked)?;
    let level = match &entry.level {
        Ok(level) => level,
        Err(errors) => {
            ui.colored_label(egui::Color32::LIGHT_RED, "This level has errors:");
            ui.label(egui::RichText::new(errors).monospace());
            return None;
        }
    };
    ui.heading(&level.name);
    // Fixed heights: the controls below stay where they are
    // whichever level is chosen.
    egui::ScrollArea::vertical()
        .id_salt("briefing")
        .max_height(48.0)
        .min_scrolled_height(48.0)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.label(&level.briefing);
            ui.label(
                egui::RichText::new(format!(
                    "{} by {} zones of {}\" tiles, {} combatants",
                    level.width(),
                    level.height(),
                    level.tile_size,
                    level.units.len()
                ))
                .weak(),
            );
        });
    if let Some(ruleset) = &library.ruleset {
        level_preview::draw_table(
            ui,
            level,
            &TableColours::of(ruleset),
            egui::vec2(480.0, 150.0),
        );
        egui::ScrollArea::vertical()
            .id_salt("sides and goals")
            .max_height(124.0)
            .min_scrolled_height(124.0)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                for (colour, name, who) in level_preview::sides_in_words(level, ruleset) {
                    ui.horizontal_wrapped(|ui| {
                        level_preview::swatch(ui, colour, 10.0);
                        ui.label(egui::RichText::new(name).strong());
                        ui.label(who);
                    });
                }
                ui.label(egui::RichText::new("To win:").strong());
                for goal in level_preview::goals_in_words(level) {
                    ui.label(egui::RichText::new(goal).color(egui::Color32::GOLD));
                }
            });
    }
    who_plays(ui, level, choice);
    let ai = choice.ai;
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("Seed:");
        ui.text_edit_singleline(&mut choice.seed);
        if ui.button("New seed").clicked() {
            choice.seed = fresh_seed().to_string();
        }
    });
    let seed = choice.seed.trim().parse::<u64>();
    if seed.is_err() {
        ui.colored_label(
            egui::Color32::LIGHT_RED,
            "The seed must be a whole number from 0 to 18446744073709551615.",
        );
    }
    ui.add_space(8.0);
    let (begin, edit) = ui
        .horizontal(|ui| {
            let begin = ui.add_enabled(
                seed.is_ok(),
                egui::Button::new(egui::RichText::new("Start the battle").size(18.0)),
            );
            (begin, ui.button("Edit this level").clicked())
        })
        .inner;
    if edit {
        let (level, file) = (level.clone(), entry.file.clone());
        commands.queue(move |world: &mut World| {
            crate::game::screens::editor::edit_level(world, level, file);
        });
    }
    if begin.clicked()
        && let Ok(seed) = seed
    {
        if choice.mode == Mode::Solo && saved.solo_ai != choice.ai {
            saved.solo_ai = choice.ai;
            if let Err(problem) = saved.save(&settings_file.0) {
                eprintln!("the settings were not saved: {problem}");
            }
        }
        let seats = match choice.mode {
            Mode::HotSeat => choice
                .seats
                .iter()
                .map(|s| match s {
                    Seat::Human => Seat::Human,
                    Seat::Ai(_) => Seat::Ai(ai),
                })
                .collect(),
            mode => seats_for(level, mode, choice.player_side, ai),
        };
        return Some(MatchSetup {
            level_file: entry.file.clone(),
            folder: entry.folder,
            seed,
            seats,
            handover: choice.handover,
            sequence: choice.sequence,
        });
    }
    None
}

fn loading(
    mut contexts: EguiContexts,
    setup: Option<Res<MatchSetup>>,
    server: Res<AssetServer>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(setup) = setup else {
        return Ok(());
    };
    let name = &setup.level_file;
    // The two files the battle needs: the ruleset (with its sibling data
    // files as dependencies) and the level.
    let paths = ["data://rules.ron".to_string(), setup.asset_path()];
    let mut loaded = 0;
    for path in &paths {
        let handle = server.get_handle_untyped(path.clone());
        if handle.is_some_and(|h| server.is_loaded_with_dependencies(h.id())) {
            loaded += 1;
        }
    }
    egui::Window::new("loading")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.label(format!("Loading {name}: the rules data and the level"));
            ui.add(
                egui::ProgressBar::new(loaded as f32 / paths.len() as f32)
                    .text(format!("{loaded} of {} files", paths.len())),
            );
        });
    Ok(())
}

fn load_failed(
    mut contexts: EguiContexts,
    errors: Res<LoadErrors>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("The level could not be loaded")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(600.0)
        .show(ctx, |ui| {
            for line in &errors.0 {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    egui::RichText::new(line).monospace(),
                );
            }
            ui.separator();
            if ui.button("Back to level select").clicked() {
                next.set(Screen::Setup);
            }
        });
    Ok(())
}

/// Who plays: the mode, the AI's level, and the side or seats.
fn who_plays(ui: &mut egui::Ui, level: &crate::level::Level, choice: &mut MenuChoice) {
    ui.separator();
    ui.horizontal(|ui| {
        for mode in Mode::ALL {
            ui.radio_value(&mut choice.mode, mode, mode.label());
        }
    });
    egui::ComboBox::from_label("AI level")
        .selected_text(choice.ai.name())
        .show_ui(ui, |ui| {
            for ai in AiLevel::MENU {
                ui.selectable_value(&mut choice.ai, ai, ai.name())
                    .on_hover_text(ai.about());
            }
        });
    ui.label(egui::RichText::new(choice.ai.about()).weak());
    sequence_choice(ui, level.sequence, &mut choice.sequence);
    let ai = choice.ai;
    if choice.seats.len() != level.sides.len() {
        choice.seats = seats_for(level, Mode::HotSeat, 0, ai);
    }
    match choice.mode {
        Mode::Solo => {
            ui.label("Your side:");
            for (k, side) in level.sides.iter().enumerate() {
                ui.radio_value(&mut choice.player_side, k, &side.name);
            }
        }
        Mode::HotSeat => {
            for (k, side) in level.sides.iter().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(&side.name);
                    let seat = &mut choice.seats[k];
                    ui.radio_value(seat, Seat::Human, "Human");
                    if ui.radio(matches!(seat, Seat::Ai(_)), "AI").clicked() {
                        *seat = Seat::Ai(ai);
                    }
                });
            }
            ui.checkbox(&mut choice.handover, "Hand-over screen between human sides");
        }
        Mode::AiVsAi => {
            ui.label("Watch the AI play every side; set its pace on the battle screen.");
        }
    }
}

/// The sequence of play to start a battle in: the level's own (`None`) or
/// another, with what each means.
pub(crate) fn sequence_choice(ui: &mut egui::Ui, own: Sequence, chosen: &mut Option<Sequence>) {
    let shown = chosen.unwrap_or(own);
    egui::ComboBox::from_label("Sequence of play")
        .selected_text(shown.name())
        .show_ui(ui, |ui| {
            for sequence in Sequence::ALL {
                let label = if sequence == own {
                    format!("{} (the level's own)", sequence.name())
                } else {
                    sequence.name().to_string()
                };
                ui.selectable_value(chosen, (sequence != own).then_some(sequence), label)
                    .on_hover_text(sequence.about());
            }
        });
    ui.label(egui::RichText::new(shown.about()).weak());
}

/// The level, side and sequence of play chosen for a game with another
/// player (in the Online room and in play by file).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct MatchChoice {
    /// The level's index in the list offered.
    pub level: usize,
    pub side: usize,
    pub sequence: Option<Sequence>,
}

/// The level, side and sequence widgets over `playable` (from
/// [`LevelLibrary::playable`]); the level chosen, if any.
pub(crate) fn match_choice<'a>(
    ui: &mut egui::Ui,
    playable: &[(
        &'a crate::game::session::match_setup::LevelEntry,
        &'a crate::level::Level,
    )],
    choice: &mut MatchChoice,
) -> Option<&'a crate::level::Level> {
    let chosen = playable.get(choice.level).map(|(_, level)| *level);
    egui::ComboBox::from_label("Level")
        .selected_text(chosen.map_or("", |level| level.name.as_str()))
        .show_ui(ui, |ui| {
            for (index, (_, level)) in playable.iter().enumerate() {
                ui.selectable_value(&mut choice.level, index, level.name.as_str());
            }
        });
    if let Some(level) = chosen {
        ui.horizontal(|ui| {
            ui.label("Your side");
            for (index, side) in level.sides.iter().enumerate() {
                ui.radio_value(&mut choice.side, index, side.name.as_str());
            }
        });
        sequence_choice(ui, level.sequence, &mut choice.sequence);
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::Replay;
    use std::path::Path;

    #[test]
    fn continue_names_the_round_and_a_finished_battle_as_over() {
        let data = Path::new("assets/data");
        let whole = Path::new("tests/replays/duel.ron");
        let (label, hover) = continue_label(whole, data);
        assert_eq!(label, "Last battle: The Duel, over");
        assert_eq!(hover, "See how the last battle ended, and its results");

        let mut replay = Replay::read(whole).expect("the recorded duel reads");
        replay.record.steps.truncate(3);
        let scratch = crate::scratch::Scratch::new("continue");
        let folder = scratch.path().to_path_buf();
        let part = folder.join("autosave.ron");
        replay
            .write_atomic(&part)
            .expect("the shortened duel writes");
        let (label, hover) = continue_label(&part, data);
        assert_eq!(label, "Continue: The Duel, round 1");
        assert_eq!(hover, "Resume the last battle exactly where it stood");
    }
}
