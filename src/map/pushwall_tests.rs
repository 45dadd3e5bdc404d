use super::*;
use crate::map::raycast::{cast, Side};

/// A room with a push wall `P` in the wall between two halves, the player
/// west of it facing east, and room for two tiles' slide east of it.
fn hall() -> Map {
    let text = "name = test\n[legend]\n# = grey.png\nP = grey.png push\n[grid]\n\
                #######\n\
                #>.P..#\n\
                #######\n";
    let loaded = crate::map::parse::parse_with(text, std::path::Path::new("<t>"), &mut |_| {
        Ok(crate::texture::Texture::solid([128, 128, 128]))
    });
    loaded.expect("a good map").map
}

const NOBODY: fn((i64, i64)) -> bool = |_| false;

#[test]
fn a_push_wall_is_a_wall_until_pushed_then_slides_two_tiles() {
    let mut map = hall();
    assert_eq!(map.pushwalls().len(), 1);
    assert_eq!(map.pushwall_at((3, 1)), Some(0));
    assert!(map.is_solid(3, 1) && !map.is_solid(4, 1));
    assert!(map.push(0, (1, 0), NOBODY));
    // Both tiles it is part-way through block.
    assert!(map.is_solid(3, 1) && map.is_solid(4, 1));
    assert!(!map.push(0, (1, 0), NOBODY), "a push wall slides once");
    let mut steps = 0;
    while map.slide().is_some() {
        map.slide_step(0.01, NOBODY);
        steps += 1;
        assert!(steps < 1000);
    }
    // Two tiles at a hundredth of a tile a step.
    assert!((199..=201).contains(&steps), "{steps}");
    assert_eq!(map.pushwalls()[0].tile, (5, 1));
    assert!(!map.is_solid(3, 1) && !map.is_solid(4, 1) && map.is_solid(5, 1));
    assert_eq!(map.pushwall_at((5, 1)), None, "spent");
}

#[test]
fn a_push_wall_stops_short_at_a_wall_or_a_body() {
    let mut map = hall();
    // A body in the second tile: it stops after one.
    let body = |t: (i64, i64)| t == (5, 1);
    assert!(map.push(0, (1, 0), body));
    while map.slide().is_some() {
        map.slide_step(0.01, body);
    }
    assert_eq!(map.pushwalls()[0].tile, (4, 1));
    let mut map = hall();
    assert!(!map.push(0, (0, 1), NOBODY), "a wall ahead");
    assert!(!map.push(0, (1, 0), |t| t == (4, 1)), "a body ahead");
}

#[test]
fn rays_meet_the_block_where_it_has_slid_to() {
    let mut map = hall();
    // Along the hall from the west: the block's west face.
    let east = |map: &Map| cast(map, 1.5, 1.5, 1.0, 0.0, 10.0).map(|h| h.t);
    assert_eq!(east(&map), Some(1.5));
    assert!(map.push(0, (1, 0), NOBODY));
    map.slide_step(0.25, NOBODY);
    let t = east(&map).expect("a hit");
    assert!((t - 1.75).abs() < 1e-9, "{t}");
    map.slide_step(1.0, NOBODY);
    let t = east(&map).expect("a hit");
    assert!((t - 2.75).abs() < 1e-9, "{t}");
    // Across the tile it has left, north to south, nothing; across the
    // block, its north face.
    assert!(cast(&map, 3.5, 0.99, 0.0, 1.0, 0.02).is_none());
    let across = cast(&map, 4.5, 1.2, 0.0, 1.0, 5.0);
    assert!(across.is_some_and(|h| h.side == Side::Y || h.tile.1 == 2));
    // Its face's texture slides with it: u runs over the block.
    let h = cast(&map, 4.5, 1.5, 1.0, 0.0, 5.0).expect("inside the block's row");
    assert!((0.0..1.0).contains(&h.u));
}

#[test]
fn the_tables_kept_from_the_cells_follow_the_slide() {
    let mut map = hall();
    let gen = map.generation();
    assert!(!map.open_around([1.5, 1.5], [5.5, 1.5], 0.1));
    assert!(map.push(0, (1, 0), NOBODY));
    assert_ne!(map.generation(), gen);
    while map.slide().is_some() {
        map.slide_step(0.05, NOBODY);
    }
    // The hall west of the wall's rest is open now, as a map loaded so
    // would say.
    assert!(map.open_around([1.5, 1.5], [4.4, 1.5], 0.1));
    let mut fresh = map.clone();
    fresh.derive_tables();
    assert_eq!(fresh.walls_near, map.walls_near);
    assert_eq!(fresh.framed, map.framed);
}

#[test]
fn a_push_wall_that_cannot_move_is_a_located_fault() {
    let text = "name = test\n[legend]\n# = grey.png\nP = grey.png push\n[grid]\n\
                #####\n\
                #>..#\n\
                ##P##\n\
                #####\n";
    let e = crate::map::parse::parse_with(text, std::path::Path::new("<t>"), &mut |_| {
        Ok(crate::texture::Texture::solid([128, 128, 128]))
    })
    .expect_err("stuck");
    let shown = e.to_string();
    assert!(shown.contains("cannot move"), "{shown}");
    assert!(shown.contains("8:3") || shown.contains("line 8"), "{shown}");
}
