//! The server's games on disk, so a restart resumes every one: in
//! `DIR/games/ID/`, `game.ron` (the level, seats and seed, written whole
//! with the copy before kept) and `steps.ron` (one step a line, appended
//! and flushed as each is accepted). A last line cut short by a crash is
//! left out when the game is read back; the players then catch up from the
//! step before it. A finished or abandoned game is closed: written as
//! `replay.ron`, an ordinary replay, and not resumed.
//!
//! The server's store commits in groups ([`Store::with_group_commit`]): the
//! game loop only queues each write, and a writer thread of its own puts
//! every write that arrived meanwhile on the disk with one flush a file.
//! The loop holds back what it would send until the writes before it are
//! kept ([`Kept`]), so a step a player has heard of survives `kill -9`.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::game::GameMeta;
use swift_swords_core::battle::record::Step;
use swift_swords_core::replay::Replay;

/// Steps one game may hold on disk (far beyond any battle).
const MOST_STEPS: usize = 100_000;

pub struct Store {
    dir: PathBuf,
    /// Writes go to the writer thread; none writes each at once.
    writer: Option<Writer>,
}

/// The queue to the writer thread, and the number of writes queued so far.
struct Writer {
    queue: Option<std::sync::mpsc::Sender<Write>>,
    queued: Arc<AtomicU64>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// One write for the writer thread, numbered in the order queued.
enum Write {
    Meta { id: u64, text: String },
    Step { id: u64, line: String },
    Close { id: u64, text: String },
    Forget { id: u64 },
}

/// How far the writer has come: the number of writes queued so far, and the
/// number of the last one kept on the disk.
pub struct Kept {
    pub queued: Arc<AtomicU64>,
    pub kept: tokio::sync::watch::Receiver<u64>,
}

/// Writes the writer takes in one group at most, so one flush never waits
/// on an unbounded queue.
const MOST_IN_A_GROUP: usize = 4096;

/// A game read back: its meta, its steps, and any line left out.
pub struct StoredGame {
    pub meta: GameMeta,
    pub steps: Vec<Step>,
    pub left_out: Option<String>,
    /// Finished or abandoned: kept as a replay, not resumed.
    pub closed: bool,
}

impl Store {
    /// A store that writes each write at once, flushed before it returns.
    pub fn new(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
            writer: None,
        }
    }

    /// A store whose writes are queued for a writer thread that commits
    /// them in groups; `log` gets any write that fails.
    pub fn with_group_commit(dir: &Path, log: impl Fn(String) + Send + 'static) -> (Self, Kept) {
        let (queue, writes) = std::sync::mpsc::channel();
        let (tell, kept) = tokio::sync::watch::channel(0);
        let queued = Arc::new(AtomicU64::new(0));
        let games = dir.join("games");
        let thread = std::thread::Builder::new()
            .name("swift-swords store".to_string())
            .spawn(move || commit_in_groups(&games, &writes, &tell, &log))
            .ok();
        let store = Self {
            dir: dir.to_path_buf(),
            writer: thread.map(|thread| Writer {
                queue: Some(queue),
                queued: queued.clone(),
                thread: Some(thread),
            }),
        };
        (store, Kept { queued, kept })
    }

    pub fn save_meta(&self, meta: &GameMeta) -> std::io::Result<()> {
        let text = ron::ser::to_string_pretty(meta, ron::ser::PrettyConfig::default())
            .map_err(std::io::Error::other)?;
        self.write(Write::Meta { id: meta.id, text })
    }

    /// Appends one step as a line, flushed to disk.
    pub fn append_step(&self, id: u64, step: &Step) -> std::io::Result<()> {
        let line = ron::to_string(step).map_err(std::io::Error::other)? + "\n";
        self.write(Write::Step { id, line })
    }

    /// Closes a game, finished or abandoned: what was played of it is kept
    /// as `replay.ron`, and a restart does not resume it.
    pub fn close(&self, id: u64, replay: &Replay) -> std::io::Result<()> {
        let text = replay.to_ron().map_err(std::io::Error::other)?;
        self.write(Write::Close { id, text })
    }

    /// Takes a game off the disk altogether: one closed before anything
    /// of it was played.
    pub fn forget(&self, id: u64) -> std::io::Result<()> {
        self.write(Write::Forget { id })
    }

    /// Queues a write for the writer thread, or writes it at once.
    fn write(&self, write: Write) -> std::io::Result<()> {
        if let Some(writer) = &self.writer
            && let Some(queue) = &writer.queue
        {
            writer.queued.fetch_add(1, Ordering::SeqCst);
            return queue
                .send(write)
                .map_err(|_| std::io::Error::other("the store's writer has stopped"));
        }
        let games = self.dir.join("games");
        let mut open = BTreeMap::new();
        perform(&games, write, &mut open)?;
        flush(&mut open)
    }

