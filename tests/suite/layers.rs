//! The crate's layering: the top-level modules, and the modules inside each
//! folder of `src/`, import only from their own layer or those below, with
//! no circle at any depth. The layers are written down here, top to bottom;
//! a module in no layer fails the test, so a new module must be placed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module folder (relative to the project; a crate's `src` for the crate
/// itself) and its children's
/// layers, top to bottom. Children of one layer may import each other, but
/// never in a circle.
const HOUSE: &[(&str, &[&[&str]])] = &[
    // The game's crate: the window, on the command line with no window, on
    // the network, on the core (each crate's own rows follow).
    ("src", &[&["game"], &["sound"]]),
    (
        "crates/server/src",
        &[&["campaign"], &["check", "replay", "serve", "simulate"]],
    ),
    (
        "crates/core/src",
        &[
            &["lesson", "simulate"],
            &["replay"],
            &["script"],
            &["campaign", "seat"],
            &["ai"],
            &["battle"],
            &["level"],
            &["data"],
            &["rules", "rulebook"],
            &["content"],
            &["diagnostics", "files", "names", "unique_keys", "vocabulary"],
            &["scratch"],
        ],
    ),
    (
        "crates/net/src",
        &[
            &["headless", "server"],
            &["client", "connection", "hub"],
            &["mirror"],
            &["store"],
            &["game"],
            &["by_file", "protocol", "tokens"],
        ],
    ),
    (
        "crates/core/src/battle",
        &[
            &["engine", "setup", "save", "record", "mirror", "legal"],
            &["orders"],
            &["check", "costs", "odds", "flow", "candidates"],
            &["sequence"],
            &[
                "cover", "flight", "inclose", "injury", "mental", "riding", "special", "warband",
                "wielding",
            ],
            &["effects"],
            &[
                "state",
                "components",
                "command",
                "events",
                "describe",
                "pending",
                "sequence::round",
            ],
        ],
    ),
    (
        "crates/core/src/battle/orders",
        &[
            &["movement"],
            &["attack", "riding"],
            &["flight"],
            &["free_strikes", "pools", "recovery", "wrestling"],
            &["landing"],
            &["dice"],
        ],
    ),
    (
        "crates/core/src/battle/describe",
        &[&["narrate", "orders", "rules"]],
    ),
    (
        "crates/core/src/battle/describe/narrate",
        &[&[
            "blows", "close", "defences", "flight", "mounts", "ranks", "turns", "wounds",
        ]],
    ),
    (
        "crates/core/src/ai",
        &[
            &["play"],
            &["search"],
            &["position"],
            &["legal"],
            &["evaluate"],
            &["cover", "flyers", "storm", "zones", "wounds"],
            &["gain"],
        ],
    ),
    (
        "src/game",
        &[
            &["loading_tests"],
            &["headless", "screenshot", "test_battles"],
            &["hot_reload"],
            &["screens"],
            &["ai_driver", "by_file", "online", "sound"],
            &["table"],
            &["hud"],
            &["play_args", "session"],
            &["stage", "input", "orders", "assets", "level_preview"],
            &["mirror"],
            &["steps"],
            &["test_engines"],
        ],
    ),
    (
        "src/game/screens",
        &[
            &["title", "battle", "by_file", "campaign", "online"],
            &["results"],
            &["save_menu"],
            &["editor"],
            &["viewer", "lessons", "settings"],
            &["loading"],
        ],
    ),
    (
        "src/game/screens/campaign",
        &[
            &["page_tests"],
            &["briefing"],
            &["aftermath", "list"],
            &["market"],
            &["advances", "cards", "gear", "map", "roster"],
            &["card_figures"],
        ],
    ),
    (
        "src/game/screens/battle",
        &[
            &["panel_tests"],
            &["panels"],
            &["tooltip", "top_bar", "windows"],
            &["actions"],
            &["card", "folding"],
        ],
    ),
    (
        "src/game/screens/editor",
        &[&["panel_tests"], &["balance", "problems", "tools"]],
    ),
    (
        "src/game/table",
        &[
            &["title_table", "picking", "marks", "callouts", "markers"],
            &["figure_sheet"],
            &["camera"],
            &["opening_view", "view"],
            &["orbit"],
            &["figures", "scenery"],
            &["motion", "figure_mesh"],
            &["geometry", "light", "paint", "sculpt", "side_paint"],
        ],
    ),
    (
        "src/game/hud",
        &[
            &["menu_cache"],
            &["state"],
            &["log_view", "recap", "rules_panel"],
            &["dice"],
        ],
    ),
    (
        "src/game/session",
        &[
            &["undo", "campaigning"],
            &["saves", "campaign_slots"],
            &["watching"],
            &["coaching", "play_settings", "preferences", "progress"],
            &["match_setup"],
        ],
    ),
    (
        "crates/core/src/level",
        &[
            &["edit"],
            &["validate", "write"],
            &["colour_sight"],
            &["tests"],
        ],
    ),
    (
        "crates/core/src/data",
        &[&["check"], &["armour", "catalogue"], &["types"]],
    ),
    (
        "crates/core/src/rules",
        &[
            &["odds", "action_dice", "aftermath", "attack", "rolls"],
            &["advancement", "gear"],
            &[
                "countdown",
                "damage",
                "defence",
                "dice",
                "injury",
                "movement",
                "numbers",
                "payment",
                "special",
            ],
        ],
    ),
    (
        "crates/core/src/simulate",
        &[&["balance", "campaign", "compare", "plot"], &["sweep"]],
    ),
    (
        "crates/core/src/campaign",
        &[
            &["record"],
            &["run", "save"],
            &["advance", "gear", "history", "roads"],
            &["trade"],
            &["progress"],
            &["aftermath", "healing"],
            &["captives", "spoils"],
            &["deeds", "end"],
            &["fielding", "check"],
            &["events", "warband", "words"],
            &["format", "gains"],
        ],
    ),
    ("crates/core/src/replay", &[&["script"]]),
    ("src/sound", &[&["voices"], &["cue", "synth"]]),
];

