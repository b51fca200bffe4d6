//! The Play by file room (docs/NETWORK.md): the games by file kept here and
//! whose turn each waits for; a turn file taken in, by its path, dropped on
//! the window, or found where received files land; and a game begun on any
//! level of two sides. Taking a file in or playing a game puts it on the
//! table (`game::by_file`).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::by_file::{
    enter_file_battle, games_folder, outbox_folder, received_folder, write_turn,
};
use crate::game::screens::title::{MatchChoice, match_choice};
use crate::game::session::match_setup::{LevelEntry, LevelLibrary};
use crate::game::session::preferences::{Settings, SettingsFile};
use crate::game::stage::Screen;
use crate::net::by_file::{FileGame, FileGameMeta, SIDES, Turn, read_turn, take_turn};
use crate::vocabulary::Sequence;

/// Files looked at in each folder searched for turn files.
const MOST_FILES_LOOKED_AT: usize = 200;

/// A game kept here, as the room lists it.
struct Row {
    dir: PathBuf,
    words: String,
    game: Option<FileGame>,
    turn: Option<Turn>,
}

/// A turn file found that would bring something new.
struct Found {
    path: PathBuf,
    words: String,
}

#[derive(Resource, Default)]
struct Room {
    name: String,
    rows: Vec<Row>,
    found: Vec<Found>,
    path: String,
    /// What the last action came to: fine, or a problem.
    notice: Option<Result<String, String>>,
    choice: MatchChoice,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Room>();
    app.add_systems(OnEnter(Screen::ByFile), look_again);
    app.add_systems(Update, dropped_files.run_if(in_state(Screen::ByFile)));
    app.add_systems(
        EguiPrimaryContextPass,
        by_file_room.run_if(in_state(Screen::ByFile)),
    );
}

/// Reads the games kept and the turn files received again.
fn look_again(world: &mut World) {
    let name = world.resource::<Settings>().online.name.clone();
    let library = world.resource::<LevelLibrary>();
    let ruleset = library.ruleset.clone();
    let rows: Vec<Row> = FileGame::list(&games_folder())
        .into_iter()
        .map(|(dir, game)| match game {
            Ok(game) => {
                let turn = ruleset.as_ref().and_then(|ruleset| {
                    let level = game.replay.level(&dir, ruleset).ok()?;
                    let engine = game
                        .replay
                        .rebuild(&level, ruleset.clone(), game.replay.steps())
                        .ok()?;
                    Some(game.meta.turn(&engine))
                });
                Row {
                    words: row_words(&game, turn),
                    dir,
                    game: Some(game),
                    turn,
                }
            }
            Err(problem) => Row {
                words: format!("This game cannot be read: {problem}"),
                dir,
                game: None,
                turn: None,
            },
        })
        .collect();
    let found = found_turns(&rows);
    let mut room = world.resource_mut::<Room>();
    if room.name.is_empty() {
        room.name = name;
    }
    room.rows = rows;
    room.found = found;
}

fn row_words(game: &FileGame, turn: Option<Turn>) -> String {
    let opponent = game.meta.opponent.as_deref();
    let waiting = match (turn, opponent) {
        (Some(Turn::Mine), _) => "your turn".to_string(),
        (Some(Turn::Theirs), Some(opponent)) => format!("waiting for {opponent}"),
        (Some(Turn::Theirs), None) => "send the turn file to the other player".to_string(),
        (Some(Turn::Over), _) => "over".to_string(),
        (None, _) => "it no longer plays as recorded".to_string(),
    };
    let with = opponent.map_or(String::new(), |name| format!(" with {name}"));
    format!(
        "{}{with}, step {}: {waiting}",
        game.replay.level_name,
        game.replay.steps()
    )
}

/// The folders searched for turn files received.
fn searched_folders() -> Vec<PathBuf> {
    std::iter::once(received_folder())
        .chain(crate::files::downloads_dir())
        .collect()
}

