// The table's paint: flat colour lit by one sun and an even ambient light,
// with an optional glint for metal and water and an optional glow for
// markers. Cheap enough for a software renderer at full window size.
#import bevy_pbr::forward_io::VertexOutput
#import bevy_pbr::mesh_view_bindings::view

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> colour: vec4<f32>;
// rgb: light the surface gives off itself; a: how strongly it glints.
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var<uniform> glow_and_shine: vec4<f32>;

const AMBIENT: f32 = 0.5;
const SUN_STRENGTH: f32 = 0.72;
const GLINT_SHARPNESS: f32 = 24.0;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let normal = normalize(in.world_normal);
    // Low in the south-west, as a lamp over a real table.
    let sun = normalize(vec3<f32>(-1.0, 3.0, 1.5));
    var lit = colour.rgb * (AMBIENT + SUN_STRENGTH * max(dot(normal, sun), 0.0));
    let shine = glow_and_shine.a;
    if shine > 0.0 {
        let to_eye = normalize(view.world_position - in.world_position.xyz);
        let halfway = normalize(sun + to_eye);
        lit += vec3<f32>(shine * pow(max(dot(normal, halfway), 0.0), GLINT_SHARPNESS));
    }
    return vec4<f32>(lit + glow_and_shine.rgb, colour.a);
}
