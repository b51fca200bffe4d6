//! What keeping a battle costs: the fingerprint and the hand-over to the
//! autosave thread that follow every command on the game's main thread, the
//! autosave's own write (on its thread), and verifying a whole replay. All
//! on the longest recorded battle in tests/replays. Run with
//! `cargo bench -p swift-swords-bench --bench replays`; the figures are in
//! docs/REPLAYS.md.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use swift_swords::game::session::saves::{SaveFolder, write_autosave};
use swift_swords_core::battle::record::Fingerprint;
use swift_swords_core::data::Ruleset;
use swift_swords_core::replay::Replay;

fn main() {
    divan::main();
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn ruleset() -> Arc<Ruleset> {
    Arc::new(Ruleset::load_dir(&root().join("assets/data")).expect("shipped data is valid"))
}

/// The longest recorded battle (the most steps).
fn longest() -> (PathBuf, Replay) {
    let mut replays: Vec<(PathBuf, Replay)> = std::fs::read_dir(root().join("tests/replays"))
        .expect("tests/replays")
        .flatten()
        .map(|e| e.path())
        .filter_map(|p| Replay::read(&p).ok().map(|r| (p, r)))
        .collect();
    replays.sort_by_key(|(_, r)| std::cmp::Reverse(r.steps()));
    replays.swap_remove(0)
}

/// The whole replay rebuilt and every step's fingerprint checked.
#[divan::bench]
fn verify_the_longest_replay(bencher: divan::Bencher) {
    let (path, replay) = longest();
    let ruleset = ruleset();
    let level = replay.level(&path, &ruleset).expect("level");
    bencher.bench_local(|| {
        replay
            .rebuild(&level, ruleset.clone(), replay.steps())
            .expect("holds")
    });
}

/// The main thread's part of an autosave after a command, at the end of the
/// longest battle: the fingerprint, and a copy of the replay for the writer.
#[divan::bench]
fn autosave_on_the_main_thread(bencher: divan::Bencher) {
    let (path, replay) = longest();
    let ruleset = ruleset();
    let level = replay.level(&path, &ruleset).expect("level");
    let engine = replay
        .rebuild(&level, ruleset, replay.steps())
        .expect("holds");
    bencher.bench_local(|| (Fingerprint::of(&engine), replay.clone()));
}

/// The writer thread's part: the longest replay written whole, flushed to
/// disk and renamed into place.
#[divan::bench]
fn autosave_on_its_thread(bencher: divan::Bencher) {
    let (_, replay) = longest();
    let folder = std::env::temp_dir().join(format!("swift-swords-bench-{}", std::process::id()));
    let folder = SaveFolder(folder);
    bencher.bench_local(|| write_autosave(&folder, &replay).expect("written"));
    std::fs::remove_dir_all(&folder.0).ok();
}
