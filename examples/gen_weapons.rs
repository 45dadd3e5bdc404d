//! Procedural art for wobblecaster's weapons: the weapons in hand
//! (`assets/sprites/weapons.png`) and the rounds and weapons lying on the
//! floor (`assets/sprites/arms_items.png`).
//!
//! Run with `cargo run --release --example gen_weapons`. It writes the two
//! PNGs; that output is committed, so rerun this only after changing it.
//! Deterministic: the same bytes every run.
//!
//! Each picture is a painter's list of shaded solids seen flat on the
//! screen: tubes (a segment with a radius at each end, rounded or cut
//! square), and ellipses, lit from the upper left as if round (a tube
//! across its width, an ellipse as a dome), with a highlight on metal.
//! Drawn four times over in each direction and averaged, then cut to the
//! renderer's two levels of alpha and given a dark rim, as Wolfenstein
//! 3D's hand-drawn weapons have.
//!
//! `weapons.png`: 128-pixel frames, a row a weapon in the number keys'
//! order (knife, pistol, machine gun, chain gun), four frames each: ready;
//! the shot with its muzzle flash (the knife's swing); the recoil, the gun
//! pushed back with a dying flash and smoke (the knife's thrust); the
//! recovery. The renderer lowers and raises the frames for a switch.
//!
//! `arms_items.png`: 64-pixel frames standing on the floor (the frame's
//! foot): a clip, a dropped clip, then each weapon seen from its side.

use image::{Rgba, RgbaImage};
use std::error::Error;
use std::path::Path;

/// Frame edge of the weapons in hand, pixels.
const HAND: u32 = 128;
/// Frame edge of the pickups, pixels.
const ITEM: u32 = 64;
/// Samples a pixel along each axis.
const SS: u32 = 4;

type Rgb = [f32; 3];

const STEEL: Rgb = [0.36, 0.38, 0.45];
const DARK_STEEL: Rgb = [0.17, 0.18, 0.22];
const BRIGHT_STEEL: Rgb = [0.72, 0.75, 0.8];
const BORE: Rgb = [0.03, 0.03, 0.04];
const WOOD: Rgb = [0.48, 0.28, 0.13];
const BAKELITE: Rgb = [0.22, 0.14, 0.1];
const SKIN: Rgb = [0.88, 0.64, 0.5];
const KNUCKLE: Rgb = [0.74, 0.5, 0.38];
const SLEEVE: Rgb = [0.3, 0.34, 0.2];
const CUFF: Rgb = [0.22, 0.25, 0.14];
const BRASS: Rgb = [0.88, 0.68, 0.26];

#[path = "gen_weapons_parts/paint.rs"]
mod paint;
use paint::{ellipse, flash, picture, slab, tube, Finish, Part};

// ------------------------------------------------------------- the hands

/// A right hand gripping from below, its knuckles' row centred at `c`,
/// `w` pixels across, and the sleeve under it to the frame's foot.
fn fist(c: [f32; 2], w: f32, parts: &mut Vec<Part>) {
    let foot = 140.0;
    parts.push(slab(
        [c[0] + w * 0.1, c[1] + w * 0.55],
        [c[0] + w * 0.2, foot],
        w * 0.62,
        w * 0.75,
        SLEEVE,
        Finish::Matte,
    ));
    parts.push(slab(
        [c[0] + w * 0.08, c[1] + w * 0.5],
        [c[0] + w * 0.12, c[1] + w * 0.72],
        w * 0.6,
        w * 0.64,
        CUFF,
        Finish::Matte,
    ));
    parts.push(ellipse(
        [c[0], c[1] + w * 0.28],
        [w * 0.56, w * 0.42],
        SKIN,
        Finish::Matte,
    ));
    // Four knuckles across the top, the thumb along the left.
    for i in 0..4 {
        let x = c[0] - w * 0.36 + w * 0.24 * i as f32;
        parts.push(ellipse(
            [x, c[1] + (i as f32 - 1.5).abs() * w * 0.03],
            [w * 0.15, w * 0.12],
            KNUCKLE,
            Finish::Matte,
        ));
        parts.push(ellipse(
            [x, c[1] - w * 0.01 + (i as f32 - 1.5).abs() * w * 0.03],
            [w * 0.12, w * 0.09],
            SKIN,
            Finish::Matte,
        ));
    }
    parts.push(tube(
        [c[0] - w * 0.5, c[1] + w * 0.45],
        [c[0] - w * 0.3, c[1] - w * 0.12],
        w * 0.15,
        w * 0.12,
        SKIN,
        Finish::Matte,
    ));
}

