//! Saves, Continue and undo, headless: the game's own battle schedule (see
//! `game::headless`) with its record, autosave and undo, and the game binary
//! killed with SIGKILL in the middle of a battle.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use swift_swords::ai::{AiLevel, legal_commands};
use swift_swords::battle::command::{Command, Order};
use swift_swords::battle::engine::Engine;
use swift_swords::battle::record::Fingerprint;
use swift_swords::data::Ruleset;
use swift_swords::game::headless::{HeadlessStart, battle_app, prepare};
use swift_swords::game::session::match_setup::{LevelFolder, MatchSetup, PreparedBattle};
use swift_swords::game::session::play_settings::PlaySettings;
use swift_swords::game::session::saves::RedoStack;
use swift_swords::game::session::saves::{
    Autosaver, FallbackSteps, Playtesting, SaveFolder, SaveNotice, open_saved, write_autosave,
};
use swift_swords::game::session::undo::{redo, undo, undo_verdict};
use swift_swords::game::steps::CommandQueue;
use swift_swords::level::load_level;
use swift_swords::replay::Replay;
use swift_swords::rules::dice::Dice;
use swift_swords::seat::{Seat, seated_level};
use swift_swords::vocabulary::ZoneCoord;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> swift_swords::scratch::Scratch {
    swift_swords::scratch::Scratch::new(name)
}

/// Skirmish with seed 4 and the given seats, on the headless schedule.
fn skirmish(folder: &Path, seats: [Seat; 2]) -> App {
    let data = root().join("assets/data");
    let start = HeadlessStart::Level {
        path: &root().join("levels/skirmish.ron"),
        folder: LevelFolder::Library,
        seed: 4,
        seats: seats.to_vec(),
        sequence: None,
    };
    let folder = SaveFolder(folder.to_path_buf());
    let own = folder.0.join("own levels");
    let (engine, replay, setup) = prepare(&data, &folder, start).expect("skirmish starts");
    let mut app = battle_app(folder, setup, engine, replay);
    app.insert_resource(PlaySettings {
        data_dir: data,
        levels_dir: root().join("levels"),
        // The player's own levels, and the editor's, never the project's.
        own_levels_dir: own.clone(),
        editor_dir: own,
        named_dir: root().join("levels"),
        screenshot: None,
        screenshot_after_actions: 0,
        report_frame_time: false,
    });
    // The east's archer acts first: let an AI seat answer before the test.
    settle(&mut app);
    app
}

/// Runs the schedule until the command queue is empty and no AI seat has
/// the turn: one update resolves a command, the next lets an AI seat answer.
fn settle(app: &mut App) {
    for _ in 0..100 {
        app.update();
        let world = app.world();
        let state = world.resource::<Engine>().state();
        let ai_to_act = state.acting_unit().is_some_and(|u| {
            matches!(
                world.resource::<MatchSetup>().seats[state.units()[u].unit.side],
                Seat::Ai(_)
            )
        });
        if world.resource::<CommandQueue>().0.is_empty() && !ai_to_act {
            return;
        }
    }
    panic!("the AI seats went on for 100 updates");
}

fn fingerprint(app: &App) -> Fingerprint {
    Fingerprint::of(app.world().resource::<Engine>())
}

fn give(app: &mut App, unit: &str, order: Order) {
    app.world_mut()
        .resource_mut::<CommandQueue>()
        .order(Command::new(unit, order));
    settle(app);
}

/// [`give`], and the engine took the command.
fn given(app: &mut App, unit: &str, order: Order) {
    let before = steps(app);
    give(app, unit, order);
    let taken = &app.world().resource::<Replay>().record.steps[before..];
    assert_eq!(
        taken.first().map(|step| step.command.unit.as_str()),
        Some(unit)
    );
}

fn steps(app: &App) -> usize {
    app.world().resource::<Replay>().steps()
}

fn move_to(x: u16, y: u16) -> Order {
    Order::Move {
        to: ZoneCoord(x, y),
        pay: None,
    }
}

/// Waits for the writer thread to put everything on disk.
fn flush(app: &mut App) {
    if let Some(autosaver) = app.world_mut().remove_resource::<Autosaver>() {
        autosaver.finish().expect("every autosave is written");
    }
}

