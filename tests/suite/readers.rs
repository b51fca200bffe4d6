//! Every reader of a file the game reads, fed random bytes and random
//! mutations of real files: none panics, each ends, and every refusal has
//! its place (a file, line and column).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use proptest::prelude::*;
use swift_swords::campaign::check::load_campaign;
use swift_swords::campaign::save::CampaignSave;
use swift_swords::data::Ruleset;
use swift_swords::diagnostics::Diagnostics;
use swift_swords::game::session::preferences::Settings;
use swift_swords::lesson::load_lesson;
use swift_swords::level::load_level;
use swift_swords::replay::Replay;
use swift_swords::script::load_script;

/// A real file of each kind, to mutate, and the reader of that kind. Each
/// reader gives `Ok(())` or its refusals as text.
type Reader = fn(&Path, &Arc<Ruleset>) -> Result<(), String>;

fn words(problems: Diagnostics) -> String {
    problems.to_string()
}

const READERS: [(&str, &str, Reader); 7] = [
    ("level", "levels/duel.ron", |p, r| {
        load_level(p, r).map(drop).map_err(words)
    }),
    ("script", "tests/scripts/duel_round_one.ron", |p, _| {
        load_script(p).map(drop).map_err(words)
    }),
    ("lesson", "lessons/first_battle.ron", |p, r| {
        load_lesson(p, r).map(drop).map_err(words)
    }),
    ("replay", "tests/replays/duel.ron", |p, _| {
        Replay::read(p).map(drop).map_err(words)
    }),
    ("campaign", "campaigns/barrow_road.ron", |p, r| {
        load_campaign(p, r).map(drop).map_err(words)
    }),
    (
        "campaign save",
        "tests/campaigns/barrow_road_seed5.ron",
        |p, _| CampaignSave::read(p).map(drop).map_err(words),
    ),
    ("settings", "", |p, _| match Settings::load(p) {
        (_, Some(problem)) => Err(problem),
        (_, None) => Ok(()),
    }),
];

/// Every line of a refusal begins with the file's path, a line and a
/// column, each a number from 1.
fn placed(problem: &str, path: &Path) -> bool {
    let start = format!("{}", path.display());
    problem
        .lines()
        .filter(|line| line.starts_with(&start))
        .all(|line| {
            let mut parts = line[start.len()..].splitn(4, ':');
            let _ = parts.next();
            let line_no = parts.next().and_then(|n| n.parse::<usize>().ok());
            let col = parts.next().and_then(|n| n.parse::<usize>().ok());
            line_no.is_some_and(|n| n >= 1) && col.is_some_and(|n| n >= 1)
        })
        && problem.starts_with(&start)
}

/// A file's bytes with random edits: bytes replaced, cut out or put in.
fn mutated(original: &[u8], edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut bytes = original.to_vec();
    for &(at, kind, byte) in edits {
        let at = at % (bytes.len() + 1);
        match kind % 3 {
            0 if at < bytes.len() => bytes[at] = byte,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, byte),
        }
    }
    bytes
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("swift-swords-readers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    dir
}

proptest! {
    // A fixed seed: the same cases on every run and every machine.
    #![proptest_config(ProptestConfig {
        cases: 48,
        rng_seed: proptest::test_runner::RngSeed::Fixed(51),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_reader_refuses_damaged_files_with_their_place_and_never_panics(
        reader in 0..READERS.len(),
        random in proptest::collection::vec(any::<u8>(), 0..400),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..12),
        from_random in any::<bool>(),
    ) {
        let (kind, real, read) = READERS[reader];
        let ruleset = Arc::new(Ruleset::embedded().expect("the data"));
        let original = match real {
            "" => Settings::default().to_ron().into_bytes(),
            real => std::fs::read(real).expect("a real file"),
        };
        let bytes = if from_random { random } else { mutated(&original, &edits) };
        let dir = scratch();
        // A name no other case of another thread shares.
        let path = dir.join(format!("{}-{}.ron", kind.replace(' ', "_"), reader));
        std::fs::write(&path, &bytes).expect("written");
        if let Err(problem) = read(&path, &ruleset) {
            prop_assert!(placed(&problem, &path), "{kind}: {problem}");
        }
    }
}