/// A left hand from the side, holding under the fore-end at `c`.
fn palm(c: [f32; 2], w: f32, parts: &mut Vec<Part>) {
    parts.push(slab(
        [c[0] - w * 0.4, c[1] + w * 0.5],
        [c[0] - w * 1.2, 140.0],
        w * 0.5,
        w * 0.62,
        SLEEVE,
        Finish::Matte,
    ));
    parts.push(ellipse(c, [w * 0.55, w * 0.4], SKIN, Finish::Matte));
    for i in 0..3 {
        let y = c[1] - w * 0.22 + w * 0.2 * i as f32;
        parts.push(tube(
            [c[0] + w * 0.1, y],
            [c[0] + w * 0.62, y - w * 0.08],
            w * 0.1,
            w * 0.09,
            KNUCKLE,
            Finish::Matte,
        ));
    }
}

// ------------------------------------------------------------ the weapons

/// The knife's parts for frame `f`: held low at the right, swung up and
/// in, thrust toward the middle, coming back.
fn knife(f: u32) -> Vec<Part> {
    // The hand's place and the blade's tip, by frame.
    let (hand, tip): ([f32; 2], [f32; 2]) = match f {
        0 => ([90.0, 106.0], [54.0, 36.0]),
        1 => ([80.0, 94.0], [40.0, 30.0]),
        2 => ([68.0, 90.0], [62.0, 12.0]),
        _ => ([86.0, 100.0], [48.0, 32.0]),
    };
    let mut parts = Vec::new();
    let along = [tip[0] - hand[0], tip[1] - hand[1]];
    let len = along[0].hypot(along[1]);
    let dir = [along[0] / len, along[1] / len];
    let at = |k: f32| [hand[0] + dir[0] * k, hand[1] + dir[1] * k];
    let across = [-dir[1], dir[0]];
    // Handle below the fist, guard above it, then the blade.
    parts.push(slab(at(-26.0), at(6.0), 6.5, 7.0, BAKELITE, Finish::Matte));
    fist([hand[0] + 2.0, hand[1] + 4.0], 40.0, &mut parts);
    let guard = at(10.0);
    parts.push(tube(
        [guard[0] - across[0] * 13.0, guard[1] - across[1] * 13.0],
        [guard[0] + across[0] * 13.0, guard[1] + across[1] * 13.0],
        3.4,
        3.4,
        STEEL,
        Finish::Metal,
    ));
    parts.push(tube(at(13.0), tip, 8.0, 0.8, BRIGHT_STEEL, Finish::Metal));
    // The fuller: a groove down the blade.
    parts.push(slab(
        at(18.0),
        at(len * 0.72),
        1.6,
        0.8,
        STEEL,
        Finish::Metal,
    ));
    parts
}

/// The pistol's parts: the slide toward the middle, the fist round the
/// grip; the muzzle at the returned point.
fn pistol() -> (Vec<Part>, [f32; 2]) {
    let mut p = Vec::new();
    let muzzle = [64.0, 58.0];
    p.push(slab(
        [64.0, 128.0],
        [64.0, 98.0],
        14.0,
        15.0,
        WOOD,
        Finish::Matte,
    ));
    fist([64.0, 106.0], 42.0, &mut p);
    p.push(slab(
        [64.0, 104.0],
        [64.0, 60.0],
        15.0,
        10.0,
        STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [64.0, 100.0],
        [64.0, 66.0],
        6.0,
        4.0,
        DARK_STEEL,
        Finish::Metal,
    ));
    // The hammer, the rear sight's notch, the front sight, the bore.
    p.push(slab(
        [64.0, 106.0],
        [64.0, 98.0],
        4.0,
        3.5,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [55.0, 98.0],
        [56.0, 91.0],
        3.5,
        3.0,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [73.0, 98.0],
        [72.0, 91.0],
        3.5,
        3.0,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [64.0, 66.0],
        [64.0, 54.0],
        2.0,
        1.6,
        BRIGHT_STEEL,
        Finish::Metal,
    ));
    p.push(ellipse(muzzle, [8.0, 4.2], DARK_STEEL, Finish::Metal));
    p.push(ellipse(muzzle, [4.0, 2.2], BORE, Finish::Glow));
    (p, muzzle)
}

