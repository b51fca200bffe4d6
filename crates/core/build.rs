//! Builds the game's shipped content into the binary: every file under
//! `assets/`, `levels/`, `lessons/` and `campaigns/` becomes an entry of
//! `SHIPPED` (its path from the project's root, and its text), which
//! `src/content.rs` unpacks when the game runs away from its project.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The folders of shipped content, from the project's root.
const FOLDERS: [&str; 4] = ["assets", "levels", "lessons", "campaigns"];

fn main() {
    // The content lies at the project's root, two folders above this crate.
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest.join("../..");
    // Two checkouts sharing one target folder share this script's output:
    // run again whenever the project's folder is another.
    println!("cargo::rerun-if-env-changed=CARGO_MANIFEST_DIR");
    let mut files = Vec::new();
    for folder in FOLDERS {
        println!("cargo::rerun-if-changed=../../{folder}");
        collect(&root, &root.join(folder), &mut files);
    }
    files.sort();
    let mut out = String::from("/// The shipped content: (path from the project's root, text).\n");
    out.push_str("pub static SHIPPED: &[(&str, &str)] = &[\n");
    // Each file named from the project's folder as the crate is compiled,
    // not as an absolute path fixed here.
    for relative in &files {
        writeln!(
            out,
            "    ({relative:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/../../\", {relative:?}))),"
        )
        .expect("a string");
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("shipped.rs");
    std::fs::write(dest, out).expect("the build folder is writable");
}

/// Every `.ron` file under `dir`, as its path from `root` with `/`.
fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            collect(root, &path, files);
        } else if kind.is_file() && path.extension().is_some_and(|e| e == "ron") {
            let relative = path.strip_prefix(root).expect("under the root");
            let relative: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
            files.push(relative.join("/"));
        }
    }
}
