//! The game's own content (the rules data, levels, lessons, campaigns and
//! default key bindings) and where it is read from this run.
//!
//! The shipped content is built into the binary (`build.rs`), so one file is
//! the whole game. Run from the project's root, or with `--content DIR`, the
//! game reads that folder instead, as designers work: their edits show at
//! once and hot reload watches them. Run from anywhere else, the built-in
//! content is unpacked into the platform's cache folder, one folder per
//! content hash, and read from there: every reader (the asset server and its
//! hot reload, the level list, the command line) reads files, and the cache
//! can be deleted at any time. The player's own levels and campaigns live
//! in the platform's data folder ([`own_dir`]), never among the shipped ones.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::diagnostics::Diagnostic;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// Where this run's content lies, and whether it is the shipped content
/// (read-only: the game writes nothing there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentRoot {
    /// A project folder, read and written as designers work.
    Project(PathBuf),
    /// The built-in content, unpacked into this folder.
    Shipped(PathBuf),
}

impl ContentRoot {
    pub fn dir(&self) -> &Path {
        match self {
            Self::Project(dir) | Self::Shipped(dir) => dir,
        }
    }
}

static ROOT: OnceLock<ContentRoot> = OnceLock::new();

/// This run's content: set once at start ([`install`]); the working folder
/// until then, as tests run from the project's root.
pub fn root() -> &'static ContentRoot {
    static WORKING: OnceLock<ContentRoot> = OnceLock::new();
    ROOT.get()
        .unwrap_or_else(|| WORKING.get_or_init(|| ContentRoot::Project(PathBuf::new())))
}

/// A content file or folder, e.g. `path("levels")`.
pub fn path(relative: &str) -> PathBuf {
    root().dir().join(relative)
}

/// Whether this run plays the shipped content, which the editor never
/// writes over.
pub fn is_shipped() -> bool {
    matches!(root(), ContentRoot::Shipped(_))
}

/// The folder that makes a project: the rules data.
const PROJECT_MARK: &str = "assets/data/rules.ron";

/// Where the content is read from: `--content DIR` if given (it must hold
/// the rules data), the working folder if it is a project, else the
/// built-in content unpacked under `cache`.
pub fn choose(
    explicit: Option<&Path>,
    working: &Path,
    cache: &Path,
) -> Result<ContentRoot, String> {
    if let Some(dir) = explicit {
        return if dir.join(PROJECT_MARK).is_file() {
            Ok(ContentRoot::Project(dir.to_path_buf()))
        } else {
            Err(Diagnostic::new(
                dir,
                (1, 1),
                format!("no {PROJECT_MARK} in the content folder"),
            )
            .to_string())
        };
    }
    if working.join(PROJECT_MARK).is_file() && working.join("levels").is_dir() {
        return Ok(ContentRoot::Project(PathBuf::new()));
    }
    Ok(ContentRoot::Shipped(cache.join(format!(
        "content-{}-{}",
        env!("CARGO_PKG_VERSION"),
        &content_hash()[..16]
    ))))
}

/// Sets this run's content, unpacking the built-in content first when it
/// is that. Called once, before anything reads content.
pub fn install(explicit: Option<&Path>) -> Result<(), String> {
    let working = std::env::current_dir().unwrap_or_default();
    let chosen = choose(explicit, &working, &crate::files::cache_dir())?;
    if let ContentRoot::Shipped(dir) = &chosen {
        unpack(dir).map_err(|error| {
            Diagnostic::new(
                dir,
                (1, 1),
                format!("cannot unpack the game's content: {error}"),
            )
            .to_string()
        })?;
    }
    ROOT.set(chosen)
        .map_err(|_| "the content was chosen twice".to_string())
}

/// Writes the built-in content under `dir`, each file whole (a temporary
/// file renamed into place), leaving any file that already holds its text.
/// A file changed or deleted since is put back as shipped.
pub fn unpack(dir: &Path) -> std::io::Result<()> {
    for (relative, text) in SHIPPED {
        let path = dir.join(relative);
        if std::fs::read(&path).is_ok_and(|bytes| bytes == text.as_bytes()) {
            continue;
        }
        crate::files::write_whole(&path, text)?;
    }
    Ok(())
}

