//! Play by file (docs/NETWORK.md): two players send each other the game as
//! a file after each turn; each file taken in is rebuilt like a replay and
//! held against the game kept here. The AI (Normal) gives both players'
//! orders, so every battle here is the same to the die.

use std::path::Path;
use std::sync::Arc;

use swift_swords::ai::AiLevel;
use swift_swords::battle::engine::Engine;
use swift_swords::data::Ruleset;
use swift_swords::level::load_level;
use swift_swords::net::by_file::{
    FileGame, FileGameMeta, Imported, Refusal, Turn, read_turn, take_turn,
};
use swift_swords::replay::{DivergenceKind, Replay};
use swift_swords::vocabulary::Sequence;

use crate::common::ruleset;

const LEVEL: &str = "levels/skirmish.ron";
const SEED: u64 = 11;
/// Far more turns than a Skirmish lasts.
const MOST_TURNS: usize = 400;

fn begin(ruleset: &Arc<Ruleset>) -> FileGame {
    let text = std::fs::read_to_string(LEVEL).expect("the level");
    let level = load_level(Path::new(LEVEL), ruleset)
        .expect("it loads")
        .level;
    let meta = FileGameMeta {
        game: FileGame::name_for(&text, "Ada", SEED, 0),
        player: "Ada".to_string(),
        side: 0,
        opponent: None,
    };
    FileGame::begin(
        "skirmish.ron",
        &text,
        &level,
        ruleset.clone(),
        Sequence::Countdown,
        meta,
        SEED,
    )
    .expect("a two-sided level")
}

fn rebuilt(game: &FileGame, ruleset: &Arc<Ruleset>) -> Engine {
    let level = game
        .replay
        .level(Path::new("held"), ruleset)
        .expect("the level");
    game.replay
        .rebuild(&level, ruleset.clone(), game.replay.steps())
        .expect("the game held rebuilds")
}

/// The player holding `game` plays their turn (the AI's choices) until it
/// passes or the battle ends.
fn play_turn(game: &mut FileGame, ruleset: &Arc<Ruleset>) {
    let mut engine = rebuilt(game, ruleset);
    while game.meta.turn(&engine) == Turn::Mine {
        let command =
            swift_swords::ai::choose(engine.state(), AiLevel::Normal).expect("a legal order");
        engine.submit(&command).expect("the AI's order is legal");
        game.replay.push(command, &engine);
    }
}

/// The file `game` sends, as text.
fn send(game: &FileGame) -> String {
    game.outgoing().to_ron().expect("the file is written")
}

fn take(held: Option<&FileGame>, player: &str, text: &str) -> Result<Imported, Refusal> {
    let path = Path::new("turn.ron");
    let (sent, _) = read_turn(path, text)?;
    take_turn(held, player, path, sent, ruleset())
}

/// Ada and Bo play the Skirmish to its end by file; every file sent along
/// the way, in order.
fn whole_game() -> (FileGame, FileGame, Vec<String>) {
    let ruleset = ruleset();
    let mut ada = begin(&ruleset);
    play_turn(&mut ada, &ruleset);
    let mut files = vec![send(&ada)];
    let mut bo = take(None, "Bo", &files[0]).expect("the first file").game;
    for _ in 0..MOST_TURNS {
        let (from, to) = match rebuilt(&bo, &ruleset) {
            engine if bo.meta.turn(&engine) == Turn::Over => return (ada, bo, files),
            engine if bo.meta.turn(&engine) == Turn::Mine => (&mut bo, &mut ada),
            _ => (&mut ada, &mut bo),
        };
        play_turn(from, &ruleset);
        files.push(send(from));
        let imported = take(Some(to), "", files.last().expect("sent")).expect("each turn taken");
        *to = imported.game;
    }
    panic!("the battle did not end in {MOST_TURNS} turns");
}

#[test]
fn a_game_by_file_played_to_its_end_ends_the_same_for_both_players_and_verifies_as_a_replay() {
    let ruleset = ruleset();
    let (ada, bo, files) = whole_game();
    assert_eq!(ada.replay.record, bo.replay.record);
    assert_eq!((ada.meta.side, bo.meta.side), (0, 1));
    assert_eq!(bo.meta.opponent.as_deref(), Some("Ada"));
    assert_eq!(ada.meta.opponent.as_deref(), Some("Bo"));
    assert_eq!(ada.meta.game, bo.meta.game);
    assert!(files.len() > 4, "{} files", files.len());
    let last = Replay::parse(Path::new("last.ron"), files.last().expect("a file"))
        .expect("the last file is a replay");
    let level = last.level(Path::new("last.ron"), &ruleset).expect("level");
    let engine = last
        .rebuild(&level, ruleset.clone(), last.steps())
        .expect("the whole game verifies");
    assert!(engine.ended());
    assert_eq!(Turn::Over, ada.meta.turn(&engine));
}

