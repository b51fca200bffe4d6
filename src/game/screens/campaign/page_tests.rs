//! The campaign's pages driven headless through egui_kittest: what the
//! player reads (names, never ids) and what each click asks for.

use std::path::Path;
use std::sync::Arc;

use bevy_egui::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::aftermath::{aftermath_buttons, aftermath_page};
use super::briefing::{briefing_buttons, briefing_page};
use super::list::{CampaignList, list_page};
use super::{Choices, Step};
use crate::ai::AiLevel;
use crate::campaign::advance::ChosenAdvance;
use crate::campaign::check::load_campaign;
use crate::campaign::fielding::Field;
use crate::campaign::format::{Band, WayOn};
use crate::campaign::gear::GearChange;
use crate::campaign::progress::{CampaignState, Stage};
use crate::campaign::save::CampaignSave;
use crate::campaign::trade::Deal;
use crate::data::{Ruleset, load_aftermath};
use crate::game::session::campaigning::{Campaigning, Marching};

/// The shipped campaign, begun with seed 7, before its first battle.
fn campaigning() -> Campaigning {
    let ruleset = Arc::new(Ruleset::embedded().expect("the built-in data"));
    let loaded = load_campaign(Path::new("campaigns/barrow_road.ron"), &ruleset)
        .expect("the shipped campaign loads");
    let state = CampaignState::new(loaded.campaign.clone(), 7);
    Campaigning {
        slot: std::env::temp_dir(),
        loaded,
        save: CampaignSave::new("barrow_road.ron", AiLevel::Normal, state),
        ruleset,
        rules: load_aftermath(None).expect("the aftermath's numbers"),
        ended: None,
        news: Vec::new(),
        problem: None,
    }
}

fn briefing(field: Vec<usize>) -> Harness<'static, (Choices, Option<Step>)> {
    let campaigning = campaigning();
    let choices = Choices {
        field: Field::solo(&field),
        ..Choices::default()
    };
    Harness::builder()
        .with_size(egui::vec2(1000.0, 1200.0))
        .build_ui_state(
            move |ui, (choices, asked): &mut (Choices, Option<Step>)| {
                briefing_page(ui, &campaigning, choices);
                briefing_buttons(ui, &campaigning, choices, asked);
            },
            (choices, None),
        )
}

#[test]
fn the_briefing_names_the_warband_and_never_its_ids() {
    let harness = briefing(vec![0]);
    for shown in [
        "Sir Roland",
        "Hero swordsman",
        "Battle 1: Ambush on the Forest Road",
    ] {
        assert!(harness.query_by_label(shown).is_some(), "{shown}");
    }
    for id in ["roland", "hero_swordsman", "forest_road", "brannoc"] {
        assert!(harness.query_by_label_contains(id).is_none(), "{id} shows");
    }
}

#[test]
fn to_battle_and_the_editor_ask_for_the_members_ticked_and_wait_for_one() {
    let mut harness = briefing(vec![0, 3]);
    harness.get_by_label("To battle").click();
    harness.run();
    assert_eq!(
        harness.state().1,
        Some(Step::ToBattle(Field::solo(&[0, 3])))
    );

    let mut editing = briefing(vec![1]);
    editing.get_by_label("Open in the level editor").click();
    editing.run();
    assert_eq!(editing.state().1, Some(Step::Edit(Field::solo(&[1]))));

    let mut empty = briefing(Vec::new());
    empty.get_by_label("To battle").click();
    empty.run();
    assert_eq!(empty.state().1, None, "nobody chosen, nobody goes");
}

#[test]
fn a_campaign_begins_with_the_seed_and_foes_chosen() {
    let list = CampaignList {
        shipped: vec![super::list::Shipped {
            file: "barrow_road.ron".into(),
            about: Ok(super::list::About {
                name: "The Road".into(),
                story: String::new(),
                warbands: "The Band".into(),
                battles: 7,
                foes: true,
            }),
        }],
        seed: "41".into(),
        ..CampaignList::default()
    };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1000.0, 800.0))
        .build_ui_state(
            |ui, (list, asked): &mut (CampaignList, Option<Step>)| list_page(ui, list, asked),
            (list, None),
        );
    harness.get_by_label("Hard").click();
    harness.run();
    harness.get_by_label("Begin the campaign").click();
    harness.run();
    assert_eq!(
        harness.state().1,
        Some(Step::Begin {
            file: "barrow_road.ron".into(),
            seed: 41,
            foes: AiLevel::Hard,
        })
    );
}