/// The machine gun's parts: a long receiver and barrel, the magazine out
/// to the left with the left hand under it, the right fist on the grip.
fn machine_gun() -> (Vec<Part>, [f32; 2]) {
    let mut p = Vec::new();
    let muzzle = [64.0, 30.0];
    // The folding stock's struts, the receiver, the barrel's shroud.
    p.push(slab(
        [52.0, 128.0],
        [58.0, 104.0],
        2.5,
        2.5,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [76.0, 128.0],
        [70.0, 104.0],
        2.5,
        2.5,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [64.0, 118.0],
        [64.0, 96.0],
        10.0,
        11.0,
        BAKELITE,
        Finish::Matte,
    ));
    p.push(slab(
        [64.0, 110.0],
        [64.0, 44.0],
        11.0,
        6.5,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [64.0, 104.0],
        [64.0, 50.0],
        5.0,
        3.0,
        STEEL,
        Finish::Metal,
    ));
    // The magazine out to the left, and the left hand holding it.
    p.push(slab(
        [56.0, 76.0],
        [22.0, 90.0],
        6.0,
        6.5,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [40.0, 82.0],
        [22.0, 90.0],
        2.0,
        2.0,
        STEEL,
        Finish::Metal,
    ));
    palm([30.0, 96.0], 26.0, &mut p);
    // The bolt's handle out to the right.
    p.push(tube(
        [72.0, 84.0],
        [88.0, 80.0],
        2.4,
        2.4,
        STEEL,
        Finish::Metal,
    ));
    p.push(ellipse([89.0, 80.0], [3.6, 3.6], STEEL, Finish::Metal));
    fist([70.0, 112.0], 32.0, &mut p);
    // The barrel past the shroud, the hooded front sight, the bore.
    p.push(slab(
        [64.0, 48.0],
        [64.0, 31.0],
        3.4,
        3.0,
        STEEL,
        Finish::Metal,
    ));
    p.push(tube(
        [59.0, 38.0],
        [69.0, 38.0],
        2.2,
        2.2,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [64.0, 41.0],
        [64.0, 34.0],
        1.4,
        1.2,
        BRIGHT_STEEL,
        Finish::Metal,
    ));
    p.push(ellipse(muzzle, [4.2, 2.6], DARK_STEEL, Finish::Metal));
    p.push(ellipse(muzzle, [2.2, 1.4], BORE, Finish::Glow));
    (p, muzzle)
}

