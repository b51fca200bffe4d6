//! The light over the table and how much the picture costs: the lamp (a
//! directional light the paint is lit by), its shadows, the smoothing of
//! edges, ambient occlusion and a shallow depth of field, at the graphics
//! level chosen with each effect as the settings override it
//! (docs/DESIGNING.md, Graphics). A software renderer gets Low unless the
//! player asks otherwise: the lamp's light without shadows.

use bevy::anti_alias::fxaa::Fxaa;
use bevy::core_pipeline::prepass::{DepthPrepass, NormalPrepass};
use bevy::light::{CascadeShadowConfigBuilder, DirectionalLightShadowMap};
use bevy::pbr::ScreenSpaceAmbientOcclusion;
use bevy::post_process::dof::{DepthOfField, DepthOfFieldMode};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use crate::game::hud::TableUnderPanels;
use crate::game::session::preferences::{GraphicsChoice, GraphicsLevel, Settings};

/// This run's graphics: its level and effects, whatever chose them.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Graphics {
    pub level: GraphicsLevel,
    pub effects: Effects,
}

/// The effects the table is drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Effects {
    pub shadows: bool,
    pub smooth_edges: bool,
    pub ambient_occlusion: bool,
    pub depth_of_field: bool,
}

impl Effects {
    /// A level's effects, each as `choice` overrides it.
    pub(crate) fn of(level: GraphicsLevel, choice: &GraphicsChoice) -> Self {
        let (shadows, smooth_edges, ambient_occlusion) = match level {
            GraphicsLevel::Low => (false, false, false),
            GraphicsLevel::Medium => (true, true, false),
            GraphicsLevel::High => (true, true, true),
        };
        Self {
            shadows: choice.shadows.unwrap_or(shadows),
            smooth_edges: choice.smooth_edges.unwrap_or(smooth_edges),
            ambient_occlusion: choice.ambient_occlusion.unwrap_or(ambient_occlusion),
            depth_of_field: choice.depth_of_field,
        }
    }

    /// Multisampling smooths the edges, unless ambient occlusion is on,
    /// which needs the picture unsampled (edges are then smoothed after).
    fn multisampling(self) -> Msaa {
        if self.smooth_edges && !self.ambient_occlusion {
            Msaa::Sample4
        } else {
            Msaa::Off
        }
    }

    /// Whether the table's camera draws depth before the picture: for
    /// occlusion and depth of field, and for shadows without multisampling
    /// (the paint samples the lamp's shadows in pipelines with either).
    fn depth_first(self) -> bool {
        self.ambient_occlusion
            || self.depth_of_field
            || (self.shadows && self.multisampling() == Msaa::Off)
    }
}

/// The level the command line asks for this run (`play --graphics`), over
/// the settings'.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub(crate) struct GraphicsForThisRun(pub Option<GraphicsLevel>);

/// The lamp over the table, low in the south-west as over a real table
/// (the paint's own fallback sun, `paint.wgsl`, points the same way).
#[derive(Component)]
pub(crate) struct Lamp;

/// The table beyond the board's frame: drawn where the table goes on under
/// the HUD's panels (Medium and High), hidden at Low, where every pixel a
/// software renderer shades costs.
#[derive(Component)]
pub(crate) struct Surround;

/// Where the lamp's light comes from, as a direction toward it.
pub(crate) const TOWARD_LAMP: Vec3 = Vec3::new(-1.0, 3.0, 1.5);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GraphicsForThisRun>();
    app.insert_resource(Graphics {
        level: GraphicsLevel::Low,
        effects: Effects::of(GraphicsLevel::Low, &GraphicsChoice::default()),
    });
    // At the first frame, and whenever the settings change (the command
    // line's level holds for its run).
    app.add_systems(
        Update,
        (
            choose_graphics.run_if(resource_exists_and_changed::<Settings>),
            apply_graphics,
            focus_depth_of_field,
        )
            .chain(),
    );
}

