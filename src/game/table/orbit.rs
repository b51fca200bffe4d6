//! Where the table's camera looks from: an orbit around a point on the
//! table, the whole board framed in a viewport, and the view a battle opens
//! on (close enough that a figure's sculpt reads). `camera.rs` steers it.

use bevy::camera::CameraProjection;
use bevy::prelude::*;

use crate::game::table::figures::FIGURE_SCALE;

/// The least a man-sized figure stands on screen, in pixels, at the view a
/// battle opens on, at the middle of the view.
pub const LEAST_FIGURE_PIXELS: f32 = 48.0;
/// A man-sized figure's height, base to the top of its head, in inches.
const FIGURE_HEIGHT: f32 = 1.31 * FIGURE_SCALE;
/// The camera's vertical field of view (Bevy's default perspective).
pub(crate) const FIELD_OF_VIEW: f32 = std::f32::consts::FRAC_PI_4;
/// The nearest the camera comes to its focus, in inches.
pub(crate) const MIN_DISTANCE: f32 = 6.0;

/// Where the camera looks from, as an orbit around `focus`.
#[derive(Component, Debug, Clone, Copy)]
pub struct TableCamera {
    pub focus: Vec3,
    /// Turn about the vertical, in radians; 0 looks north from the south.
    pub yaw: f32,
    /// The turn the battle opened at, which the whole-board view keeps.
    pub home_yaw: f32,
    /// Angle above the table, in radians.
    pub pitch: f32,
    /// Distance from the focus, in inches.
    pub distance: f32,
    /// The farthest out the camera may go (the table framed whole, and some).
    pub max_distance: f32,
    /// Whether the player has moved it; until then, it keeps its framing as
    /// the HUD's panels settle or are resized.
    pub moved: bool,
    /// Framed on the whole board (Home) rather than the opening view: a new
    /// viewport (the HUD resized in Settings) frames the whole board again.
    pub whole: bool,
}

impl TableCamera {
    /// A camera that shows a whole board of `width` by `depth` inches in a
    /// viewport `aspect` times as wide as it is tall: the nearest that keeps
    /// every corner of the board inside the middle nine tenths of the view.
    pub fn framing(width: f32, depth: f32, aspect: f32) -> Self {
        let mut orbit = Self {
            focus: Vec3::new(width / 2.0, 0.0, depth / 2.0),
            yaw: 0.0,
            home_yaw: 0.0,
            pitch: 0.95,
            distance: width.max(depth) * 0.5,
            max_distance: 0.0,
            moved: false,
            whole: false,
        };
        let corners = [(0.0, 0.0), (width, 0.0), (0.0, depth), (width, depth)]
            .map(|(x, z)| Vec3::new(x, 0.0, z));
        while orbit.distance < 2000.0
            && corners.iter().any(|&corner| {
                let at = orbit.on_screen(aspect, corner);
                at.x.abs() > 0.9 || at.y.abs() > 0.9
            })
        {
            orbit.distance *= 1.03;
        }
        orbit.max_distance = orbit.distance * 2.5 + 12.0;
        orbit
    }

