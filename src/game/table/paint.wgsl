// The table's paint: flat colour lit by one sun and an even ambient light,
// with an optional glint for metal and water and an optional glow for
// markers. The sun is the table's directional light when there is one, and
// its shadow falls where that light casts shadows and the pipeline samples
// them (LAMP_SHADOWS: the Medium and High graphics); otherwise a fixed lamp,
// with no shadow. Cheap enough for a
// software renderer at full window size.
#import bevy_pbr::forward_io::VertexOutput
#import bevy_pbr::mesh_view_bindings::{view, lights}
#ifdef LAMP_SHADOWS
#import bevy_pbr::mesh_view_types::DIRECTIONAL_LIGHT_FLAGS_SHADOWS_ENABLED_BIT
#import bevy_pbr::shadows::fetch_directional_shadow
#endif

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> colour: vec4<f32>;
// rgb: light the surface gives off itself; a: how strongly it glints.
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var<uniform> glow_and_shine: vec4<f32>;

const AMBIENT: f32 = 0.5;
const SUN_STRENGTH: f32 = 0.72;
const GLINT_SHARPNESS: f32 = 24.0;
// How much of the sun a shadow takes away: a lamp-lit table, never black.
const SHADOW_DEPTH: f32 = 0.9;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let normal = normalize(in.world_normal);
    // Low in the south-west, as a lamp over a real table.
    var sun = normalize(vec3<f32>(-1.0, 3.0, 1.5));
    var lit_by_sun = 1.0;
    if lights.n_directional_lights > 0u {
        sun = lights.directional_lights[0].direction_to_light;
#ifdef LAMP_SHADOWS
        if (lights.directional_lights[0].flags & DIRECTIONAL_LIGHT_FLAGS_SHADOWS_ENABLED_BIT) != 0u {
            let view_z = dot(vec4<f32>(
                view.view_from_world[0].z,
                view.view_from_world[1].z,
                view.view_from_world[2].z,
                view.view_from_world[3].z
            ), in.world_position);
            let shadow = fetch_directional_shadow(0u, in.world_position, normal, view_z, in.position.xy);
            lit_by_sun = 1.0 - SHADOW_DEPTH * (1.0 - shadow);
        }
#endif
    }
    var lit = colour.rgb * (AMBIENT + SUN_STRENGTH * max(dot(normal, sun), 0.0) * lit_by_sun);
    let shine = glow_and_shine.a;
    if shine > 0.0 {
        let to_eye = normalize(view.world_position - in.world_position.xyz);
        let halfway = normalize(sun + to_eye);
        lit += vec3<f32>(shine * lit_by_sun * pow(max(dot(normal, halfway), 0.0), GLINT_SHARPNESS));
    }
    return vec4<f32>(lit + glow_and_shine.rgb, colour.a);
}
