//! Nothing is lost: every battle keeps its [`Replay`] as it is fought, and
//! after every command a writer thread puts it on disk as the autosave
//! (written whole then renamed, the previous one kept beside it). Named
//! saves, Continue and Load all open a replay file and rebuild the battle
//! from it, checking every step.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::battle::command::Command;
use crate::battle::engine::Engine;
use crate::data::load_ruleset;
use crate::game::session::match_setup::PreparedBattle;
use crate::game::session::match_setup::{LevelFolder, MatchSetup, to_the_table};
use crate::game::session::play_settings::PlaySettings;
use crate::game::session::watching::Viewer;
use crate::game::steps::RulesSet;
use crate::game::steps::StepTaken;
use crate::replay::{Divergence, Replay, text_hash};
use crate::seat::{Seat, seat_of};

/// The autosave and the one before it, in the saves folder.
pub const AUTOSAVE: &str = "autosave.ron";
pub const PREVIOUS_AUTOSAVE: &str = "autosave.previous.ron";

/// Where saves live: `--saves DIR`, or the platform's data folder
/// (`~/.local/share/swift-swords/saves` on Linux).
#[derive(Resource, Debug, Clone)]
pub struct SaveFolder(pub PathBuf);

impl SaveFolder {
    pub fn platform_default() -> PathBuf {
        crate::files::data_dir().join("saves")
    }

    pub fn autosave(&self) -> PathBuf {
        self.0.join(AUTOSAVE)
    }

    pub fn previous_autosave(&self) -> PathBuf {
        self.0.join(PREVIOUS_AUTOSAVE)
    }

    /// Where finished battles' replays are kept.
    pub fn replays(&self) -> PathBuf {
        self.0.join("replays")
    }

    /// The autosave Continue opens: the newest whole one.
    pub fn continue_from(&self) -> Option<PathBuf> {
        [self.autosave(), self.previous_autosave()]
            .into_iter()
            .find(|p| p.is_file())
    }
}

/// Commands taken back, the last one on top.
#[derive(Resource, Debug, Clone, Default)]
pub struct RedoStack(pub Vec<Command>);

impl RedoStack {
    /// A command was accepted: the one on top if it was redone, else a new
    /// command from a human seat ends what could be redone (the AI's answers
    /// to a redone command do not).
    pub fn accepted(&mut self, command: &Command, from_human: bool) {
        if self.0.last() == Some(command) {
            self.0.pop();
        } else if from_human {
            self.0.clear();
        }
    }
}

/// Something to tell the player about a save (shown on the title screen or
/// over the battle), and a file to fall back on.
#[derive(Resource, Debug, Clone, Default)]
pub struct SaveNotice {
    pub message: Option<String>,
    pub fallback: Option<PathBuf>,
}

/// Sends each state of the battle's replay to the writer thread, so the
/// frame never waits for the disk. Dropped (the game closing, a new battle
/// taking its place), it waits for the writes sent: the last step is never
/// lost, and no write lands after its folder is gone.
#[derive(Resource)]
pub struct Autosaver {
    sender: Option<Sender<Replay>>,
    /// The writer thread; it ends with the last write that failed, if any.
    writer: Option<std::thread::JoinHandle<Option<String>>>,
}

impl Autosaver {
    /// Starts the writer thread for `folder`.
    pub fn start(folder: SaveFolder) -> Self {
        let (sender, receiver) = channel();
        let writer = std::thread::Builder::new()
            .name("autosave".into())
            .spawn(move || write_autosaves(&folder, &receiver))
            .map_err(|error| eprintln!("the autosave cannot start: {error}"))
            .ok();
        Self {
            sender: Some(sender),
            writer,
        }
    }

    pub fn save(&self, replay: Replay) {
        // The writer only stops when the game does.
        if let Some(sender) = &self.sender {
            let _ = sender.send(replay);
        }
    }

    /// Waits until everything sent has been written. Returns the last
    /// write that failed, in words, if any did (or the writer never ran).
    pub fn finish(mut self) -> Result<(), String> {
        self.close()
    }

    fn close(&mut self) -> Result<(), String> {
        self.sender = None;
        let Some(writer) = self.writer.take() else {
            return Err("the autosave never started".into());
        };
        match writer.join() {
            Ok(None) => Ok(()),
            Ok(Some(failed)) => Err(failed),
            Err(_) => Err("the autosave stopped unexpectedly".into()),
        }
    }
}

