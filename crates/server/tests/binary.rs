//! The server's binary: the commands with no window, run as a server image
//! would run them.

use std::process::Command;

/// The project's root, where the shipped content lies.
fn project() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_server_binary_checks_the_shipped_levels_and_plays_a_battle() {
    let server = env!("CARGO_BIN_EXE_swift-swords-server");
    let checked = Command::new(server)
        .current_dir(project())
        .args(["check", "levels"])
        .output()
        .expect("the server's binary runs");
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    let played = Command::new(server)
        .current_dir(project())
        .args([
            "simulate",
            "levels/duel.ron",
            "--battles",
            "2",
            "--seed",
            "3",
        ])
        .output()
        .expect("the server's binary runs");
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    assert!(String::from_utf8_lossy(&played.stdout).contains("2 battles"));
}

#[test]
fn the_server_binary_has_no_window_to_play() {
    let server = env!("CARGO_BIN_EXE_swift-swords-server");
    let asked = Command::new(server)
        .arg("play")
        .output()
        .expect("the server's binary runs");
    assert!(!asked.status.success());
    assert!(String::from_utf8_lossy(&asked.stderr).contains("unrecognized subcommand"));
}