#[test]
fn each_turn_file_brings_the_senders_steps_in_words() {
    let ruleset = ruleset();
    let mut ada = begin(&ruleset);
    play_turn(&mut ada, &ruleset);
    let imported = take(None, "Bo", &send(&ada)).expect("taken");
    assert_eq!(imported.held, 0);
    assert_eq!(imported.new_steps.len(), ada.replay.steps());
    assert!(!imported.new_steps.is_empty());
    assert_eq!(imported.game.meta.player, "Bo");
    assert_eq!(imported.game.replay.sent_by, None);
    let engine = rebuilt(&imported.game, &ruleset);
    assert_eq!(imported.game.meta.turn(&engine), Turn::Mine);
}

#[test]
fn a_stale_turn_file_is_refused_with_the_step_it_ends_at() {
    let ruleset = ruleset();
    let (_, bo, files) = whole_game();
    let early = Replay::parse(Path::new("f"), &files[2]).expect("a file");
    let refused = take(Some(&bo), "", &files[2]).expect_err("an older turn");
    assert_eq!(
        refused,
        Refusal::Stale {
            file: early.steps(),
            held: bo.replay.steps()
        }
    );
    assert!(
        refused
            .to_string()
            .starts_with("the file is an older turn: it ends at step")
    );
    let _ = ruleset;
}

#[test]
fn a_turn_file_taken_twice_holds_nothing_new() {
    let ruleset = ruleset();
    let mut ada = begin(&ruleset);
    play_turn(&mut ada, &ruleset);
    let file = send(&ada);
    let bo = take(None, "Bo", &file).expect("taken").game;
    let steps = bo.replay.steps();
    assert_eq!(
        take(Some(&bo), "", &file).expect_err("again"),
        Refusal::NothingNew { steps }
    );
}

#[test]
fn a_forked_turn_file_is_refused_at_the_step_where_it_parts() {
    let ruleset = ruleset();
    let mut ada = begin(&ruleset);
    play_turn(&mut ada, &ruleset);
    let mut bo = take(None, "Bo", &send(&ada)).expect("taken").game;
    let at = bo.replay.steps();
    // Bo plays his turn one way and sends it; then, from the same start,
    // another way (another legal order first), and sends that too.
    let mut other = bo.clone();
    play_turn(&mut bo, &ruleset);
    let engine = rebuilt(&other, &ruleset);
    let first = bo.replay.record.steps[at].command.clone();
    let another = engine
        .legal_commands()
        .into_iter()
        .find(|c| *c != first)
        .expect("more than one legal order");
    let mut engine = engine;
    engine.submit(&another).expect("legal");
    other.replay.push(another, &engine);
    play_turn(&mut other, &ruleset);
    let ada_now = take(Some(&ada), "", &send(&bo)).expect("the first").game;
    match take(Some(&ada_now), "", &send(&other)).expect_err("forked") {
        Refusal::Forked { step, held, file } => {
            assert_eq!(step, at + 1);
            assert_ne!(held, file);
        }
        refused => panic!("refused for another reason: {refused}"),
    }
}

#[test]
fn a_turn_file_that_orders_the_receivers_side_is_refused_at_that_step() {
    let ruleset = ruleset();
    let mut ada = begin(&ruleset);
    play_turn(&mut ada, &ruleset);
    let bo = take(None, "Bo", &send(&ada)).expect("taken").game;
    // Ada goes on with Bo's side herself, and sends that as her turn.
    let mut engine = rebuilt(&ada, &ruleset);
    let command = swift_swords::ai::choose(engine.state(), AiLevel::Normal).expect("an order");
    let said = swift_swords::replay::command_in_words(engine.state(), &command);
    engine.submit(&command).expect("legal");
    ada.replay.push(command, &engine);
    let later = bo.clone();
    let step = ada.replay.steps();
    let refused = take(Some(&bo), "", &send(&ada)).expect_err("not Ada's to give");
    assert_eq!(refused, Refusal::NotTheirs { step, said });
    // Bo's own file, taken back into his own game, is refused too.
    assert_eq!(
        take(Some(&bo), "", &send(&later)).expect_err("own turn"),
        Refusal::OwnTurn
    );
}

#[test]
fn a_damaged_or_foreign_turn_file_is_refused_with_its_place() {
    let ruleset = ruleset();
    let mut ada = begin(&ruleset);
    play_turn(&mut ada, &ruleset);
    let file = send(&ada);
    // A fingerprint changed by hand: the step that no longer plays is named.
    let sent = read_turn(Path::new("t"), &file).expect("read").0;
    let mut edited = sent.clone();
    edited.record.steps[0].after = edited.record.start.clone();
    let text = edited.to_ron().expect("written");
    match take(None, "Bo", &text).expect_err("edited") {
        Refusal::DoesNotVerify(divergence) => {
            assert_eq!(divergence.step, 1);
            assert!(matches!(divergence.kind, DivergenceKind::Differs(_)));
        }
        refused => panic!("refused for another reason: {refused}"),
    }
    // Cut short: the place is given.
    let cut = &file[..file.len() / 2];
    let refused = take(None, "Bo", cut).expect_err("cut short");
    assert!(matches!(refused, Refusal::Unreadable(_)));
    assert!(refused.to_string().contains("turn.ron:"), "{refused}");
    // A replay with no sender is not a turn.
    let plain = ada.replay.to_ron().expect("written");
    assert_eq!(
        take(None, "Bo", &plain).expect_err("a replay"),
        Refusal::NotSent
    );
}

