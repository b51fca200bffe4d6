//! The light over the table and how much the picture costs: the lamp (a
//! directional light the paint is lit by), its shadows, and the smoothing
//! of edges, at the graphics level chosen (docs/DESIGNING.md, Graphics).
//! A software renderer gets Low unless the player asks otherwise: the
//! lamp's light without shadows, which is the table as it was before.

use bevy::light::{CascadeShadowConfigBuilder, DirectionalLightShadowMap};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use crate::game::hud::TableUnderPanels;
use crate::game::session::preferences::{GraphicsLevel, Settings};

/// This run's graphics level, whatever chose it.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Graphics(pub GraphicsLevel);

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
    app.insert_resource(Graphics(GraphicsLevel::Low));
    // At the first frame, and whenever the settings change (the command
    // line's level holds for its run).
    app.add_systems(
        Update,
        (
            choose_graphics.run_if(resource_exists_and_changed::<Settings>),
            apply_graphics,
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
    if graphics.0 != level {
        graphics.0 = level;
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

/// Puts the level in force on every camera (all must agree on their
/// multisampling, as they draw into one texture) and on the lamp.
fn apply_graphics(
    graphics: Res<Graphics>,
    mut cameras: Query<&mut Msaa, With<Camera>>,
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
    let whole_window = graphics.0 != GraphicsLevel::Low;
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
    let (msaa, shadows, map) = match graphics.0 {
        GraphicsLevel::Low => (Msaa::Off, false, 1024),
        GraphicsLevel::Medium => (Msaa::Sample4, true, 2048),
        GraphicsLevel::High => (Msaa::Sample4, true, 4096),
    };
    for mut camera_msaa in &mut cameras {
        if *camera_msaa != msaa {
            *camera_msaa = msaa;
        }
    }
    for mut light in &mut lamps {
        if light.shadow_maps_enabled != shadows {
            light.shadow_maps_enabled = shadows;
        }
    }
    if shadow_map.size != map {
        shadow_map.size = map;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_software_renderer_gets_low_unless_the_player_asks_otherwise() {
        use GraphicsLevel::*;
        assert_eq!(level_for(None, None, true), Low);
        assert_eq!(level_for(None, None, false), Medium);
        assert_eq!(level_for(None, Some(High), true), High);
        assert_eq!(level_for(Some(Low), Some(High), false), Low);
    }
}
