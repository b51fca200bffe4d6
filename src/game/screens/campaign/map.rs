//! The campaign's map, drawn from the campaign file: each battle where its
//! `at` puts it, the ways on and the roads between them (a road through a
//! town by way of it), every battle fought marked with how it went, where
//! the warband stands, and the road chosen in gold.

use bevy_egui::egui;

use crate::campaign::format::{CampaignBattle, Road, WayOn};
use crate::campaign::progress::{CampaignState, Stage};
use crate::game::session::campaigning::Campaigning;
use crate::rules::aftermath::SideResult;

const HEIGHT: f32 = 240.0;
const ROAD: egui::Color32 = egui::Color32::from_rgb(120, 104, 80);
const CHOSEN: egui::Color32 = egui::Color32::from_rgb(230, 180, 60);

/// The map, when the campaign places its battles on one; `road` is the
/// road chosen after the battle just fought.
pub fn campaign_map(ui: &mut egui::Ui, campaigning: &Campaigning, road: Option<usize>) {
    let state = campaigning.state();
    let battles = &state.campaign().battles;
    if battles.iter().all(|b| b.at.is_none()) {
        return;
    }
    let width = ui.available_width().min(900.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, HEIGHT), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 6.0, egui::Color32::from_rgb(58, 52, 40));
    let inner = rect.shrink2(egui::vec2(60.0, 22.0));
    let spot = |at: (f32, f32)| {
        egui::pos2(
            inner.left() + at.0 * inner.width(),
            inner.top() + at.1 * inner.height(),
        )
    };
    let here = match state.stage() {
        Stage::Before { battle } | Stage::After { battle, .. } => Some(battle.as_str()),
        Stage::Ended { .. } => state.chronicle().last().map(|c| c.battle.as_str()),
    };
    // The ways on first, under the places.
    for battle in battles {
        let Some(from) = battle.at.map(spot) else {
            continue;
        };
        for to in ways_on(battle) {
            if let Some(to) = state.campaign().battle(&to).and_then(|b| b.at) {
                painter.line_segment([from, spot(to)], egui::Stroke::new(2.0, ROAD));
            }
        }
        for (n, way) in battle.roads.iter().enumerate() {
            let chosen = here == Some(battle.id.as_str()) && road == Some(n);
            let to = road_end(state, battle, way)
                .and_then(|id| state.campaign().battle(&id))
                .and_then(|b| b.at);
            let stroke = match chosen {
                true => egui::Stroke::new(4.0, CHOSEN),
                false => egui::Stroke::new(2.0, ROAD),
            };
            let via = way.town.as_ref().map(|t| spot(t.at));
            let points: Vec<egui::Pos2> = [Some(from), via, to.map(spot)]
                .into_iter()
                .flatten()
                .collect();
            for pair in points.windows(2) {
                painter.line_segment([pair[0], pair[1]], stroke);
            }
            if let Some(town) = &way.town {
                let at = spot(town.at);
                painter.rect_filled(
                    egui::Rect::from_center_size(at, egui::vec2(12.0, 12.0)),
                    2.0,
                    egui::Color32::from_rgb(200, 190, 160),
                );
                label(&painter, at, &town.name);
            }
        }
    }
    for battle in battles {
        let Some(at) = battle.at.map(spot) else {
            continue;
        };
        let fought = state
            .chronicle()
            .iter()
            .rev()
            .find(|c| c.battle == battle.id)
            .map(|c| c.result);
        let fill = match fought {
            Some(SideResult::Won) => egui::Color32::from_rgb(80, 170, 90),
            Some(SideResult::Lost) => egui::Color32::from_rgb(200, 70, 60),
            Some(SideResult::Drew) => egui::Color32::from_gray(150),
            None => egui::Color32::from_rgb(90, 80, 64),
        };
        painter.circle(
            at,
            9.0,
            fill,
            egui::Stroke::new(2.0, egui::Color32::from_gray(220)),
        );
        if here == Some(battle.id.as_str()) {
            painter.circle_stroke(
                at,
                15.0,
                egui::Stroke::new(3.0, egui::Color32::from_rgb(70, 130, 240)),
            );
        }
        label(&painter, at, &campaigning.battle_name(&battle.id));
    }
}

/// The battles a battle's results lead to.
fn ways_on(battle: &CampaignBattle) -> Vec<String> {
    let mut to: Vec<String> = [&battle.victory, &battle.defeat, &battle.draw]
        .into_iter()
        .filter_map(|way| match way {
            WayOn::Battle(next) => Some(next.clone()),
            _ => None,
        })
        .collect();
    to.sort();
    to.dedup();
    // A battle with roads is joined to the next by them.
    if !battle.roads.is_empty() {
        to.clear();
    }
    to
}

fn label(painter: &egui::Painter, at: egui::Pos2, text: &str) {
    painter.text(
        at + egui::vec2(0.0, 13.0),
        egui::Align2::CENTER_TOP,
        text,
        egui::FontId::proportional(12.0),
        egui::Color32::from_gray(230),
    );
}

/// The battle `way` (a road after `battle`) leads to: its own, else where
/// the result leads: the one just fought's, else where a victory would.
pub(super) fn road_end(
    state: &CampaignState,
    battle: &CampaignBattle,
    way: &Road,
) -> Option<String> {
    let result = match state.stage() {
        Stage::After {
            battle: fought,
            next,
        } if *fought == battle.id => next,
        _ => &battle.victory,
    };
    way.to.clone().or(match result {
        WayOn::Battle(next) => Some(next.clone()),
        _ => None,
    })
}
