//! Files from other people (#72): campaigns and their saves shared by a
//! friend, a campaign of ten thousand battles, names that would take over a
//! terminal, a server pointed at a file. Each is refused at its place, at
//! once, without opening anything outside the game's folders and without
//! quoting another file's content.

use std::path::Path;
use std::time::Instant;

use swift_swords::campaign::save::CampaignSave;

use crate::common::{campaign_problems, swift_swords};

/// A scratch folder of this test's own.
fn scratch(name: &str) -> swift_swords::scratch::Scratch {
    swift_swords::scratch::Scratch::new(&format!("strangers-{name}"))
}

/// The shipped campaign's text with `from` replaced by `to`.
fn barrow_with(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string("campaigns/barrow_road.ron").expect("the campaign");
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// A save of the shipped campaign at its start, as the game writes one.
fn barrow_save() -> CampaignSave {
    let loaded = swift_swords::campaign::check::load_campaign(
        Path::new("campaigns/barrow_road.ron"),
        &crate::common::ruleset(),
    )
    .expect("the campaign");
    let state = swift_swords::campaign::progress::CampaignState::new(loaded.campaign, 4);
    CampaignSave::new("barrow_road.ron", swift_swords::ai::AiLevel::Normal, state)
}

/// A campaign save naming its campaign by a path is refused at its `file`
/// field before that path is opened: `/etc/passwd` is neither read nor
/// quoted.
#[test]
fn a_campaign_save_names_its_campaign_by_a_plain_name_in_the_campaign_folders() {
    let save = barrow_save();
    let text = save.to_ron().expect("written");
    for (file, refused) in [
        ("barrow_road.ron", false),
        ("yours/my_road.ron", false),
        ("/etc/passwd", true),
        ("../../../etc/passwd", true),
        ("yours/../../x.ron", true),
        ("barrow_road", true),
    ] {
        let edited = text.replace("file: \"barrow_road.ron\"", &format!("file: \"{file}\""));
        match CampaignSave::parse(Path::new("campaign.ron"), &edited) {
            Ok(_) => assert!(!refused, "{file} is taken"),
            Err(problems) => {
                let words = problems.to_string();
                assert!(refused, "{file}: {words}");
                assert!(words.starts_with("campaign.ron:5:11: "), "{words}");
                assert!(!words.contains("root:"), "{words}");
            }
        }
    }
    // A week no campaign could reach.
    let far = text.replace("week: 0,", "week: 4294967295,");
    let words = CampaignSave::parse(Path::new("campaign.ron"), &far)
        .expect_err("refused")
        .to_string();
    assert!(words.contains("at week 4294967295"), "{words}");
}

/// A campaign's level is looked for only in its folder and the game's
/// levels: a path elsewhere is refused before it is opened, alike whether it
/// exists, and nothing of it is quoted; `--allow-outside` lets the command
/// line reach further.
#[test]
fn a_campaigns_levels_stay_within_its_folder_and_the_games_levels() {
    for outside in [
        "/proc/self/environ",
        "/etc/passwd",
        "../../nothing/there.ron",
    ] {
        let text = barrow_with("../levels/ambush.ron", outside);
        let problems = campaign_problems(&text);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("23:25: battle \"forest_road\": its level lies outside"),
            "{problems:?}"
        );
    }
    let dir = scratch("outside");
    let level = dir.join("elsewhere.ron");
    std::fs::copy("levels/ambush.ron", &level).expect("copied");
    let campaign = dir.join("campaigns").join("road.ron");
    std::fs::create_dir_all(campaign.parent().expect("a folder")).expect("made");
    let text = barrow_with(
        "File(\"../levels/ambush.ron\")",
        &format!("File(\"{}\")", level.display()),
    )
    .replace(
        "../levels/",
        &format!(
            "{}/levels/",
            std::env::current_dir().expect("here").display()
        ),
    );
    std::fs::write(&campaign, text).expect("written");
    let path = campaign.to_str().expect("a path");
    let (code, stdout, _) = swift_swords(&["campaign", "check", path]);
    assert_eq!(code, 1);
    assert!(stdout.contains("its level lies outside"), "{stdout}");
    let (code, stdout, stderr) = swift_swords(&["campaign", "check", "--allow-outside", path]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}

/// Members and recruits get the level's own check of a unit, and the same
/// check of their names: what the check passes, the game can play.
#[test]
fn campaign_members_are_checked_as_the_levels_units_are() {
    let cases = [
        (
            "(id: \"tam\", name: \"Tam\", template: \"soldier\")",
            "(id: \"tam\", name: \"Tam\", template: \"soldier\", overrides: (attack_dice: Some(255)))",
            "member \"tam\": ",
        ),
        (
            "name: \"Tam\"",
            "name: \"T\\u{0}am\"",
            "member \"tam\": its name holds a control character",
        ),
        (
            "name: \"Osric\"",
            &format!("name: \"{}\"", "O".repeat(900_000)),
            "member \"osric\": its name has 900000 characters, expected at most 60",
        ),
        (
            "name: \"Roland's Company\"",
            "name: \"Roland\\u{1b}[2J\"",
            "the warband's name holds a control character",
        ),
    ];
    for (from, to, wanted) in cases {
        let problems = campaign_problems(&barrow_with(from, to));
        assert!(
            problems.iter().any(|p| p.contains(wanted)),
            "{wanted}: {problems:?}"
        );
    }
}

/// A campaign of ten thousand battles is refused at its battles, before
/// any level is read, with one problem; a campaign of many problems shows
/// the first fifty and a count.
#[test]
fn a_campaign_past_its_limits_is_refused_before_the_work_they_bound() {
    let text = std::fs::read_to_string("campaigns/barrow_road.ron").expect("the campaign");
    let start = text.find("    battles: [\n").expect("battles") + "    battles: [\n".len();
    let first = &text[start..];
    let end = first.find("\n        ),\n").expect("the first battle") + "\n        ),\n".len();
    let battle = &first[..end];
    let many: String = (0..10_000)
        .map(|n| battle.replacen("id: \"forest_road\"", &format!("id: \"b{n}\""), 1))
        .collect();
    let huge = format!("{}{many}{}", &text[..start], &text[start..]);
    let started = Instant::now();
    let problems = campaign_problems(&huge);
    let took = started.elapsed();
    assert_eq!(
        problems.len(),
        1,
        "{:?}",
        &problems[..problems.len().min(3)]
    );
    assert!(
        problems[0].contains("has 10007 battles, expected at most 100"),
        "{problems:?}"
    );
    // Far under a second on the CI machine; the bound here only catches
    // reading ten thousand levels again.
    assert!(took.as_secs() < 30, "{took:?}");
    // Ninety battles naming a level that is not there: fifty, then a count.
    let missing: String = (0..90)
        .map(|n| {
            battle
                .replacen("id: \"forest_road\"", &format!("id: \"m{n}\""), 1)
                .replacen("ambush.ron", "missing.ron", 1)
        })
        .collect();
    let problems = campaign_problems(&format!("{}{missing}{}", &text[..start], &text[start..]));
    assert_eq!(problems.len(), 51, "{problems:?}");
    assert!(
        problems[50].contains("more problem(s) not shown"),
        "{problems:?}"
    );
}

/// A name that would clear the terminal is refused, and the refusal shows
/// it escaped: no command writes a file's control characters raw.
#[test]
fn no_name_from_a_file_reaches_the_terminal_raw() {
    let dir = scratch("escape");
    let campaign = dir.join("campaigns/road.ron");
    std::fs::create_dir_all(campaign.parent().expect("a folder")).expect("made");
    let here = std::env::current_dir().expect("here");
    let text = barrow_with(
        "name: \"Roland's Company\"",
        "name: \"Roland\\u{1b}]0;owned\\u{7}\"",
    )
    .replace("../levels/", &format!("{}/levels/", here.display()));
    std::fs::write(&campaign, text).expect("written");
    let path = campaign.to_str().expect("a path");
    for command in [
        vec!["campaign", "check", path],
        vec!["campaign", "simulate", path, "--runs", "1"],
        vec!["check", path],
    ] {
        let (code, stdout, stderr) = swift_swords(&command);
        assert_ne!(code, 0, "{command:?}");
        let all = format!("{stdout}{stderr}");
        assert!(!all.contains('\u{1b}'), "{command:?}: {all:?}");
        assert!(
            all.contains("\\u{1b}") || all.contains("control character"),
            "{all}"
        );
    }
}

/// `check` reads a campaign's save and its record as what they are (by
/// their format), not as a campaign with unknown fields.
#[test]
fn check_reads_a_campaign_save_and_a_record_as_themselves() {
    let (code, stdout, stderr) = swift_swords(&["check", "tests/campaigns/barrow_road_seed4.ron"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let dir = scratch("check-save");
    let save = barrow_save();
    let path = dir.join("campaign.ron");
    save.write(&path).expect("written");
    let (code, stdout, stderr) = swift_swords(&["check", path.to_str().expect("a path")]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}

/// Pointed at a pipe or a file, the command line says so in its own words
/// and writes nothing over it: `play` refuses a pipe for its level,
/// `campaign record --out` a pipe for its record, `serve --data-dir` a
/// file for its folder.
#[cfg(unix)]
#[test]
fn a_command_pointed_at_a_pipe_or_a_file_refuses_it_in_words() {
    let dir = scratch("pipes");
    let pipe = dir.join("pipe.ron");
    let made = std::process::Command::new("mkfifo").arg(&pipe).status();
    assert!(made.is_ok_and(|status| status.success()), "mkfifo");
    let pipe_path = pipe.to_str().expect("a path");
    let (code, _, stderr) = swift_swords(&["play", pipe_path, "--headless"]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("not a file but a device or pipe"),
        "{stderr}"
    );
    let (code, _, stderr) = swift_swords(&[
        "campaign",
        "record",
        "campaigns/barrow_road.ron",
        "--out",
        pipe_path,
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("something other than a file stands there"),
        "{stderr}"
    );
    let kind = std::fs::symlink_metadata(&pipe)
        .expect("still there")
        .file_type();
    assert!(!kind.is_file(), "the pipe is left as it was");
    let file = dir.join("a file");
    std::fs::write(&file, "not a folder").expect("written");
    let (code, _, stderr) = swift_swords(&[
        "serve",
        "--data-dir",
        file.to_str().expect("a path"),
        "--bind",
        "127.0.0.1:0",
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("keeps its games in a folder"), "{stderr}");
}