/// The chain gun's parts: a drum body held in both hands, a cluster of
/// barrels toward the middle, a brass belt of rounds at the right.
fn chain_gun(spin: u32) -> (Vec<Part>, [f32; 2]) {
    let mut p = Vec::new();
    let muzzle = [64.0, 32.0];
    // Handles either side with a fist on each.
    p.push(slab(
        [30.0, 124.0],
        [40.0, 96.0],
        6.0,
        6.0,
        BAKELITE,
        Finish::Matte,
    ));
    p.push(slab(
        [98.0, 124.0],
        [88.0, 96.0],
        6.0,
        6.0,
        BAKELITE,
        Finish::Matte,
    ));
    // The belt feeding in from the right.
    for i in 0..6 {
        let y = 124.0 - i as f32 * 7.0;
        let x = 104.0 - i as f32 * 4.0;
        p.push(tube(
            [x - 5.0, y],
            [x + 5.0, y - 1.0],
            3.0,
            3.0,
            BRASS,
            Finish::Metal,
        ));
    }
    p.push(slab(
        [64.0, 128.0],
        [64.0, 78.0],
        27.0,
        22.0,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [64.0, 118.0],
        [64.0, 108.0],
        27.5,
        27.0,
        BRASS,
        Finish::Metal,
    ));
    p.push(ellipse([64.0, 78.0], [22.0, 9.0], STEEL, Finish::Metal));
    // Six barrels round an axle; `spin` turns them a step each shot.
    let turn = spin as f32 * 0.5;
    let mut barrels: Vec<(f32, f32)> = (0..6)
        .map(|k| {
            let a = turn + k as f32 * std::f32::consts::TAU / 6.0;
            (a.cos(), a.sin())
        })
        .collect();
    // The far barrels first.
    barrels.sort_by(|a, b| a.1.total_cmp(&b.1));
    for (cx, depth) in barrels {
        let x0 = 64.0 + cx * 13.0;
        let x1 = 64.0 + cx * 8.0;
        let shade = if depth > 0.0 { STEEL } else { DARK_STEEL };
        p.push(slab([x0, 80.0], [x1, 34.0], 4.2, 3.2, shade, Finish::Metal));
    }
    p.push(ellipse(
        [64.0, 56.0],
        [15.0, 5.0],
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(ellipse(muzzle, [12.0, 4.6], DARK_STEEL, Finish::Metal));
    for k in 0..6 {
        let a = turn + k as f32 * std::f32::consts::TAU / 6.0;
        p.push(ellipse(
            [64.0 + a.cos() * 8.0, 32.0 + a.sin() * 2.6],
            [2.0, 1.2],
            BORE,
            Finish::Glow,
        ));
    }
    fist([34.0, 100.0], 28.0, &mut p);
    fist([94.0, 100.0], 28.0, &mut p);
    (p, muzzle)
}

/// How large a weapon is drawn, about the frame's bottom centre, and how
/// far down, pixels: the knife, the pistol, the machine gun, the chain
/// gun. Each as large as its muzzle's flash (or the knife's thrust) lets
/// it be without leaving the frame.
const FIT: [(f32, f32); 4] = [(1.15, 6.0), (1.45, 4.0), (1.2, 16.0), (1.2, 20.0)];

/// A gun's four frames: ready; the shot, kicked back with a full flash;
/// the recoil with a dying flash and smoke; the recovery. `fit` is its
/// [`FIT`].
fn gun_frames(
    parts: impl Fn(u32) -> (Vec<Part>, [f32; 2]),
    reach: f32,
    fit: (f32, f32),
) -> Vec<Vec<[u8; 4]>> {
    (0..4)
        .map(|f| {
            let (mut p, muzzle) = parts(f);
            let (shift, scale) = match f {
                1 => {
                    p.push(flash(muzzle, reach, 8.0));
                    p.push(flash([muzzle[0], muzzle[1] - 2.0], reach * 0.45, 5.0));
                    ([0.0, 5.0], 1.04)
                }
                2 => {
                    let smoke = [0.55, 0.53, 0.5];
                    p.push(ellipse(
                        [muzzle[0] - 3.0, muzzle[1] - 6.0],
                        [7.0, 5.0],
                        smoke,
                        Finish::Matte,
                    ));
                    p.push(ellipse(
                        [muzzle[0] + 4.0, muzzle[1] - 10.0],
                        [5.0, 4.0],
                        smoke,
                        Finish::Matte,
                    ));
                    p.push(flash(muzzle, reach * 0.4, 6.0));
                    ([0.0, 3.0], 1.02)
                }
                3 => ([0.0, 1.0], 1.005),
                _ => ([0.0, 0.0], 1.0),
            };
            picture(&p, HAND, [shift[0], shift[1] + fit.1], scale * fit.0)
        })
        .collect()
}

fn weapons_sheet() -> RgbaImage {
    let mut sheet = RgbaImage::new(4 * HAND, 4 * HAND);
    let (scale, down) = FIT[0];
    let knife_frames = (0..4).map(|f| picture(&knife(f), HAND, [0.0, down], scale));
    let rows = [
        knife_frames.collect::<Vec<_>>(),
        gun_frames(|_| pistol(), 22.0, FIT[1]),
        gun_frames(|_| machine_gun(), 24.0, FIT[2]),
        gun_frames(chain_gun, 28.0, FIT[3]),
    ];
    for (row, frames) in rows.iter().enumerate() {
        for (col, px) in frames.iter().enumerate() {
            blit(&mut sheet, col as u32, row as u32, HAND, px);
        }
    }
    sheet
}

// ---------------------------------------------------------- on the floor

/// A clip of rounds standing on the floor, `k` its size (1 a full clip).
fn clip(k: f32) -> Vec<Part> {
    let mut p = Vec::new();
    let foot = 62.0;
    let (w, h) = (9.0 * k, 26.0 * k);
    p.push(slab(
        [32.0, foot],
        [32.0, foot - h],
        w,
        w * 0.9,
        DARK_STEEL,
        Finish::Metal,
    ));
    p.push(slab(
        [32.0, foot - h * 0.15],
        [32.0, foot - h * 0.85],
        w * 0.35,
        w * 0.3,
        STEEL,
        Finish::Metal,
    ));
    for i in 0..2 {
        let x = 32.0 + (i as f32 - 0.5) * w * 0.9;
        p.push(tube(
            [x, foot - h],
            [x, foot - h - 7.0 * k],
            3.0 * k,
            2.0 * k,
            BRASS,
            Finish::Metal,
        ));
    }
    p
}

/// A weapon lying on the floor, seen from its side.
fn lying(weapon: usize) -> Vec<Part> {
    let mut p = Vec::new();
    let y = 54.0;
    match weapon {
        0 => {
            p.push(slab(
                [14.0, y + 4.0],
                [28.0, y + 4.0],
                3.5,
                3.5,
                BAKELITE,
                Finish::Matte,
            ));
            p.push(tube(
                [29.0, y],
                [29.0, y + 8.0],
                1.8,
                1.8,
                STEEL,
                Finish::Metal,
            ));
            p.push(tube(
                [30.0, y + 4.0],
                [54.0, y + 3.0],
                3.5,
                0.5,
                BRIGHT_STEEL,
                Finish::Metal,
            ));
        }
        1 => {
            p.push(slab(
                [22.0, y + 8.0],
                [26.0, y - 4.0],
                4.5,
                4.0,
                WOOD,
                Finish::Matte,
            ));
            p.push(slab(
                [18.0, y - 6.0],
                [46.0, y - 6.0],
                4.5,
                3.5,
                STEEL,
                Finish::Metal,
            ));
            p.push(tube(
                [28.0, y + 1.0],
                [33.0, y],
                2.0,
                2.0,
                DARK_STEEL,
                Finish::Metal,
            ));
        }
        2 => {
            p.push(slab(
                [6.0, y - 2.0],
                [20.0, y - 4.0],
                1.5,
                1.5,
                DARK_STEEL,
                Finish::Metal,
            ));
            p.push(slab(
                [6.0, y + 4.0],
                [20.0, y - 2.0],
                1.5,
                1.5,
                DARK_STEEL,
                Finish::Metal,
            ));
            p.push(slab(
                [20.0, y - 4.0],
                [44.0, y - 4.0],
                5.0,
                4.0,
                DARK_STEEL,
                Finish::Metal,
            ));
            p.push(slab(
                [44.0, y - 4.0],
                [58.0, y - 4.0],
                1.8,
                1.8,
                STEEL,
                Finish::Metal,
            ));
            p.push(slab(
                [34.0, y],
                [36.0, y + 10.0],
                3.0,
                3.0,
                DARK_STEEL,
                Finish::Metal,
            ));
            p.push(slab(
                [24.0, y],
                [22.0, y + 8.0],
                3.0,
                3.0,
                BAKELITE,
                Finish::Matte,
            ));
        }
        _ => {
            p.push(slab(
                [8.0, y],
                [30.0, y],
                9.0,
                9.0,
                DARK_STEEL,
                Finish::Metal,
            ));
            p.push(slab([16.0, y], [20.0, y], 9.5, 9.5, BRASS, Finish::Metal));
            for k in 0..3 {
                let dy = (k as f32 - 1.0) * 4.5;
                p.push(slab(
                    [30.0, y + dy],
                    [60.0, y + dy * 0.7],
                    2.2,
                    2.0,
                    STEEL,
                    Finish::Metal,
                ));
            }
            p.push(tube(
                [44.0, y - 6.0],
                [44.0, y + 6.0],
                2.0,
                2.0,
                DARK_STEEL,
                Finish::Metal,
            ));
        }
    }
    p
}

fn arms_items_sheet() -> RgbaImage {
    let mut frames = vec![clip(1.0), clip(0.7)];
    frames.extend((0..4).map(lying));
    let mut sheet = RgbaImage::new(frames.len() as u32 * ITEM, ITEM);
    for (col, parts) in frames.iter().enumerate() {
        blit(
            &mut sheet,
            col as u32,
            0,
            ITEM,
            &picture(parts, ITEM, [0.0, 0.0], 1.0),
        );
    }
    sheet
}

/// Copies a frame into cell (`col`, `row`) of `sheet`.
fn blit(sheet: &mut RgbaImage, col: u32, row: u32, size: u32, px: &[[u8; 4]]) {
    for y in 0..size {
        for x in 0..size {
            sheet.put_pixel(
                col * size + x,
                row * size + y,
                Rgba(px[(y * size + x) as usize]),
            );
        }
    }
}

/// Draws both sheets and writes them into `assets/sprites/`.
fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites");
    std::fs::create_dir_all(&dir)?;
    for (name, sheet) in [
        ("weapons", weapons_sheet()),
        ("arms_items", arms_items_sheet()),
    ] {
        let path = dir.join(format!("{name}.png"));
        sheet.save(&path)?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
