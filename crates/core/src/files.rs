//! Where the player's files live, and how the game writes them: whole or
//! not at all, with the copy before kept beside.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;

/// The platform's folders for the game, if it names them.
fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "swift-swords")
}

/// The platform's config folder for the game (`~/.config/swift-swords` on
/// Linux), where the settings and the player's key bindings live; the
/// working folder if the platform names none.
pub fn config_dir() -> PathBuf {
    project_dirs().map_or_else(|| PathBuf::from("."), |d| d.config_dir().to_path_buf())
}

/// The platform's data folder for the game (`~/.local/share/swift-swords`
/// on Linux): saves, and the player's own levels and campaigns.
pub fn data_dir() -> PathBuf {
    project_dirs().map_or_else(|| PathBuf::from("."), |d| d.data_dir().to_path_buf())
}

/// The player's downloads folder, where a file sent to them often lands.
pub fn downloads_dir() -> Option<PathBuf> {
    directories::UserDirs::new().and_then(|d| d.download_dir().map(Path::to_path_buf))
}

/// The platform's cache folder for the game (`~/.cache/swift-swords` on
/// Linux), where the built-in content is unpacked to be read.
pub fn cache_dir() -> PathBuf {
    project_dirs().map_or_else(|| PathBuf::from("cache"), |d| d.cache_dir().to_path_buf())
}

/// The copy kept of `path` when it is written over: `settings.ron` keeps
/// `settings.previous.ron`.
pub fn previous_copy(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(extension) => format!("{stem}.previous.{}", extension.to_string_lossy()),
        None => format!("{stem}.previous"),
    };
    path.with_file_name(name)
}

/// Writes `text` to `path` so that a crash at any moment leaves the old file
/// or the new one whole: a temporary file beside it, flushed to disk, then
/// renamed over it. The file written over is kept as [`previous_copy`].
/// Makes the folder if need be.
pub fn write_keeping_previous(path: &Path, text: &str) -> std::io::Result<()> {
    // Only a file of the game's own is written over: never a pipe, a
    // device or a folder that stands where it would go.
    if let Ok(metadata) = std::fs::metadata(path)
        && !metadata.is_file()
    {
        return Err(std::io::Error::other(
            "something other than a file stands there (a folder, a pipe or a device); the game \
             writes over nothing but its own files",
        ));
    }
    let temporary = write_beside(path, text)?;
    if path.is_file() {
        std::fs::rename(path, previous_copy(path))?;
    }
    std::fs::rename(&temporary, path)
}

/// [`write_keeping_previous`] for a file that is only ever a copy of
/// something kept elsewhere (the built-in content unpacked), whose copy
/// before is worth nothing.
pub fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    let temporary = write_beside(path, text)?;
    std::fs::rename(&temporary, path)
}

/// `text` in a temporary file beside `path` (named for this process, so two
/// games starting at once do not share one), flushed to disk.
fn write_beside(path: &Path, text: &str) -> std::io::Result<PathBuf> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(".partial-{}", std::process::id()));
    let temporary = PathBuf::from(temporary);
    let mut file = std::fs::File::create(&temporary)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    Ok(temporary)
}

/// The kinds of file the game reads, each with the most bytes it reads of
/// one (docs/LEVELS.md, Limits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Level,
    Data,
    Script,
    Lesson,
    Campaign,
    /// A replay, a save or an autosave.
    Replay,
    /// A campaign's save or its recorded run.
    CampaignSave,
    /// Settings, key bindings and lesson progress.
    Own,
    /// The server's log of a game's steps, a line a step.
    ServerSteps,
}

