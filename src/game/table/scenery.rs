//! The scenery a battle is fought over, laid as a painted table: one
//! continuous ground of flocked tiles with the zone grid drawn lightly on
//! it (no gaps between slabs), hills as mounds with slopes and contours,
//! sunken water between banks, woods of trees and undergrowth, marsh reeds
//! and pools, stones on rough and rocky ground, worn paths joining the
//! road's tiles, houses with roof, door and chimney, and walls, hedges and
//! fences along the edges they stand on. The board sits in a wooden frame
//! on a wider table. Made once per battle, from the board alone.

use std::collections::BTreeMap;
use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::battle::components::{Board, ZoneTile};
use crate::battle::engine::Engine;
use crate::data::{EdgeFeature, Terrain};
use crate::game::stage::Screen;
use crate::game::table::geometry::{board_extent, ground_height, zone_centre};
use crate::game::table::paint::Paint;
use crate::vocabulary::ZoneCoord;

/// How deep the tiles reach below the ground of a flat zone, in inches.
const TILE_BOTTOM: f32 = -1.0;
/// How far the board's wooden frame reaches out around it, in inches.
const TABLE_BORDER: f32 = 1.0;
/// How far the table the board lies on reaches beyond the board's frame.
const SURROUND: f32 = 60.0;
/// How much of a hill's tile its flat top takes, across: figures stand on
/// the top, the slopes run down to the tile's edges.
const HILL_TOP: f32 = 0.84;
/// The height between a hill's contour lines, in inches.
const CONTOUR: f32 = 0.4;
/// How wide a road's worn path is, as a share of its tile.
const PATH_WIDTH: f32 = 0.36;

/// A fixed scatter of points in a tile for its dressing, the same every time.
fn scatter(zone: ZoneCoord, count: usize, size: f32) -> Vec<Vec2> {
    let mut state = u64::from(zone.0) * 0x9E37_79B9 + u64::from(zone.1) * 0x85EB_CA6B + 7;
    (0..count)
        .map(|_| {
            state = crate::ai::splitmix(state);
            let x = (state & 0xFFFF) as f32 / 65535.0;
            let y = ((state >> 16) & 0xFFFF) as f32 / 65535.0;
            Vec2::new((x - 0.5) * size * 0.8, (y - 0.5) * size * 0.8)
        })
        .collect()
}

/// The dressing meshes and materials of the terrain, made once per battle.
struct Dressing {
    trunk: Handle<Mesh>,
    canopy: Handle<Mesh>,
    rock: Handle<Mesh>,
    reed: Handle<Mesh>,
    puddle: Handle<Mesh>,
    house: Handle<Mesh>,
    roof: Handle<Mesh>,
    block: Handle<Mesh>,
    bark: Handle<Paint>,
    leaf: Handle<Paint>,
    bush: Handle<Paint>,
    stone: Handle<Paint>,
    water: Handle<Paint>,
    reed_green: Handle<Paint>,
    plaster: Handle<Paint>,
    thatch: Handle<Paint>,
    timber: Handle<Paint>,
    path: Handle<Paint>,
}

