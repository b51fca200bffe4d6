//! The campaign's room: the list of campaigns to begin or go on with, then,
//! for the campaign in play, the briefing with the warband to field, the
//! fallen to tend when a battle is over, the aftermath and the weeks, and
//! the chronicle at the end. What it shows follows where the campaign
//! stands; every step is the session's ([`crate::game::session::campaigning`]).

mod aftermath;
mod briefing;
mod list;
mod roster;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::campaign::aftermath::{BattleEnd, default_choices};
use crate::campaign::progress::Stage;
use crate::campaign::run::choose_field;
use crate::game::session::campaigning::Campaigning;
use crate::game::stage::Screen;

pub use list::CampaignList;

/// The width of the campaign's pages.
const COLUMN: f32 = 900.0;

/// The player's choices on the campaign's pages, made afresh as it moves on.
#[derive(Resource, Debug, Clone, Default)]
pub struct Choices {
    /// Members (warband indices) to field, in place order.
    pub field: Vec<usize>,
    pub magic_on: Vec<usize>,
    pub recruits: Vec<usize>,
    pub rest: u8,
    /// What went wrong with the last step, in words.
    pub problem: Option<String>,
    /// The page the choices were made for.
    made_for: Option<Page>,
}

/// Which page of the campaign is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Briefing,
    TendTheFallen,
    Aftermath,
    Ended,
}

impl Page {
    pub fn of(campaigning: &Campaigning) -> Self {
        match &campaigning.state().stage {
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
    app.add_systems(OnEnter(Screen::Campaign), list::read_the_lists);
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
                    .battle
                    .sides
                    .iter()
                    .position(|s| s.id == battle.side)
            {
                let end = BattleEnd {
                    state: &ended.state,
                    log: &ended.log,
                    side,
                };
                let defaults = default_choices(&state.members, &end, battle);
                choices.magic_on = defaults.magic_on;
                choices.recruits = defaults.recruits;
            }
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
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "campaign".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::CentralPanel::default().show(&mut root, |ui| {
        // A column of reading width in the middle of the window.
        let side = ((ui.available_width() - COLUMN) / 2.0).max(0.0);
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.add_space(side);
                ui.vertical(|ui| {
                    ui.set_max_width(COLUMN);
                    ui.add_space(16.0);
                    match campaigning.as_deref() {
                        None => list::list_page(ui, &mut list, &mut commands),
                        Some(campaigning) => {
                            choose_defaults(campaigning, &mut choices);
                            if let Some(problem) = &campaigning.problem {
                                ui.colored_label(egui::Color32::LIGHT_RED, problem);
                            }
                            match Page::of(campaigning) {
                                Page::Briefing => briefing::briefing_page(
                                    ui,
                                    campaigning,
                                    &mut choices,
                                    &mut commands,
                                ),
                                Page::TendTheFallen => aftermath::tend_page(
                                    ui,
                                    campaigning,
                                    &mut choices,
                                    &mut commands,
                                ),
                                Page::Aftermath => aftermath::aftermath_page(
                                    ui,
                                    campaigning,
                                    &mut choices,
                                    &mut commands,
                                ),
                                Page::Ended => aftermath::end_page(ui, campaigning, &mut commands),
                            }
                            if let Some(problem) = &choices.problem {
                                ui.colored_label(egui::Color32::LIGHT_RED, problem);
                            }
                        }
                    }
                });
            });
        });
    });
    Ok(())
}

/// Runs a campaign step from a click; a refusal is shown on the page.
fn step(
    commands: &mut Commands,
    act: impl FnOnce(&mut World) -> Result<(), String> + Send + 'static,
) {
    commands.queue(move |world: &mut World| {
        let outcome = act(world);
        world.resource_mut::<Choices>().problem = outcome.err();
    });
}

/// Back to the title, the campaign saved as it stands.
fn leave(commands: &mut Commands) {
    commands.queue(|world: &mut World| {
        world.remove_resource::<Campaigning>();
        world.resource_mut::<Choices>().made_for = None;
        world.resource_mut::<NextState<Screen>>().set(Screen::Title);
    });
}
