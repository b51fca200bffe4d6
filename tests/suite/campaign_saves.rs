//! A campaign's save: written whole with the copy before kept, read back the
//! same, and every damaged or foreign file refused at its place; and a
//! campaign's record, played again step by step.

use std::path::Path;

use swift_swords::ai::AiLevel;
use swift_swords::campaign::check::{LoadedCampaign, load_campaign};
use swift_swords::campaign::progress::{CampaignState, Stage};
use swift_swords::campaign::record::{CampaignRecord, CampaignStep};
use swift_swords::campaign::save::{CampaignSave, FORMAT};
use swift_swords::data::load_aftermath;

use crate::common::ruleset;

fn a_save() -> CampaignSave {
    let loaded = load_campaign(Path::new("campaigns/barrow_road.ron"), &ruleset())
        .expect("the shipped campaign loads");
    CampaignSave::new(
        "barrow_road.ron",
        AiLevel::Hard,
        CampaignState::new(loaded.campaign, 12),
    )
}

fn scratch(name: &str) -> swift_swords::scratch::Scratch {
    swift_swords::scratch::Scratch::new(&format!("campaign-save-{name}"))
}

/// The first problem of reading `text`, as `line:col: message`.
fn refusal(text: &str) -> String {
    let problems = CampaignSave::parse(Path::new("c.ron"), text).expect_err("refused");
    let first = &problems.0[0];
    format!("{}:{}: {}", first.line, first.col, first.message)
}

#[test]
fn a_campaign_save_reads_back_as_written_and_keeps_the_copy_before() {
    let dir = scratch("round");
    let path = dir.join("campaign.ron");
    let mut save = a_save();
    save.write(&path).expect("written");
    assert_eq!(CampaignSave::read(&path).expect("reads"), save);
    *save.state.set_up().week = 3;
    save.fielded = Some(vec![0, 2]);
    save.write(&path).expect("written again");
    assert_eq!(CampaignSave::read(&path).expect("reads"), save);
    let before = CampaignSave::read(&dir.join("campaign.previous.ron")).expect("kept");
    assert_eq!((before.state.week(), before.fielded), (0, None));
}

#[test]
fn a_damaged_or_foreign_campaign_save_is_refused_at_its_place() {
    let text = a_save().to_ron().expect("writes");
    assert_eq!(refusal(""), "1:1: not a campaign save: the file is empty");
    assert_eq!(
        refusal("(name: \"x\")"),
        format!("1:1: not a campaign save: expected a format field saying \"{FORMAT}\"")
    );
    let other = text.replace(FORMAT, "swift-swords campaign 99");
    assert_eq!(
        refusal(&other),
        format!(
            "2:13: this file is in the format \"swift-swords campaign 99\"; this game reads \"{FORMAT}\""
        )
    );
    let cut = &text[..text.len() / 2];
    assert!(
        refusal(cut).contains("the file is cut short"),
        "{}",
        refusal(cut)
    );
    let strangers = text.replace("fielded: None", "fielded: Some([0, 0])");
    assert!(
        refusal(&strangers).ends_with("the members on the field are not the warband's"),
        "{}",
        refusal(&strangers)
    );
    let beyond = text.replace("fielded: None", "fielded: Some([99])");
    assert!(refusal(&beyond).ends_with("the members on the field are not the warband's"));
    // Written by another build: a stage this game does not know.
    let foreign = text.replace("Before(", "Beyond(");
    let refused = refusal(&foreign);
    assert!(
        refused.contains(
            ": the save is damaged, or was written by another build of the game (Unexpected variant named \"Beyond\""
        ) && !refused.contains('`')
            && !refused.contains("expected one of"),
        "{refused}"
    );
    let lost = text.replace("battle: \"forest_road\"", "battle: \"nowhere\"");
    assert!(
        refusal(&lost).ends_with("the campaign has no battle \"nowhere\""),
        "{}",
        refusal(&lost)
    );
}

#[test]
fn a_campaign_save_that_is_no_file_or_far_too_large_is_refused_before_reading() {
    let dir = scratch("large");
    let problem = CampaignSave::read(&dir).expect_err("a folder is no save");
    assert!(
        problem.to_string().contains("a folder, not a file"),
        "{problem}"
    );
    let big = dir.join("big.ron");
    let file = std::fs::File::create(&big).expect("created");
    file.set_len(17 * 1024 * 1024).expect("grown");
    let problem = CampaignSave::read(&big).expect_err("too large");
    assert!(
        problem
            .to_string()
            .contains("more than the 16777216 a campaign's save or record may hold"),
        "{problem}"
    );
}

