//! The campaign's room: the list of campaigns to begin or go on with, then,
//! for the campaign in play, the briefing with the warband to field, the
//! fallen to tend when a battle is over, the aftermath and the weeks, and
//! the chronicle at the end. What it shows follows where the campaign
//! stands; every step is the session's ([`crate::game::session::campaigning`]).

mod advances;
mod aftermath;
mod briefing;
mod card_figures;
mod cards;
mod gear;
mod list;
mod map;
mod market;
#[cfg(test)]
mod page_tests;
mod roster;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use std::path::PathBuf;

use crate::ai::AiLevel;
use crate::campaign::advance::ChosenAdvance;
use crate::campaign::aftermath::EndChoices;
use crate::campaign::end::BattleEnd;
use crate::campaign::fielding::Field;
use crate::campaign::gear::GearChange;
use crate::campaign::progress::Stage;
use crate::campaign::run::choose_field;
use crate::campaign::trade::Deal;
use crate::game::screens::editor::edit_level;
use crate::game::session::campaign_slots::{delete_campaign, list_campaigns};
use crate::game::session::campaigning::{
    Campaigning, Marching, Which, begin_campaign, march_on, open_for_cards, resume_campaign,
    take_the_field, tend_the_fallen,
};
use crate::game::session::saves::SaveFolder;
use crate::game::stage::Screen;
use crate::level::Level;

pub use list::CampaignList;

/// A campaign save to open on its warband's cards as the game starts
/// (`campaign roster`).
#[derive(Resource, Debug, Clone)]
pub struct OpenCards(pub PathBuf);

/// The width of the campaign's pages.
const COLUMN: f32 = 900.0;
/// The width of the warband's cards, four to a row.
const CARDS_COLUMN: f32 = 1250.0;

/// The player's choices on the campaign's pages, made afresh as it moves on.
#[derive(Resource, Debug, Clone, Default)]
pub struct Choices {
    /// Each warband's members to field, in place order.
    pub field: Field,
    /// Each warband's choices at the battle's end (magic, recruits,
    /// captives), in the order of the campaign's bands.
    pub ends: Vec<EndChoices>,
    pub rest: u8,
    /// The advances to take as the warband marches on.
    pub advances: Vec<ChosenAdvance>,
    /// The deals at the market of the road chosen, made before the gear.
    pub deals: Vec<Deal>,
    /// The changes of gear to make as it marches on.
    pub gear: Vec<GearChange>,
    /// The road to march on by, where the battle offers roads.
    pub road: Option<usize>,
    /// The warband's cards are up, over the page.
    pub cards: bool,
    /// What went wrong with the last step, in words.
    pub problem: Option<String>,
    /// The battle's table with the members fielded (none if they cannot
    /// take it), for those members.
    pub preview: Option<(Field, Option<Level>)>,
    /// The page the choices were made for.
    made_for: Option<Page>,
}

/// Which page of the campaign is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Page {
    Briefing,
    TendTheFallen,
    Aftermath,
    Ended,
}