impl Dressing {
    fn new(
        size: f32,
        path: Color,
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<Paint>,
    ) -> Self {
        let mut paint = |paint: Paint| materials.add(paint);
        Self {
            trunk: meshes.add(Cylinder::new(0.18, 1.2).mesh().resolution(8)),
            canopy: meshes.add(Cone::new(0.9, 2.2).mesh().resolution(10)),
            rock: meshes.add(Sphere::new(0.45).mesh().uv(8, 6)),
            reed: meshes.add(Cylinder::new(0.04, 0.9).mesh().resolution(4)),
            puddle: meshes.add(Cylinder::new(0.9, 0.02).mesh().resolution(12)),
            house: meshes.add(Cuboid::new(size * 0.45, 2.0, size * 0.3)),
            roof: meshes.add(Cone::new(size * 0.34, 1.3).mesh().resolution(4)),
            block: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
            bark: paint(Paint::from(Color::srgb(0.33, 0.22, 0.13)).with_grain(0.2, 4.0)),
            leaf: paint(Paint::from(Color::srgb(0.13, 0.38, 0.13)).with_grain(0.3, 3.0)),
            bush: paint(Paint::from(Color::srgb(0.2, 0.42, 0.14)).with_grain(0.3, 3.5)),
            stone: paint(Paint::from(Color::srgb(0.52, 0.5, 0.47)).with_grain(0.25, 3.0)),
            water: paint(Paint::shiny(Color::srgb(0.1, 0.24, 0.42), 0.6).with_grain(0.1, 1.0)),
            reed_green: paint(Color::srgb(0.5, 0.56, 0.22).into()),
            plaster: paint(Paint::from(Color::srgb(0.86, 0.8, 0.68)).with_grain(0.08, 2.0)),
            thatch: paint(Paint::from(Color::srgb(0.62, 0.46, 0.2)).with_grain(0.3, 5.0)),
            timber: paint(Color::srgb(0.28, 0.18, 0.1).into()),
            path: paint(Paint::from(path).with_grain(0.2, 3.0).with_grid(size)),
        }
    }
}

/// The paint of each kind of ground, from its colour in the terrain data:
/// flocked, with the zone grid on it. A road's tile is a grass verge, its
/// worn path laid over it in the road's own colour.
fn ground_paints(
    engine: &Engine,
    size: f32,
    materials: &mut Assets<Paint>,
) -> BTreeMap<Terrain, Handle<Paint>> {
    let rules = engine.state().ruleset();
    let colour = |kind: Terrain| {
        rules
            .terrain
            .terrain
            .get(&kind)
            .map_or(Color::srgb(0.3, 0.45, 0.2), |info| {
                let (r, g, b) = info.colour;
                Color::srgb(r, g, b)
            })
    };
    rules
        .terrain
        .terrain
        .keys()
        .map(|&kind| {
            let paint = match kind {
                Terrain::Water => Paint::shiny(colour(kind), 0.7).with_grain(0.12, 0.8),
                Terrain::Road => Paint::from(colour(Terrain::Grass).mix(&colour(kind), 0.3))
                    .with_grain(0.22, 3.0),
                Terrain::Hill => Paint::from(colour(kind))
                    .with_grain(0.22, 3.0)
                    .with_contours(CONTOUR),
                Terrain::Rocky | Terrain::Rough => Paint::from(colour(kind)).with_grain(0.3, 2.0),
                _ => Paint::from(colour(kind)).with_grain(0.22, 3.0),
            };
            (kind, materials.add(paint.with_grid(size)))
        })
        .collect()
}

/// Lays the board's scenery under the tiles the battle put on the table,
/// with its edge features, frame and lamp.
pub(crate) fn spawn_table(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    engine: Res<Engine>,
    tiles: Query<(Entity, &ZoneTile)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<Paint>>,
) {
    // The table goes with the screen it is laid on (the battle, or the
    // title's backdrop).
    let screen = *screen.get();
    let board = engine.state().board();
    let size = f32::from(board.tile_size);
    let grounds = ground_paints(&engine, size, &mut materials);
    let road = engine
        .state()
        .ruleset()
        .terrain
        .terrain
        .get(&Terrain::Road)
        .map_or((0.58, 0.5, 0.36), |info| info.colour);
    let dressing = Dressing::new(
        size,
        Color::srgb(road.0, road.1, road.2),
        &mut meshes,
        &mut materials,
    );
    spawn_table_wood(
        &mut commands,
        screen,
        board,
        &dressing.block,
        &mut materials,
    );
    // A tile per ground height, each reaching down below the table; the
    // tile's own origin is half an inch below its top, where its dressing sits.
    let mut shapes: BTreeMap<Terrain, Handle<Mesh>> = BTreeMap::new();
    for (entity, tile) in &tiles {
        let shape = shapes
            .entry(tile.terrain)
            .or_insert_with(|| meshes.add(tile_shape(tile.terrain, size)));
        let centre = zone_centre(board, tile.coord);
        commands.entity(entity).insert((
            Mesh3d(shape.clone()),
            MeshMaterial3d(grounds[&tile.terrain].clone()),
            Transform::from_translation(centre - Vec3::Y * 0.5),
            Visibility::default(),
        ));
        let pieces = dress_tile(board, tile.terrain, tile.coord, size, &dressing);
        commands.entity(entity).with_children(|parent| {
            for (mesh, material, transform) in pieces {
                parent.spawn((Mesh3d(mesh), MeshMaterial3d(material), transform));
            }
        });
    }
    spawn_edges(&mut commands, screen, &engine, &mut meshes, &mut materials);
    // The lamp the paint is lit by, casting shadows at Medium and High.
    let Vec2 { x: width, y: depth } = board_extent(board);
    commands.spawn((
        crate::game::table::light::lamp(width, depth),
        DespawnOnExit(screen),
    ));
}

