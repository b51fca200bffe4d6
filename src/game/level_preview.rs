//! A level at a glance on level select: its table seen from above, drawn
//! from the level itself (terrain, edge features, each side's combatants as
//! marks in its colour, the zone to hold or the edge to escape by), its
//! sides with their combatants, and what each side must do to win.

use std::collections::BTreeMap;

use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};

use crate::data::{EdgeFeature, Ruleset, Terrain};
use crate::level::{Level, VictoryCondition};
use crate::vocabulary::{MapEdge, ZoneCoord};

/// The colours of the terrain and the edge features, from the game's data.
#[derive(Debug, Clone, Default)]
pub struct TableColours {
    terrain: BTreeMap<Terrain, (f32, f32, f32)>,
    edges: BTreeMap<EdgeFeature, (f32, f32, f32)>,
}

impl TableColours {
    pub fn of(ruleset: &Ruleset) -> Self {
        Self {
            terrain: ruleset
                .terrain
                .terrain
                .iter()
                .map(|(kind, info)| (*kind, info.colour))
                .collect(),
            edges: ruleset
                .terrain
                .edges
                .iter()
                .map(|(kind, info)| (*kind, info.colour))
                .collect(),
        }
    }
}

/// A level's sRGB colour for egui.
pub fn colour((r, g, b): (f32, f32, f32)) -> Color32 {
    let byte = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    Color32::from_rgb(byte(r), byte(g), byte(b))
}

/// A small square of colour before a name (a side's paint, a terrain's
/// ground), outlined in grey so a black or a dark one still shows on the
/// dark panels.
pub fn swatch(ui: &mut egui::Ui, colour: Color32, size: f32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, colour);
    ui.painter().rect_stroke(
        rect,
        2.0,
        Stroke::new(1.0, Color32::from_gray(150)),
        egui::StrokeKind::Inside,
    );
}

/// The side's display name, or its id if the level lacks it.
fn side_name<'a>(level: &'a Level, id: &'a str) -> &'a str {
    level
        .sides
        .iter()
        .find(|s| s.id == id)
        .map_or(id, |s| s.name.as_str())
}

/// What each side must do to win, one sentence a condition.
pub fn goals_in_words(level: &Level) -> Vec<String> {
    level
        .victory
        .iter()
        .map(|condition| {
            let side = side_name(level, condition.side());
            // "Must" agrees with "The Travellers" and "Roland" alike.
            let goal = match condition {
                VictoryCondition::DefeatAll { .. } => {
                    "put every enemy out of the fight".to_string()
                }
                VictoryCondition::HoldZone { zone, rounds, .. } => format!(
                    "hold zone {zone}, with no enemy in it, at the end of {rounds} rounds in a row"
                ),
                VictoryCondition::Escape { edge, count, .. } => {
                    let who = match count {
                        Some(1) => "one combatant".to_string(),
                        Some(n) => format!("{n} combatants"),
                        None => "every combatant".to_string(),
                    };
                    format!("get {who} off the table by the {} edge", edge.name())
                }
                VictoryCondition::Survive { rounds, .. } => {
                    format!("keep a combatant in the fight to the end of round {rounds}")
                }
            };
            format!("{side} must {goal}.")
        })
        .collect()
}

/// Each side's combatants in words: "2 Soldier, Sergeant Bors".
pub fn sides_in_words(level: &Level, ruleset: &Ruleset) -> Vec<(Color32, String, String)> {
    level
        .sides
        .iter()
        .map(|side| {
            let mut counts: Vec<(String, usize)> = Vec::new();
            for unit in level.units.iter().filter(|u| u.side == side.id) {
                let name = unit.name.clone().unwrap_or_else(|| {
                    ruleset
                        .creatures
                        .get(&unit.template)
                        .map_or_else(|| unit.template.clone(), |t| t.name.clone())
                });
                match counts.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, count)) => *count += 1,
                    None => counts.push((name, 1)),
                }
            }
            let who: Vec<String> = counts
                .into_iter()
                .map(|(name, count)| match count {
                    1 => name,
                    n => format!("{n} × {name}"),
                })
                .collect();
            (colour(side.colour), side.name.clone(), who.join(", "))
        })
        .collect()
}

/// Where a level's picture lies on the screen, to find what a click is on.
pub struct TablePicture {
    /// The picture's area, clickable.
    pub response: egui::Response,
    /// The table inside it, and one zone's side.
    pub table: Rect,
    pub cell: f32,
}

impl TablePicture {
    pub fn zone_rect(&self, zone: ZoneCoord) -> Rect {
        Rect::from_min_size(
            self.table.min + Vec2::new(f32::from(zone.0), f32::from(zone.1)) * self.cell,
            Vec2::splat(self.cell),
        )
    }

    /// The zone under `at`, if it is on the table.
    pub fn zone_at(&self, at: Pos2) -> Option<ZoneCoord> {
        if !self.table.contains(at) {
            return None;
        }
        let offset = (at - self.table.min) / self.cell;
        Some(ZoneCoord(offset.x as u16, offset.y as u16))
    }