fn give_first_legal(app: &mut App) {
    let command = legal_commands(app.world().resource::<Engine>().state())
        .into_iter()
        .next()
        .expect("a legal command");
    app.world_mut()
        .resource_mut::<CommandQueue>()
        .order(command);
    settle(app);
}

/// A battle begun but not yet played, or a playtest even once played, never
/// takes Continue's place: the battle before stays to be continued.
#[test]
fn a_playtest_or_a_battle_with_no_command_yet_leaves_continue_to_the_battle_before() {
    let folder = scratch("continue-kept");
    let autosave = folder.join("autosave.ron");
    let mut before = skirmish(&folder, [Seat::Human, Seat::Human]);
    give_first_legal(&mut before);
    flush(&mut before);
    let kept = Replay::read(&autosave).expect("the battle before is kept");
    assert_eq!(kept.steps(), 1);

    let mut begun = skirmish(&folder, [Seat::Human, Seat::Human]);
    begun.update();
    flush(&mut begun);
    assert_eq!(Replay::read(&autosave).expect("reads").record, kept.record);

    let mut playtest = skirmish(&folder, [Seat::Human, Seat::Human]);
    playtest.insert_resource(Playtesting);
    give_first_legal(&mut playtest);
    assert_eq!(steps(&playtest), 1);
    flush(&mut playtest);
    assert_eq!(Replay::read(&autosave).expect("reads").record, kept.record);
}

#[test]
fn undo_in_solo_takes_back_the_move_and_the_ai_answer_and_redo_plays_them_again() {
    let folder = scratch("undo-solo");
    let mut app = skirmish(&folder, [Seat::Human, Seat::Ai(AiLevel::Normal)]);
    let before = fingerprint(&app);
    let steps_before = steps(&app);
    give(&mut app, "west_captain", move_to(1, 1));
    assert!(
        steps(&app) >= steps_before + 2,
        "the move and the AI's answer"
    );
    let after = fingerprint(&app);

    undo(app.world_mut()).expect("a move that rolled no dice can be undone");
    assert_eq!(fingerprint(&app), before);
    assert_eq!(steps(&app), steps_before);
    assert_eq!(app.world().resource::<RedoStack>().0.len(), 1);

    redo(app.world_mut()).expect("redo");
    settle(&mut app);
    assert_eq!(fingerprint(&app), after, "the AI answers as it did before");
    assert!(app.world().resource::<RedoStack>().0.is_empty());
}

#[test]
fn undo_refuses_once_dice_have_rolled_since_the_last_command() {
    let folder = scratch("undo-dice");
    let mut app = skirmish(&folder, [Seat::Human, Seat::Ai(AiLevel::Normal)]);
    // Play the west's first legal commands until one has rolled dice.
    for _ in 0..200 {
        let world = app.world();
        let replay = world.resource::<Replay>();
        let engine = world.resource::<Engine>();
        let seats = &world.resource::<MatchSetup>().seats;
        if let Err(reason) = undo_verdict(replay, engine, seats)
            && reason.contains("Dice")
        {
            let refused = undo(app.world_mut()).expect_err("refused");
            assert_eq!(refused, reason);
            return;
        }
        match legal_commands(engine.state())
            .into_iter()
            .find(|c| c.unit.starts_with("west"))
        {
            Some(command) => give(&mut app, &command.unit, command.order),
            None => app.update(),
        }
    }
    panic!("no command rolled dice");
}

