//! The figure sheet (`swift-swords figures`): every creature template of
//! the data on its base in a labelled grid, with a figure riding a mount, a
//! mob, the chariots and a tile of each kind of terrain, laid out as a
//! level and drawn by the table's own scenery and figures from the table's
//! camera angle. A designer who adds a creature sees its sculpt at once
//! (docs/DESIGNING.md, A new creature's figure).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use serde::Serialize;

use crate::data::{Ruleset, Terrain};
use crate::game::table::camera::TableCamera;
use crate::game::table::geometry::zone_centre;
use crate::level::colour_sight::{Sight, as_seen};
use crate::level::{Level, parse_level};

/// Zones across the sheet.
const COLUMNS: u16 = 8;

/// The sheet's two sides, told apart by colour as two sides in a battle
/// are: one in the first side's blue of the shipped levels, one in red.
const SIDES: [(&str, &str, (f32, f32, f32)); 2] = [
    ("blue", "Blue side", (0.15, 0.35, 0.8)),
    ("red", "Red side", (0.75, 0.15, 0.12)),
];

/// One place on the sheet: what stands (or lies) there and its label.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SheetEntry {
    /// What it shows: "creature", "mounted", "mob", "chariot" or "terrain".
    pub kind: &'static str,
    /// The label under it.
    pub label: String,
    /// The creature template (or the terrain) it shows, by id.
    pub shows: String,
    /// The side whose colour it wears, for figures.
    pub side: Option<&'static str>,
    /// Its zone: column and row from the north-west corner.
    pub zone: (u16, u16),
}

/// The sheet laid out on the table this run: its entries, for their labels.
#[derive(Resource, Debug, Clone)]
pub struct FigureSheet {
    pub level: Level,
    pub entries: Vec<SheetEntry>,
    /// Where the sheet is saved, when its look under each colour blindness
    /// is saved beside it.
    pub colour_blind: Option<PathBuf>,
}

impl FigureSheet {
    /// The sheet for `ruleset`'s templates and terrain.
    pub fn of(ruleset: &Ruleset) -> Result<Self, String> {
        let (text, entries) = sheet_level(ruleset);
        let level = parse_level(Path::new("figure sheet"), &text, ruleset)
            .map_err(|problems| format!("the figure sheet is not a level: {problems}"))?;
        Ok(Self {
            level,
            entries,
            colour_blind: None,
        })
    }

    /// What is on the sheet, as JSON for `figures --json`.
    pub fn listing(&self) -> String {
        serde_json::to_string_pretty(&self.entries).unwrap_or_default()
    }
}

/// A man-sized figure on two legs that neither flies nor is ridden: who
/// rides the sheet's mount and drives its chariots.
fn rider(ruleset: &Ruleset) -> Option<&str> {
    ruleset
        .creatures
        .iter()
        .find(|(_, t)| !t.mount && t.flight.is_none() && t.legs == 2 && t.size == 2 && !t.heroic)
        .map(|(id, _)| id.as_str())
}

/// The templates that draw chariots, shown on the sheet as their chariots.
fn team_templates(ruleset: &Ruleset) -> Vec<&str> {
    ruleset
        .rules
        .chariots
        .teams
        .values()
        .map(|team| team.template.as_str())
        .collect()
}