impl Drop for Autosaver {
    fn drop(&mut self) {
        if self.writer.is_some() {
            let _ = self.close();
        }
    }
}

/// The autosave of a battle kept in a folder of its own (a campaign's, a
/// game by file's): such a battle never takes Continue's place.
#[derive(Resource)]
pub struct SeparateAutosave(pub Autosaver);

/// Where the battle on the table autosaves: its own folder, or Continue's.
pub fn battle_autosaver(world: &World) -> Option<&Autosaver> {
    match world.get_resource::<SeparateAutosave>() {
        Some(separate) => Some(&separate.0),
        None => world.get_resource::<Autosaver>(),
    }
}

/// Where the battle on the table autosaves, as a system sees it.
#[derive(SystemParam)]
pub struct BattleAutosave<'w> {
    autosaver: Option<Res<'w, Autosaver>>,
    separate: Option<Res<'w, SeparateAutosave>>,
    playtest: Option<Res<'w, Playtesting>>,
}

impl BattleAutosave<'_> {
    /// Hands the battle's record as it now stands to its autosave (a
    /// playtest's goes only to its record).
    pub fn save(&self, replay: &mut Replay) {
        let autosaver = match &self.separate {
            Some(separate) => Some(&separate.0),
            None => self.autosaver.as_deref(),
        };
        if let Some(autosaver) = autosaver
            && self.playtest.is_none()
        {
            replay.saved_at = crate::replay::now();
            autosaver.save(replay.clone());
        }
    }
}

/// The writer thread: writes the newest replay received, whole, keeping the
/// previous autosave.
fn write_autosaves(folder: &SaveFolder, receiver: &Receiver<Replay>) -> Option<String> {
    let mut failed = None;
    while let Ok(mut replay) = receiver.recv() {
        // Several commands may have come in while the disk was busy: only
        // the newest matters.
        while let Ok(newer) = receiver.try_recv() {
            replay = newer;
        }
        if let Err(error) = write_autosave(folder, &replay) {
            let message = format!("{}: cannot autosave: {error}", folder.0.display());
            eprintln!("{message}");
            failed = Some(message);
        }
    }
    failed
}

/// Writes `replay` as the autosave: the new file is written and flushed
/// beside it, the old autosave becomes the previous one, and the new file
/// takes its name. A crash at any moment leaves a whole autosave (or, for a
/// moment, only the previous one).
pub fn write_autosave(folder: &SaveFolder, replay: &Replay) -> std::io::Result<()> {
    let incoming = folder.0.join("autosave.incoming.ron");
    replay.write_atomic(&incoming)?;
    let current = folder.autosave();
    if current.exists() {
        std::fs::rename(&current, folder.previous_autosave())?;
    }
    std::fs::rename(&incoming, &current)
}

/// A saved battle as the save list shows it.
#[derive(Debug, Clone)]
pub struct SaveEntry {
    pub path: PathBuf,
    /// The save's name (its file name without `.ron`).
    pub name: String,
    /// The level and round, or what is wrong with the file.
    pub summary: Result<(String, u32), String>,
    pub saved_at: u64,
}

/// Every save in the folder, newest first.
pub fn list_saves(folder: &Path) -> Vec<SaveEntry> {
    let mut entries: Vec<SaveEntry> = std::fs::read_dir(folder)
        .map(|dir| {
            dir.flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.extension().is_some_and(|e| e == "ron")
                        && !p.to_string_lossy().ends_with("incoming.ron")
                })
                .map(|path| entry_of(&path))
                .collect()
        })
        .unwrap_or_default();
    entries.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then(a.name.cmp(&b.name)));
    entries
}

/// A save's name in the list: its file name, or what an autosave is.
fn list_name(path: &Path) -> String {
    match path.file_name().and_then(|n| n.to_str()) {
        Some(AUTOSAVE) => "Autosave".to_string(),
        Some(PREVIOUS_AUTOSAVE) => "Previous autosave".to_string(),
        _ => path
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    }
}

fn entry_of(path: &Path) -> SaveEntry {
    let name = list_name(path);
    match Replay::read(path) {
        Ok(replay) => SaveEntry {
            path: path.to_path_buf(),
            name,
            summary: Ok((replay.level_name, replay.round.max(1))),
            saved_at: replay.saved_at,
        },
        Err(problems) => SaveEntry {
            path: path.to_path_buf(),
            name,
            summary: Err(problems.to_string()),
            saved_at: 0,
        },
    }
}

