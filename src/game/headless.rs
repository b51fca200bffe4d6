//! `play --headless`: the game's own battle schedule (the engine's step, the
//! AI seats, the record and the autosave) without a window, run until the
//! battle ends. With `--continue` it resumes the autosave, as Continue on the
//! title screen does. The autosave's crash tests drive it.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::game::ai_driver::AiPace;
use crate::game::hud::HudState;
use crate::game::mirror::install_battle;
use crate::game::session::match_setup::{LevelFolder, MatchSetup};
use crate::game::session::saves::{Autosaver, SaveFolder, rebuild_saved};
use crate::game::stage::Screen;
use crate::level::load_level;
use crate::replay::Replay;
use crate::rules::dice::Dice;
use crate::seat::{Seat, seated_level};
use crate::vocabulary::Sequence;

/// Updates allowed before the run gives up (far beyond any battle).
const MOST_UPDATES: usize = 1_000_000;

/// Where the headless battle comes from.
pub enum HeadlessStart<'a> {
    /// A new battle on a level file.
    Level {
        path: &'a Path,
        folder: LevelFolder,
        seed: u64,
        seats: Vec<Seat>,
        /// Another sequence of play than the level's own.
        sequence: Option<Sequence>,
    },
    /// The autosave in the saves folder.
    Continue,
}

/// Plays a battle to its end without a window, autosaving after every
/// command into `folder`.
pub fn run_headless(data_dir: &Path, folder: SaveFolder, start: HeadlessStart) -> ExitCode {
    let prepared = match prepare(data_dir, &folder, start) {
        Ok(prepared) => prepared,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let (engine, replay, setup) = prepared;
    if setup.seats.contains(&Seat::Human) {
        eprintln!("--headless plays only AI seats: give --mode ai-vs-ai");
        return ExitCode::from(2);
    }
    let mut app = battle_app(folder, setup, engine, replay);
    for _ in 0..MOST_UPDATES {
        app.update();
        if app.world().resource::<Engine>().ended() {
            break;
        }
    }
    // A battle played but not kept is a failure: its autosave is its result.
    let kept = app.world_mut().remove_resource::<Autosaver>().map_or(
        Err("the autosave never started".to_string()),
        Autosaver::finish,
    );
    if let Err(failed) = kept {
        eprintln!("the battle was not kept: {failed}");
        return ExitCode::FAILURE;
    }
    let world = app.world();
    let battle = &world.resource::<Engine>().state().battle();
    match battle.outcome_in_words() {
        Some(outcome) => {
            println!(
                "{}: {} commands, round {}: {outcome}",
                battle.level.name,
                world.resource::<Replay>().steps(),
                battle.round
            );
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("the battle did not end");
            ExitCode::FAILURE
        }
    }
}

/// The game's battle schedule without a window, with `engine` on the table,
/// `replay` as its record and the autosave writing into `folder`: the engine's
/// step, the AI seats (with no pause), the record, the autosave, undo.
pub fn battle_app(folder: SaveFolder, setup: MatchSetup, engine: Engine, replay: Replay) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.add_plugins((
        (crate::game::steps::plugin, crate::game::mirror::plugin),
        crate::game::ai_driver::plugin,
        crate::game::session::saves::plugin,
        crate::game::session::undo::plugin,
    ));
    app.insert_state(Screen::Battle);
    app.init_resource::<HudState>();
    app.insert_resource(AiPace::immediate());
    app.insert_resource(Autosaver::start(folder.clone()));
    app.insert_resource(folder);
    app.insert_resource(setup);
    app.finish();
    app.cleanup();
    install_battle(app.world_mut(), engine);
    crate::game::screens::loading::keep_replay(app.world_mut(), Some(replay));
    app
}

type Prepared = (Engine, Replay, MatchSetup);