#[test]
fn a_campaign_save_cannot_go_on_once_its_campaign_file_has_changed() {
    let save = a_save();
    let mut loaded = load_campaign(Path::new("campaigns/barrow_road.ron"), &ruleset())
        .expect("the shipped campaign loads");
    assert_eq!(save.matches(&loaded), Ok(()));
    loaded.campaign.warband.cap += 1;
    assert_eq!(
        save.matches(&loaded),
        Err(
            "the campaign file barrow_road.ron has changed since this campaign began, so it cannot go on"
                .to_string()
        )
    );
}

/// The recorded run of the shipped campaign, in `tests/campaigns/`.
const RECORDED: &str = "tests/campaigns/barrow_road_seed4.ron";

fn recorded() -> (CampaignRecord, LoadedCampaign) {
    let record = CampaignRecord::read(Path::new(RECORDED)).expect("the record reads");
    let campaign = Path::new(RECORDED)
        .parent()
        .expect("a folder")
        .join(&record.campaign);
    let loaded = load_campaign(&campaign, &ruleset()).expect("its campaign loads");
    (record, loaded)
}

#[test]
fn a_recorded_campaign_plays_again_to_the_die_step_by_step() {
    let (record, loaded) = recorded();
    let rules = load_aftermath(None).expect("the aftermath's numbers");
    let mut held = Vec::new();
    let state = record
        .verify(&loaded, (&ruleset(), &rules), |step| {
            held.push(step.to_string())
        })
        .expect("plays as recorded");
    assert_eq!(held.len(), record.steps.len());
    assert_eq!(held[0], "step 1: battle 1, 128 commands");
    assert_eq!((state.chronicle().len(), state.week()), (6, 9));
    // The AI commander took advances along the way (none after the last
    // battle), and they are kept.
    let advances: usize = state.members().iter().map(|m| m.advances.len()).sum();
    assert_eq!(advances, 4);
    // And dressed two soldiers in leather: one from the spoils, one bought
    // at Greywater.
    let dressed: Vec<&str> = state
        .members()
        .iter()
        .filter(|m| m.spec.worn.is_some())
        .map(|m| m.spec.name.as_str())
        .collect();
    assert_eq!(dressed, ["Tam", "Osric"]);
    assert!(matches!(state.stage(), Stage::Ended { .. }));
}

#[test]
fn a_recorded_campaign_that_plays_otherwise_is_caught_at_its_step() {
    let (mut record, loaded) = recorded();
    let rules = load_aftermath(None).expect("the aftermath's numbers");
    // An advance the record took, not taken: the warband stands otherwise
    // after the weeks.
    if let CampaignStep::MarchOn { advances, .. } = &mut record.steps[5].step {
        advances.pop();
    }
    let problem = record
        .verify(&loaded, (&ruleset(), &rules), |_| {})
        .expect_err("caught");
    assert_eq!(
        problem,
        "step 6: 1 advance, 0 deals, 0 changes of gear, the weeks, 1 more of rest: the campaign now stands differently from when it was recorded"
    );
}

/// A save the game wrote before deeds and advances (format "swift-swords
/// campaign 1", no `deeds` on its members), after the first battle.
const SAVED_BEFORE_ADVANCES: &str = "tests/campaigns/barrow_road_save_before_advances.ron";

#[test]
fn a_save_from_before_deeds_and_advances_opens_with_none_and_goes_on() {
    let (_, loaded) = recorded();
    let rules = load_aftermath(None).expect("the aftermath's numbers");
    let mut save = CampaignSave::read(Path::new(SAVED_BEFORE_ADVANCES)).expect("opens");
    // The shipped campaign has gained roads and a map since: the save goes
    // on with the copy it began with.
    let path = Path::new("campaigns/barrow_road.ron");
    let (own, own_copy) = save
        .campaign_to_go_on(loaded, path, &ruleset())
        .expect("goes on");
    assert!(own_copy);
    assert_eq!(own.campaign, *save.state.campaign());
    let state = &mut save.state;
    assert!(
        state
            .members()
            .iter()
            .all(|m| m.deeds == 0 && m.advances.is_empty())
    );
    // Nothing is due, and the weeks pass as they would have.
    state
        .take_advances(&[], (&ruleset(), &rules.advancement))
        .expect("none to take");
    state.march_on(0, (&ruleset(), &rules)).expect("marches on");
    assert!(matches!(state.stage(), Stage::Before { .. }));
}
