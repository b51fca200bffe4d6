// The table's paint: flat colour lit by one sun and an even ambient light,
// with an optional glint for metal and water and an optional glow for
// markers. The sun is the table's directional light when there is one, and
// its shadow falls where that light casts shadows and the pipeline samples
// them (LAMP_SHADOWS: the Medium and High graphics); otherwise a fixed lamp,
// with no shadow. Scenery adds a grain (patches across the table and fine
// flock), the zone grid on its upward faces and contour lines on its
// slopes, all from the world position, with no texture to fetch. Cheap
// enough for a software renderer at full window size.
#import bevy_pbr::forward_io::VertexOutput
#import bevy_pbr::mesh_view_bindings::{view, lights}
#ifdef SCREEN_SPACE_AMBIENT_OCCLUSION
#import bevy_pbr::mesh_view_bindings::screen_space_ambient_occlusion_texture
#endif
#ifdef LAMP_SHADOWS
#import bevy_pbr::mesh_view_types::DIRECTIONAL_LIGHT_FLAGS_SHADOWS_ENABLED_BIT
#import bevy_pbr::shadows::fetch_directional_shadow
#endif

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> colour: vec4<f32>;
// rgb: light the surface gives off itself; a: how strongly it glints.
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var<uniform> glow_and_shine: vec4<f32>;
// x: grain strength; y: fine grain per inch; z: grid spacing; w: contour
// spacing (each 0 for none).
@group(#{MATERIAL_BIND_GROUP}) @binding(2) var<uniform> grain: vec4<f32>;

const AMBIENT: f32 = 0.5;
const SUN_STRENGTH: f32 = 0.72;
const GLINT_SHARPNESS: f32 = 24.0;
// How much of the sun a shadow takes away: a lamp-lit table, never black.
const SHADOW_DEPTH: f32 = 0.9;
// The broad patches of the grain, per inch: a few across a tile.
const PATCHES: f32 = 0.35;
// How dark the zone grid's lines are, and how wide (half, in inches).
const GRID_DEPTH: f32 = 0.42;
const GRID_HALF_WIDTH: f32 = 0.06;
const CONTOUR_DEPTH: f32 = 0.22;
const CONTOUR_HALF_WIDTH: f32 = 0.025;

fn hash(p: vec2<f32>) -> f32 {
    var q = fract(p * vec2<f32>(0.1031, 0.11369));
    q += dot(q, q.yx + 19.19);
    return fract((q.x + q.y) * q.x);
}

// Smooth noise between 0 and 1, a feature to each unit of `p`.
fn value_noise(p: vec2<f32>) -> f32 {
    let i = floor(p);
    let f = fract(p);
    let u = f * f * (3.0 - 2.0 * f);
    let a = hash(i);
    let b = hash(i + vec2<f32>(1.0, 0.0));
    let c = hash(i + vec2<f32>(0.0, 1.0));
    let d = hash(i + vec2<f32>(1.0, 1.0));
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

// 1 on a line `distance` from its middle, fading out over `blur`.
fn on_line(distance: f32, half_width: f32, blur: f32) -> f32 {
    return 1.0 - smoothstep(half_width, half_width + blur, distance);
}

// The colour with its grain, grid and contours.
fn scenery(base: vec3<f32>, world: vec3<f32>, normal: vec3<f32>, blur: vec3<f32>) -> vec3<f32> {
    var painted = base;
    if grain.x > 0.0 {
        // Upward faces take the grain from the ground plan, the others
        // from their height along the face.
        var plan = world.xz;
        if abs(normal.y) < 0.5 {
            plan = vec2<f32>(world.x + world.z, world.y);
        }
#ifdef FINE_GRAIN
        let n = 0.5 * value_noise(plan * PATCHES) + 0.5 * value_noise(plan * grain.y);
#else
        // At Low, the broad patches alone: the fine flock costs a software
        // renderer as much again, for detail too small to see there.
        let n = value_noise(plan * PATCHES);
#endif
        painted *= 1.0 + grain.x * (2.0 * n - 1.0);
    }
    if grain.z > 0.0 && normal.y > 0.5 {
        let cell = abs(fract(world.xz / grain.z + 0.5) - 0.5) * grain.z;
        let line = on_line(min(cell.x, cell.y), GRID_HALF_WIDTH, max(blur.x, blur.z));
        painted *= 1.0 - GRID_DEPTH * line;
    }
    if grain.w > 0.0 && normal.y < 0.98 {
        let height = abs(fract(world.y / grain.w + 0.5) - 0.5) * grain.w;
        painted *= 1.0 - CONTOUR_DEPTH * on_line(height, CONTOUR_HALF_WIDTH, blur.y);
    }
    return painted;
}

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let normal = normalize(in.world_normal);
    // Derivatives only where every pixel of a quad still runs together.
    let blur = fwidth(in.world_position.xyz);
    let painted = scenery(colour.rgb, in.world_position.xyz, normal, blur);
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
    var ambient = AMBIENT;
#ifdef SCREEN_SPACE_AMBIENT_OCCLUSION
    // Less of the room's light reaches into creases and under figures.
    ambient *= textureLoad(screen_space_ambient_occlusion_texture, vec2<i32>(in.position.xy), 0i).r;
#endif
    var lit = painted * (ambient + SUN_STRENGTH * max(dot(normal, sun), 0.0) * lit_by_sun);
    let shine = glow_and_shine.a;
    if shine > 0.0 {
        let to_eye = normalize(view.world_position - in.world_position.xyz);
        let halfway = normalize(sun + to_eye);
        lit += vec3<f32>(shine * lit_by_sun * pow(max(dot(normal, halfway), 0.0), GLINT_SHARPNESS));
    }
    return vec4<f32>(lit + glow_and_shine.rgb, colour.a);
}