/// A built-in file's text, by its path from the project's root.
pub fn shipped(relative: &str) -> Option<&'static str> {
    SHIPPED
        .iter()
        .find(|(name, _)| *name == relative)
        .map(|(_, text)| *text)
}

/// A portable hash of the built-in content: every file's path and text
/// (64 hex digits). `--version` shows it, so two players can tell they
/// play the same levels and rules.
pub fn content_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let mut hasher = blake3::Hasher::new();
        for (relative, text) in SHIPPED {
            for part in [relative.as_bytes(), text.as_bytes()] {
                hasher.update(&(part.len() as u64).to_le_bytes());
                hasher.update(part);
            }
        }
        hasher.finalize().to_hex().to_string()
    })
}

/// The line `--version` prints after the program's name.
pub fn version_line() -> &'static str {
    static LINE: OnceLock<String> = OnceLock::new();
    LINE.get_or_init(|| {
        format!(
            "{} (content {})",
            env!("CARGO_PKG_VERSION"),
            &content_hash()[..16]
        )
    })
}

/// The player's own content: levels made in the editor (`levels/`) and
/// campaigns (`campaigns/`), in the platform's data folder
/// (`~/.local/share/swift-swords` on Linux).
pub fn own_dir() -> PathBuf {
    crate::files::data_dir()
}

/// The player's own levels folder.
pub fn own_levels() -> PathBuf {
    own_dir().join("levels")
}

/// The player's own campaigns folder.
pub fn own_campaigns() -> PathBuf {
    own_dir().join("campaigns")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "swift-swords-content-{name}-{}",
            std::process::id()
        ));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).expect("a temp folder");
        dir
    }

    #[test]
    fn the_shipped_content_holds_the_data_levels_lessons_campaigns_and_bindings() {
        let names: Vec<&str> = SHIPPED.iter().map(|(name, _)| *name).collect();
        for wanted in [
            "assets/data/rules.ron",
            "assets/input.ron",
            "levels/duel.ron",
            "lessons/first_battle.ron",
            "campaigns/barrow_road.ron",
        ] {
            assert!(
                names.contains(&wanted),
                "{wanted} is not built in: {names:?}"
            );
        }
        for (name, text) in SHIPPED {
            let on_disk = std::fs::read_to_string(name).expect("the project's file");
            assert_eq!(&on_disk, text, "{name} is built in as it is on disk");
        }
    }

    #[test]
    fn a_project_folder_is_read_as_it_is_and_anywhere_else_the_built_in_content() {
        let empty = scratch("empty");
        let cache = empty.join("cache");
        let project = std::env::current_dir().expect("the project");
        assert_eq!(
            choose(None, &project, &cache),
            Ok(ContentRoot::Project(PathBuf::new()))
        );
        let ContentRoot::Shipped(unpacked) = choose(None, &empty, &cache).expect("chosen") else {
            panic!("an empty folder is not a project");
        };
        assert!(unpacked.starts_with(&cache));
        assert_eq!(
            choose(Some(&project), &empty, &cache),
            Ok(ContentRoot::Project(project.clone()))
        );
        let refused = choose(Some(&empty), &project, &cache).expect_err("no data there");
        assert!(
            refused.ends_with(":1:1: no assets/data/rules.ron in the content folder"),
            "{refused}"
        );
        std::fs::remove_dir_all(&empty).ok();
    }

    #[test]
    fn unpacking_puts_back_a_file_changed_or_deleted_and_leaves_the_rest() {
        let dir = scratch("unpack");
        unpack(&dir).expect("unpacked");
        std::fs::write(dir.join("levels/duel.ron"), "spoilt").expect("written");
        std::fs::remove_file(dir.join("assets/input.ron")).expect("removed");
        unpack(&dir).expect("unpacked again");
        for (name, text) in SHIPPED {
            assert_eq!(
                &std::fs::read_to_string(dir.join(name)).expect("there"),
                text
            );
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_version_names_the_content_hash() {
        assert_eq!(content_hash().len(), 64);
        assert!(version_line().starts_with(env!("CARGO_PKG_VERSION")));
        assert!(version_line().contains(&content_hash()[..16]));
    }
}