impl FileKind {
    /// The most bytes a file of this kind may hold.
    pub fn most_bytes(self) -> u64 {
        const MB: u64 = 1024 * 1024;
        match self {
            Self::Level | Self::Data | Self::Lesson | Self::Campaign | Self::Own => MB,
            Self::Script => 4 * MB,
            Self::Replay | Self::CampaignSave => 16 * MB,
            Self::ServerSteps => 64 * MB,
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Self::Level => "a level",
            Self::Data => "a data file",
            Self::Script => "a script",
            Self::Lesson => "a lesson",
            Self::Campaign => "a campaign",
            Self::Replay => "a replay or save",
            Self::CampaignSave => "a campaign's save or record",
            Self::Own => "a settings file",
            Self::ServerSteps => "a server's log of steps",
        }
    }
}

/// Reads a file the game is given or finds, the one way every reader
/// does: a regular file only (never a folder, device or pipe, which could
/// block or never end), no more than its kind's most bytes, and UTF-8 text,
/// a byte that is not placed at its line and column.
pub fn read_text(path: &Path, kind: FileKind) -> Result<String, Diagnostic> {
    use std::io::Read as _;
    let problem = |message: String| Diagnostic::new(path, (1, 1), message);
    let cannot =
        |error: std::io::Error| problem(format!("cannot read the file: {}", plain(&error)));
    let metadata = std::fs::metadata(path).map_err(cannot)?;
    if !metadata.is_file() {
        return Err(problem(if metadata.is_dir() {
            "a folder, not a file".to_string()
        } else {
            "not a file but a device or pipe, which the game does not read".to_string()
        }));
    }
    if let Some(problem) = over_limit(path, metadata.len(), kind) {
        return Err(problem);
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(kind.most_bytes() + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if let Some(problem) = over_limit(path, bytes.len() as u64, kind) {
        return Err(problem);
    }
    // A byte-order mark, which some editors write first, is no part of
    // the text.
    if bytes.starts_with(BYTE_ORDER_MARK) {
        bytes.drain(..BYTE_ORDER_MARK.len());
    }
    String::from_utf8(bytes).map_err(|error| {
        let good = &error.as_bytes()[..error.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |at| at + 1);
        let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
        Diagnostic::new(
            path,
            (line, column),
            "the file is not UTF-8 text: a byte here is not a character",
        )
    })
}

/// UTF-8's byte-order mark.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// The problem with a file of `bytes` bytes read as `kind`, if it holds
/// more than that kind may.
pub fn over_limit(path: &Path, bytes: u64, kind: FileKind) -> Option<Diagnostic> {
    let most = kind.most_bytes();
    (bytes > most).then(|| {
        Diagnostic::new(
            path,
            (1, 1),
            format!(
                "the file holds {bytes} bytes, more than the {most} {} may hold",
                kind.noun()
            ),
        )
    })
}

/// An error of the file system in plain words, without the error number.
fn plain(error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => "there is no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "it may not be read".to_string(),
        _ => error.to_string(),
    }
}

/// Whether `path` is a regular file (not a link) holding exactly `text`,
/// read no further than `text`'s length: how the unpacked content is
/// checked against what the game holds. Anything else (a pipe, a link, a
/// folder, a file of another size) is not read at all.
pub fn holds_exactly(path: &Path, text: &str) -> bool {
    use std::io::Read as _;
    let regular = std::fs::symlink_metadata(path)
        .is_ok_and(|m| m.file_type().is_file() && m.len() == text.len() as u64);
    if !regular {
        return false;
    }
    let mut bytes = Vec::with_capacity(text.len());
    std::fs::File::open(path)
        .and_then(|file| file.take(text.len() as u64 + 1).read_to_end(&mut bytes))
        .is_ok_and(|_| bytes == text.as_bytes())
}

/// Whether `path` lies, once resolved, under one of the folders. A file
/// not there yet is placed by its folder.
pub fn inside(path: &Path, folders: &[&Path]) -> bool {
    let resolved = path.canonicalize().or_else(|error| {
        let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
            return Err(error);
        };
        let parent = if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        };
        parent.canonicalize().map(|parent| parent.join(name))
    });
    let Ok(path) = resolved else {
        return false;
    };
    folders.iter().any(|folder| {
        folder
            .canonicalize()
            .is_ok_and(|folder| path.starts_with(folder))
    })
}