/// A tile's shape, in its own inches (its top half an inch above its
/// origin): a block from the table up to its ground, or for a hill a mound
/// whose slopes run down to the tile's edges.
fn tile_shape(terrain: Terrain, size: f32) -> Mesh {
    let ground = ground_height(Some(terrain));
    let (half, bottom, top) = (size / 2.0, TILE_BOTTOM - ground + 0.5, 0.5);
    if terrain != Terrain::Hill {
        let height = top - bottom;
        return Mesh::from(Cuboid::new(size, height, size))
            .translated_by(Vec3::Y * (top - height / 2.0));
    }
    // The foot of the slopes on the flat ground round it.
    let (foot, crest) = (top - ground, half * HILL_TOP);
    let mut faces = Faces::default();
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
    for k in 0..4 {
        let (a, b) = (corners[k], corners[(k + 1) % 4]);
        let at = |(x, z): (f32, f32), reach: f32, y: f32| Vec3::new(x * reach, y, z * reach);
        let outward = Vec3::new(a.0 + b.0, 0.0, a.1 + b.1);
        // The skirt down to the table, then the slope up to the crest.
        for ((low, low_y), (high, high_y)) in
            [((half, bottom), (half, foot)), ((half, foot), (crest, top))]
        {
            faces.quad(
                [
                    at(a, low, low_y),
                    at(b, low, low_y),
                    at(b, high, high_y),
                    at(a, high, high_y),
                ],
                outward,
            );
        }
    }
    faces.quad(
        corners.map(|(x, z)| Vec3::new(x * crest, top, z * crest)),
        Vec3::Y,
    );
    faces.mesh()
}

/// Flat-shaded faces gathered into one mesh.
#[derive(Default)]
struct Faces {
    positions: Vec<Vec3>,
    normals: Vec<Vec3>,
    indices: Vec<u32>,
}

impl Faces {
    /// A four-cornered face, turned to face `outward`.
    fn quad(&mut self, mut corners: [Vec3; 4], outward: Vec3) {
        let mut normal = (corners[1] - corners[0])
            .cross(corners[2] - corners[0])
            .normalize_or_zero();
        if normal.dot(outward) < 0.0 {
            corners.reverse();
            normal = -normal;
        }
        let first = self.positions.len() as u32;
        self.positions.extend(corners);
        self.normals.extend([normal; 4]);
        self.indices
            .extend([0, 1, 2, 0, 2, 3].map(|corner| first + corner));
    }