/// Data files that lie in a lower layer than their folder's rules, each a
/// node of its own (`folder::file`): the sequence's rounds are held by the
/// state, which the sequence's rules read.
const DATA_BELOW_ITS_RULES: &[(&str, &str, &str)] =
    &[("crates/core/src/battle", "sequence", "round")];

fn project() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The core's `src/`.
fn src() -> PathBuf {
    project().join("crates/core/src")
}

/// Every crate's `src/`: the game's and those under `crates/`.
fn sources() -> Vec<PathBuf> {
    let mut all = vec![project().join("src")];
    for entry in std::fs::read_dir(project().join("crates")).expect("crates list") {
        all.push(entry.expect("entry").path().join("src"));
    }
    all
}

/// A folder's crate `src/` and its module path inside the crate
/// (`crate::` for the crate itself, `crate::battle::` for its battle).
fn crate_path_of(folder: &str) -> String {
    let inside = match folder.find("src/") {
        Some(at) => &folder[at + 4..],
        None => "",
    };
    if inside.is_empty() {
        "crate::".to_string()
    } else {
        format!("crate::{}::", inside.replace('/', "::"))
    }
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

/// The names that follow `prefix` in `code`, single or in a `{...}` group.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    for (at, _) in code.match_indices(prefix) {
        // `super::super::x` is not `super::x`: a match must start a path.
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
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

/// Every `.rs` file under `path` (the file itself, or a folder's files),
/// each with how many modules deep it lies below the child's parent.
fn files_of(path: &Path, depth: usize, out: &mut Vec<(PathBuf, usize)>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).expect("folder lists") {
            let inner = entry.expect("entry").path();
            let is_mod = inner.file_stem().is_some_and(|s| s == "mod");
            if inner.is_dir() {
                files_of(&inner, depth + 1, out);
            } else if is_mod {
                out.push((inner, depth));
            } else if inner.extension().is_some_and(|e| e == "rs") {
                out.push((inner, depth + 1));
            }
        }
    } else {
        out.push((path.to_path_buf(), depth));
    }
}

/// The items a folder's own module defines (the game's folders, each a
/// plugin adding its children, as bevy_new_2d's are: a child importing
/// from its folder's own module would be an arrow up and a circle; the
/// core's folders keep the types their children share in their own module,
/// as a crate's root does) (its `mod.rs`, or the file of
/// its name beside it), besides its children.
fn items_of_folder_module(dir: &Path) -> BTreeSet<String> {
    let own = [dir.join("mod.rs"), dir.with_extension("rs")];
    let Some(file) = own.iter().find(|f| f.is_file()) else {
        return BTreeSet::new();
    };
    let mut items = BTreeSet::new();
    for line in code(file).lines() {
        let line = line.trim_start();
        let line = line
            .strip_prefix("pub(crate) ")
            .or_else(|| line.strip_prefix("pub "))
            .unwrap_or(line);
        for keyword in [
            "fn ", "struct ", "enum ", "const ", "static ", "type ", "trait ",
        ] {
            if let Some(rest) = line.strip_prefix(keyword) {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                items.insert(name);
            }
        }
    }
    items
}