impl Page {
    pub fn of(campaigning: &Campaigning) -> Self {
        match &campaigning.state().stage() {
            _ if campaigning.ended.is_some() => Self::TendTheFallen,
            Stage::Before { .. } => Self::Briefing,
            Stage::After { .. } => Self::Aftermath,
            Stage::Ended { .. } => Self::Ended,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Choices>();
    app.init_resource::<CampaignList>();
    card_figures::plugin(app);
    app.add_systems(OnEnter(Screen::Campaign), list::read_the_lists);
    app.add_systems(
        OnEnter(Screen::Title),
        open_cards.run_if(resource_exists::<OpenCards>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        campaign_screen.run_if(in_state(Screen::Campaign)),
    );
}

/// The defaults of a page newly up: the warband the AI would field, and
/// the choices that do the most for the fallen.
fn choose_defaults(campaigning: &Campaigning, choices: &mut Choices) {
    let page = Page::of(campaigning);
    if choices.made_for == Some(page) {
        return;
    }
    *choices = Choices {
        made_for: Some(page),
        cards: choices.cards,
        ..Choices::default()
    };
    let state = campaigning.state();
    match page {
        Page::Briefing => {
            choices.field = choose_field(state, &campaigning.loaded, &campaigning.ruleset);
        }
        Page::TendTheFallen => {
            if let (Some(ended), Some(battle)) = (&campaigning.ended, state.next_battle())
                && let Some(side) = ended
                    .state
                    .battle()
                    .sides
                    .iter()
                    .position(|s| s.id == battle.side)
            {
                let end = BattleEnd {
                    state: &ended.state,
                    log: &ended.log,
                    side,
                };
                choices.ends = state.default_choices(&end, &campaigning.rules);
            }
        }
        Page::Aftermath if state.battle_ahead() => {
            choices.advances = advances::chosen_by_default(campaigning);
            choices.road = crate::campaign::roads::choose_road(state);
            (choices.deals, choices.gear) = market::chosen_by_default(campaigning, choices.road);
            let on_road = gear::on_road(state, choices.road);
            choices.rest = crate::campaign::run::resting_weeks(&on_road);
        }
        Page::Aftermath | Page::Ended => {}
    }
}

fn campaign_screen(
    mut contexts: EguiContexts,
    campaigning: Option<Res<Campaigning>>,
    mut choices: ResMut<Choices>,
    mut list: ResMut<CampaignList>,
    mut commands: Commands,
    figures: Option<Res<card_figures::CardFigures>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut asked = None;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "campaign".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    if let Some(campaigning) = campaigning.as_deref() {
        choose_defaults(campaigning, &mut choices);
        // The briefing's and the aftermath's buttons stay in view however
        // long the page.
        let page = Page::of(campaigning);
        if matches!(page, Page::Briefing | Page::Aftermath) {
            egui::Panel::bottom("campaign buttons").show(&mut root, |ui| {
                let side = ((ui.available_width() - COLUMN) / 2.0).max(0.0);
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    ui.add_space(side);
                    let (label, shown) = match choices.cards {
                        true => ("Back to the page", false),
                        false => ("The warband's cards", true),
                    };
                    if ui.button(label).clicked() {
                        choices.cards = shown;
                    }
                    if choices.cards {
                        return;
                    }
                    if page == Page::Briefing {
                        briefing::briefing_buttons(ui, campaigning, &choices, &mut asked);
                    } else {
                        ui.vertical(|ui| {
                            aftermath::aftermath_buttons(ui, campaigning, &mut choices, &mut asked);
                        });
                    }
                    // Why the last step was refused, beside the button
                    // that asked for it.
                    if let Some(problem) = &choices.problem {
                        ui.colored_label(egui::Color32::LIGHT_RED, problem);
                    }
                });
                ui.add_space(6.0);
            });
        }
    }
    egui::CentralPanel::default().show(&mut root, |ui| {
        // A column of reading width in the middle of the window; the cards
        // take the whole width, four to a row.
        let column = match choices.cards {
            true => CARDS_COLUMN,
            false => COLUMN,
        };
        let side = ((ui.available_width() - column) / 2.0).max(0.0);
        // Each page opens at its top.
        let page = campaigning.as_deref().map(Page::of);
        egui::ScrollArea::vertical()
            .id_salt(("campaign page", page))
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.add_space(side);
                    ui.vertical(|ui| {
                        ui.set_max_width(column);
                        ui.add_space(16.0);
                        match campaigning.as_deref() {
                            None => list::list_page(ui, &mut list, &mut asked),
                            Some(campaigning) if choices.cards => {
                                cards::cards_page(ui, campaigning, figures.as_deref())
                            }
                            Some(campaigning) => {
                                if let Some(problem) = &campaigning.problem {
                                    ui.colored_label(egui::Color32::LIGHT_RED, problem);
                                }
                                match Page::of(campaigning) {
                                    Page::Briefing => {
                                        briefing::briefing_page(ui, campaigning, &mut choices)
                                    }
                                    Page::TendTheFallen => aftermath::tend_page(
                                        ui,
                                        campaigning,
                                        &mut choices,
                                        &mut asked,
                                    ),
                                    Page::Aftermath => {
                                        aftermath::aftermath_page(ui, campaigning, &mut choices)
                                    }
                                    Page::Ended => aftermath::end_page(ui, campaigning, &mut asked),
                                }
                                // The briefing and the aftermath say it by
                                // their buttons, at the window's foot.
                                let page = Page::of(campaigning);
                                if let (Some(problem), Page::TendTheFallen | Page::Ended) =
                                    (&choices.problem, page)
                                {
                                    ui.colored_label(egui::Color32::LIGHT_RED, problem);
                                }
                            }
                        }
                    });
                });
            });
    });
    if let Some(step) = asked {
        commands.queue(move |world: &mut World| carry_out(world, step));
    }
    Ok(())
}