/// The sheet as a level's text, and what stands where on it.
fn sheet_level(ruleset: &Ruleset) -> (String, Vec<SheetEntry>) {
    let teams = team_templates(ruleset);
    let mut entries = Vec::new();
    let mut units = Vec::new();
    let mut chariots = Vec::new();
    let place = |entries: &mut Vec<SheetEntry>| {
        let k = entries.len() as u16;
        (k % COLUMNS, k / COLUMNS)
    };
    let side_of = |zone: (u16, u16)| SIDES[usize::from(zone.0 % 2)].0;
    for (id, template) in &ruleset.creatures {
        if teams.contains(&id.as_str()) {
            continue;
        }
        let zone = place(&mut entries);
        units.push(unit(
            &format!("u{}", units.len()),
            id,
            side_of(zone),
            zone,
            "",
        ));
        entries.push(SheetEntry {
            kind: "creature",
            label: template.name.clone(),
            shows: id.clone(),
            side: Some(side_of(zone)),
            zone,
        });
    }
    if let Some(rider) = rider(ruleset) {
        let rider_name = &ruleset.creatures[rider].name;
        if let Some((mount, horse)) = ruleset.creatures.iter().find(|(_, t)| t.mount) {
            let zone = place(&mut entries);
            let side = side_of(zone);
            units.push(unit("mount", mount, side, zone, ""));
            units.push(unit("rider", rider, side, zone, ", rides: Some(\"mount\")"));
            entries.push(SheetEntry {
                kind: "mounted",
                label: format!("{rider_name} on a {}", horse.name.to_lowercase()),
                shows: mount.clone(),
                side: Some(side),
                zone,
            });
        }
        let zone = place(&mut entries);
        units.push(unit("mob", rider, side_of(zone), zone, ", mob: Some(Mob)"));
        entries.push(SheetEntry {
            kind: "mob",
            label: format!("{rider_name} mob"),
            shows: rider.to_string(),
            side: Some(side_of(zone)),
            zone,
        });
        for (horses, team) in &ruleset.rules.chariots.teams {
            let zone = place(&mut entries);
            let (side, crew) = (side_of(zone), format!("crew{}", chariots.len()));
            let (kind, label) = match horses {
                crate::data::Horses::Two => ("Light", "Light chariot"),
                crate::data::Horses::Four => ("Heavy", "Heavy chariot"),
            };
            units.push(unit(&crew, rider, side, zone, ""));
            chariots.push(format!(
                "(id: \"chariot{}\", side: \"{side}\", zone: ({}, {}), facing: N, \
                 kind: Some({kind}), horses: Some({horses:?}), crew: [\"{crew}\"])",
                chariots.len(),
                zone.0,
                zone.1
            ));
            entries.push(SheetEntry {
                kind: "chariot",
                label: label.to_string(),
                shows: team.template.clone(),
                side: Some(side),
                zone,
            });
        }
    }
    // A tile of each kind of ground but grass, in a row of their own.
    let rows = (entries.len() as u16).div_ceil(COLUMNS);
    let grounds: Vec<(&Terrain, &crate::data::TerrainInfo)> = ruleset
        .terrain
        .terrain
        .iter()
        .filter(|(kind, _)| **kind != Terrain::Grass)
        .collect();
    let terrain_rows = (grounds.len() as u16).div_ceil(COLUMNS);
    let mut map = vec![vec!['g'; usize::from(COLUMNS)]; usize::from(rows + terrain_rows)];
    let mut legend = vec!["'g': Grass".to_string()];
    for (k, (kind, info)) in grounds.iter().enumerate() {
        let k = k as u16;
        let zone = (k % COLUMNS, rows + k / COLUMNS);
        let mark = char::from(b'A' + k as u8);
        map[usize::from(zone.1)][usize::from(zone.0)] = mark;
        legend.push(format!("'{mark}': {kind:?}"));
        entries.push(SheetEntry {
            kind: "terrain",
            label: info.name.clone(),
            shows: format!("{kind:?}"),
            side: None,
            zone,
        });
    }
    let text = format!(
        "(name: \"Figure sheet\", tile_size: 6, legend: {{ {} }}, map: [{}], sides: [{}], \
         units: [{}], chariots: [{}], victory: [DefeatAll(side: \"blue\"), DefeatAll(side: \"red\")], seed: Some(1))",
        legend.join(", "),
        map.iter()
            .map(|row| format!("\"{}\"", row.iter().collect::<String>()))
            .collect::<Vec<_>>()
            .join(", "),
        SIDES
            .iter()
            .map(|(id, name, (r, g, b))| format!(
                "(id: \"{id}\", name: \"{name}\", colour: ({r}, {g}, {b}), kind: Heroes, controller: Human)"
            ))
            .collect::<Vec<_>>()
            .join(", "),
        units.join(", "),
        chariots.join(", "),
    );
    (text, entries)
}

/// A unit of the sheet's level, as the level file writes one.
fn unit(id: &str, template: &str, side: &str, zone: (u16, u16), more: &str) -> String {
    format!(
        "(id: \"{id}\", template: \"{template}\", side: \"{side}\", zone: ({}, {}){more})",
        zone.0, zone.1
    )
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        label_the_sheet.run_if(resource_exists::<FigureSheet>),
    );
    app.add_observer(save_as_each_sight_sees_it);
}