    /// The edge between two zones nearest `at`, within a fifth of a zone.
    pub fn edge_at(&self, at: Pos2) -> Option<(ZoneCoord, ZoneCoord)> {
        let zone = self.zone_at(at)?;
        let rect = self.zone_rect(zone);
        let near = self.cell / 5.0;
        let (x, y) = (zone.0, zone.1);
        let beyond = self.zone_at(rect.center() + Vec2::new(self.cell, 0.0));
        if at.x > rect.right() - near {
            return beyond.map(|east| (zone, east));
        }
        if at.x < rect.left() + near && x > 0 {
            return Some((ZoneCoord(x - 1, y), zone));
        }
        let below = self.zone_at(rect.center() + Vec2::new(0.0, self.cell));
        if at.y > rect.bottom() - near {
            return below.map(|south| (zone, south));
        }
        if at.y < rect.top() + near && y > 0 {
            return Some((ZoneCoord(x, y - 1), zone));
        }
        None
    }
}

/// The level's table from above, as large as fits `room`.
pub fn draw_table(
    ui: &mut egui::Ui,
    level: &Level,
    colours: &TableColours,
    room: Vec2,
) -> TablePicture {
    let (width, height) = (f32::from(level.width()), f32::from(level.height()));
    let cell = (room.x / width.max(1.0)).min(room.y / height.max(1.0));
    let (area, response) = ui.allocate_exact_size(room, egui::Sense::click_and_drag());
    let table = Rect::from_center_size(area.center(), Vec2::new(width, height) * cell);
    let picture = TablePicture {
        response,
        table,
        cell,
    };
    let painter = ui.painter_at(area);
    let zone_rect = |zone: ZoneCoord| picture.zone_rect(zone);
    for y in 0..level.height() {
        for x in 0..level.width() {
            let zone = ZoneCoord(x, y);
            let fill = level
                .terrain(zone)
                .and_then(|kind| colours.terrain.get(&kind))
                .map_or(Color32::DARK_GRAY, |&c| colour(c));
            painter.rect_filled(zone_rect(zone).shrink(0.5), 0.0, fill);
        }
    }
    for edge in &level.edges {
        let (a, b) = (zone_rect(edge.between.0), zone_rect(edge.between.1));
        let line = if a.center().x == b.center().x {
            let y = (a.center().y + b.center().y) / 2.0;
            [Pos2::new(a.left(), y), Pos2::new(a.right(), y)]
        } else {
            let x = (a.center().x + b.center().x) / 2.0;
            [Pos2::new(x, a.top()), Pos2::new(x, a.bottom())]
        };
        let stroke = colours
            .edges
            .get(&edge.feature)
            .map_or(Color32::LIGHT_GRAY, |&c| colour(c));
        painter.line_segment(line, Stroke::new((cell / 10.0).max(2.0), stroke));
    }
    // What the sides play for: the zone to hold, the edge to leave by.
    let gold = Stroke::new(2.0, Color32::GOLD);
    for condition in &level.victory {
        match condition {
            VictoryCondition::HoldZone { zone, .. } => {
                painter.rect_stroke(
                    zone_rect(*zone).shrink(2.0),
                    2.0,
                    gold,
                    egui::StrokeKind::Inside,
                );
            }
            VictoryCondition::Escape { edge, .. } => {
                let line = match edge {
                    MapEdge::North => [table.left_top(), table.right_top()],
                    MapEdge::South => [table.left_bottom(), table.right_bottom()],
                    MapEdge::West => [table.left_top(), table.left_bottom()],
                    MapEdge::East => [table.right_top(), table.right_bottom()],
                };
                painter.line_segment(line, Stroke::new(4.0, Color32::GOLD));
            }
            _ => {}
        }
    }
    // The combatants: one mark each, in rows inside their zone.
    let mut in_zone: BTreeMap<ZoneCoord, usize> = BTreeMap::new();
    for unit in &level.units {
        let k = in_zone.entry(unit.zone).or_default();
        let (column, row) = (*k % 4, *k / 4);
        *k += 1;
        let side_colour = level
            .sides
            .iter()
            .find(|s| s.id == unit.side)
            .map_or(Color32::WHITE, |s| colour(s.colour));
        let at = zone_rect(unit.zone).min
            + Vec2::new(0.2 + 0.2 * column as f32, 0.25 + 0.2 * row as f32) * cell;
        let radius = (cell * 0.08).max(2.5);
        // A light rim inside a dark one shows on any ground.
        painter.circle_filled(at, radius + 1.5, Color32::BLACK);
        painter.circle(at, radius, side_colour, Stroke::new(1.0, Color32::WHITE));
    }
    picture
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::level::load_level;

    #[test]
    fn each_kind_of_victory_condition_reads_as_a_sentence_with_the_sides_name() {
        let ruleset = Ruleset::embedded().expect("the built-in data loads");
        let level = |file: &str| {
            load_level(Path::new(file), &ruleset)
                .expect("a shipped level")
                .level
        };
        assert_eq!(
            goals_in_words(&level("levels/duel.ron")),
            [
                "Roland must put every enemy out of the fight.",
                "The Black Knight must put every enemy out of the fight."
            ]
        );
        let ambush = goals_in_words(&level("levels/ambush.ron"));
        assert!(
            ambush
                .iter()
                .any(|g| g.ends_with("must get 2 combatants off the table by the east edge.")),
            "{ambush:?}"
        );
        let goblins = goals_in_words(&level("levels/goblin_rabble.ron"));
        assert!(
            goblins
                .iter()
                .any(|g| g.contains("must hold zone (3, 0), with no enemy in it")),
            "{goblins:?}"
        );
        let sides = sides_in_words(&level("levels/barrow_wight.ron"), &ruleset);
        assert!(sides[1].2.contains("4 × Skeleton"), "{sides:?}");
    }
}