/// The campaign save named on the command line, open on its cards; a save
/// that cannot be opened is said, and the game ends with a failure (no
/// picture of the title in its place).
fn open_cards(world: &mut World) {
    let Some(OpenCards(save)) = world.remove_resource::<OpenCards>() else {
        return;
    };
    match open_for_cards(world, &save) {
        Ok(()) => {
            world.resource_mut::<Choices>().cards = true;
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Campaign);
        }
        Err(problem) => {
            eprintln!("{}: {problem}", save.display());
            world.write_message(AppExit::error());
        }
    }
}

/// What the player asked for on a page; the room carries it out through
/// the session, and a refusal comes back to the page in words.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Begin {
        file: String,
        seed: u64,
        foes: AiLevel,
    },
    GoOn(PathBuf, Which),
    ToBattle(Field),
    /// The next battle with these members, opened in the level editor.
    Edit(Field),
    Tend(Vec<EndChoices>),
    /// The advances, gear and road chosen, then the weeks.
    MarchOn(Marching),
    /// A campaign begun, deleted (the player has confirmed).
    Delete(PathBuf),
    /// Back to the title, the campaign saved as it stands.
    Leave,
}

/// The next battle as the members `chosen` would fight it, their wounds
/// carried in, as the level editor's draft: to playtest, or to keep as a
/// level of its own.
fn open_in_editor(world: &mut World, chosen: &Field) -> Result<(), String> {
    let campaigning = world.resource::<Campaigning>();
    let state = campaigning.state();
    let fielded = state.field(&campaigning.loaded.levels, chosen, &campaigning.ruleset)?;
    let file = match &state.stage() {
        Stage::Before { battle } => format!("{battle}_warband.ron"),
        _ => "warband.ron".to_string(),
    };
    edit_level(world, fielded, file);
    Ok(())
}

fn carry_out(world: &mut World, step: Step) {
    let done = match step {
        Step::Begin { file, seed, foes } => begin_campaign(world, &file, seed, foes),
        Step::GoOn(slot, which) => resume_campaign(world, &slot, which),
        Step::ToBattle(chosen) => take_the_field(world, chosen),
        Step::Edit(chosen) => open_in_editor(world, &chosen),
        Step::Tend(choices) => tend_the_fallen(world, &choices),
        Step::MarchOn(marching) => march_on(world, &marching),
        Step::Delete(slot) => {
            let folder = world.resource::<SaveFolder>().clone();
            let deleted = delete_campaign(&folder, &slot);
            world.resource_mut::<CampaignList>().saved = list_campaigns(&folder);
            deleted
        }
        Step::Leave => {
            world.remove_resource::<Campaigning>();
            world.resource_mut::<NextState<Screen>>().set(Screen::Title);
            Ok(())
        }
    };
    // The next page makes its choices afresh; a refused step keeps them.
    if done.is_ok() {
        world.resource_mut::<Choices>().made_for = None;
    }
    let problem = done.err();
    if world.contains_resource::<Campaigning>() {
        world.resource_mut::<Choices>().problem = problem;
    } else {
        world.resource_mut::<CampaignList>().problem = problem;
    }
}