/// A save's name made safe as a file name.
pub fn file_name_for(name: &str) -> String {
    let cleaned: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == ' ' || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let cleaned = cleaned.trim().to_string();
    let stem = if cleaned.is_empty() || cleaned.starts_with("autosave") {
        format!("save {cleaned}")
    } else {
        cleaned
    };
    format!("{stem}.ron")
}

/// A date and time (UTC) from seconds since 1970, as `2026-11-23 14:05`.
pub fn date_of(seconds: u64) -> String {
    if seconds == 0 {
        return "unknown date".to_string();
    }
    let days = (seconds / 86_400) as i64;
    let (hour, minute) = ((seconds % 86_400) / 3600, (seconds % 3600) / 60);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
}

/// Why a saved battle could not be opened.
#[derive(Debug, Clone)]
pub enum OpenProblem {
    /// The file is unreadable, not a save, or its level no longer checks.
    File(String),
    /// The battle no longer plays as recorded; it does up to `held` steps.
    Diverged { divergence: Divergence, held: usize },
}

impl std::fmt::Display for OpenProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::File(message) => f.write_str(message),
            Self::Diverged { divergence, .. } => write!(
                f,
                "The game now plays this battle differently from when it was saved: {divergence}."
            ),
        }
    }
}

/// Reads a save or replay and rebuilds its battle through `steps` commands
/// (all of them when `None`), checking each one.
pub fn rebuild_saved(
    path: &Path,
    data_dir: &Path,
    steps: Option<usize>,
) -> Result<(Replay, Engine), OpenProblem> {
    let replay = Replay::read(path).map_err(|p| OpenProblem::File(p.to_string()))?;
    let ruleset = load_ruleset(Some(data_dir)).map_err(|p| OpenProblem::File(p.to_string()))?;
    let level = replay
        .level(path, &ruleset)
        .map_err(|p| OpenProblem::File(p.to_string()))?;
    let to = steps.unwrap_or(replay.steps()).min(replay.steps());
    match replay.rebuild(&level, Arc::new(ruleset), to) {
        Ok(engine) => Ok((replay, engine)),
        Err(divergence) => Err(OpenProblem::Diverged {
            held: divergence.step.saturating_sub(1),
            divergence,
        }),
    }
}

/// Opens a saved battle on the battle screen with its seats, as it stood
/// after `steps` commands (all when `None`). Problems become the notice,
/// with the previous autosave (or, for a battle that no longer plays as
/// recorded, its last step that held) to fall back on.
pub fn open_saved(world: &mut World, path: &Path, steps: Option<usize>) {
    let settings = world.resource::<PlaySettings>().clone();
    let folder = world.resource::<SaveFolder>().clone();
    match rebuild_saved(path, &settings.data_dir, steps) {
        Ok((mut replay, engine)) => {
            // Going on from an earlier step: the steps after it are dropped.
            replay.record.steps.truncate(steps.unwrap_or(usize::MAX));
            replay.round = engine.state().battle().round;
            let mut notice = SaveNotice::default();
            // The level's file as it is now, in the game's folder or the
            // player's own (one may hold a copy of the other's under the
            // same name: the one that still holds the battle's level is
            // it). Only a plain file name there, never a path the save
            // names elsewhere: the save carries the level's text.
            let plain = Path::new(&replay.level_file)
                .file_name()
                .is_some_and(|name| *name == *replay.level_file);
            let found: Vec<(LevelFolder, String)> = [
                (LevelFolder::Library, &settings.levels_dir),
                (LevelFolder::Own, &settings.own_levels_dir),
            ]
            .into_iter()
            .filter(|_| plain)
            .map(|(folder, dir)| (folder, dir.join(&replay.level_file)))
            .filter(|(_, path)| path.is_file())
            .filter_map(|(folder, path)| {
                let text = crate::files::read_text(&path, crate::files::FileKind::Level).ok()?;
                Some((folder, text))
            })
            .collect();
            let same = found
                .iter()
                .find(|(_, text)| text_hash(text) == replay.level_hash);
            let folder = same
                .or(found.first())
                .map_or_else(LevelFolder::default, |f| f.0);
            if same.is_none() && !found.is_empty() {
                notice.message = Some(format!(
                    "The level file {} has changed since this battle began; it goes on as it \
                     was when the battle began.",
                    replay.level_file
                ));
            }
            world.insert_resource(notice);
            world.insert_resource(FallbackSteps::default());
            let setup = MatchSetup {
                level_file: replay.level_file.clone(),
                folder,
                seed: replay.seed,
                seats: replay.seats.clone(),
                handover: replay.seats.iter().filter(|s| **s == Seat::Human).count() > 1,
                sequence: None,
            };
            let prepared = PreparedBattle {
                engine,
                replay: Some(replay),
            };
            to_the_table(world, setup, prepared);
        }
        Err(problem) => {
            let fallback = match &problem {
                OpenProblem::Diverged { held, .. } if *held > 0 => None,
                _ if path == folder.autosave() && folder.previous_autosave().exists() => {
                    Some(folder.previous_autosave())
                }
                _ => None,
            };
            let message = match &problem {
                OpenProblem::Diverged { held, .. } if *held > 0 => format!(
                    "{problem} It can go on from step {held}, the last that played the same."
                ),
                _ => format!("{} could not be opened: {problem}", display_name(path)),
            };
            world.insert_resource(SaveNotice {
                message: Some(message),
                fallback,
            });
            world.insert_resource(FallbackSteps(match problem {
                OpenProblem::Diverged { held, .. } if held > 0 => Some((path.to_path_buf(), held)),
                _ => None,
            }));
        }
    }
}

