//! Each member's miniature on its card: the warband's figures, built as
//! the battle's table builds them (the same sculpts, gear and paint), stood
//! in a row far from anything else and drawn by a camera of their own into
//! one picture; each card shows its member's part of it. The row is set up
//! while the cards are up and cleared when they go.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{RenderTarget, ScalingMode};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy_egui::{EguiTextureHandle, EguiUserTextures, egui};

use super::Choices;
use crate::battle::setup::profile_of;
use crate::campaign::fielding::physical_ranks;
use crate::campaign::format::Band;
use crate::campaign::warband::{Member, Standing};
use crate::game::session::campaigning::Campaigning;
use crate::game::stage::Screen;
use crate::game::table::figure_mesh::MergedFigures;
use crate::game::table::figures::{Look, Palette, build_figure};
use crate::game::table::light::OwnEffects;
use crate::game::table::paint::Paint;

/// The render layer only the row and its camera and lamp are on.
const LAYER: usize = 9;
/// Where the row stands: far below the table, out of every other view.
const ROW_AT: Vec3 = Vec3::new(0.0, -500.0, 0.0);
/// Inches between two figures of the row, each framed alone.
const SPACING: f32 = 2.9;
/// The frame of one figure, in inches tall (as wide as `SPACING`, in the
/// shape of `SLOT`), and in pixels.
const FRAME_HEIGHT: f32 = 3.625;
const SLOT: UVec2 = UVec2::new(120, 150);
/// The card's own colour behind the figure.
const CARD_BACK: Color = Color::srgb_u8(38, 36, 32);
/// The paint of each band's figures and their trim, as the painted
/// figures of the roster have them; the third, grey, is for a member who
/// cannot fight now.
const BANDS: [(Color, Color); 3] = [
    (Color::srgb_u8(60, 110, 220), Color::srgb(0.94, 0.93, 0.88)),
    (Color::srgb_u8(205, 70, 45), Color::srgb(0.94, 0.93, 0.88)),
    (Color::srgb_u8(110, 110, 110), Color::srgb(0.94, 0.93, 0.88)),
];
/// The grey of [`BANDS`].
const CANNOT_FIGHT: usize = 2;

/// The picture of the members' figures in a row, and which member stands
/// where in it.
#[derive(Resource)]
pub struct CardFigures {
    texture: egui::TextureId,
    image: Handle<Image>,
    slots: Vec<(Band, String)>,
    root: Entity,
}

impl CardFigures {
    /// The picture and the part of it that shows `member` of `band`.
    pub fn of(&self, band: Band, member: &str) -> Option<(egui::TextureId, egui::Rect)> {
        let at = self
            .slots
            .iter()
            .position(|(b, id)| *b == band && id == member)?;
        Some((self.texture, slot_uv(at, self.slots.len())))
    }
}

/// The part of a row of `count` frames that is frame `at`.
pub fn slot_uv(at: usize, count: usize) -> egui::Rect {
    let width = 1.0 / count.max(1) as f32;
    egui::Rect::from_min_max(
        egui::pos2(at as f32 * width, 0.0),
        egui::pos2((at + 1) as f32 * width, 1.0),
    )
}

/// The members whose cards are shown, in the cards' order.
pub fn lineup(campaigning: &Campaigning) -> Vec<(Band, &Member)> {
    let state = campaigning.state();
    state
        .campaign()
        .bands()
        .into_iter()
        .flat_map(|band| {
            state
                .members_of(band)
                .iter()
                .filter(|m| m.standing() != Standing::LeftBehind)
                .map(move |m| (band, m))
        })
        .collect()
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            clear_the_row.run_if(resource_exists::<CardFigures>.and_then(not(cards_up))),
            set_out_the_row.run_if(cards_up.and_then(not(resource_exists::<CardFigures>))),
            layer_the_row.run_if(resource_added::<CardFigures>),
        )
            .chain(),
    );
    app.add_systems(
        OnExit(Screen::Campaign),
        clear_the_row.run_if(resource_exists::<CardFigures>),
    );
}

/// The warband's cards are up on the campaign's screen.
fn cards_up(
    screen: Option<Res<State<Screen>>>,
    choices: Res<Choices>,
    campaigning: Option<Res<Campaigning>>,
) -> bool {
    screen.is_some_and(|s| *s.get() == Screen::Campaign) && choices.cards && campaigning.is_some()
}

