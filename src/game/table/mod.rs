//! The table in 3D: the board and its dressing, the figures and their
//! motion, the marks and callouts over them, the camera, and what a click on
//! the table means. It reads the battle and the HUD's selection; it never
//! decides a rule.

pub mod callouts;
pub mod camera;
pub mod figure_mesh;
pub mod figure_sheet;
pub mod figures;
pub mod geometry;
pub mod light;
pub mod markers;
pub mod marks;
pub mod motion;
pub mod opening_view;
pub mod orbit;
pub mod paint;
pub mod picking;
pub mod scenery;
pub mod sculpt;
pub mod side_paint;
pub mod title_table;
pub mod view;

use bevy::prelude::App;

/// The table's plugins: its paint and light, the view of the battle, its
/// marks and markers, the camera, picking, motion and callouts, and the
/// title's table and the figure sheet.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        (paint::plugin, light::plugin),
        view::plugin,
        markers::plugin,
        camera::plugin,
        picking::plugin,
        marks::plugin,
        motion::plugin,
        callouts::plugin,
        (title_table::plugin, figure_sheet::plugin),
    ));
}