/// Turn files in the searched folders that bring a game here something new.
fn found_turns(rows: &[Row]) -> Vec<Found> {
    let mut found = Vec::new();
    for folder in searched_folders() {
        let files = crate::game::session::match_setup::ron_files_in(&folder);
        for path in files.into_iter().take(MOST_FILES_LOOKED_AT) {
            let Ok(text) = crate::files::read_text(&path, crate::files::FileKind::Replay) else {
                continue;
            };
            let Ok((sent, by)) = read_turn(&path, &text) else {
                continue;
            };
            let held = rows
                .iter()
                .filter_map(|row| row.game.as_ref())
                .find(|game| game.meta.game == by.game);
            let words = match held {
                Some(held) if held.meta.side == by.side => continue,
                Some(held) if sent.steps() <= held.replay.steps() => continue,
                Some(_) => format!(
                    "{}'s turn in {}, to step {}",
                    by.player,
                    sent.level_name,
                    sent.steps()
                ),
                None => format!("A new game from {}: {}", by.player, sent.level_name),
            };
            found.push(Found { path, words });
        }
    }
    found
}

/// A file dropped on the window is taken in at once.
fn dropped_files(mut drops: MessageReader<FileDragAndDrop>, mut commands: Commands) {
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            let path = path_buf.clone();
            commands.queue(move |world: &mut World| take_in(world, &path));
        }
    }
}

/// Takes in the turn file at `path` and puts its game on the table, or
/// says why it is refused.
fn take_in(world: &mut World, path: &Path) {
    if let Err(problem) = try_take_in(world, path) {
        world.resource_mut::<Room>().notice = Some(Err(problem));
    }
}

fn try_take_in(world: &mut World, path: &Path) -> Result<(), String> {
    let text = crate::files::read_text(path, crate::files::FileKind::Replay)
        .map_err(|problem| problem.to_string())?;
    let (sent, by) = read_turn(path, &text).map_err(|refused| refused.to_string())?;
    let ruleset = world
        .resource::<LevelLibrary>()
        .ruleset
        .clone()
        .ok_or("the game's data could not be loaded")?;
    let room = world.resource::<Room>();
    let name = room.name.trim().to_string();
    if name.is_empty() {
        return Err("Give your name first: the other player sees it.".to_string());
    }
    remember_name(world, &name)?;
    let room = world.resource::<Room>();
    let held = room
        .rows
        .iter()
        .filter_map(|row| row.game.as_ref())
        .find(|game| game.meta.game == by.game);
    let imported = take_turn(held, &name, path, sent, ruleset).map_err(|refused| {
        let file = path.file_name().unwrap_or_default().to_string_lossy();
        format!("\"{file}\" is refused: {refused}.")
    })?;
    let dir = imported.game.meta.folder_in(&games_folder())?;
    imported
        .game
        .save(&dir)
        .map_err(|error| format!("the game could not be kept in {}: {error}", dir.display()))?;
    world.resource_mut::<Room>().notice = None;
    enter_file_battle(world, dir, imported.game, imported.held)
}

/// What a click in the room asks for.
enum Ask {
    Play(usize),
    Write(usize),
    TakeIn(PathBuf),
    Begin,
    LookAgain,
    Back,
}

fn by_file_room(
    mut contexts: EguiContexts,
    mut room: ResMut<Room>,
    library: Res<LevelLibrary>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ask = None;
    let playable = library.playable(Some(SIDES));
    egui::Window::new("Play by file")
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .resizable(false)
        .collapsible(false)
        .min_width(600.0)
        .show(ctx, |ui| ask = room_page(ui, &mut room, &playable));
    let Some(ask) = ask else { return Ok(()) };
    match ask {
        Ask::Back => {
            commands.queue(|world: &mut World| {
                world
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::Online);
            });
        }
        Ask::LookAgain => commands.queue(look_again),
        Ask::TakeIn(path) => commands.queue(move |world: &mut World| take_in(world, &path)),
        Ask::Write(index) => {
            if let Some(game) = room.rows.get(index).and_then(|row| row.game.clone()) {
                room.notice =
                    Some(write_turn(&game).map(|path| format!("Written: {}", path.display())));
            }
        }
        Ask::Play(index) => {
            if let Some(row) = room.rows.get(index)
                && let Some(game) = row.game.clone()
            {
                let (dir, steps) = (row.dir.clone(), game.replay.steps());
                commands.queue(move |world: &mut World| {
                    if let Err(problem) = enter_file_battle(world, dir, game, steps) {
                        world.resource_mut::<Room>().notice = Some(Err(problem));
                    }
                });
            }
        }
        Ask::Begin => {
            let Some((entry, _)) = playable.get(room.choice.level) else {
                return Ok(());
            };
            let path = library.path_of(entry);
            let file = entry.file.clone();
            let (side, sequence) = (room.choice.side, room.choice.sequence);
            let name = room.name.trim().to_string();
            commands.queue(move |world: &mut World| {
                if let Err(problem) = begin(world, &path, &file, side, sequence, name) {
                    world.resource_mut::<Room>().notice = Some(Err(problem));
                }
            });
        }
    }
    Ok(())
}

