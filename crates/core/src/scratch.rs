//! A scratch folder for tests and tools: made fresh under the system's
//! temporary folder, named for its purpose and unique to the process and
//! the call, and removed with everything in it when dropped (what
//! `tempfile::TempDir` does; this build has no copy of that crate).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A folder that lives as long as its guard.
#[derive(Debug)]
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// A new, empty folder for `purpose` (a few plain words).
    pub fn new(purpose: &str) -> Self {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "swift-swords-{purpose}-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("a scratch folder at {}: {e}", path.display()));
        Self { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A path inside the folder.
    pub fn join(&self, relative: impl AsRef<Path>) -> PathBuf {
        self.path.join(relative)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_folder_is_fresh_and_gone_with_its_guard() {
        let first = Scratch::new("scratch test");
        let second = Scratch::new("scratch test");
        assert_ne!(first.path(), second.path());
        std::fs::write(first.join("a.txt"), "a").expect("written");
        let kept = first.path().to_path_buf();
        assert!(kept.join("a.txt").is_file());
        drop(first);
        assert!(!kept.exists());
        assert!(second.path().is_dir());
    }
}