/// The farmstead won, with Red Hand out of action and Sir Roland held by
/// the enemy from an earlier battle: the Tend page.
fn farmstead_won() -> Harness<'static, (Choices, Option<Step>)> {
    farmstead_ended("farm", true)
}

/// [`farmstead_won`], won by `winner`, Red Hand out of action only if
/// `chief_taken`.
fn farmstead_ended(winner: &str, chief_taken: bool) -> Harness<'static, (Choices, Option<Step>)> {
    use crate::battle::components::Fate;
    use crate::battle::events::Outcome;
    use crate::campaign::progress::Stage;
    use crate::campaign::warband::Whereabouts;
    use crate::game::session::campaigning::EndedBattle;

    let mut campaigning = campaigning();
    let state = &mut campaigning.save.state;
    *state.set_up().stage = Stage::Before {
        battle: "farmstead".into(),
    };
    state.set_up().members[0].whereabouts = Whereabouts::Captured;
    let fielded = vec![4, 2];
    let level = state
        .field(
            &campaigning.loaded.levels,
            &Field::solo(&fielded),
            &campaigning.ruleset,
        )
        .expect("Garrick and Wren take the farm");
    let mut battle = crate::battle::setup::initial_state(&level, campaigning.ruleset.clone(), 1);
    battle.set_up().battle.outcome = Some(Outcome::Victory {
        side: winner.into(),
        how: String::new(),
    });
    if chief_taken {
        let chief = battle.unit_index("chief").expect("Red Hand");
        battle.set_up().units[chief].fate = Fate::OutOfAction;
    }
    campaigning.save.fielded = Some(fielded);
    campaigning.ended = Some(EndedBattle {
        state: battle,
        log: Vec::new(),
    });
    Harness::builder()
        .with_size(egui::vec2(1000.0, 1200.0))
        .build_ui_state(
            move |ui, (choices, asked): &mut (Choices, Option<Step>)| {
                super::aftermath::tend_page(ui, &campaigning, choices, asked);
            },
            (Choices::default(), None),
        )
}

#[test]
fn a_foe_taken_captive_is_listed_by_name_with_its_fates_and_the_one_chosen_is_sent() {
    let mut harness = farmstead_won();
    for shown in [
        "Red Hand",
        "Let go",
        "Exchange",
        "Join the warband",
        "Ransom",
    ] {
        assert!(harness.query_by_label(shown).is_some(), "{shown}");
    }
    assert!(harness.query_by_label_contains("chief").is_none());
    harness.get_by_label("Ransom").click();
    harness.run();
    harness.get_by_label("Tend the fallen").click();
    harness.run();
    let Some(Step::Tend(choices)) = &harness.state().1 else {
        panic!("tends the fallen");
    };
    assert_eq!(
        choices[0].captives,
        vec![crate::campaign::format::CaptiveFate::Ransom]
    );
}

#[test]
fn a_tend_page_with_nothing_to_choose_is_passed_at_once() {
    // Lost: no recruit comes, no captive is taken, and no magic is at hand.
    let mut harness = farmstead_ended("bandits", false);
    harness.run();
    assert!(
        matches!(&harness.state().1, Some(Step::Tend(_))),
        "no captive, recruit or magic to choose: the fallen are tended at once"
    );
    assert!(harness.query_by_label("Tend the fallen").is_none());
}

/// The campaign before Chariots on the Plain, where a draw (as a defeat)
/// ends it.
fn on_the_plain() -> Campaigning {
    let mut campaigning = campaigning();
    *campaigning.save.state.set_up().stage = Stage::Before {
        battle: "chariot_plain".into(),
    };
    campaigning
}

/// The end page of the campaign `ended`.
fn end_page(ended: Campaigning) -> Harness<'static, Option<Step>> {
    Harness::builder()
        .with_size(egui::vec2(1000.0, 1200.0))
        .build_ui_state(
            move |ui, asked: &mut Option<Step>| {
                super::aftermath::end_page(ui, &ended, asked);
            },
            None,
        )
}

