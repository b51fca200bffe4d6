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

const READERS: [(&str, &str, Reader); 8] = [
    // The data folder with its weapons file damaged (the other five as
    // shipped beside it: see `write_case`).
    ("data", "assets/data/weapons.ron", |p, _| {
        let folder = p.parent().expect("the data folder");
        Ruleset::load_dir(folder).map(drop).map_err(words)
    }),
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
        "tests/campaigns/barrow_road_seed4.ron",
        |p, _| CampaignSave::read(p).map(drop).map_err(words),
    ),
    ("settings", "", |p, _| match Settings::load(p) {
        (_, Some(problem)) => Err(problem),
        (_, None) => Ok(()),
    }),
];

/// A refusal begins with a file's path, a line and a column, each a number
/// from 1 (a problem may lie in another file than the damaged one: a
/// creature naming a weapon no longer there).
fn placed(problem: &str) -> bool {
    let first = problem.lines().next().unwrap_or_default();
    let Some(at) = first.find(".ron") else {
        return false;
    };
    let rest = &first[at + ".ron".len()..];
    let rest = rest.strip_prefix(" (the level inside)").unwrap_or(rest);
    let mut parts = rest.splitn(4, ':');
    let empty = parts.next() == Some("");
    let line = parts.next().and_then(|n| n.parse::<usize>().ok());
    let col = parts.next().and_then(|n| n.parse::<usize>().ok());
    empty && line.is_some_and(|n| n >= 1) && col.is_some_and(|n| n >= 1)
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

/// Writes a case's bytes where its reader reads them: a file of its own,
/// or, for the data, `weapons.ron` in a copy of the data folder.
fn write_case(kind: &str, bytes: &[u8]) -> (swift_swords::scratch::Scratch, PathBuf) {
    let scratch = swift_swords::scratch::Scratch::new("readers");
    let dir = scratch.path().to_path_buf();
    let path = match kind {
        "data" => {
            let data = dir.join("data");
            std::fs::create_dir_all(&data).expect("a temp folder");
            for entry in std::fs::read_dir("assets/data")
                .expect("the data")
                .flatten()
            {
                std::fs::copy(entry.path(), data.join(entry.file_name())).expect("copied");
            }
            data.join("weapons.ron")
        }
        kind => dir.join(format!("{}.ron", kind.replace(' ', "_"))),
    };
    std::fs::write(&path, bytes).expect("written");
    (scratch, path)
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
        let (_scratch, path) = write_case(kind, &bytes);
        if let Err(problem) = read(&path, &ruleset) {
            prop_assert!(placed(&problem), "{kind}: {problem}");
        }
    }
}

/// The places allowed to open a file and read it, each with the bound it
/// applies (docs/FILES.md lists every reader by kind).
const BOUNDED_READERS: [(&str, &str); 2] = [
    (
        "crates/core/src/files.rs",
        "the one reader: a regular file only, its kind's most bytes",
    ),
    (
        "src/game/assets.rs",
        "the asset server's reader, taken to its kind's most bytes",
    ),
];

/// What opens a file to read it.
const READS: [&str; 5] = [
    "fs::read(",
    "fs::read_to_string(",
    "File::open(",
    "read_to_end(",
    "read_to_string(",
];

/// The game's own code in `dir` (tests left out: a file of tests, and a
/// file's `#[cfg(test)]` module at its end), with each file's path.
fn game_code(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the source folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            game_code(&path, out);
            continue;
        }
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if !name.ends_with(".rs") || name.ends_with("tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("source");
        let code = text.split("\n#[cfg(test)]").next().unwrap_or_default();
        out.push((path, code.to_string()));
    }
}

/// Every file the game, the server or the command line reads goes through
/// the one bounded reader: a new `std::fs::read*` elsewhere fails here, by
/// its file and line.
#[test]
fn every_file_the_game_reads_goes_through_the_bounded_reader() {
    let mut code = Vec::new();
    for crate_src in [
        "src",
        "crates/core/src",
        "crates/net/src",
        "crates/server/src",
    ] {
        game_code(Path::new(crate_src), &mut code);
    }
    assert!(code.len() > 100, "the source was found");
    let mut unbounded = Vec::new();
    for (path, text) in &code {
        let shown = path.display().to_string();
        if BOUNDED_READERS.iter().any(|(file, _)| *file == shown) {
            continue;
        }
        for (index, line) in text.lines().enumerate() {
            let line = line.trim_start();
            if line.starts_with("//") {
                continue;
            }
            if READS.iter().any(|read| line.contains(read)) {
                unbounded.push(format!("{shown}:{}: {line}", index + 1));
            }
        }
    }
    assert!(
        unbounded.is_empty(),
        "read through swift_swords::files::read_text instead:\n{}",
        unbounded.join("\n")
    );
}