/// A battle that no longer plays as saved, and the last step that held.
#[derive(Resource, Debug, Clone, Default)]
pub struct FallbackSteps(pub Option<(PathBuf, usize)>);

/// A save's name as a message names it.
pub fn display_name(path: &Path) -> String {
    match path.file_name().and_then(|n| n.to_str()) {
        Some(AUTOSAVE | PREVIOUS_AUTOSAVE) => format!("The {}", list_name(path).to_lowercase()),
        _ => format!("The save \"{}\"", list_name(path)),
    }
}

/// A battle started from the editor: its pause menu goes back to it, and
/// it never takes Continue's place (the editor keeps the draft).
#[derive(Resource)]
pub struct Playtesting;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SaveNotice>();
    app.init_resource::<FallbackSteps>();
    app.add_systems(
        Update,
        record_and_autosave
            .after(RulesSet::Resolve)
            .before(RulesSet::Mirror)
            .run_if(resource_exists::<Replay>)
            .run_if(not(resource_exists::<Viewer>)),
    );
}

/// Logs the command the engine has just accepted in the battle's replay and
/// hands the replay to the autosave (a playtest's only to its record).
fn record_and_autosave(
    mut taken: MessageReader<StepTaken>,
    engine: Res<Engine>,
    mut replay: ResMut<Replay>,
    mut redo: ResMut<RedoStack>,
    setup: Res<MatchSetup>,
    autosave: BattleAutosave,
) {
    for step in taken.read() {
        let Some(command) = step.accepted() else {
            continue;
        };
        let from_human = seat_of(engine.state(), &setup.seats, &command.unit) == Some(Seat::Human);
        replay.push_stirred(command.clone(), step.salt, &engine);
        redo.accepted(command, from_human);
        autosave.save(&mut replay);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_name_never_leaves_the_saves_folder_nor_takes_the_autosaves_place() {
        assert_eq!(
            file_name_for("Round 3, before the charge"),
            "Round 3_ before the charge.ron"
        );
        assert_eq!(file_name_for("../../etc/passwd"), "______etc_passwd.ron");
        assert_eq!(file_name_for("   "), "save .ron");
        assert_eq!(file_name_for("autosave"), "save autosave.ron");
    }

    #[test]
    fn an_autosaver_dropped_has_written_the_last_step_sent_to_it() {
        use crate::game::test_engines::{ROLAND_STRIP, roland_to_act};
        let scratch = crate::scratch::Scratch::new("autosave-drop");
        let folder = SaveFolder(scratch.to_path_buf());
        let engine = roland_to_act();
        let ruleset = crate::data::Ruleset::embedded().expect("the built-in data loads");
        let seats = [Seat::Human, Seat::Human];
        let replay = Replay::begin("strip.ron", ROLAND_STRIP, &ruleset, &seats, &engine);
        let autosaver = Autosaver::start(folder.clone());
        autosaver.save(replay.clone());
        drop(autosaver);
        let written = Replay::read(&folder.autosave()).expect("the autosave is on disk");
        assert_eq!(written.level_file, "strip.ron");
    }

    #[test]
    fn save_dates_read_as_the_calendar_does() {
        assert_eq!(date_of(0), "unknown date");
        assert_eq!(date_of(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(date_of(1_795_435_051), "2026-11-23 11:57 UTC");
    }
}