    fn mesh(self) -> Mesh {
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, self.normals)
        .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// Walls, hedges and fences along the zone edges they stand on.
fn spawn_edges(
    commands: &mut Commands,
    screen: Screen,
    engine: &Engine,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<Paint>,
) {
    let (board, rules) = (engine.state().board(), engine.state().ruleset());
    let size = f32::from(board.tile_size);
    let along_x = meshes.add(Cuboid::new(size, 1.0, 1.0));
    let post = meshes.add(Cylinder::new(0.08, 1.0).mesh().resolution(6));
    for ((a, b), feature) in &board.edges {
        let (r, g, bl) = rules.terrain.edges[feature].colour;
        let grain = match feature {
            EdgeFeature::Wall => (0.28, 2.5),
            EdgeFeature::Hedge => (0.35, 3.5),
            EdgeFeature::Fence => (0.15, 4.0),
        };
        let material =
            materials.add(Paint::from(Color::srgb(r, g, bl)).with_grain(grain.0, grain.1));
        let ground = zone_centre(board, *a).y.max(zone_centre(board, *b).y);
        let mut midpoint = (zone_centre(board, *a) + zone_centre(board, *b)) / 2.0;
        midpoint.y = ground;
        // Zones side by side along x share a north-south edge.
        let turn = if a.1 == b.1 {
            Quat::from_rotation_y(FRAC_PI_2)
        } else {
            Quat::IDENTITY
        };
        let (thickness, height) = match feature {
            EdgeFeature::Wall => (0.5, 0.8),
            EdgeFeature::Hedge => (0.8, 1.2),
            EdgeFeature::Fence => (0.08, 0.12),
        };
        let mut edge = commands.spawn((
            Mesh3d(along_x.clone()),
            MeshMaterial3d(material.clone()),
            Transform {
                translation: midpoint + Vec3::Y * (height / 2.0),
                rotation: turn,
                scale: Vec3::new(1.0, height, thickness),
            },
            DespawnOnExit(screen),
        ));
        if *feature == EdgeFeature::Fence {
            // Two rails between posts.
            edge.insert(Transform {
                translation: midpoint + Vec3::Y * 0.7,
                rotation: turn,
                scale: Vec3::new(1.0, 0.12, 0.08),
            });
            let step = turn * Vec3::X;
            for k in 0..=4 {
                let along = (k as f32 / 4.0 - 0.5) * size;
                commands.spawn((
                    Mesh3d(post.clone()),
                    MeshMaterial3d(material.clone()),
                    Transform::from_translation(midpoint + step * along + Vec3::Y * 0.5),
                    DespawnOnExit(screen),
                ));
            }
            commands.spawn((
                Mesh3d(along_x.clone()),
                MeshMaterial3d(material),
                Transform {
                    translation: midpoint + Vec3::Y * 0.35,
                    rotation: turn,
                    scale: Vec3::new(1.0, 0.12, 0.08),
                },
                DespawnOnExit(screen),
            ));
        }
    }
}

/// The board's wooden frame, and the table beyond it where the table shows
/// under the HUD's panels (Medium and High).
fn spawn_table_wood(
    commands: &mut Commands,
    screen: Screen,
    board: &Board,
    block: &Handle<Mesh>,
    materials: &mut Assets<Paint>,
) {
    let Vec2 { x: width, y: depth } = board_extent(board);
    let frame = materials.add(Paint::from(Color::srgb(0.24, 0.16, 0.09)).with_grain(0.18, 2.0));
    // A tenth of an inch below the flat tiles' tops.
    let top = -0.1;
    let mut slab = |centre: Vec2, extent: Vec2| {
        commands.spawn((
            Mesh3d(block.clone()),
            MeshMaterial3d(frame.clone()),
            Transform::from_xyz(centre.x, top - 0.5, centre.y)
                .with_scale(Vec3::new(extent.x, 1.0, extent.y)),
            DespawnOnExit(screen),
        ));
    };
    let outer = Vec2::new(width, depth) + Vec2::splat(2.0 * TABLE_BORDER);
    let half = TABLE_BORDER / 2.0;
    slab(
        Vec2::new(width / 2.0, -half),
        Vec2::new(outer.x, TABLE_BORDER),
    );
    slab(
        Vec2::new(width / 2.0, depth + half),
        Vec2::new(outer.x, TABLE_BORDER),
    );
    slab(
        Vec2::new(-half, depth / 2.0),
        Vec2::new(TABLE_BORDER, depth),
    );
    slab(
        Vec2::new(width + half, depth / 2.0),
        Vec2::new(TABLE_BORDER, depth),
    );
    // The table the board lies on, reaching out beyond it so that no void
    // shows round the board, a little below the board's frame.
    let table = materials.add(Paint::from(Color::srgb(0.33, 0.23, 0.14)).with_grain(0.12, 1.0));
    let (reach, drop) = (SURROUND, 0.4);
    let mut table_slab = |centre: Vec2, extent: Vec2| {
        commands.spawn((
            Mesh3d(block.clone()),
            MeshMaterial3d(table.clone()),
            Transform::from_xyz(centre.x, top - drop - 0.5, centre.y)
                .with_scale(Vec3::new(extent.x, 1.0, extent.y)),
            crate::game::table::light::Surround,
            DespawnOnExit(screen),
        ));
    };
    let (inner, wide) = (outer, outer + Vec2::splat(2.0 * reach));
    let beyond = TABLE_BORDER + reach / 2.0;
    table_slab(Vec2::new(width / 2.0, -beyond), Vec2::new(wide.x, reach));
    table_slab(
        Vec2::new(width / 2.0, depth + beyond),
        Vec2::new(wide.x, reach),
    );
    table_slab(Vec2::new(-beyond, depth / 2.0), Vec2::new(reach, inner.y));
    table_slab(
        Vec2::new(width + beyond, depth / 2.0),
        Vec2::new(reach, inner.y),
    );
}

type Piece = (Handle<Mesh>, Handle<Paint>, Transform);

/// Trees, rocks, reeds, a house or a worn path on a tile, in the tile's
/// own inches (its ground half an inch above its origin).
fn dress_tile(
    board: &Board,
    terrain: Terrain,
    zone: ZoneCoord,
    size: f32,
    dressing: &Dressing,
) -> Vec<Piece> {
    let top = 0.5;
    let mut pieces: Vec<Piece> = Vec::new();
    let mut piece = |mesh: &Handle<Mesh>, paint: &Handle<Paint>, transform: Transform| {
        pieces.push((mesh.clone(), paint.clone(), transform));
    };
    match terrain {
        Terrain::Woods => {
            // Clumps of trees toward the corners, leaving room for figures,
            // with undergrowth between them.
            for (k, spot) in scatter(zone, 5, size).into_iter().enumerate() {
                let at = spot.normalize_or_zero() * size * 0.3 + spot * 0.25;
                let tall = 0.85 + 0.1 * (k % 4) as f32;
                piece(
                    &dressing.trunk,
                    &dressing.bark,
                    Transform::from_xyz(at.x, top + 0.6 * tall, at.y).with_scale(Vec3::splat(tall)),
                );
                for (tier, (lift, width)) in [(1.7, 1.0), (2.6, 0.7)].into_iter().enumerate() {
                    piece(
                        &dressing.canopy,
                        &dressing.leaf,
                        Transform::from_xyz(at.x, top + lift * tall, at.y)
                            .with_rotation(Quat::from_rotation_y(k as f32 + tier as f32))
                            .with_scale(Vec3::new(width, 0.8, width) * tall),
                    );
                }
            }
            for spot in scatter(ZoneCoord(zone.1, zone.0), 4, size) {
                let at = spot.normalize_or_zero() * size * 0.2 + spot * 0.3;
                piece(
                    &dressing.rock,
                    &dressing.bush,
                    Transform::from_xyz(at.x, top + 0.1, at.y).with_scale(Vec3::new(1.3, 0.7, 1.0)),
                );
            }
        }
        Terrain::Rough | Terrain::Rocky => {
            let (count, scale) = if terrain == Terrain::Rocky {
                (8, 1.3)
            } else {
                (6, 0.7)
            };
            for (k, spot) in scatter(zone, count, size).into_iter().enumerate() {
                let s = scale * (0.5 + 0.12 * (k % 5) as f32);
                piece(
                    &dressing.rock,
                    &dressing.stone,
                    Transform::from_xyz(spot.x, top, spot.y)
                        .with_rotation(Quat::from_rotation_y(k as f32 * 1.3))
                        .with_scale(Vec3::new(s * 1.2, s * 0.6, s)),
                );
            }
        }
        Terrain::Water => {
            // Reeds along the banks, where the water meets land.
            let banks: Vec<Vec2> = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y]
                .into_iter()
                .filter(|way| {
                    let next = neighbour(zone, *way);
                    next.is_some_and(|next| {
                        board.terrain(next).is_some_and(|t| t != Terrain::Water)
                    })
                })
                .collect();
            for (k, spot) in scatter(zone, 2 * banks.len(), size).into_iter().enumerate() {
                let bank = banks[k % banks.len()];
                let along = Vec2::new(bank.y.abs(), bank.x.abs()) * spot;
                let at = bank * (size / 2.0 - 0.35) + along;
                reeds(&mut piece, dressing, at, top, k);
            }
        }
        Terrain::Marsh => {
            for (k, spot) in scatter(zone, 9, size).into_iter().enumerate() {
                if k % 3 == 0 {
                    piece(
                        &dressing.puddle,
                        &dressing.water,
                        Transform::from_xyz(spot.x, top + 0.01, spot.y)
                            .with_scale(Vec3::new(0.8, 1.0, 0.55)),
                    );
                } else {
                    reeds(&mut piece, dressing, spot, top, k);
                }
            }
        }
        Terrain::Building => house(&mut piece, dressing, size, top),
        Terrain::Road => {
            // Each way runs from a little behind the middle to the edge, so
            // the ways join.
            let length = size / 2.0 * (1.0 + PATH_WIDTH);
            for way in road_ways(board, zone) {
                let along = Vec3::new(way.x, 0.0, way.y);
                let (long, wide) = (length, size * PATH_WIDTH);
                let scale = if way.x == 0.0 {
                    Vec3::new(wide, 0.02, long)
                } else {
                    Vec3::new(long, 0.02, wide)
                };
                piece(
                    &dressing.block,
                    &dressing.path,
                    Transform::from_translation(
                        along * (size - length) / 2.0 + Vec3::Y * (top + 0.01),
                    )
                    .with_scale(scale),
                );
            }
        }
        Terrain::Grass | Terrain::Hill => {}
    }
    pieces
}