/// A battle of the chronicle, fought with `result` and nothing else told.
fn chapter(
    battle: &str,
    result: crate::rules::aftermath::SideResult,
) -> crate::campaign::progress::Chapter {
    crate::campaign::progress::Chapter {
        battle: battle.into(),
        seed: 1,
        fielded: Vec::new(),
        rival_fielded: Vec::new(),
        result,
        carried_ranks: 0,
        carried_injuries: 0,
        events: Vec::new(),
    }
}

#[test]
fn a_draw_that_ends_the_campaign_is_warned_of_on_the_briefing_and_named_on_the_end_page() {
    use crate::campaign::progress::Stage;
    use crate::rules::aftermath::SideResult;

    let briefed = on_the_plain();
    let plain = briefed.battle_name("chariot_plain");
    let harness = Harness::builder()
        .with_size(egui::vec2(1000.0, 1200.0))
        .build_ui_state(
            move |ui, (choices, asked): &mut (Choices, Option<Step>)| {
                briefing_page(ui, &briefed, choices);
                briefing_buttons(ui, &briefed, choices, asked);
            },
            (Choices::default(), None),
        );
    harness.get_by_label(
        "Won: on to The Barrow Wight. Lost: the campaign is lost. Drawn: the campaign is lost.",
    );
    let mut ended = on_the_plain();
    ended
        .save
        .state
        .set_up()
        .chronicle
        .push(chapter("chariot_plain", SideResult::Drew));
    *ended.save.state.set_up().stage = Stage::Ended { won: false };
    let harness = end_page(ended);
    harness.get_by_label(&format!(
        "{plain} was drawn; a draw there means the campaign is lost."
    ));
}

#[test]
fn a_campaign_for_two_ends_with_the_winning_company_named_not_as_the_first_ones_loss() {
    use crate::campaign::progress::Stage;
    use crate::rules::aftermath::SideResult;

    let ruleset = Arc::new(Ruleset::embedded().expect("the built-in data"));
    let loaded = load_campaign(Path::new("campaigns/crossroads_feud.ron"), &ruleset)
        .expect("the shipped feud loads");
    let mut state = CampaignState::new(loaded.campaign.clone(), 7);
    state
        .set_up()
        .chronicle
        .push(chapter("last_meeting", SideResult::Lost));
    *state.set_up().stage = Stage::Ended { won: false };
    let mut feud = campaigning();
    feud.loaded = loaded;
    feud.save = CampaignSave::new("crossroads_feud.ron", AiLevel::Normal, state);
    // The last step's news ends with the campaign's end.
    feud.news = vec![crate::campaign::events::CampaignEvent::CampaignEnded { won: false }];
    let harness = end_page(feud);
    harness.get_by_label("The Eastern Company wins the campaign");
    harness.get_by_label("The Eastern Company wins the campaign.");
    harness.get_by_label("The Western Company against The Eastern Company, 0 weeks, 1 battle.");
    assert!(
        harness
            .query_by_label_contains("The campaign is lost")
            .is_none()
    );
}

/// The campaign room's first page with one campaign going on and one won.
fn room() -> Harness<'static, (CampaignList, Option<Step>)> {
    use crate::game::session::campaign_slots::SavedCampaign;
    let saved = |slot: &str, summary: &str, finished: bool| SavedCampaign {
        slot: std::path::PathBuf::from(slot),
        summary: Ok(summary.to_string()),
        saved_at: 0,
        before: None,
        finished,
    };
    let list = CampaignList {
        saved: vec![
            saved(
                "going",
                "The Road to the Barrow: Roland's Company, week 2",
                false,
            ),
            saved("won", "The Road to the Barrow: Roland's Company, won", true),
        ],
        ..CampaignList::default()
    };
    Harness::builder()
        .with_size(egui::vec2(1000.0, 1200.0))
        .build_ui_state(
            |ui, (list, asked): &mut (CampaignList, Option<Step>)| list_page(ui, list, asked),
            (list, None),
        )
}