#[test]
fn undo_in_hot_seat_takes_back_only_the_commands_of_the_player_whose_turn_it_is() {
    let folder = scratch("undo-hot-seat");
    let mut app = skirmish(&folder, [Seat::Human, Seat::Human]);
    let verdict = |app: &App| {
        let world = app.world();
        undo_verdict(
            world.resource::<Replay>(),
            world.resource::<Engine>(),
            &world.resource::<MatchSetup>().seats,
        )
    };
    // Both players play on as the AI would. Whenever the turn has passed to
    // the other side, the last command is not theirs to take back; when a
    // side acts twice running without a die rolled, its player may undo.
    let side_to_act = |app: &App| {
        let state = app.world().resource::<Engine>().state();
        state.acting_unit().map(|u| state.units()[u].unit.side)
    };
    let (mut undone, mut handed_over) = (false, false);
    for _ in 0..200 {
        let before = side_to_act(&app);
        let command =
            swift_swords::ai::choose(app.world().resource::<Engine>().state(), AiLevel::Normal)
                .expect("someone acts");
        give(&mut app, &command.unit, command.order);
        match verdict(&app) {
            Ok((step, _)) if !undone => {
                assert_eq!(side_to_act(&app), before, "the same player still acts");
                undo(app.world_mut()).expect("undone");
                assert_eq!(steps(&app), step);
                undone = true;
            }
            Ok(_) => {}
            Err(reason) if reason == "The other player has the turn now." => {
                assert_ne!(side_to_act(&app), before, "the turn has passed");
                handed_over = true;
            }
            Err(reason) => assert!(reason.starts_with("Dice"), "{reason}"),
        }
        if undone && handed_over {
            break;
        }
    }
    assert!(handed_over, "the turn passed between the players");
    assert!(undone, "a side acted twice running without dice");
}

#[test]
fn continue_rebuilds_the_autosaved_battle_exactly_and_a_damaged_one_offers_the_previous() {
    let folder = scratch("continue");
    let mut app = skirmish(&folder, [Seat::Human, Seat::Ai(AiLevel::Normal)]);
    let saves = SaveFolder(folder.to_path_buf());
    given(&mut app, "west_captain", move_to(1, 1));
    // The writer keeps only the newest of the saves that queue up while the
    // disk is busy: wait for this one, so the next leaves it as the previous.
    flush(&mut app);
    app.insert_resource(Autosaver::start(saves.clone()));
    // The second spear's turn: a command refused would write nothing, and
    // the previous autosave would be there only if the writer had not
    // caught up with the first.
    given(&mut app, "west_spear_2", move_to(1, 2));
    let standing = fingerprint(&app);
    flush(&mut app);
    assert!(saves.previous_autosave().is_file());

    open_saved(app.world_mut(), &saves.autosave(), None);
    let prepared = app
        .world()
        .get_resource::<PreparedBattle>()
        .expect("the battle is ready for the table");
    assert_eq!(Fingerprint::of(&prepared.engine), standing);
    assert_eq!(
        app.world().resource::<MatchSetup>().seats,
        vec![Seat::Human, Seat::Ai(AiLevel::Normal)]
    );

    // Cut the autosave short, as a crash mid-write on a careless disk would.
    let text = std::fs::read_to_string(saves.autosave()).expect("autosave");
    std::fs::write(saves.autosave(), &text[..text.len() / 3]).expect("write");
    app.world_mut().remove_resource::<PreparedBattle>();
    open_saved(app.world_mut(), &saves.autosave(), None);
    assert!(app.world().get_resource::<PreparedBattle>().is_none());
    let notice = app.world().resource::<SaveNotice>();
    let message = notice.message.clone().expect("a message");
    assert!(
        message.starts_with("The autosave could not be opened"),
        "{message}"
    );
    assert!(message.contains("autosave.ron:"), "{message}");
    assert_eq!(notice.fallback, Some(saves.previous_autosave()));
}

#[test]
fn a_save_that_no_longer_plays_as_recorded_offers_its_last_step_that_held() {
    let folder = scratch("diverged");
    let mut app = skirmish(&folder, [Seat::Human, Seat::Ai(AiLevel::Normal)]);
    give(&mut app, "west_captain", move_to(1, 1));
    give(&mut app, "west_spear_1", move_to(1, 2));
    flush(&mut app);
    let saves = SaveFolder(folder.to_path_buf());
    let mut replay = Replay::read(&saves.autosave()).expect("autosave");
    let last = replay.steps() - 1;
    replay.record.steps[last].after.parts =
        replay.record.steps[last]
            .after
            .parts
            .replacen(char::is_alphanumeric, "_", 1);
    let path = folder.join("edited.ron");
    replay.write_atomic(&path).expect("written");

    open_saved(app.world_mut(), &path, None);
    let message = app.world().resource::<SaveNotice>().message.clone();
    assert!(
        message
            .as_deref()
            .is_some_and(|m| m.contains(&format!("go on from step {last}"))),
        "{message:?}"
    );
    assert_eq!(
        app.world().resource::<FallbackSteps>().0,
        Some((path.clone(), last))
    );
    open_saved(app.world_mut(), &path, Some(last));
    let prepared = app.world().get_resource::<PreparedBattle>().expect("ready");
    assert_eq!(prepared.replay.as_ref().map(Replay::steps), Some(last));
}