/// The room's page: what it shows, and what a click asks for.
fn room_page(
    ui: &mut egui::Ui,
    room: &mut Room,
    playable: &[(&LevelEntry, &crate::level::Level)],
) -> Option<Ask> {
    let mut ask = None;
    ui.label(
        "Play someone who cannot be online with you: after each turn, write the \
         turn file and send it to them; take in the file they send back.",
    );
    ui.horizontal(|ui| {
        ui.label("Your name");
        ui.add(
            egui::TextEdit::singleline(&mut room.name).char_limit(crate::names::MOST_PLAYER_CHARS),
        );
    });
    match &room.notice {
        Some(Ok(fine)) => {
            ui.label(fine);
        }
        Some(Err(problem)) => {
            ui.colored_label(egui::Color32::LIGHT_RED, problem);
        }
        None => {}
    }
    ui.separator();
    ui.heading("Your games by file");
    if room.rows.is_empty() {
        ui.label("None yet.");
    }
    for (index, row) in room.rows.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(&row.words);
            if row.turn.is_some() && ui.button("Play").clicked() {
                ask = Some(Ask::Play(index));
            }
            if matches!(row.turn, Some(Turn::Theirs | Turn::Over))
                && ui.button("Write the turn file").clicked()
            {
                ask = Some(Ask::Write(index));
            }
        });
    }
    ui.separator();
    ui.heading("Take in a turn file");
    ui.label("Drop the file on this window, give its path, or pick one found below.");
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut room.path)
                .hint_text("the file's path")
                .desired_width(420.0),
        );
        if ui.button("Take it in").clicked() && !room.path.trim().is_empty() {
            ask = Some(Ask::TakeIn(PathBuf::from(room.path.trim())));
        }
    });
    for found in &room.found {
        ui.horizontal(|ui| {
            ui.label(&found.words);
            if ui.button("Take it in").clicked() {
                ask = Some(Ask::TakeIn(found.path.clone()));
            }
        });
    }
    let folders: Vec<String> = searched_folders()
        .iter()
        .map(|f| f.display().to_string())
        .collect();
    ui.label(format!("Searched: {}.", folders.join(" and ")))
        .on_hover_text(format!(
            "Turn files you write go to {}",
            outbox_folder().display()
        ));
    if ui.button("Look again").clicked() {
        ask = Some(Ask::LookAgain);
    }
    ui.separator();
    ui.heading("Begin a game by file");
    let chosen = match_choice(ui, playable, &mut room.choice);
    let ready = chosen.is_some() && !room.name.trim().is_empty();
    if ui
        .add_enabled(ready, egui::Button::new("Begin"))
        .on_disabled_hover_text("Give your name and a level first")
        .clicked()
    {
        ask = Some(Ask::Begin);
    }
    ui.add_space(8.0);
    if ui.button("Back").clicked() {
        ask = Some(Ask::Back);
    }
    ask
}

/// Keeps the name given in the settings, as the Online room does, once
/// it is a name the other player can read.
fn remember_name(world: &mut World, name: &str) -> Result<(), String> {
    if let Some(problem) = crate::names::name_problem(name, crate::names::MOST_PLAYER_CHARS) {
        return Err(format!("Your name {problem}."));
    }
    let path = world.resource::<SettingsFile>().0.clone();
    let mut settings = world.resource_mut::<Settings>();
    if settings.online.name != name {
        settings.online.name = name.to_string();
        let _ = settings.save(&path);
    }
    Ok(())
}