/// A file of the player's the game reads by itself (settings, bindings,
/// progress, a campaign's save): its text as [`read_text`] reads it, or
/// `None` when there is no such file yet.
pub fn read_own_file(path: &Path, kind: FileKind) -> Result<Option<String>, Diagnostic> {
    match std::fs::symlink_metadata(path) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        _ => read_text(path, kind).map(Some),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_written_over_keeps_the_copy_before() {
        let scratch = crate::scratch::Scratch::new("files");
        let dir = scratch.path().to_path_buf();
        let path = dir.join("settings.ron");
        write_keeping_previous(&path, "first").expect("written");
        assert!(!previous_copy(&path).exists());
        write_keeping_previous(&path, "second").expect("written again");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "second");
        assert_eq!(
            std::fs::read_to_string(dir.join("settings.previous.ron")).expect("kept"),
            "first"
        );
        let left: Vec<_> = std::fs::read_dir(&dir)
            .expect("the folder")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
        let folder = dir.join("folder.ron");
        std::fs::create_dir_all(&folder).expect("a folder");
        assert!(
            write_keeping_previous(&folder, "over a folder").is_err(),
            "nothing but a file is written over"
        );
        assert!(folder.is_dir());
    }

    #[test]
    fn bytes_that_are_not_text_are_placed_at_their_line_and_column() {
        let scratch = crate::scratch::Scratch::new("utf8");
        let dir = scratch.path().to_path_buf();
        let path = dir.join("settings.ron");
        std::fs::write(&path, b"(\n    ui_sc\xffale: 1.0,\n)").expect("written");
        let error = read_own_file(&path, FileKind::Own).expect_err("not text");
        assert_eq!((error.line, error.col), (2, 10));
        assert_eq!(
            read_own_file(&dir.join("none.ron"), FileKind::Own),
            Ok(None)
        );
    }

    /// A pipe, a device and a folder are refused without being opened (a
    /// pipe would block, `/dev/zero` never ends); a file past its kind's
    /// size is refused before it is read.
    #[cfg(unix)]
    #[test]
    fn only_a_regular_file_within_its_kinds_size_is_read() {
        let scratch = crate::scratch::Scratch::new("read");
        let dir = scratch.path().to_path_buf();
        let pipe = dir.join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        assert!(made.is_ok_and(|status| status.success()), "mkfifo");
        let refused = |path: &Path, kind| read_text(path, kind).expect_err("refused").message;
        let not_a_file = "not a file but a device or pipe, which the game does not read";
        assert_eq!(refused(&pipe, FileKind::Level), not_a_file);
        assert_eq!(
            refused(Path::new("/dev/zero"), FileKind::Replay),
            not_a_file
        );
        assert_eq!(refused(&dir, FileKind::Script), "a folder, not a file");
        assert_eq!(
            refused(&dir.join("none.ron"), FileKind::Lesson),
            "cannot read the file: there is no such file"
        );
        let big = dir.join("big.ron");
        std::fs::File::create(&big)
            .and_then(|file| file.set_len(FileKind::Level.most_bytes() + 1))
            .expect("grown");
        assert_eq!(
            refused(&big, FileKind::Level),
            "the file holds 1048577 bytes, more than the 1048576 a level may hold"
        );
        let bom = dir.join("bom.ron");
        std::fs::write(&bom, b"\xEF\xBB\xBF(name: \"Duel\")").expect("written");
        assert_eq!(
            read_text(&bom, FileKind::Level),
            Ok("(name: \"Duel\")".to_string()),
            "a byte-order mark is skipped"
        );
        std::fs::write(&big, "(name: \"Duel\")").expect("written");
        assert_eq!(
            read_text(&big, FileKind::Level),
            Ok("(name: \"Duel\")".to_string())
        );
    }
}
