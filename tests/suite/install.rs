//! The game as an installed player has it: one file, started from a folder
//! that is not the project, with a home of its own. Its content is built in
//! and unpacked into the platform's cache folder; the player's own levels
//! and saves live in the platform's data folder.

use std::path::Path;
use std::process::Command as Process;
use std::sync::Arc;

use swift_swords::campaign::check::load_campaign;
use swift_swords::content::{self, SHIPPED};
use swift_swords::data::Ruleset;
use swift_swords::game::screens::lessons::LessonLibrary;
use swift_swords::game::session::match_setup::{LevelFolder, LevelLibrary, ron_files_in};

fn scratch(name: &str) -> swift_swords::scratch::Scratch {
    swift_swords::scratch::Scratch::new(&format!("install-{name}"))
}

/// The project's own `.ron` files in `folder`, by name.
fn project_files(folder: &str) -> Vec<String> {
    ron_files_in(Path::new(folder))
        .iter()
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn an_installed_game_reads_its_data_every_level_lesson_and_campaign_from_the_content_built_in() {
    let dir = scratch("unpacked");
    content::unpack(&dir).expect("unpacked");
    let ruleset = Arc::new(Ruleset::load_dir(&dir.join("assets/data")).expect("the data"));

    let levels = LevelLibrary::scan(&dir.join("levels"), None, Some(&ruleset));
    let names: Vec<&str> = levels.entries.iter().map(|e| e.file.as_str()).collect();
    assert_eq!(names, project_files("levels"));
    for entry in &levels.entries {
        assert!(entry.level.is_ok(), "{}: {:?}", entry.file, entry.level);
        assert_eq!(entry.folder, LevelFolder::Library);
    }

    let lessons = LessonLibrary::scan(&dir.join("lessons"), Some(ruleset.clone()));
    assert_eq!(lessons.entries.len(), project_files("lessons").len());
    for entry in &lessons.entries {
        assert!(
            entry.lesson.is_ok(),
            "{}: {:?}",
            entry.file,
            entry.lesson.as_ref().err()
        );
    }

    let campaigns = ron_files_in(&dir.join("campaigns"));
    assert_eq!(campaigns.len(), project_files("campaigns").len());
    for campaign in campaigns {
        load_campaign(&campaign, &ruleset).unwrap_or_else(|problems| panic!("{problems}"));
    }
    assert!(dir.join("assets/input.ron").is_file());
}

/// The binary started from an empty folder, with an empty home: it unpacks
/// its content into that home's cache folder and plays a shipped level
/// there headless to the end, its autosave in the home's data folder.
#[test]
fn the_game_started_from_an_empty_folder_plays_a_shipped_level_with_its_files_in_the_players_folders()
 {
    let home = scratch("home");
    let empty = scratch("empty");
    let unpacked = home.join(".cache/swift-swords").join(format!(
        "content-{}-{}",
        env!("CARGO_PKG_VERSION"),
        &content::content_hash()[..16]
    ));
    let run = |args: &[&str]| {
        Process::new(env!("CARGO_BIN_EXE_swift-swords"))
            .current_dir(&empty)
            .env("HOME", &home)
            .env_remove("XDG_CACHE_HOME")
            .env_remove("XDG_DATA_HOME")
            .env_remove("XDG_CONFIG_HOME")
            .args(args)
            .output()
            .expect("the game runs")
    };
    let duel = unpacked.join("levels/duel.ron");
    let played = run(&[
        "play",
        &duel.to_string_lossy(),
        "--mode",
        "ai-vs-ai",
        "--seed",
        "3",
        "--headless",
    ]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    for (name, text) in SHIPPED {
        assert_eq!(
            &std::fs::read_to_string(unpacked.join(name)).expect("unpacked"),
            text
        );
    }
    assert!(
        home.join(".local/share/swift-swords/saves/autosave.ron")
            .is_file()
    );
    assert_eq!(
        std::fs::read_dir(&empty).expect("the folder").count(),
        0,
        "nothing is written where the game is started"
    );

    let version = run(&["--version"]);
    let version = String::from_utf8_lossy(&version.stdout);
    assert_eq!(
        version.trim(),
        format!("swift-swords {}", content::version_line())
    );
}