/// A clump of three reeds, leaning a little apart.
fn reeds(
    piece: &mut impl FnMut(&Handle<Mesh>, &Handle<Paint>, Transform),
    dressing: &Dressing,
    at: Vec2,
    top: f32,
    k: usize,
) {
    for reed in 0..3 {
        let lean = Quat::from_rotation_y(reed as f32 * 2.1 + k as f32)
            * Quat::from_rotation_x(0.18 * (reed as f32 - 1.0));
        let tall = 0.8 + 0.2 * ((k + reed) % 3) as f32;
        piece(
            &dressing.reed,
            &dressing.reed_green,
            Transform::from_xyz(at.x, top + 0.45 * tall, at.y)
                .with_rotation(lean)
                .with_scale(Vec3::new(1.0, tall, 1.0)),
        );
    }
}

/// A house at the back of its tile: plastered walls, a thatched roof, a
/// door and two windows in its front, a chimney.
fn house(
    piece: &mut impl FnMut(&Handle<Mesh>, &Handle<Paint>, Transform),
    dressing: &Dressing,
    size: f32,
    top: f32,
) {
    let back = -size * 0.25;
    let front = back + size * 0.15 + 0.01;
    piece(
        &dressing.house,
        &dressing.plaster,
        Transform::from_xyz(0.0, top + 1.0, back),
    );
    piece(
        &dressing.roof,
        &dressing.thatch,
        Transform::from_xyz(0.0, top + 2.65, back)
            .with_rotation(Quat::from_rotation_y(FRAC_PI_4))
            .with_scale(Vec3::new(1.0, 1.0, 0.7)),
    );
    let mut timber = |x: f32, y: f32, w: f32, h: f32| {
        piece(
            &dressing.block,
            &dressing.timber,
            Transform::from_xyz(x, top + y, front).with_scale(Vec3::new(w, h, 0.06)),
        );
    };
    timber(0.0, 0.6, 0.6, 1.2);
    timber(-size * 0.14, 1.2, 0.4, 0.4);
    timber(size * 0.14, 1.2, 0.4, 0.4);
    piece(
        &dressing.block,
        &dressing.stone,
        Transform::from_xyz(size * 0.12, top + 3.0, back).with_scale(Vec3::new(0.4, 1.2, 0.4)),
    );
}

