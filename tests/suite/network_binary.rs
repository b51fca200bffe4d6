//! The game's binary on loopback: `serve`, and `play --headless --connect`
//! clients killed and the server killed mid-game, coming back to the same
//! record. Every wait is bounded.

use std::time::Duration;

use swift_swords::replay::Replay;

/// A child process whose output lines arrive on a channel.
struct Child {
    process: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Child {
    fn spawn(args: &[&str]) -> Self {
        let mut process = std::process::Command::new(env!("CARGO_BIN_EXE_swift-swords"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdout = process.stdout.take().unwrap();
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        Self {
            process,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits (at most a minute) for a line starting with `start`.
    fn wait_for(&mut self, start: &str) -> String {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while std::time::Instant::now() < deadline {
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) {
                self.seen.push(line.clone());
                if line.starts_with(start) || line.contains(&format!("] {start}")) {
                    return line;
                }
            }
        }
        panic!("no line starting {start:?}; saw {:?}", self.seen);
    }

    /// Waits (at most two minutes) for the process to end; its success.
    fn finish(&mut self) -> bool {
        for _ in 0..600 {
            if let Ok(Some(status)) = self.process.try_wait() {
                while let Ok(line) = self.lines.try_recv() {
                    self.seen.push(line);
                }
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        let _ = self.process.kill();
        panic!("the process did not end; saw {:?}", self.seen);
    }

    fn kill(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

fn serve(dir: &std::path::Path, bind: &str) -> (Child, String) {
    let dir = dir.to_string_lossy().into_owned();
    let mut server = Child::spawn(&[
        "serve",
        "--bind",
        bind,
        "--data-dir",
        &dir,
        "--foreseeable-dice",
        "3",
    ]);
    let line = server.wait_for("listening on ");
    let addr = line.trim_start_matches("listening on ").to_string();
    (server, addr)
}

fn player(
    addr: &str,
    name: &str,
    seat: &str,
    record: &std::path::Path,
    token: &std::path::Path,
) -> Child {
    let record = record.to_string_lossy().into_owned();
    let token = token.to_string_lossy().into_owned();
    let mut args = vec![
        "play",
        "--headless",
        "--connect",
        addr,
        "--name",
        name,
        "--seat",
        seat,
        "--ai",
        "easy",
        "--record",
        &record,
        "--token-file",
        &token,
        "--give-up-after",
        "120",
    ];
    if seat == "1" {
        args.insert(1, "levels/skirmish.ron");
    } else {
        args.extend(["--game", "1"]);
    }
    Child::spawn(&args)
}

#[test]
fn over_loopback_a_client_killed_and_a_server_killed_mid_game_come_back_to_the_same_record() {
    let scratch = swift_swords::scratch::Scratch::new("loopback");
    let dir = scratch.path().to_path_buf();
    let at = |name: &str| dir.join(name);

    // The game played straight through.
    let (mut server, addr) = serve(&at("straight"), "127.0.0.1:0");
    let mut ada = player(&addr, "Ada", "1", &at("ada1.ron"), &at("ada1.token"));
    server.wait_for("game 1 opened");
    let mut bo = player(&addr, "Bo", "2", &at("bo1.ron"), &at("bo1.token"));
    assert!(ada.finish(), "{:?}", ada.seen);
    assert!(bo.finish(), "{:?}", bo.seen);
    server.kill();
    let straight = Replay::read(&at("ada1.ron")).unwrap();
    assert_eq!(
        Replay::read(&at("bo1.ron")).unwrap().record,
        straight.record
    );

    // The same game with Bo's client killed, then the server killed, mid-game.
    let (mut server, addr) = serve(&at("broken"), "127.0.0.1:0");
    let mut ada = player(&addr, "Ada", "1", &at("ada2.ron"), &at("ada2.token"));
    server.wait_for("game 1 opened");
    let mut bo = player(&addr, "Bo", "2", &at("bo2.ron"), &at("bo2.token"));
    bo.wait_for("step 20:");
    bo.kill();
    let mut bo = player(&addr, "Bo", "2", &at("bo2.ron"), &at("bo2.token"));
    bo.wait_for("Joined game 1 as side 2");
    bo.wait_for("step 60:");
    server.kill();
    let (mut server, again) = serve(&at("broken"), &addr);
    assert_eq!(again, addr);
    server.wait_for("game 1: resumed at step");
    assert!(ada.finish(), "{:?}", ada.seen);
    assert!(bo.finish(), "{:?}", bo.seen);
    assert!(
        ada.seen
            .iter()
            .any(|l| l.starts_with("The connection was lost"))
    );
    assert!(ada.seen.iter().any(|l| l.starts_with("Back in game 1")));
    let broken = Replay::read(&at("ada2.ron")).unwrap();
    assert_eq!(broken.record, straight.record);
    assert_eq!(
        Replay::read(&at("bo2.ron")).unwrap().record,
        straight.record
    );

    // The network game's record verifies offline like any replay.
    let path = at("ada2.ron").to_string_lossy().into_owned();
    let (code, out, _) = crate::common::swift_swords(&["replay", &path, "--quiet"]);
    assert_eq!(code, 0, "{out}");
    server.kill();
}
