//! The paint on the table: one light material for every tile, figure and
//! marker. Bevy's physically based material shades each pixel with far more
//! work than painted miniatures need; under a software renderer it cost
//! most of the frame. This one lights a flat colour by one sun and an even
//! ambient light (`paint.wgsl`), with a glint for metal and water, a glow
//! for markers, and for scenery a grain (flock, leaves, stone), the zone
//! grid drawn on the ground and contour lines on slopes.

use bevy::mesh::MeshVertexBufferLayoutRef;
use bevy::pbr::{MaterialPipeline, MaterialPipelineKey, MeshPipelineKey};
use bevy::prelude::*;
use bevy::render::render_resource::{
    AsBindGroup, RenderPipelineDescriptor, SpecializedMeshPipelineError,
};
use bevy::shader::ShaderRef;

#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub(crate) struct Paint {
    #[uniform(0)]
    colour: LinearRgba,
    /// rgb: the light it gives off itself; a: how strongly it glints.
    #[uniform(1)]
    glow_and_shine: Vec4,
    /// x: how strongly the grain varies the colour (0: none); y: its fine
    /// grain's features per inch; z: the zone grid's spacing in inches (0:
    /// none); w: the contour lines' spacing in inches (0: none).
    #[uniform(2)]
    grain: Vec4,
    alpha_mode: AlphaMode,
}

impl Paint {
    /// A glinting paint, for metal and water (`shine` about 0.2 to 0.6).
    pub fn shiny(colour: Color, shine: f32) -> Self {
        Self {
            glow_and_shine: Vec4::new(0.0, 0.0, 0.0, shine),
            ..Self::from(colour)
        }
    }

    /// A paint that gives off some of its own colour, so markers read in shade.
    pub fn glowing(colour: Color, glow: f32) -> Self {
        let light = LinearRgba::from(colour) * glow;
        Self {
            glow_and_shine: Vec4::new(light.red, light.green, light.blue, 0.0),
            ..Self::from(colour)
        }
    }

    /// The same paint with a grain: `strength` (about 0.1 to 0.35) of
    /// light and dark in patches across the table and in fine features,
    /// `fine` of them to the inch.
    pub fn with_grain(mut self, strength: f32, fine: f32) -> Self {
        (self.grain.x, self.grain.y) = (strength, fine);
        self
    }

    /// The same paint with the zone grid drawn on it, lines `spacing`
    /// inches apart on its upward faces.
    pub fn with_grid(mut self, spacing: f32) -> Self {
        self.grain.z = spacing;
        self
    }

    /// The same paint with contour lines every `spacing` inches of height
    /// on its slopes.
    pub fn with_contours(mut self, spacing: f32) -> Self {
        self.grain.w = spacing;
        self
    }

    /// A see-through paint (the colour's alpha says how much shows).
    pub fn clear(colour: Color) -> Self {
        Self {
            alpha_mode: AlphaMode::Blend,
            ..Self::from(colour)
        }
    }
}

/// A matte paint of one colour.
impl From<Color> for Paint {
    fn from(colour: Color) -> Self {
        Self {
            colour: colour.to_linear(),
            glow_and_shine: Vec4::ZERO,
            grain: Vec4::ZERO,
            alpha_mode: AlphaMode::Opaque,
        }
    }
}

impl Material for Paint {
    fn fragment_shader() -> ShaderRef {
        "embedded://swift_swords/game/table/paint.wgsl".into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        self.alpha_mode
    }

    /// The lamp's shadows, and the grain's fine flock, are drawn only in
    /// the pipelines that multisample or draw depth first, as the shadows'
    /// effect asks (`light.rs`). At Low the shader holds no shadow code at
    /// all, which a software renderer pays for in every pixel even where
    /// it never runs, and only the grain's broad patches.
    fn specialize(
        _pipeline: &MaterialPipeline,
        descriptor: &mut RenderPipelineDescriptor,
        _layout: &MeshVertexBufferLayoutRef,
        key: MaterialPipelineKey<Self>,
    ) -> Result<(), SpecializedMeshPipelineError> {
        let sampled = key.mesh_key.msaa_samples() > 1
            || key.mesh_key.contains(MeshPipelineKey::DEPTH_PREPASS);
        if sampled && let Some(fragment) = descriptor.fragment.as_mut() {
            fragment.shader_defs.push("LAMP_SHADOWS".into());
            fragment.shader_defs.push("FINE_GRAIN".into());
        }
        Ok(())
    }
}

pub(crate) fn plugin(app: &mut App) {
    bevy::asset::embedded_asset!(app, "paint.wgsl");
    app.add_plugins(MaterialPlugin::<Paint>::default());
}
