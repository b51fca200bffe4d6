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

/// A file or folder of the project itself, wherever the tests run from
/// (a crate's tests run in the crate's own folder, two below the project).
#[cfg(test)]
pub(crate) fn project(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
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
        unpack(dir)?;
    }
    ROOT.set(chosen)
        .map_err(|_| "the content was chosen twice".to_string())
}

/// Writes the built-in content under `dir`, each file whole (a temporary
/// file renamed into place), leaving any file that already holds its text.
/// Whatever stands in a file's place and is not a regular file of its
/// shipped size (a pipe, a link, a folder, a file grown or cut) is put back
/// as shipped without being read, so a damaged cache costs no more than a
/// fresh one; a file of the right size is read no further than that size.
/// What cannot be put back is named, with the word that the cache folder
/// may be deleted.
pub fn unpack(dir: &Path) -> Result<(), String> {
    let cannot = |path: &Path, error: std::io::Error| {
        Diagnostic::new(
            path,
            (1, 1),
            format!(
                "cannot unpack the game's content here ({error}); the folder {} is only a \
                 copy of what the game holds, safe to delete",
                dir.display()
            ),
        )
        .to_string()
    };
    clear_unless_folder(dir).map_err(|error| cannot(dir, error))?;
    for (relative, text) in SHIPPED {
        let path = dir.join(relative);
        if crate::files::holds_exactly(&path, text) {
            continue;
        }
        put_back(dir, &path, text).map_err(|error| cannot(&path, error))?;
    }
    Ok(())
}

/// Writes `text` at `path`, first taking away whatever stands in its way:
/// a folder or a link in the file's place, a file or a link in the place
/// of one of its folders below `dir`.
fn put_back(dir: &Path, path: &Path, text: &str) -> std::io::Result<()> {
    let mut folders: Vec<&Path> = path
        .ancestors()
        .skip(1)
        .take_while(|folder| folder.starts_with(dir) && *folder != dir)
        .collect();
    folders.reverse();
    for folder in folders {
        clear_unless_folder(folder)?;
    }
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_dir() => std::fs::remove_dir_all(path)?,
        Ok(m) if !m.file_type().is_file() => std::fs::remove_file(path)?,
        _ => {}
    }
    crate::files::write_whole(path, text)
}

/// Takes away whatever stands where a folder should be and is not one (a
/// file, a link), and makes the folder.
fn clear_unless_folder(folder: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(folder) {
        Ok(m) if m.file_type().is_dir() => return Ok(()),
        Ok(_) => std::fs::remove_file(folder)?,
        Err(_) => {}
    }
    std::fs::create_dir_all(folder)
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

    fn scratch(name: &str) -> crate::scratch::Scratch {
        crate::scratch::Scratch::new(&format!("content-{name}"))
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
            let on_disk = std::fs::read_to_string(project(name)).expect("the project's file");
            assert_eq!(&on_disk, text, "{name} is built in as it is on disk");
        }
    }

    #[test]
    fn a_project_folder_is_read_as_it_is_and_anywhere_else_the_built_in_content() {
        let empty = scratch("empty");
        let cache = empty.join("cache");
        let project = project("");
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
    }

    /// A pipe, a link to a device, a folder and a file grown past its size
    /// in the place of cached files, and a file in the place of a folder,
    /// are put back as shipped without being read (a pipe would hang every
    /// command, a device never ends, a sparse file of gigabytes costs
    /// seconds).
    #[cfg(unix)]
    #[test]
    fn a_cached_file_that_is_not_its_shipped_self_is_put_back_without_being_read() {
        let dir = scratch("damaged");
        unpack(&dir).expect("unpacked");
        std::fs::remove_file(dir.join("levels/duel.ron")).expect("removed");
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join("levels/duel.ron"))
            .status();
        assert!(made.is_ok_and(|status| status.success()), "mkfifo");
        std::fs::remove_file(dir.join("assets/input.ron")).expect("removed");
        std::os::unix::fs::symlink("/dev/zero", dir.join("assets/input.ron")).expect("linked");
        std::fs::remove_file(dir.join("lessons/first_battle.ron")).expect("removed");
        std::fs::create_dir_all(dir.join("lessons/first_battle.ron/inside")).expect("a folder");
        std::fs::File::create(dir.join("campaigns/barrow_road.ron"))
            .and_then(|file| file.set_len(2 * 1024 * 1024 * 1024))
            .expect("a sparse file");
        std::fs::remove_dir_all(dir.join("tests")).ok();
        std::fs::remove_dir_all(dir.join("assets/data")).expect("removed");
        std::fs::write(dir.join("assets/data"), "a file where a folder was").expect("written");
        unpack(&dir).expect("put back");
        for (name, text) in SHIPPED {
            let path = dir.join(name);
            let kind = std::fs::symlink_metadata(&path).expect("there").file_type();
            assert!(kind.is_file(), "{name} is a regular file again");
            assert_eq!(&std::fs::read_to_string(&path).expect("there"), text);
        }
    }

    /// The content folder itself a file is put back as a folder; a cache
    /// that cannot be written names the file and says the folder may go.
    #[cfg(unix)]
    #[test]
    fn a_cache_that_cannot_be_repaired_is_named_as_safe_to_delete() {
        let dir = scratch("unrepairable");
        let content = dir.join("content");
        std::fs::write(&content, "a file where the folder was").expect("written");
        unpack(&content).expect("the folder made again");
        assert!(content.join("levels/duel.ron").is_file());
        // Below a file no folder can be made, whoever runs the game.
        let blocked = dir.join("content/levels/duel.ron/content");
        let problem = unpack(&blocked).expect_err("nothing can be made below a file");
        assert!(problem.contains("duel.ron/content:1:1"), "{problem}");
        assert!(problem.contains("safe to delete"), "{problem}");
    }

    #[test]
    fn the_version_names_the_content_hash() {
        assert_eq!(content_hash().len(), 64);
        assert!(version_line().starts_with(env!("CARGO_PKG_VERSION")));
        assert!(version_line().contains(&content_hash()[..16]));
    }
}