    /// Every game kept, with a problem in words for each that cannot be read.
    pub fn load_all(&self) -> (Vec<StoredGame>, Vec<String>) {
        let mut games = Vec::new();
        let mut problems = Vec::new();
        let Ok(entries) = std::fs::read_dir(self.dir.join("games")) else {
            return (games, problems);
        };
        let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for dir in dirs {
            match load_game(&dir) {
                Ok(game) => games.push(game),
                Err(problem) => problems.push(format!("{}: {problem}", dir.display())),
            }
        }
        games.sort_by_key(|g| g.meta.id);
        (games, problems)
    }
}

impl Drop for Store {
    /// Waits for the writer to put every queued write on the disk.
    fn drop(&mut self) {
        if let Some(writer) = &mut self.writer {
            writer.queue = None;
            if let Some(thread) = writer.thread.take() {
                let _ = thread.join();
            }
        }
    }
}

/// The writer thread: takes every write queued since its last group, puts
/// them on the disk in order, flushes each file once, then tells how far it
/// has kept. Ends when the store is dropped, with its queue written.
fn commit_in_groups(
    games: &Path,
    writes: &std::sync::mpsc::Receiver<Write>,
    tell: &tokio::sync::watch::Sender<u64>,
    log: &dyn Fn(String),
) {
    let mut kept = 0;
    while let Ok(first) = writes.recv() {
        let mut group = vec![first];
        while group.len() < MOST_IN_A_GROUP
            && let Ok(next) = writes.try_recv()
        {
            group.push(next);
        }
        kept += group.len() as u64;
        let mut open = BTreeMap::new();
        for write in group {
            let id = write.game();
            if let Err(error) = perform(games, write, &mut open) {
                log(format!("game {id}: not kept on the disk: {error}"));
            }
        }
        if let Err(error) = flush(&mut open) {
            log(format!("steps not flushed to the disk: {error}"));
        }
        tell.send_replace(kept);
    }
}

impl Write {
    fn game(&self) -> u64 {
        match self {
            Write::Meta { id, .. }
            | Write::Step { id, .. }
            | Write::Close { id, .. }
            | Write::Forget { id } => *id,
        }
    }
}

/// Does one write; a step is appended to its game's open `steps.ron`, to be
/// flushed with the rest of its group.
fn perform(
    games: &Path,
    write: Write,
    open: &mut BTreeMap<u64, std::fs::File>,
) -> std::io::Result<()> {
    let dir = games.join(write.game().to_string());
    match write {
        Write::Meta { text, .. } => {
            swift_swords_core::files::write_keeping_previous(&dir.join("game.ron"), &text)
        }
        Write::Close { text, .. } => {
            swift_swords_core::files::write_keeping_previous(&dir.join("replay.ron"), &text)
        }
        Write::Forget { id } => {
            open.remove(&id);
            match std::fs::remove_dir_all(dir) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
                _ => Ok(()),
            }
        }
        Write::Step { id, line } => {
            let file = match open.entry(id) {
                std::collections::btree_map::Entry::Occupied(file) => file.into_mut(),
                std::collections::btree_map::Entry::Vacant(place) => {
                    std::fs::create_dir_all(&dir)?;
                    place.insert(
                        std::fs::OpenOptions::new()
                            .create(true)
                            .append(true)
                            .open(dir.join("steps.ron"))?,
                    )
                }
            };
            file.write_all(line.as_bytes())
        }
    }
}

/// Flushes every steps file written to, once.
fn flush(open: &mut BTreeMap<u64, std::fs::File>) -> std::io::Result<()> {
    let mut first_error = Ok(());
    for file in open.values() {
        if let Err(error) = file.sync_data()
            && first_error.is_ok()
        {
            first_error = Err(error);
        }
    }
    open.clear();
    first_error
}

fn load_game(dir: &Path) -> Result<StoredGame, String> {
    let meta_path = dir.join("game.ron");
    let text =
        swift_swords_core::files::read_text(&meta_path, swift_swords_core::files::FileKind::Replay)
            .map_err(|problem| problem.to_string())?;
    let meta: GameMeta =
        swift_swords_core::data::parse_ron(&meta_path, &text).map_err(|e| e.to_string())?;
    let steps_path = dir.join("steps.ron");
    let steps_text = swift_swords_core::files::read_own_file(
        &steps_path,
        swift_swords_core::files::FileKind::ServerSteps,
    )
    .map_err(|problem| problem.to_string())?
    .unwrap_or_default();
    let lines: Vec<&str> = steps_text.lines().collect();
    if lines.len() > MOST_STEPS {
        return Err(format!("more than {MOST_STEPS} steps"));
    }
    let mut steps = Vec::with_capacity(lines.len());
    let mut left_out = None;
    for (index, line) in lines.iter().enumerate() {
        match ron::from_str::<Step>(line) {
            Ok(step) => steps.push(step),
            // Only the last line may be cut short by a crash mid-append.
            Err(_) if index + 1 == lines.len() && !steps_text.ends_with('\n') => {
                left_out = Some(format!("step {} was cut short and is left out", index + 1));
            }
            Err(error) => {
                return Err(format!(
                    "{}: line {}: {error}",
                    steps_path.display(),
                    index + 1
                ));
            }
        }
    }
    Ok(StoredGame {
        meta,
        steps,
        left_out,
        closed: dir.join("replay.ron").is_file(),
    })
}