/// Builds each member's figure in the row, its camera and lamp, and the
/// picture they draw into.
fn set_out_the_row(
    mut commands: Commands,
    campaigning: Res<Campaigning>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut paints: ResMut<Assets<Paint>>,
    mut images: ResMut<Assets<Image>>,
    mut textures: ResMut<EguiUserTextures>,
) {
    let ruleset = &campaigning.ruleset;
    let palette = Palette::new(&mut meshes, &mut paints, &BANDS);
    let mut merged = MergedFigures::default();
    let layer = RenderLayers::layer(LAYER);
    let root = commands
        .spawn((
            Transform::from_translation(ROW_AT),
            Visibility::default(),
            layer.clone(),
            Name::new("Card figures"),
        ))
        .id();
    let lineup = lineup(&campaigning);
    let mut slots = Vec::new();
    for (at, (band, member)) in lineup.iter().enumerate() {
        let Some(template) = member.template(ruleset) else {
            continue;
        };
        let profile = profile_of(&template, None, ruleset);
        let able = member.can_fight(physical_ranks(member, ruleset));
        let look = Look {
            side: match able {
                true => usize::from(*band == Band::Rival),
                false => CANNOT_FIGHT,
            },
            hero: template.heroic,
            flying: false,
            chariot: None,
        };
        let parts = build_figure(
            &mut commands,
            (&palette, ruleset),
            &profile,
            look,
            (&mut meshes, &mut merged),
        );
        // Facing the camera (a figure faces north, away from it), turned a
        // little as a model is shown.
        let stand = commands
            .spawn((
                Transform::from_xyz(at as f32 * SPACING, 0.0, 0.0)
                    .with_rotation(Quat::from_rotation_y(std::f32::consts::PI - 0.5)),
                Visibility::default(),
            ))
            .add_child(parts.pose)
            .id();
        commands.entity(root).add_child(stand);
        slots.push((*band, member.spec.id.clone()));
    }
    let count = slots.len().max(1) as u32;
    let size = UVec2::new(SLOT.x * count, SLOT.y);
    let image = images.add(Image::new_target_texture(
        size.x,
        size.y,
        TextureFormat::Rgba8Unorm,
        Some(TextureFormat::Rgba8UnormSrgb),
    ));
    let texture = textures.add_image(EguiTextureHandle::Strong(image.clone()));
    let width = SPACING * count as f32;
    let centre = Vec3::new(width / 2.0 - SPACING / 2.0, 1.45, 0.0);
    let camera = commands
        .spawn((
            Camera3d::default(),
            Camera {
                order: -2,
                clear_color: ClearColorConfig::Custom(CARD_BACK),
                ..default()
            },
            RenderTarget::Image(image.clone().into()),
            Projection::from(OrthographicProjection {
                scaling_mode: ScalingMode::Fixed {
                    width,
                    height: FRAME_HEIGHT,
                },
                ..OrthographicProjection::default_3d()
            }),
            Msaa::Sample4,
            OwnEffects,
            Transform::from_translation(centre + Vec3::new(0.0, 4.0, 12.0))
                .looking_at(centre, Vec3::Y),
            layer.clone(),
        ))
        .id();
    let lamp = commands
        .spawn((
            DirectionalLight {
                illuminance: 9_000.0,
                ..default()
            },
            Transform::from_xyz(-3.0, 8.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
            layer,
        ))
        .id();
    commands.entity(root).add_children(&[camera, lamp]);
    commands.insert_resource(CardFigures {
        texture,
        image,
        slots,
        root,
    });
}

/// Puts every part of the row on its layer, once, as the row is set out
/// (figures are built in parts that know nothing of it).
fn layer_the_row(
    mut commands: Commands,
    figures: Res<CardFigures>,
    children: Query<&Children>,
    unlayered: Query<(), Without<RenderLayers>>,
) {
    for entity in children.iter_descendants(figures.root) {
        if unlayered.contains(entity) {
            commands.entity(entity).insert(RenderLayers::layer(LAYER));
        }
    }
}

/// Takes the row away, with its picture.
fn clear_the_row(
    mut commands: Commands,
    figures: Res<CardFigures>,
    mut textures: ResMut<EguiUserTextures>,
) {
    textures.remove_image(&figures.image);
    commands.entity(figures.root).despawn();
    commands.remove_resource::<CardFigures>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_card_shows_its_own_frame_of_the_row() {
        assert_eq!(
            slot_uv(1, 4),
            egui::Rect::from_min_max(egui::pos2(0.25, 0.0), egui::pos2(0.5, 1.0))
        );
        assert_eq!(
            slot_uv(0, 1),
            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0))
        );
    }
}
