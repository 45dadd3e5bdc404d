//! The `[surface]` grid: what the floor is made of, tile by tile. It has
//! the grid's size, a material's letter (`s` stone, `w` wood, `m` metal)
//! where the floor differs from its texture's, and `.` where it does not.

use super::Parser;
use crate::map::error::MapErrorKind;
use crate::map::{Floors, Material};

impl Parser<'_> {
    /// The floors: the floor texture's material everywhere, and the
    /// `[surface]` grid's where it has one; reporting a grid of the wrong
    /// shape and unknown characters at their line and column.
    pub(super) fn floors(&mut self, width: usize, height: usize) -> Floors {
        let floor = Material::of_floor(self.floor_name.as_deref());
        if self.surface_line == 0 {
            return Floors::uniform(floor);
        }
        let rows = std::mem::take(&mut self.surface_grid);
        let tiles = self.overlay(
            rows,
            self.surface_line,
            (width, height),
            |expected, found| MapErrorKind::SurfaceSize { expected, found },
            |ch| match Material::from_symbol(ch) {
                Some(m) => Ok(Some(m)),
                None if ch == '.' => Ok(None),
                None => Err((None, MapErrorKind::BadSurfaceChar(ch))),
            },
        );
        let Some(tiles) = tiles else {
            return Floors::uniform(floor);
        };
        Floors::layered(floor, &tiles)
    }
}

#[cfg(test)]
mod tests {
    use crate::map::parse::parse_with;
    use crate::map::{Loaded, MapErrors, Material};
    use crate::texture::Texture;
    use std::path::Path;

    fn parse(text: &str) -> Result<Loaded, MapErrors> {
        let mut plain = |_: &str| Ok(Texture::solid([9, 9, 9]));
        parse_with(text, Path::new("s.map"), &mut plain)
    }

    const HEAD: &str = "name = s\nfloor = ../assets/wood_panel.png\n[legend]\n# = grey.png\n";
    const GRID: &str = "[grid]\n#####\n#>..#\n#####\n";

    #[test]
    fn the_floor_texture_names_the_material_and_the_grid_overrides_it() {
        let plain = parse(&format!("{HEAD}{GRID}")).unwrap().map;
        assert_eq!(plain.material_at(2, 1), Material::Wood);
        assert!(!plain.floors().is_layered());
        let text = format!("{HEAD}{GRID}[surface]\n.....\n.m.s.\n.....\n");
        let map = parse(&text).unwrap().map;
        assert_eq!(map.material_at(1, 1), Material::Metal);
        assert_eq!(map.material_at(2, 1), Material::Wood);
        assert_eq!(map.material_at(3, 1), Material::Stone);
        assert_eq!(map.material_at(-4, 9), Material::Wood, "off the grid");
        let colour = parse(&format!(
            "name = c\nfloor = #102030\n[legend]\n# = g.png\n{GRID}"
        ))
        .unwrap();
        assert_eq!(colour.map.material_at(2, 1), Material::Stone);
    }

    #[test]
    fn a_sky_and_a_surface_grid_come_after_the_grid_in_either_order() {
        let sky = "sky = sky.png\n";
        let both = format!(
            "{sky}{HEAD}{GRID}[surface]\n.....\n..m..\n.....\n[sky]\n.....\n.*...\n.....\n"
        );
        let map = parse(&both).unwrap().map;
        assert_eq!(map.material_at(2, 1), Material::Metal);
        assert!(map.is_open_sky(1, 1) && !map.is_open_sky(2, 1));
    }

    #[test]
    fn each_fault_of_the_surface_grid_is_located() {
        let cases = [
            (
                "[surface]\n.....\n.x...\n.....\n",
                "s.map:11:2: `x` in the [surface] grid",
            ),
            (
                "[surface]\n.....\n.....\n",
                "s.map:9:1: the [surface] grid is 5x2, but the map's grid is 5x3",
            ),
            (
                "[surface]\n.....\n....\n.....\n",
                "s.map:11:5: row is 4 characters long",
            ),
            (
                "[surface]\n.....\n.....\n.....\n[surface]\n",
                "s.map:13:1: section `[surface]` is out of place",
            ),
        ];
        for (tail, want) in cases {
            let e = parse(&format!("{HEAD}{GRID}{tail}"))
                .unwrap_err()
                .to_string();
            assert!(e.contains(want), "expected `{want}` in:\n{e}");
        }
        let before = format!("{HEAD}[surface]\n{GRID}");
        let e = parse(&before).unwrap_err().to_string();
        assert!(
            e.contains("s.map:5:1: section `[surface]` is out of place"),
            "{e}"
        );
    }
}