/// The battle to start: a new one on a level, or the autosave rebuilt.
pub fn prepare(
    data_dir: &Path,
    folder: &SaveFolder,
    start: HeadlessStart,
) -> Result<Prepared, String> {
    match start {
        HeadlessStart::Continue => {
            // The autosave, or, when it cannot be opened, the one before it,
            // as the game's Continue offers.
            let mut problems = Vec::new();
            let mut rebuilt = None;
            for path in [folder.autosave(), folder.previous_autosave()] {
                if !path.is_file() {
                    continue;
                }
                match rebuild_saved(&path, data_dir, None) {
                    Ok(battle) => {
                        rebuilt = Some(battle);
                        break;
                    }
                    Err(problem) => problems.push(format!("{}: {problem}", path.display())),
                }
            }
            let Some((replay, engine)) = rebuilt else {
                return Err(match problems.is_empty() {
                    true => format!("{}: no autosave to continue", folder.0.display()),
                    false => problems.join("\n"),
                });
            };
            if let Some(problem) = problems.first() {
                eprintln!("{problem}\ngoing on from the autosave before it");
            }
            let setup = MatchSetup {
                level_file: replay.level_file.clone(),
                folder: LevelFolder::Library,
                seed: replay.seed,
                seats: replay.seats.clone(),
                handover: false,
                sequence: None,
            };
            Ok((engine, replay, setup))
        }
        HeadlessStart::Level {
            path,
            folder: level_folder,
            seed,
            seats,
            sequence,
        } => {
            let ruleset = Ruleset::load_dir(data_dir).map_err(|p| p.to_string())?;
            let mut level = load_level(path, &ruleset).map_err(|p| p.to_string())?.level;
            if let Some(sequence) = sequence {
                level.sequence = sequence;
            }
            let text = crate::files::read_text(path, crate::files::FileKind::Level)
                .map_err(|e| e.to_string())?;
            let ruleset = Arc::new(ruleset);
            let engine = Engine::start(
                &seated_level(&level, &seats),
                ruleset.clone(),
                seed,
                Dice::seeded(seed),
            );
            let file = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut replay = Replay::begin(&file, &text, &ruleset, &seats, &engine);
            replay.saved_at = crate::replay::now();
            let setup = MatchSetup {
                level_file: file,
                folder: level_folder,
                seed,
                seats,
                handover: false,
                sequence,
            };
            Ok((engine, replay, setup))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::Duration;

    use super::*;
    use crate::ai::AiLevel;
    use crate::battle::events::BattleEvent;
    use crate::game::headless::{HeadlessStart, battle_app, prepare};
    use crate::game::session::match_setup::LevelFolder;
    use crate::game::session::saves::SaveFolder;

    /// The skirmish, Hard against Hard on the game's own schedule with the
    /// given pause, until `actions` actions have been resolved: the log.
    fn skirmish_log(pause: f32, actions: u32) -> Vec<BattleEvent> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let scratch = crate::scratch::Scratch::new(&format!("ai-pause-{}", pause > 0.0));
        let folder = SaveFolder(scratch.to_path_buf());
        let start = HeadlessStart::Level {
            path: &root.join("levels/skirmish.ron"),
            folder: LevelFolder::Library,
            seed: 4,
            seats: vec![Seat::Ai(AiLevel::Hard); 2],
            sequence: None,
        };
        let (engine, replay, setup) =
            prepare(&root.join("assets/data"), &folder, start).expect("the skirmish starts");
        let mut app = battle_app(folder.clone(), setup, engine, replay);
        app.world_mut().resource_mut::<AiPace>().seconds = pause;
        for _ in 0..200_000 {
            app.update();
            if app.world().resource::<Engine>().state().battle().actions >= actions {
                break;
            }
            std::thread::sleep(Duration::from_micros(100));
        }
        let engine = app.world().resource::<Engine>();
        assert!(engine.state().battle().actions >= actions, "the AI stalled");
        engine.log().to_vec()
    }

    #[test]
    fn with_a_pause_the_ai_thinks_on_a_worker_thread_and_plays_the_same_battle() {
        let at_once = skirmish_log(0.0, 12);
        let meanwhile = skirmish_log(0.002, 12);
        let shared = at_once.len().min(meanwhile.len());
        assert_eq!(at_once[..shared], meanwhile[..shared]);
    }
}