/// The zone next to `zone` the way `way` points (x east, y south), if
/// its coordinates are not below the board's.
fn neighbour(zone: ZoneCoord, way: Vec2) -> Option<ZoneCoord> {
    let x = u16::try_from(i32::from(zone.0) + way.x as i32).ok()?;
    let z = u16::try_from(i32::from(zone.1) + way.y as i32).ok()?;
    Some(ZoneCoord(x, z))
}

/// Which ways a road's worn path runs from the middle of its tile: to each
/// neighbouring road, on through to the far side when only one road meets
/// it, and east to west across a road tile alone.
fn road_ways(board: &Board, zone: ZoneCoord) -> Vec<Vec2> {
    let ways = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y];
    let road = |way: Vec2| {
        let (x, z) = (
            i32::from(zone.0) + way.x as i32,
            i32::from(zone.1) + way.y as i32,
        );
        let (Ok(x), Ok(z)) = (u16::try_from(x), u16::try_from(z)) else {
            return false;
        };
        board.terrain(ZoneCoord(x, z)) == Some(Terrain::Road)
    };
    let mut joined: Vec<Vec2> = ways.into_iter().filter(|way| road(*way)).collect();
    match joined.as_slice() {
        [] => joined = vec![Vec2::X, Vec2::NEG_X],
        [only] => joined.push(-*only),
        _ => {}
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(width: u16, height: u16, roads: &[(u16, u16)]) -> Board {
        let mut terrain = vec![Terrain::Grass; usize::from(width * height)];
        for (x, z) in roads {
            terrain[usize::from(z * width + x)] = Terrain::Road;
        }
        Board {
            width,
            height,
            tile_size: 6,
            terrain,
            edges: BTreeMap::new(),
            choke: BTreeMap::new(),
        }
    }

    fn ways(board: &Board, zone: (u16, u16)) -> Vec<Vec2> {
        let mut ways = road_ways(board, ZoneCoord(zone.0, zone.1));
        ways.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        ways
    }

    #[test]
    fn a_road_path_joins_each_neighbouring_road_and_runs_on_past_an_end() {
        // A bend: (1,1) joins east and south.
        let bend = board(3, 3, &[(1, 1), (2, 1), (1, 2)]);
        assert_eq!(ways(&bend, (1, 1)), vec![Vec2::Y, Vec2::X]);
        // An end of the road runs on through its tile.
        assert_eq!(ways(&bend, (2, 1)), vec![Vec2::NEG_X, Vec2::X]);
        // A road tile alone crosses its tile east to west.
        let alone = board(3, 3, &[(0, 0)]);
        assert_eq!(ways(&alone, (0, 0)), vec![Vec2::NEG_X, Vec2::X]);
    }

    #[test]
    fn a_hill_stands_at_its_height_and_meets_the_flat_ground_at_its_edges() {
        let size = 6.0;
        let mesh = tile_shape(Terrain::Hill, size);
        let Some(positions) = mesh
            .attribute(Mesh::ATTRIBUTE_POSITION)
            .and_then(|p| p.as_float3())
        else {
            panic!("a hill has positions");
        };
        let ground = ground_height(Some(Terrain::Hill));
        // Its top half an inch above the tile's origin, on the hill's ground.
        let highest = positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        assert!((highest - 0.5).abs() < 1e-5);
        // At its edges, the flat ground's height (0.5 - ground in its inches).
        for p in positions.iter().filter(|p| p[0].abs() >= size / 2.0 - 1e-5) {
            assert!(p[1] <= 0.5 - ground + 1e-5, "{p:?}");
        }
        // Every face looks out of the mound, never into it.
        let normals = mesh
            .attribute(Mesh::ATTRIBUTE_NORMAL)
            .and_then(|n| n.as_float3())
            .unwrap_or_default();
        for (p, n) in positions.iter().zip(normals) {
            let out = Vec3::new(p[0], 0.0, p[2]);
            let n = Vec3::from(*n);
            assert!(n.y > 0.99 || n.dot(out) > 0.0, "{p:?} {n:?}");
        }
    }
}