/// The children of the module folder `folder` and, for each, the sibling
/// children its files name.
fn imports_in(folder: &str) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let dir = project().join(folder);
    let mut children = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("module folder lists") {
        let path = entry.expect("entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        let is_code = path.is_dir() || path.extension().is_some_and(|e| e == "rs");
        if is_code && !["mod", "lib", "main"].contains(&name.as_str()) {
            children.insert(name, path);
        }
    }
    let splits: Vec<(&str, &str)> = DATA_BELOW_ITS_RULES
        .iter()
        .filter(|(at, _, _)| *at == folder)
        .map(|(_, head, file)| (*head, *file))
        .collect();
    for (head, file) in &splits {
        children.insert(
            format!("{head}::{file}"),
            dir.join(head).join(format!("{file}.rs")),
        );
    }
    let crate_path = crate_path_of(folder);
    let is_crate = crate_path == "crate::";
    let defined = items_of_folder_module(&dir);
    let mut imports_of_parent = Vec::new();
    let mut imports = BTreeMap::new();
    for (child, path) in &children {
        let mut files = Vec::new();
        files_of(path, 1, &mut files);
        // A split data file is its own node, one module deeper.
        let split_files: Vec<PathBuf> = children
            .iter()
            .filter(|(name, _)| name.contains("::"))
            .map(|(_, path)| path.clone())
            .collect();
        if child.contains("::") {
            files = vec![(path.clone(), 2)];
        } else {
            files.retain(|(file, _)| !split_files.contains(file));
        }
        let mut named = BTreeSet::new();
        for (file, depth) in files {
            let code = code(&file);
            let prefixes = if is_crate {
                vec![crate_path.clone()]
            } else {
                vec![crate_path.clone(), "super::".repeat(depth)]
            };
            for prefix in prefixes {
                named.extend(names_after(&code, &prefix));
                for (head, data) in &splits {
                    let whole = format!("{prefix}{head}::{data}::");
                    let all = format!("{prefix}{head}::");
                    if code.contains(&whole) {
                        named.insert(format!("{head}::{data}"));
                        if code.matches(&all).count() == code.matches(&whole).count() {
                            named.remove(*head);
                        }
                    }
                }
            }
        }
        if folder.starts_with("src/game") {
            for name in named.iter().filter(|n| defined.contains(*n)) {
                imports_of_parent.push(format!(
                    "{folder}: {child} imports {name} from the folder's own module, which \
                     imports it: move {name} into a child"
                ));
            }
        }
        named.retain(|n| children.contains_key(n) && n != child);
        imports.insert(child.clone(), named);
    }
    (imports, imports_of_parent)
}

/// Every wrong arrow in `folder`: a child in no layer, an import up, or a
/// circle.
fn wrong_arrows(folder: &str, layers: &[&[&str]]) -> Vec<String> {
    let place = folder;
    let layer_of = |m: &str| layers.iter().position(|l| l.contains(&m));
    let (imports, mut wrong) = imports_in(folder);
    for (module, named) in &imports {
        let Some(mine) = layer_of(module) else {
            wrong.push(format!("{place}: {module} is in no layer"));
            continue;
        };
        for other in named {
            if layer_of(other).is_some_and(|theirs| theirs < mine) {
                wrong.push(format!(
                    "{place}: {module} imports {other}, from a layer above it"
                ));
            }
        }
    }
    for start in imports.keys() {
        let mut seen = BTreeSet::new();
        let mut next: Vec<&String> = imports[start].iter().collect();
        while let Some(module) = next.pop() {
            if module == start {
                wrong.push(format!(
                    "{place}: {start} imports itself back through {seen:?}"
                ));
                break;
            }
            if seen.insert(module.clone()) {
                next.extend(imports.get(module).into_iter().flatten());
            }
        }
    }
    wrong
}

#[test]
fn every_module_imports_only_downward_with_no_circle() {
    let wrong: Vec<String> = HOUSE
        .iter()
        .flat_map(|(folder, layers)| wrong_arrows(folder, layers))
        .collect();
    assert!(wrong.is_empty(), "wrong arrows:\n{}", wrong.join("\n"));
}

#[test]
fn the_layer_check_sees_a_wrong_arrow() {
    // The crate's own layers read upside down: every import is then an
    // import up, so the check must report some.
    let (folder, layers) = HOUSE[0];
    let upside_down: Vec<&[&str]> = layers.iter().rev().copied().collect();
    assert!(
        wrong_arrows(folder, &upside_down)
            .iter()
            .any(|w| w.contains("from a layer above it")),
        "an upside-down house passes the layer check"
    );
}

#[test]
fn the_vocabulary_imports_nothing_of_the_game() {
    let code = code(&src().join("vocabulary.rs"));
    assert!(
        !code.contains("crate::"),
        "vocabulary.rs imports from the game"
    );
}