#[test]
fn a_finished_campaign_is_listed_apart_and_a_campaign_is_deleted_only_on_the_players_word() {
    let mut harness = room();
    // Going on: under Continue. Finished: folded under a heading of their own.
    harness.get_by_label_contains("week 2");
    assert!(harness.query_by_label_contains(", won").is_none());
    harness.get_by_label("Finished campaigns (1)").click();
    harness.run();
    harness.get_by_label_contains(", won");
    harness.get_by_label("Read its chronicle").click();
    harness.run();
    assert_eq!(
        harness.state().1,
        Some(Step::GoOn(
            "won".into(),
            crate::game::session::campaigning::Which::Latest
        ))
    );
    harness.state_mut().1 = None;
    // Delete asks first; Keep it keeps it.
    let ask_to_delete = |harness: &mut Harness<'static, (CampaignList, Option<Step>)>| {
        harness
            .get_all_by_label("Delete...")
            .next()
            .expect("a Delete")
            .click();
        harness.run();
        harness.get_by_label_contains("Delete this campaign for good?");
    };
    ask_to_delete(&mut harness);
    harness.get_by_label("Keep it").click();
    harness.run();
    assert!(harness.query_by_label_contains("for good?").is_none());
    assert_eq!(harness.state().1, None);
    ask_to_delete(&mut harness);
    harness.get_by_label("Delete it").click();
    harness.run();
    assert_eq!(harness.state().1, Some(Step::Delete("going".into())));
}

/// The aftermath's page and its buttons, with `choices` made.
/// The shipped campaign after the forest road, on to the goblin ridge,
/// with `stash`.
fn after_the_forest_road(stash: &[&str]) -> Campaigning {
    let mut campaigning = campaigning();
    let set_up = campaigning.save.state.set_up();
    *set_up.stage = Stage::After {
        battle: "forest_road".into(),
        next: WayOn::Battle("goblin_ridge".into()),
    };
    *set_up.stash = stash.iter().map(|s| s.to_string()).collect();
    campaigning
}

/// The shipped campaign after the goblin ridge, on to the ford (by the
/// ridge path or Greywater's market), with `coin` and `stash`.
fn after_the_ridge(coin: u32, stash: &[&str]) -> Campaigning {
    let mut campaigning = campaigning();
    let set_up = campaigning.save.state.set_up();
    *set_up.stage = Stage::After {
        battle: "goblin_ridge".into(),
        next: WayOn::Battle("the_ford".into()),
    };
    *set_up.coin = coin;
    *set_up.stash = stash.iter().map(|s| s.to_string()).collect();
    campaigning
}

/// Clicks the aftermath's button on and checks the step it asks for.
fn assert_marches_on_with(
    harness: &mut Harness<'static, (Choices, Option<Step>)>,
    marching: Marching,
) {
    let button = ["March on", "To the campaign's end"]
        .into_iter()
        .find(|label| harness.query_by_label(label).is_some())
        .expect("a button on");
    harness.get_by_label(button).click();
    harness.run();
    assert_eq!(harness.state().1, Some(Step::MarchOn(marching)));
}

fn aftermath(
    campaigning: Campaigning,
    choices: Choices,
) -> Harness<'static, (Choices, Option<Step>)> {
    Harness::builder()
        .with_size(egui::vec2(1000.0, 2000.0))
        .build_ui_state(
            move |ui, (choices, asked): &mut (Choices, Option<Step>)| {
                aftermath_page(ui, &campaigning, choices);
                aftermath_buttons(ui, &campaigning, choices, asked);
            },
            (choices, None),
        )
}

#[test]
fn the_aftermath_offers_the_advances_earned_and_marches_on_with_the_ones_chosen() {
    let mut campaigning = after_the_forest_road(&[]);
    campaigning.save.state.set_up().members[0].deeds = 8;
    let choices = Choices {
        advances: super::advances::chosen_by_default(&campaigning),
        ..Choices::default()
    };
    let mut harness = aftermath(campaigning, choices);
    for shown in [
        "Advances: their deeds have earned these",
        "Sir Roland (8 deeds)",
        "Attack dice 4 to 5",
    ] {
        assert!(harness.query_by_label(shown).is_some(), "{shown}");
    }
    let taken = ChosenAdvance {
        band: Band::Warband,
        member: "roland".into(),
        advance: "weapon_skill".into(),
    };
    let marching = Marching {
        advances: vec![taken],
        ..Marching::default()
    };
    assert_marches_on_with(&mut harness, marching);
}