#[test]
fn a_save_whose_level_file_changed_since_plays_on_with_the_level_it_kept_and_finds_its_folder() {
    let folder = scratch("level-changed");
    let ruleset = Arc::new(Ruleset::load_dir(&root().join("assets/data")).expect("data"));
    let level_path = root().join("levels/duel.ron");
    let level = load_level(&level_path, &ruleset).expect("duel").level;
    let seats = [Seat::Human, Seat::Human];
    let engine = Engine::start(
        &seated_level(&level, &seats),
        ruleset.clone(),
        3,
        Dice::seeded(3),
    );
    let text = std::fs::read_to_string(&level_path).expect("text");
    // The level as it was when the battle began: with an extra comment.
    let older = format!("// an older version\n{text}");
    let replay = Replay::begin("duel.ron", &older, &ruleset, &seats, &engine);
    write_autosave(&SaveFolder(folder.to_path_buf()), &replay).expect("saved");

    let elsewhere = scratch("level-changed-app");
    let mut app = skirmish(&elsewhere, [Seat::Human, Seat::Human]);
    open_saved(app.world_mut(), &folder.join("autosave.ron"), None);
    assert!(app.world().get_resource::<PreparedBattle>().is_some());
    let message = app.world().resource::<SaveNotice>().message.clone();
    assert!(
        message
            .as_deref()
            .is_some_and(|m| m.contains("duel.ron has changed")),
        "{message:?}"
    );

    // The player's own folder holds the level as the battle began, under
    // the same name as the game's: it is the battle's level, unchanged.
    let own = scratch("level-changed-own");
    std::fs::write(own.join("duel.ron"), &older).expect("written");
    app.world_mut()
        .resource_mut::<PlaySettings>()
        .own_levels_dir = own.to_path_buf();
    open_saved(app.world_mut(), &folder.join("autosave.ron"), None);
    assert_eq!(app.world().resource::<SaveNotice>().message, None);
    assert_eq!(
        app.world().resource::<MatchSetup>().folder,
        LevelFolder::Own
    );
}

/// The game killed with SIGKILL at moments spread over an AI-against-AI
/// battle, then continued each time: the battle it finishes is the very one
/// an uninterrupted run plays, command for command, and its replay holds.
#[test]
fn autosave_survives_sigkill_at_any_moment_and_continue_finishes_the_same_battle() {
    let game = env!("CARGO_BIN_EXE_swift-swords");
    let play = |folder: &Path, resume: bool| {
        let mut command = Process::new(game);
        command.current_dir(root()).arg("play");
        if resume {
            command.arg("--continue");
        } else {
            command.args([
                "levels/chariot_plain.ron",
                "--mode",
                "ai-vs-ai",
                "--ai",
                "hard",
                "--seed",
                "9",
            ]);
        }
        command
            .args(["--headless", "--saves"])
            .arg(folder)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        command
    };
    let clean = scratch("sigkill-clean");
    let status = play(&clean, false).status().expect("the game runs");
    assert!(status.success());

    let killed = scratch("sigkill");
    // Moments spread from the start-up to the end of the battle (fixed, so a
    // failure can be run again).
    let moments_ms = [40, 150, 260, 380, 500, 640, 790, 950, 1100, 1300];
    // Killed before its first autosave, the battle is begun again.
    let saved = |folder: &Path| SaveFolder(folder.to_path_buf()).continue_from().is_some();
    for ms in moments_ms {
        let mut child = play(&killed, saved(&killed))
            .spawn()
            .expect("the game runs");
        std::thread::sleep(Duration::from_millis(ms));
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
    }
    let status = play(&killed, saved(&killed))
        .status()
        .expect("the game runs");
    assert!(status.success(), "Continue finishes the battle");

    let finished = Replay::read(&killed.join("autosave.ron")).expect("the autosave reads");
    let uninterrupted = Replay::read(&clean.join("autosave.ron")).expect("reads");
    assert_eq!(finished.record, uninterrupted.record);
    let ruleset = Arc::new(Ruleset::load_dir(&root().join("assets/data")).expect("data"));
    let level = finished
        .level(Path::new("autosave"), &ruleset)
        .expect("level");
    let engine = finished
        .rebuild(&level, ruleset, finished.steps())
        .expect("every step holds");
    assert!(engine.ended());
    std::fs::remove_dir_all(&clean).ok();
    std::fs::remove_dir_all(&killed).ok();
}