/// Begins a game by file on the level at `path`, played here at `side`.
fn begin(
    world: &mut World,
    path: &Path,
    file: &str,
    side: usize,
    sequence: Option<Sequence>,
    player: String,
) -> Result<(), String> {
    use rand::RngExt;
    remember_name(world, &player)?;
    let ruleset = world
        .resource::<LevelLibrary>()
        .ruleset
        .clone()
        .ok_or("the game's data could not be loaded")?;
    let text = crate::files::read_text(path, crate::files::FileKind::Level)
        .map_err(|problem| problem.to_string())?;
    let level = crate::level::parse_level(path, &text, &ruleset).map_err(|p| p.to_string())?;
    let seed: u64 = rand::rng().random();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let meta = FileGameMeta {
        game: FileGame::name_for(&text, &player, seed, now),
        player,
        side,
        opponent: None,
    };
    let sequence = sequence.unwrap_or(level.sequence);
    let game = FileGame::begin(file, &text, &level, ruleset, sequence, meta, seed)
        .map_err(|refused| refused.to_string())?;
    let dir = game.meta.folder_in(&games_folder())?;
    game.save(&dir)
        .map_err(|error| format!("the game could not be kept in {}: {error}", dir.display()))?;
    enter_file_battle(world, dir, game, 0)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::data::Ruleset;

    /// The Duel begun by file, played here by Bo at the second side.
    fn duel(opponent: Option<&str>) -> FileGame {
        let ruleset = Arc::new(Ruleset::embedded().expect("the built-in data"));
        let path = Path::new("levels/duel.ron");
        let text = std::fs::read_to_string(path).expect("the duel");
        let level = crate::level::parse_level(path, &text, &ruleset).expect("it checks");
        let meta = FileGameMeta {
            game: "47047108f5e6".into(),
            player: "Bo".into(),
            side: 1,
            opponent: opponent.map(String::from),
        };
        FileGame::begin("duel.ron", &text, &level, ruleset, level.sequence, meta, 11)
            .expect("begun")
    }

    fn row(game: FileGame, turn: Turn) -> Row {
        Row {
            dir: std::env::temp_dir(),
            words: row_words(&game, Some(turn)),
            game: Some(game),
            turn: Some(turn),
        }
    }

    fn page(room: Room) -> Harness<'static, (Room, Option<Ask>)> {
        let ruleset = Ruleset::embedded().expect("the built-in data");
        let library = LevelLibrary::scan(Path::new("levels"), None, Some(&ruleset));
        Harness::builder()
            .with_size(egui::vec2(900.0, 900.0))
            .build_ui_state(
                move |ui, (room, asked): &mut (Room, Option<Ask>)| {
                    let playable = library.playable(Some(SIDES));
                    if let Some(ask) = room_page(ui, room, &playable) {
                        *asked = Some(ask);
                    }
                },
                (room, None),
            )
    }

    #[test]
    fn a_game_by_file_is_listed_by_its_level_the_other_player_and_whose_turn_it_is() {
        let mut harness = page(Room {
            name: "Bo".into(),
            rows: vec![row(duel(Some("Ada")), Turn::Mine)],
            ..Room::default()
        });
        assert!(
            harness
                .query_by_label("The Duel with Ada, step 0: your turn")
                .is_some()
        );
        for id in ["47047108f5e6", "duel.ron", "Mine"] {
            assert!(harness.query_by_label_contains(id).is_none(), "{id} shows");
        }
        assert!(harness.query_by_label("Write the turn file").is_none());
        harness.get_by_label("Play").click();
        harness.run();
        assert!(matches!(harness.state().1, Some(Ask::Play(0))));
    }

    #[test]
    fn a_game_waiting_for_the_other_player_offers_its_turn_file_to_send() {
        let mut harness = page(Room {
            name: "Bo".into(),
            rows: vec![row(duel(None), Turn::Theirs)],
            ..Room::default()
        });
        assert!(
            harness
                .query_by_label("The Duel, step 0: send the turn file to the other player")
                .is_some()
        );
        harness.get_by_label("Write the turn file").click();
        harness.run();
        assert!(matches!(harness.state().1, Some(Ask::Write(0))));
    }

    #[test]
    fn a_game_begins_only_once_a_name_is_given_and_a_refusal_is_said_in_words() {
        let refused = "\"turn.ron\" is refused: the file is an older turn.";
        let mut harness = page(Room {
            notice: Some(Err(refused.into())),
            ..Room::default()
        });
        assert!(harness.query_by_label(refused).is_some());
        assert!(harness.query_by_label("None yet.").is_some());
        harness.get_by_label("Begin").click();
        harness.run();
        assert!(harness.state().1.is_none(), "begun without a name");
        harness.state_mut().0.name = "Bo".into();
        harness.run();
        harness.get_by_label("Begin").click();
        harness.run();
        assert!(matches!(harness.state().1, Some(Ask::Begin)));
    }
}
