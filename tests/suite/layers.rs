//! The engine's layering (see `src/battle/mod.rs`): each module of
//! `src/battle` imports only from its own layer or those below, with no
//! circle inside a layer; the rules' arithmetic and the vocabulary stand
//! alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Top to bottom. `orders` is the folder of what each order does.
const LAYERS: &[&[&str]] = &[
    &["engine", "setup", "save", "record", "mirror"],
    &["orders"],
    &["check", "costs", "odds", "flow"],
    &[
        "cover", "flight", "inclose", "injury", "mental", "riding", "special", "warband",
        "wielding",
    ],
    &["effects"],
    &["state", "components", "command", "events", "describe"],
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The code of a file without its comments and its unit tests.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("source file reads");
    let text = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => &text[..],
    };
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names that follow `prefix::` in `code`, single or in a `{...}` group.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    for (at, _) in code.match_indices(prefix) {
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                names.insert(word(item.trim()));
            }
        } else {
            names.insert(word(rest));
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

/// Each battle module and the battle modules it names.
fn battle_imports() -> BTreeMap<String, BTreeSet<String>> {
    let battle = src().join("battle");
    let modules: BTreeSet<String> = LAYERS
        .iter()
        .flat_map(|l| l.iter())
        .map(|m| m.to_string())
        .collect();
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files: Vec<(String, PathBuf, bool)> = Vec::new();
    for entry in std::fs::read_dir(&battle).expect("src/battle lists") {
        let path = entry.expect("entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        if path.is_dir() {
            for inner in std::fs::read_dir(&path).expect("folder lists") {
                let inner = inner.expect("entry").path();
                // A folder's mod.rs is the module itself: its `super` is battle.
                let nested = inner.file_stem().is_some_and(|s| s != "mod");
                files.push((name.clone(), inner, nested));
            }
        } else if name != "mod" {
            files.push((name, path, false));
        }
    }
    for (module, path, nested) in files {
        assert!(
            modules.contains(&module),
            "{} is in no layer: add it to LAYERS and to the account in src/battle/mod.rs",
            path.display()
        );
        let code = code(&path);
        let mut named = names_after(&code, "crate::battle::");
        named.extend(names_after(
            &code,
            if nested { "super::super::" } else { "super::" },
        ));
        named.retain(|n| modules.contains(n) && *n != module);
        imports.entry(module).or_default().extend(named);
    }
    imports
}

fn layer_of(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|layer| layer.contains(&module))
        .unwrap_or(usize::MAX)
}

#[test]
fn battle_modules_import_only_downward() {
    let imports = battle_imports();
    for (module, named) in &imports {
        for other in named {
            assert!(
                layer_of(other) >= layer_of(module),
                "battle::{module} imports battle::{other}, from a layer above it"
            );
        }
    }
    // No circle inside a layer: follow the imports from each module.
    for start in imports.keys() {
        let mut seen = BTreeSet::new();
        let mut next: Vec<&String> = imports[start].iter().collect();
        while let Some(module) = next.pop() {
            assert_ne!(
                module, start,
                "battle::{start} imports itself back through {seen:?}"
            );
            if seen.insert(module.clone()) {
                next.extend(imports.get(module).into_iter().flatten());
            }
        }
    }
}

#[test]
fn the_rules_arithmetic_imports_nothing_above_it() {
    for entry in std::fs::read_dir(src().join("rules")).expect("src/rules lists") {
        let path = entry.expect("entry").path();
        let code = code(&path);
        for above in [
            "crate::data",
            "crate::level",
            "crate::battle",
            "crate::game",
            "crate::ai",
        ] {
            assert!(!code.contains(above), "{} imports {above}", path.display());
        }
    }
}

#[test]
fn the_vocabulary_imports_nothing_of_the_game() {
    let code = code(&src().join("vocabulary.rs"));
    assert!(
        !code.contains("crate::"),
        "vocabulary.rs imports from the game"
    );
}