/// A headless battle whose autosave cannot be written (its saves folder is
/// a file) was not kept: the run says so and fails.
#[test]
fn a_headless_battle_that_cannot_be_autosaved_fails() {
    let folder = scratch("unwritable");
    let not_a_folder = folder.join("saves");
    std::fs::write(&not_a_folder, "a file, not a folder").expect("written");
    let output = Process::new(env!("CARGO_BIN_EXE_swift-swords"))
        .current_dir(root())
        .args([
            "play",
            "levels/duel.ron",
            "--mode",
            "ai-vs-ai",
            "--seed",
            "1",
            "--headless",
            "--saves",
        ])
        .arg(&not_a_folder)
        .output()
        .expect("the game runs");
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("the battle was not kept"), "{said}");
}

/// Continue without a window, as the game's Continue: an autosave that
/// cannot be opened gives way to the one before it, and the run says so.
#[test]
fn headless_continue_goes_on_from_the_autosave_before_a_damaged_one() {
    let folder = scratch("headless-fallback");
    let play = |args: &[&str]| {
        Process::new(env!("CARGO_BIN_EXE_swift-swords"))
            .current_dir(root())
            .arg("play")
            .args(args)
            .args(["--headless", "--saves"])
            .arg(&folder)
            .output()
            .expect("the game runs")
    };
    // Two battles: the writer keeps only the newest of the saves that queue
    // up while the disk is busy, so one battle may be written only once;
    // the second's first write leaves the first's as the previous.
    for seed in ["3", "2"] {
        let battle = play(&["levels/duel.ron", "--mode", "ai-vs-ai", "--seed", seed]);
        assert!(battle.status.success());
    }
    let saves = SaveFolder(folder.to_path_buf());
    assert!(saves.previous_autosave().is_file());
    std::fs::write(saves.autosave(), "(format: \"swift-swords").expect("damaged");

    let resumed = play(&["--continue"]);
    let said = String::from_utf8_lossy(&resumed.stderr);
    assert!(resumed.status.success(), "{said}");
    assert!(
        said.contains("going on from the autosave before it"),
        "{said}"
    );
    assert!(said.contains("autosave.ron:"), "{said}");

    std::fs::remove_file(saves.previous_autosave()).expect("removed");
    std::fs::write(saves.autosave(), "(format: \"swift-swords").expect("damaged");
    let refused = play(&["--continue"]);
    assert!(!refused.status.success());
}

#[test]
fn a_finished_battle_cannot_be_undone() {
    let folder = scratch("undo-over");
    let mut app = skirmish(&folder, [Seat::Human, Seat::Human]);
    for _ in 0..2000 {
        if app.world().resource::<Engine>().ended() {
            break;
        }
        let command =
            swift_swords::ai::choose(app.world().resource::<Engine>().state(), AiLevel::Normal)
                .expect("someone acts");
        give(&mut app, &command.unit, command.order);
    }
    assert!(app.world().resource::<Engine>().ended(), "the battle ended");
    let world = app.world();
    let verdict = undo_verdict(
        world.resource::<Replay>(),
        world.resource::<Engine>(),
        &world.resource::<MatchSetup>().seats,
    );
    assert_eq!(
        verdict,
        Err("The battle is over: what was done stands.".to_string())
    );
    let refused = undo(app.world_mut()).expect_err("refused");
    assert_eq!(refused, "The battle is over: what was done stands.");
}