/// The files under `src/` outside `battle/` whose code (their unit tests and
/// test modules aside) changes a battle's state through `set_up`.
fn writers_outside_battle() -> Vec<String> {
    let mut files = Vec::new();
    for source in sources() {
        files_of(&source, 0, &mut files);
    }
    files
        .into_iter()
        .map(|(path, _)| path)
        .filter(|path| !path.starts_with(src().join("battle")))
        .filter(|path| !path.to_string_lossy().ends_with("tests.rs"))
        .filter(|path| code(path).contains(".set_up()"))
        .map(|path| path.display().to_string())
        .collect()
}

/// ENGINE.md: only the battle's own modules change its state; elsewhere
/// `BattleState::set_up` is for tests setting up a position.
#[test]
fn only_the_battle_changes_its_state_outside_tests() {
    let writers = writers_outside_battle();
    assert!(
        writers.is_empty(),
        "these change a battle's state: {writers:?}"
    );
}

/// The names of the sequences' own phases and turns: only the sequence of
/// play may use them.
const SEQUENCE_WORDS: [&str; 7] = [
    "Phase::Countdown",
    "Phase::Refresh",
    "Phase::SideTurn",
    "Phase::Alternation",
    "Phase::Track",
    "Phase::Dex",
    "Turn::LastOption",
];

/// The files under `src/` outside `battle/sequence/` whose code names a
/// sequence's phase, each with the word.
fn phase_names_outside_the_sequence() -> Vec<(String, &'static str)> {
    let mut files = Vec::new();
    for source in sources() {
        files_of(&source, 0, &mut files);
    }
    let mut found = Vec::new();
    for (path, _) in files {
        if path.starts_with(src().join("battle").join("sequence")) {
            continue;
        }
        let code = code(&path);
        for word in SEQUENCE_WORDS {
            if code.contains(word) {
                found.push((path.display().to_string(), word));
            }
        }
    }
    found
}

/// #52: the sequence of play is one seam. The countdown's phases (and the
/// other sequences') are named only in `battle/sequence`; everyone else asks
/// it (`turn_order`, `at_refresh`, `sequence_in_words`).
#[test]
fn only_the_sequence_names_its_phases() {
    let found = phase_names_outside_the_sequence();
    assert!(found.is_empty(), "named outside the sequence: {found:?}");
}

/// The files of the game's crate that change the engine (their tests
/// aside), outside the one stream of steps.
fn engine_writers_outside_the_stream() -> Vec<String> {
    let mut files = Vec::new();
    files_of(&project().join("src"), 0, &mut files);
    files
        .into_iter()
        .map(|(path, _)| path)
        .filter(|path| !path.ends_with("game/steps.rs"))
        .filter(|path| !path.to_string_lossy().ends_with("tests.rs"))
        .filter(|path| {
            let code = code(path);
            ["ResMut<Engine>", "resource_mut::<Engine>"]
                .iter()
                .any(|word| code.contains(word))
                || changes_a_scoped_engine(&code)
        })
        .map(|path| path.display().to_string())
        .collect()
}

/// Whether `code` takes the engine out of the world with a binding it may
/// change (`|world, mut engine: Mut<Engine>|`); reading it so, as the
/// mirror and picking do, binds it without `mut`.
fn changes_a_scoped_engine(code: &str) -> bool {
    code.match_indices(": Mut<Engine>").any(|(at, _)| {
        let before = code[..at].trim_end();
        let name_start = before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        before[..name_start].trim_end().ends_with("mut")
    })
}

/// #75: one stream of steps. In the game, only `game/steps.rs` changes the
/// engine; local orders, the AI, the server's steps and a turn file's all
/// reach it through the one queue.
#[test]
fn only_the_stream_of_steps_changes_the_engine() {
    let writers = engine_writers_outside_the_stream();
    assert!(
        writers.is_empty(),
        "these change the engine outside the stream of steps: {writers:?}"
    );
}

/// #75: the AI asks the sequence of play what it needs to know (whether a
/// pass keeps the dice, whether a hold is a delayed action, whether the
/// sides answer action by action) and names no sequence itself.
#[test]
fn the_ai_names_no_sequence_of_play() {
    let mut files = Vec::new();
    files_of(&src().join("ai"), 0, &mut files);
    let naming: Vec<String> = files
        .into_iter()
        .map(|(path, _)| path)
        .filter(|path| !path.to_string_lossy().ends_with("tests.rs"))
        .filter(|path| code(path).contains("Sequence::"))
        .map(|path| path.display().to_string())
        .collect();
    assert!(naming.is_empty(), "these name a sequence: {naming:?}");
}

#[test]
fn the_stream_check_sees_an_engine_taken_to_be_changed() {
    assert!(changes_a_scoped_engine(
        "world.resource_scope(|world, mut engine: Mut<Engine>| {"
    ));
    assert!(!changes_a_scoped_engine(
        "world.resource_scope(|world, engine: Mut<Engine>| {"
    ));
}