#[test]
fn a_game_by_file_is_kept_whole_and_read_back_newest_first() {
    let ruleset = ruleset();
    let scratch = swift_swords::scratch::Scratch::new("by-file");
    let root = scratch.path().to_path_buf();
    let mut ada = begin(&ruleset);
    ada.save(&root.join("one")).expect("written");
    play_turn(&mut ada, &ruleset);
    ada.replay.saved_at = u64::MAX / 2;
    ada.save(&root.join("two")).expect("written");
    let listed = FileGame::list(&root);
    assert_eq!(listed.len(), 2);
    assert!(listed[0].0.ends_with("two"));
    let read = listed[0].1.as_ref().expect("read back");
    assert_eq!(read.meta, ada.meta);
    assert_eq!(read.replay, ada.replay);
    std::fs::write(root.join("one").join("game.ron"), "(game: 3)").expect("damage");
    let listed = FileGame::list(&root);
    let problem = listed[1].1.as_ref().expect_err("damaged");
    assert!(problem.contains("game.ron:1:"), "{problem}");
}

/// The turn file `game` sends with its sender changed by `edit`.
fn sent_with(game: &FileGame, edit: impl FnOnce(&mut swift_swords::replay::SentBy)) -> String {
    let mut sent = game.outgoing();
    edit(sent.sent_by.as_mut().expect("a sender"));
    sent.to_ron().expect("written")
}

/// A turn file's game name becomes a folder of the player's: one that is
/// not the 12 hex digits the game makes (`../saves`, a path) is refused at
/// its place, before anything is written, and no game keeps a folder
/// outside the by-file folder whatever its name.
#[test]
fn a_turn_file_naming_its_game_as_a_path_is_refused_before_anything_is_written() {
    let ruleset = ruleset();
    let mut ada = begin(&ruleset);
    play_turn(&mut ada, &ruleset);
    for game in [
        "../saves",
        "../../../../tmp/x",
        "0123456789AB",
        "/etc/passwd",
    ] {
        let text = sent_with(&ada, |by| by.game = game.to_string());
        let refused = take(None, "Bo", &text).expect_err(game);
        let words = refused.to_string();
        assert!(words.contains("turn.ron:"), "{words}");
        assert!(words.contains("is not a name the game makes"), "{words}");
    }
    let mut meta = ada.meta.clone();
    meta.game = "../saves".to_string();
    let root = Path::new("by-file");
    assert!(meta.folder_in(root).is_err());
    assert_eq!(
        ada.meta.folder_in(root),
        Ok(root.join(&ada.meta.game)),
        "the game's own name is its folder"
    );
}

/// A sender's name is what the room lists: a name of a million characters,
/// one that turns the writing or shows nothing, and a side the level does
/// not have are each refused at their place.
#[test]
fn a_turn_files_sender_is_a_plain_name_on_a_side_the_level_has() {
    let ruleset = ruleset();
    let mut ada = begin(&ruleset);
    play_turn(&mut ada, &ruleset);
    let cases: [(&str, Box<dyn Fn(&mut swift_swords::replay::SentBy)>); 4] = [
        (
            "has 1000000 characters",
            Box::new(|by| by.player = "x".repeat(1_000_000)),
        ),
        (
            "turns the writing direction",
            Box::new(|by| by.player = "Ad\u{202E}a".into()),
        ),
        (
            "shows nothing",
            Box::new(|by| by.player = "\u{200B}".into()),
        ),
        (
            "plays side 100, but the level has 2",
            Box::new(|by| by.side = 99),
        ),
    ];
    for (wanted, edit) in cases {
        let text = sent_with(&ada, edit);
        let words = take(None, "Bo", &text).expect_err(wanted).to_string();
        assert!(words.contains(wanted), "{words}");
        assert!(words.contains("turn.ron:"), "{words}");
    }
}

/// A salt re-seeds the dice: a sender who could put one on their step
/// would try salts until the rolls suited them. A turn file's step with a
/// salt is refused at that step.
#[test]
fn a_turn_file_whose_step_carries_a_salt_for_the_dice_is_refused() {
    let ruleset = ruleset();
    let mut ada = begin(&ruleset);
    play_turn(&mut ada, &ruleset);
    let mut sent = ada.outgoing();
    sent.record.steps[0].salt = Some(7);
    let text = sent.to_ron().expect("written");
    assert_eq!(
        take(None, "Bo", &text).expect_err("salted"),
        Refusal::Salted { step: 1 }
    );
}
