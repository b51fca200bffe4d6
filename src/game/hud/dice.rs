//! Dice drawn in the HUD, the log and the callouts: hits green, 1s red.

use bevy_egui::egui::{self, Color32};

pub const HIT: Color32 = Color32::from_rgb(70, 160, 70);
pub const ONE: Color32 = Color32::from_rgb(190, 50, 40);
const PLAIN: Color32 = Color32::from_rgb(225, 220, 205);

/// One die face as a small square: hits green, 1s red.
pub fn die(ui: &mut egui::Ui, face: u8, hit_from: u8) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(17.0, 17.0), egui::Sense::hover());
    let (fill, text) = if face == 1 {
        (ONE, Color32::WHITE)
    } else if face >= hit_from {
        (HIT, Color32::WHITE)
    } else {
        (PLAIN, Color32::BLACK)
    };
    ui.painter().rect_filled(rect, 3.0, fill);
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        face.to_string(),
        egui::FontId::monospace(12.0),
        text,
    );
}