/// The sheet as a player with each common colour blindness sees it, saved
/// beside the sheet (`sheet-protanopia.png` and so on).
fn save_as_each_sight_sees_it(
    captured: On<bevy::render::view::screenshot::ScreenshotCaptured>,
    sheet: Option<Res<FigureSheet>>,
) {
    let Some(out) = sheet.and_then(|sheet| sheet.colour_blind.clone()) else {
        return;
    };
    let Ok(picture) = captured.image.clone().try_into_dynamic() else {
        eprintln!("the sheet's picture could not be read for the colour blindness views");
        return;
    };
    let typical = picture.to_rgb8();
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    for sight in Sight::ALL.into_iter().filter(|s| *s != Sight::Typical) {
        let mut seen = typical.clone();
        for pixel in seen.chunks_exact_mut(3) {
            let [r, g, b] = as_seen([pixel[0], pixel[1], pixel[2]], sight);
            pixel.copy_from_slice(&[r, g, b]);
        }
        let path = out.with_file_name(format!("{stem}-{}.png", sight.word()));
        if let Err(error) = seen.save(&path) {
            eprintln!(
                "{}: cannot save the sheet as seen with {}: {error}",
                path.display(),
                sight.describe()
            );
        }
    }
}

/// Each place's label under it, where the table's camera sees it.
fn label_the_sheet(
    mut contexts: EguiContexts,
    sheet: Res<FigureSheet>,
    engine: Option<Res<crate::battle::engine::Engine>>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
) -> Result {
    let (Some(engine), Ok((camera, at))) = (engine, camera.single()) else {
        return Ok(());
    };
    let board = engine.state().board();
    let size = f32::from(board.tile_size);
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    for (k, entry) in sheet.entries.iter().enumerate() {
        let zone = crate::vocabulary::ZoneCoord(entry.zone.0, entry.zone.1);
        let near_edge = zone_centre(board, zone) + Vec3::new(0.0, 0.0, size * 0.42);
        let Ok(point) = camera.world_to_viewport(at, near_edge) else {
            continue;
        };
        egui::Area::new(egui::Id::new(("sheet label", k)))
            .fixed_pos(egui::pos2(point.x / zoom, point.y / zoom))
            .pivot(egui::Align2::CENTER_CENTER)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(egui::Color32::from_black_alpha(170))
                    .inner_margin(egui::Margin::symmetric(4, 1))
                    .corner_radius(3.0)
                    .show(ui, |ui| {
                        ui.label(egui::RichText::new(&entry.label).color(egui::Color32::WHITE));
                    });
            });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figure_sheet_shows_every_template_a_mount_a_mob_the_chariots_and_each_ground() {
        let ruleset = crate::data::load_ruleset(None).expect("the shipped data");
        let sheet = FigureSheet::of(&ruleset).expect("the sheet is a level");
        let shown = |kind: &str| -> Vec<&str> {
            sheet
                .entries
                .iter()
                .filter(|e| e.kind == kind)
                .map(|e| e.shows.as_str())
                .collect()
        };
        let teams = team_templates(&ruleset);
        for id in ruleset.creatures.keys() {
            let on_sheet = if teams.contains(&id.as_str()) {
                shown("chariot").contains(&id.as_str())
            } else {
                shown("creature").contains(&id.as_str())
            };
            assert!(on_sheet, "{id} is on the sheet");
        }
        assert_eq!(shown("mounted").len(), 1);
        assert_eq!(shown("mob").len(), 1);
        assert_eq!(shown("terrain").len(), ruleset.terrain.terrain.len() - 1);
        // No two entries share a zone, and each lies on the board.
        let mut zones: Vec<_> = sheet.entries.iter().map(|e| e.zone).collect();
        zones.sort();
        zones.dedup();
        assert_eq!(zones.len(), sheet.entries.len());
        let rows = sheet.level.map.len() as u16;
        assert!(zones.iter().all(|(x, y)| *x < COLUMNS && *y < rows));
        // The listing names them in plain words.
        let listing = sheet.listing();
        assert!(listing.contains("\"label\": \"Giant eagle\""), "{listing}");
    }
}