#[test]
fn the_aftermath_shows_the_stash_and_marches_on_with_the_gear_chosen() {
    let campaigning = after_the_forest_road(&["dagger", "dagger", "large_shield"]);
    let given = GearChange::Give {
        band: Band::Warband,
        member: "garrick".into(),
        item: "large_shield".into(),
    };
    let choices = Choices {
        gear: vec![given.clone()],
        ..Choices::default()
    };
    let mut harness = aftermath(campaigning, choices);
    // The stash and Garrick as the change would leave them.
    for shown in [
        "In the stash: Dagger (2).",
        "Broadsword, Large shield, Leather jerkin",
        "Undo the changes of gear",
    ] {
        assert!(harness.query_by_label(shown).is_some(), "{shown}");
    }
    assert_marches_on_with(
        &mut harness,
        Marching {
            gear: vec![given],
            ..Marching::default()
        },
    );
}

#[test]
fn a_members_card_shows_its_numbers_as_it_takes_the_field_and_its_story() {
    let mut campaigning = campaigning();
    let roland = &mut campaigning.save.state.set_up().members[0];
    roland.deeds = 8;
    roland.advances.push(crate::campaign::warband::Advanced {
        id: "weapon_skill".into(),
        name: "Weapon skill".into(),
        gain: crate::rules::advancement::Gain::Attack,
    });
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1300.0, 1400.0))
        .build_ui(move |ui| super::cards::cards_page(ui, &campaigning, None));
    harness.run();
    for shown in [
        "Roland's Company, week 0, 0 coins",
        "Sir Roland",
        "Block 3, Parry 4",
        "4 action dice, 5 attack dice",
        "Gear: Broadsword, Dagger, Medium shield, Leather jerkin, Armour 1",
        "8 deeds, 0 battles, 0 foes put down, 0 weeks healing",
        "Advances: Weapon skill",
    ] {
        assert!(harness.query_by_label(shown).is_some(), "{shown}");
    }
    assert!(harness.query_by_label_contains("roland").is_none());
}

#[test]
fn the_aftermath_offers_the_roads_on_and_marches_on_by_the_one_chosen() {
    let mut campaigning = campaigning();
    *campaigning.save.state.set_up().stage = Stage::After {
        battle: "goblin_ridge".into(),
        next: WayOn::Battle("the_ford".into()),
    };
    let choices = Choices {
        road: Some(0),
        ..Choices::default()
    };
    let mut harness = aftermath(campaigning, choices);
    assert!(harness.query_by_label("The road on").is_some());
    harness
        .get_by_label("The Greywater road: 2 weeks at rest")
        .click();
    harness.run();
    assert!(
        harness
            .query_by_label("2 weeks at rest before the next battle.")
            .is_some()
    );
    assert_marches_on_with(
        &mut harness,
        Marching {
            road: Some(1),
            ..Marching::default()
        },
    );
}

#[test]
fn the_market_on_the_road_chosen_buys_and_sells_and_marches_on_with_the_deals() {
    let campaigning = after_the_ridge(20, &["dagger"]);
    let choices = Choices {
        road: Some(1),
        ..Choices::default()
    };
    let mut harness = aftermath(campaigning, choices);
    for shown in ["The market at Greywater", "The warband has 20 coins."] {
        assert!(harness.query_by_label(shown).is_some(), "{shown}");
    }
    harness.get_by_label("Large shield: 14 coins").click();
    harness.run();
    harness.get_by_label("Dagger: 2 coins").click();
    harness.run();
    for shown in [
        "The warband has 20 coins; after these deals, 8.",
        "Bought a Large shield for 14 coins. Sold a Dagger for 2 coins.",
        "In the stash: Large shield.",
    ] {
        assert!(harness.query_by_label(shown).is_some(), "{shown}");
    }
    let deals = vec![
        Deal::Buy {
            band: Band::Warband,
            item: "large_shield".into(),
        },
        Deal::Sell {
            band: Band::Warband,
            item: "dagger".into(),
        },
    ];
    let marching = Marching {
        road: Some(1),
        deals,
        ..Marching::default()
    };
    assert_marches_on_with(&mut harness, marching);
}

#[test]
fn a_thing_to_give_shows_its_odds_against_the_next_battles_foe() {
    let campaigning = after_the_forest_road(&["great_sword", "large_shield", "mail_shirt"]);
    let mut harness = aftermath(campaigning, Choices::default());
    // Sir Roland's list: the first.
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .next()
        .expect("a list for each member")
        .click();
    harness.run();
    for shown in [
        "Great sword: Heavy damage, two hands. Against a Goblin: harms",
        "Large shield: Block +3, armour +2 while it holds. A Goblin's blow, blocked, harms Sir Roland",
        "Mail shirt: armour 2 (now 1). A Goblin's blow, unanswered, harms Sir Roland",
    ] {
        assert!(harness.query_by_label_contains(shown).is_some(), "{shown}");
    }
}