/// The level a run starts with: the command line's, the settings', or the
/// one the adapter suits.
pub(crate) fn level_for(
    this_run: Option<GraphicsLevel>,
    settings: Option<GraphicsLevel>,
    software: bool,
) -> GraphicsLevel {
    this_run.or(settings).unwrap_or(if software {
        GraphicsLevel::Low
    } else {
        GraphicsLevel::Medium
    })
}

/// Whether the adapter draws in software (lavapipe, llvmpipe, SwiftShader).
fn software(adapter: Option<&RenderAdapterInfo>) -> bool {
    adapter.is_some_and(|info| {
        let name = info.name.to_lowercase();
        // wgpu's device type, which Bevy does not re-export, by its name.
        format!("{:?}", info.device_type) == "Cpu"
            || ["llvmpipe", "lavapipe", "swiftshader", "softpipe"]
                .iter()
                .any(|soft| name.contains(soft))
    })
}

fn choose_graphics(
    this_run: Res<GraphicsForThisRun>,
    settings: Res<Settings>,
    adapter: Option<Res<RenderAdapterInfo>>,
    mut graphics: ResMut<Graphics>,
) {
    let software = software(adapter.as_deref());
    let level = level_for(this_run.0, settings.graphics.level, software);
    // A level asked for on the command line comes with its own effects.
    let effects = match this_run.0 {
        Some(_) => Effects::of(level, &GraphicsChoice::default()),
        None => Effects::of(level, &settings.graphics),
    };
    let chosen = Graphics { level, effects };
    if *graphics != chosen {
        *graphics = chosen;
    }
}

/// The lamp for a table of `width` by `depth` inches, its shadows reaching
/// over the whole table seen from as far as the camera goes.
pub(crate) fn lamp(width: f32, depth: f32) -> impl Bundle {
    let reach = (width.max(depth) * 3.0).max(60.0);
    (
        Lamp,
        DirectionalLight {
            illuminance: 10_000.0,
            shadow_maps_enabled: false,
            ..default()
        },
        CascadeShadowConfigBuilder {
            num_cascades: 2,
            minimum_distance: 1.0,
            first_cascade_far_bound: reach / 4.0,
            maximum_distance: reach,
            overlap_proportion: 0.2,
        }
        .build(),
        Transform::from_translation(TOWARD_LAMP).looking_at(Vec3::ZERO, Vec3::Y),
    )
}

/// A camera that draws into a picture of its own (the members' cards),
/// with its own multisampling and none of the table's effects.
#[derive(Component)]
pub(crate) struct OwnEffects;