    /// The view a battle opens on, in a viewport `size` pixels: the whole
    /// board, unless a figure would then stand under [`LEAST_FIGURE_PIXELS`]
    /// tall; then only as far out as keeps it that tall, looking at `around`
    /// (the player's figures) and as much of the board as that shows. The
    /// whole board is a key away (Home) and the wheel can still go out to it.
    pub fn opening(width: f32, depth: f32, tile: f32, size: Vec2, around: Vec3) -> Self {
        let whole = Self::framing(width, depth, size.x / size.y);
        let mut orbit = whole;
        while orbit.distance > MIN_DISTANCE && orbit.pixels_tall(size) < LEAST_FIGURE_PIXELS {
            orbit.distance *= 0.98;
        }
        if orbit.distance < whole.distance {
            // Half the ground the view spans across and along, at its middle.
            let across = orbit.distance * (FIELD_OF_VIEW / 2.0).tan() * size.x / size.y;
            let along = orbit.distance * (FIELD_OF_VIEW / 2.0).tan() / orbit.pitch.sin();
            let keep = |at: f32, half: f32, extent: f32| {
                at.clamp(half.min(extent / 2.0), (extent - half).max(extent / 2.0))
            };
            orbit.focus = Vec3::new(
                keep(around.x, across, width),
                0.0,
                keep(around.z, along, depth),
            );
            // The view widens toward its far side, so a side column it
            // shows is cut off nearer the camera: look toward the board's
            // edge on the player's side until that column shows whole.
            let aspect = size.x / size.y;
            let across = |orbit: &Self, x: f32, toward: f32| -> Vec<f32> {
                (0..=12)
                    .map(|k| orbit.on_screen(aspect, Vec3::new(x, 0.0, depth * k as f32 / 12.0)))
                    .filter(|at| at.y.abs() <= 1.0)
                    .map(|at| at.x * toward)
                    .collect()
            };
            // The edge on the side of the player's figures.
            let (edge, inner, toward) = if around.x <= width / 2.0 {
                (0.0, tile, -1.0)
            } else {
                (width, width - tile, 1.0)
            };
            for _ in 0..400 {
                let column_shown = across(&orbit, inner, toward).iter().any(|&x| x < 1.0);
                if !column_shown || across(&orbit, edge, toward).iter().all(|&x| x <= 0.98) {
                    break;
                }
                orbit.focus.x += toward * 0.25;
            }
        }
        orbit
    }

    /// Looks further toward `foe` until it shows well inside the view, as
    /// long as every one of `around` (the player's figures) stays well
    /// inside it too: the
    /// nearest enemy is seen from the opening, not behind a panel's edge.
    pub(crate) fn turn_toward(&mut self, size: Vec2, around: &[Vec3], foe: Vec3) {
        let aspect = size.x / size.y;
        // Within `margin` of the middle, from -1 to 1 across and up; the
        // player's own keep room for their nameplates.
        let inside = |orbit: &Self, point: Vec3, margin: f32| {
            let at = orbit.on_screen(aspect, point);
            at.x.abs() <= margin && at.y.abs() <= margin
        };
        for _ in 0..400 {
            if inside(self, foe, 0.8) {
                break;
            }
            let mut next = *self;
            next.focus += (foe - self.focus).with_y(0.0).normalize_or_zero() * 0.25;
            if !around.iter().all(|&figure| inside(&next, figure, 0.65)) {
                break;
            }
            *self = next;
        }
    }

    /// How many pixels tall a man-sized figure at the focus stands in a
    /// viewport `size` pixels.
    pub(crate) fn pixels_tall(&self, size: Vec2) -> f32 {
        let aspect = size.x / size.y;
        let foot = self.on_screen(aspect, self.focus);
        let head = self.on_screen(aspect, self.focus + Vec3::Y * FIGURE_HEIGHT);
        (head.y - foot.y) / 2.0 * size.y
    }

    /// Where a point on the table lands in the view, from -1 to 1 across and up.
    pub(crate) fn on_screen(&self, aspect: f32, point: Vec3) -> Vec2 {
        let projection = PerspectiveProjection {
            aspect_ratio: aspect,
            ..default()
        };
        let view = self.transform().to_matrix().inverse();
        let clip = projection.get_clip_from_view() * view * point.extend(1.0);
        clip.truncate().truncate() / clip.w
    }

    /// Brings the camera `factor` times as far from the table (less than 1
    /// zooms in), keeping `anchor` (the point under the pointer) where it is
    /// on screen: the camera and its focus both close on the anchor by the
    /// same factor, looking the same way.
    pub fn zoom_toward(&mut self, factor: f32, anchor: Option<Vec3>) {
        if let Some(anchor) = anchor {
            self.focus = anchor + (self.focus - anchor) * factor;
        }
        self.distance *= factor;
    }

    pub fn transform(&self) -> Transform {
        let offset = Vec3::new(
            self.yaw.sin() * self.pitch.cos(),
            self.pitch.sin(),
            self.yaw.cos() * self.pitch.cos(),
        ) * self.distance;
        Transform::from_translation(self.focus + offset).looking_at(self.focus, Vec3::Y)
    }
}
