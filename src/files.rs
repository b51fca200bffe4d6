//! Where the player's files live, and how the game writes them: whole or
//! not at all, with the copy before kept beside.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;

/// The platform's config folder for the game (`~/.config/swift-swords` on
/// Linux), where the settings and the player's key bindings live; the
/// working folder if the platform names none.
pub fn config_dir() -> PathBuf {
    directories::ProjectDirs::from("", "", "swift-swords")
        .map_or_else(|| PathBuf::from("."), |d| d.config_dir().to_path_buf())
}

/// The platform's data folder for the game (`~/.local/share/swift-swords`
/// on Linux): saves, and the player's own levels and campaigns.
pub fn data_dir() -> PathBuf {
    directories::ProjectDirs::from("", "", "swift-swords")
        .map_or_else(|| PathBuf::from("."), |d| d.data_dir().to_path_buf())
}

/// The platform's cache folder for the game (`~/.cache/swift-swords` on
/// Linux), where the built-in content is unpacked to be read.
pub fn cache_dir() -> PathBuf {
    directories::ProjectDirs::from("", "", "swift-swords")
        .map_or_else(|| PathBuf::from("cache"), |d| d.cache_dir().to_path_buf())
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
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = PathBuf::from(temporary);
    {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
    }
    if path.is_file() {
        std::fs::rename(path, previous_copy(path))?;
    }
    std::fs::rename(&temporary, path)
}

/// A file of the player's the game reads by itself (settings, bindings,
/// progress): its text, `None` when there is no such file yet, or what is
/// wrong with it at its place (bytes that are not UTF-8 at their line and
/// column).
pub fn read_own_file(path: &Path) -> Result<Option<String>, Diagnostic> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => {
            return Err(Diagnostic::new(
                path,
                (1, 1),
                format!("cannot read the file: {error}"),
            ));
        }
    };
    String::from_utf8(bytes).map(Some).map_err(|error| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_written_over_keeps_the_copy_before() {
        let dir = std::env::temp_dir().join(format!("swift-swords-files-{}", std::process::id()));
        let path = dir.join("settings.ron");
        write_keeping_previous(&path, "first").expect("written");
        assert!(!previous_copy(&path).exists());
        write_keeping_previous(&path, "second").expect("written again");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "second");
        assert_eq!(
            std::fs::read_to_string(dir.join("settings.previous.ron")).expect("kept"),
            "first"
        );
        assert!(!dir.join("settings.ron.partial").exists());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn bytes_that_are_not_text_are_placed_at_their_line_and_column() {
        let dir = std::env::temp_dir().join(format!("swift-swords-utf8-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("settings.ron");
        std::fs::write(&path, b"(\n    ui_sc\xffale: 1.0,\n)").expect("written");
        let error = read_own_file(&path).expect_err("not text");
        assert_eq!((error.line, error.col), (2, 10));
        assert_eq!(read_own_file(&dir.join("none.ron")), Ok(None));
        std::fs::remove_dir_all(&dir).ok();
    }
}