/// Puts the level in force on every camera (all must agree on their
/// multisampling, as they draw into one texture), on the table's camera's
/// effects and on the lamp.
fn apply_graphics(
    mut commands: Commands,
    graphics: Res<Graphics>,
    mut cameras: Query<(Entity, &mut Msaa, Has<Camera3d>, Has<OwnEffects>), With<Camera>>,
    added_cameras: Query<(), Added<Camera>>,
    mut lamps: Query<&mut DirectionalLight, With<Lamp>>,
    added_lamps: Query<(), Added<Lamp>>,
    mut shadow_map: ResMut<DirectionalLightShadowMap>,
    (mut surround, added_surround): (
        Query<&mut Visibility, With<Surround>>,
        Query<(), Added<Surround>>,
    ),
    under_panels: Option<ResMut<TableUnderPanels>>,
) {
    if !graphics.is_changed()
        && added_cameras.is_empty()
        && added_lamps.is_empty()
        && added_surround.is_empty()
    {
        return;
    }
    let whole_window = graphics.level != GraphicsLevel::Low;
    if let Some(mut under) = under_panels
        && under.0 != whole_window
    {
        under.0 = whole_window;
    }
    let shown = if whole_window {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut visibility in &mut surround {
        visibility.set_if_neq(shown);
    }
    let effects = graphics.effects;
    let msaa = effects.multisampling();
    for (camera, mut camera_msaa, table, own) in &mut cameras {
        if own {
            continue;
        }
        if *camera_msaa != msaa {
            *camera_msaa = msaa;
        }
        if table {
            table_effects(&mut commands.entity(camera), effects);
        }
    }
    for mut light in &mut lamps {
        if light.shadow_maps_enabled != effects.shadows {
            light.shadow_maps_enabled = effects.shadows;
        }
    }
    let map = match graphics.level {
        GraphicsLevel::Low => 1024,
        GraphicsLevel::Medium => 2048,
        GraphicsLevel::High => 4096,
    };
    if shadow_map.size != map {
        shadow_map.size = map;
    }
}

/// The table camera's own effects: depth drawn first where an effect needs
/// it, ambient occlusion, edges smoothed after the picture where it is not
/// multisampled, and the depth of field.
fn table_effects(camera: &mut EntityCommands, effects: Effects) {
    if effects.depth_first() {
        camera.insert(DepthPrepass);
    } else {
        camera.remove::<DepthPrepass>();
    }
    if effects.ambient_occlusion {
        camera.insert(ScreenSpaceAmbientOcclusion::default());
    } else {
        camera.remove::<(ScreenSpaceAmbientOcclusion, NormalPrepass)>();
    }
    if effects.smooth_edges && effects.multisampling() == Msaa::Off {
        camera.insert(Fxaa::default());
    } else {
        camera.remove::<Fxaa>();
    }
    if effects.depth_of_field {
        camera.insert(DepthOfField {
            mode: DepthOfFieldMode::Gaussian,
            aperture_f_stops: TILT_SHIFT_F_STOPS,
            max_circle_of_confusion_diameter: 12.0,
            ..default()
        });
    } else {
        camera.remove::<DepthOfField>();
    }
}

/// The depth of field's aperture: wide open, so that the table a little
/// nearer or farther than the point looked at blurs, as in a close
/// photograph of miniatures.
const TILT_SHIFT_F_STOPS: f32 = 0.03;

/// The depth of field is in focus where the middle of the view meets the
/// table.
fn focus_depth_of_field(mut cameras: Query<(&mut DepthOfField, &Transform), Changed<Transform>>) {
    for (mut depth_of_field, at) in &mut cameras {
        let ahead = at.forward();
        if ahead.y < -0.01 {
            depth_of_field.focal_distance = at.translation.y / -ahead.y;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_effect_follows_its_level_unless_chosen_on_its_own() {
        let plain = GraphicsChoice::default();
        let low = Effects::of(GraphicsLevel::Low, &plain);
        assert!(!low.shadows && !low.smooth_edges && !low.ambient_occlusion);
        assert_eq!(low.multisampling(), Msaa::Off);
        assert!(!low.depth_first());
        let medium = Effects::of(GraphicsLevel::Medium, &plain);
        assert_eq!(medium.multisampling(), Msaa::Sample4);
        assert!(medium.shadows && !medium.ambient_occlusion && !medium.depth_first());
        // Occlusion needs the picture unsampled: its edges are smoothed after.
        let high = Effects::of(GraphicsLevel::High, &plain);
        assert!(high.ambient_occlusion && high.smooth_edges && !high.depth_of_field);
        assert_eq!(high.multisampling(), Msaa::Off);
        assert!(high.depth_first());
        // Shadows on Low, with no smoothing: depth is drawn first for them.
        let choice = GraphicsChoice {
            shadows: Some(true),
            depth_of_field: true,
            ..plain
        };
        let low_shadows = Effects::of(GraphicsLevel::Low, &choice);
        assert!(low_shadows.shadows && low_shadows.depth_of_field && low_shadows.depth_first());
    }

    #[test]
    fn a_software_renderer_gets_low_unless_the_player_asks_otherwise() {
        use GraphicsLevel::*;
        assert_eq!(level_for(None, None, true), Low);
        assert_eq!(level_for(None, None, false), Medium);
        assert_eq!(level_for(None, Some(High), true), High);
        assert_eq!(level_for(Some(Low), Some(High), false), Low);
    }
}