#[test]
fn the_markets_default_is_the_ai_commanders_and_undoing_it_undoes_the_gear_it_paid_for() {
    let campaigning = after_the_ridge(20, &["dagger"]);
    let (deals, gear) = super::market::chosen_by_default(&campaigning, Some(1));
    // Sell the dagger, buy Sir Roland a large shield and Tam a leather
    // jerkin (he has no armour and no Dodge to lose), and give them out.
    assert_eq!((deals.len(), gear.len()), (3, 2), "{deals:?} {gear:?}");
    let choices = Choices {
        road: Some(1),
        deals,
        gear,
        ..Choices::default()
    };
    let mut harness = aftermath(campaigning, choices);
    for shown in [
        "Sold a Dagger for 2 coins. Bought Large shield and Leather jerkin for 22 coins.",
        "Broadsword, Dagger, Large shield, Leather jerkin",
        "Spear, Short sword, Medium shield, Leather jerkin",
        // What was bought and given out is not offered for sale again.
        "Nothing in the stash to sell.",
    ] {
        assert!(harness.query_by_label(shown).is_some(), "{shown}");
    }
    harness.get_by_label("Undo the deals").click();
    harness.run();
    assert!(
        harness
            .query_by_label("The warband has 20 coins.")
            .is_some()
    );
    assert!(
        harness.query_by_label_contains("Large shield").is_some(),
        "still for sale"
    );
    assert!(harness.query_by_label("Mail shirt: 20 coins").is_some());
    assert_marches_on_with(
        &mut harness,
        Marching {
            road: Some(1),
            ..Marching::default()
        },
    );
}

#[test]
fn after_the_last_battle_the_aftermath_offers_no_advance_market_or_gear() {
    let mut campaigning = campaigning();
    let set_up = campaigning.save.state.set_up();
    *set_up.stage = Stage::After {
        battle: "the_barrow".into(),
        next: WayOn::Lost,
    };
    set_up.members[0].deeds = 8;
    *set_up.stash = vec!["large_shield".into()];
    let mut harness = aftermath(campaigning, Choices::default());
    for hidden in [
        "Advances: their deeds have earned these",
        "Spoils and gear: The stash",
    ] {
        assert!(harness.query_by_label(hidden).is_none(), "{hidden}");
    }
    assert_marches_on_with(&mut harness, Marching::default());
}

#[test]
fn the_aftermaths_defaults_are_the_ai_commanders_rest_included() {
    let mut campaigning = after_the_forest_road(&[]);
    campaigning.save.state.set_up().members[1].ranks_lost = 2;
    let mut choices = Choices::default();
    super::choose_defaults(&campaigning, &mut choices);
    // Brannoc is hurt: the week of rest the forest road allows is taken.
    assert_eq!(choices.rest, 1);
    let healed = after_the_forest_road(&[]);
    let mut choices = Choices::default();
    super::choose_defaults(&healed, &mut choices);
    assert_eq!(choices.rest, 0);
}

#[test]
fn a_road_without_a_battle_of_its_own_is_drawn_to_where_the_result_leads() {
    let mut campaigning = after_the_ridge(0, &[]);
    let ridge = campaigning
        .state()
        .campaign()
        .battle("goblin_ridge")
        .cloned();
    let ridge = ridge.expect("the ridge");
    let set_up = campaigning.save.state.set_up();
    // Lost on the ridge, and that result leads somewhere else than a win.
    set_up.campaign.battles.iter_mut().for_each(|b| {
        if b.id == "goblin_ridge" {
            b.defeat = WayOn::Battle("farmstead".into());
        }
    });
    *set_up.stage = Stage::After {
        battle: "goblin_ridge".into(),
        next: WayOn::Battle("farmstead".into()),
    };
    let end = |state: &CampaignState| super::map::road_end(state, &ridge, &ridge.roads[0]);
    assert_eq!(end(campaigning.state()).as_deref(), Some("farmstead"));
    // Before the ridge is fought, the map shows where a victory leads.
    *campaigning.save.state.set_up().stage = Stage::Before {
        battle: "goblin_ridge".into(),
    };
    assert_eq!(end(campaigning.state()).as_deref(), Some("the_ford"));
}
