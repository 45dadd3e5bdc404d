//! The lines before the grid: the header's `key = value` lines and the
//! legend, actor, door, pickup, course and hint markers, each checked as it is read.

use super::values::{parse_actor, parse_course, parse_hex, parse_pickup, split_door};
use super::{col_of, Loader, Parser};
use crate::map::error::MapErrorKind;
use crate::map::hint::check_text;
use crate::map::limits::{MAX_ORDER, MAX_WALLS};
use crate::map::{Surface, MAX_WALL_HEIGHT};
use crate::texture::Texture;

impl Parser<'_> {
    /// Splits `key = value`, reporting a line that is not one.
    fn key_value<'l>(&mut self, line: usize, raw: &'l str) -> Option<(&'l str, &'l str)> {
        let trimmed = raw.trim();
        match trimmed.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
                Some((k.trim(), v.trim()))
            }
            _ => {
                self.error(
                    line,
                    col_of(raw, trimmed),
                    MapErrorKind::NotKeyValue(trimmed.into()),
                );
                None
            }
        }
    }

    pub(super) fn header_line(&mut self, line: usize, raw: &str, loader: &mut Loader) {
        let Some((key, value)) = self.key_value(line, raw) else {
            return;
        };
        let (kcol, vcol) = (col_of(raw, key), col_of(raw, value));
        let taken = match key {
            "name" => self.name.is_some(),
            "description" => self.description.is_some(),
            "order" => self.order.is_some(),
            "floor" => self.floor.is_some(),
            "ceiling" => self.ceiling.is_some(),
            "sky" => self.sky.is_some(),
            "wall_height" => self.wall_height.is_some(),
            "music" => self.music.is_some(),
            "ambience" => self.ambience.is_some(),
            "par" => self.par.is_some(),
            _ => {
                self.error(line, kcol, MapErrorKind::UnknownKey(key.into()));
                return;
            }
        };
        if taken {
            self.error(line, kcol, MapErrorKind::DuplicateKey(key.into()));
            return;
        }
        match key {
            "name" => self.name = Some(value.into()),
            "description" => self.description = Some(value.into()),
            "order" => match value
                .parse::<u32>()
                .ok()
                .filter(|o| (1..=MAX_ORDER).contains(o))
            {
                Some(o) => self.order = Some(o),
                None => self.error(line, vcol, MapErrorKind::BadOrder(value.into())),
            },
            "wall_height" => {
                let height = value
                    .parse::<f64>()
                    .ok()
                    .filter(|h| (1.0..=MAX_WALL_HEIGHT).contains(h));
                match height {
                    Some(h) => self.wall_height = Some(h),
                    None => self.error(line, vcol, MapErrorKind::BadWallHeight(value.into())),
                }
            }
            "sky" => match loader(value) {
                Ok(t) => self.sky = Some((t, line, kcol)),
                Err(e) => self.error(line, vcol, MapErrorKind::Texture(e)),
            },
            "floor" => {
                self.floor = Some(self.surface(line, vcol, value, loader));
                self.floor_name = Some(value.into());
            }
            "music" | "ambience" if !crate::map::is_sound_name(value) => {
                let what = if key == "music" { "music" } else { "ambience" };
                self.error(line, vcol, MapErrorKind::BadSoundName(value.into(), what));
            }
            "music" => self.music = Some(value.into()),
            "par" => match crate::map::parse_par(value) {
                Some(seconds) => self.par = Some(seconds),
                None => self.error(line, vcol, MapErrorKind::BadPar(value.into())),
            },
            "ambience" => self.ambience = Some(value.into()),
            _ => {
                self.ceiling = Some(self.surface(line, vcol, value, loader));
                self.ceiling_at = (line, kcol);
            }
        }
    }

    /// A floor or ceiling value: `#rrggbb` or a texture path.
    fn surface(&mut self, line: usize, col: usize, value: &str, loader: &mut Loader) -> Surface {
        if let Some(hex) = value.strip_prefix('#') {
            return match parse_hex(hex) {
                Some(rgb) => Surface::Colour(rgb),
                None => {
                    self.error(line, col, MapErrorKind::BadColour(value.into()));
                    Surface::Colour([0; 3])
                }
            };
        }
        match loader(value) {
            Ok(t) => Surface::Texture(t),
            Err(e) => {
                self.error(line, col, MapErrorKind::Texture(e));
                Surface::Colour([0; 3])
            }
        }
    }

    /// Splits a legend or actor line, `C = VALUE`, into its character and
    /// value, reporting a bad or repeated character.
    fn char_key<'l>(&mut self, line: usize, raw: &'l str) -> Option<(char, &'l str)> {
        let trimmed = raw.trim();
        let kcol = col_of(raw, trimmed);
        // The key is the first character, so a key of `#` or `=` still
        // leaves the separator after it.
        let key = trimmed.chars().next().expect("blank lines are skipped");
        let after_key = &trimmed[key.len_utf8()..];
        let Some((between, value)) = after_key
            .split_once('=')
            .filter(|(_, v)| !v.trim().is_empty())
        else {
            self.error(line, kcol, MapErrorKind::NotKeyValue(trimmed.into()));
            self.broken.push(key);
            return None;
        };
        if !between.trim().is_empty() || ".^>v<;[=_".contains(key) {
            let written = format!("{key}{}", between.trim_end());
            self.error(line, kcol, MapErrorKind::BadLegendKey(written));
            return None;
        }
        let taken = self.legend.contains(&key)
            || self.actors.iter().any(|a| a.0 == key)
            || self.doors.iter().any(|d| d.0 == key)
            || self.pickups.iter().any(|p| p.0 == key)
            || self.course.iter().any(|c| c.0 == key)
            || self.hints.iter().any(|h| h.0 == key)
            || self.exit_keys.iter().any(|e| e.0 == key);
        if taken {
            self.error(line, kcol, MapErrorKind::DuplicateLegend(key));
            return None;
        }
        Some((key, value.trim()))
    }

    /// `C = walker FACING [patrol]` or `C = tank FACING [half_width=TILES]`.
    pub(super) fn actor_line(&mut self, line: usize, raw: &str) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        match parse_actor(value) {
            Ok((kind, angle)) => self.actors.push((key, kind, angle)),
            Err((part, message)) => {
                let col = col_of(raw, part);
                self.error(line, col, MapErrorKind::BadActor(message));
                self.broken.push(key);
            }
        }
    }

    /// `C = TEXTURE [locked=KEY]`: a door marker.
    pub(super) fn door_line(&mut self, line: usize, raw: &str, loader: &mut Loader) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        let (texture, lock) = match split_door(value) {
            Ok(parts) => parts,
            Err((part, message)) => {
                self.error(line, col_of(raw, part), MapErrorKind::BadDoor(message));
                self.broken.push(key);
                return;
            }
        };
        let index = match self.door_textures.iter().position(|(n, _)| n == texture) {
            Some(i) => i,
            None => {
                let loaded = loader(texture).unwrap_or_else(|e| {
                    let col = col_of(raw, texture);
                    self.error(line, col, MapErrorKind::Texture(e));
                    Texture::solid([255, 0, 255])
                });
                self.door_textures.push((texture.into(), loaded));
                self.door_textures.len() - 1
            }
        };
        self.doors.push((key, index, lock));
    }

    /// `C = key COLOUR`, `C = health` or `C = fuel`: a pickup marker.
    pub(super) fn pickup_line(&mut self, line: usize, raw: &str) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        match parse_pickup(value) {
            Ok(kind) => self.pickups.push((key, kind)),
            Err((part, message)) => {
                self.error(line, col_of(raw, part), MapErrorKind::BadPickup(message));
                self.broken.push(key);
            }
        }
    }

    /// `C = checkpoint N [radius=TILES]` or `C = finish [radius=TILES]`:
    /// a course marker.
    pub(super) fn course_line(&mut self, line: usize, raw: &str) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        match parse_course(value) {
            Ok((number, radius)) => self.course.push((key, number, radius, line)),
            Err((part, message)) => {
                self.error(line, col_of(raw, part), MapErrorKind::BadCourse(message));
                self.broken.push(key);
            }
        }
    }

    /// `C = TEXT`: a hint shown on the tiles marked `C`.
    pub(super) fn hint_line(&mut self, line: usize, raw: &str) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        match check_text(value) {
            Ok(()) => self.hints.push((key, value.into(), line)),
            Err(message) => {
                self.error(line, col_of(raw, value), MapErrorKind::BadHint(message));
            }
        }
    }

    pub(super) fn legend_line(&mut self, line: usize, raw: &str, loader: &mut Loader) {
        let Some((key, value)) = self.char_key(line, raw) else {
            return;
        };
        let kcol = col_of(raw, raw.trim());
        // `C = exit`: an exit, open floor that ends the level.
        if value == "exit" {
            self.exit_keys.push((key, line));
            return;
        }
        if self.legend.len() == MAX_WALLS {
            self.error(line, kcol, MapErrorKind::TooManyWalls);
            self.broken.push(key);
            return;
        }
        // `TEXTURE push`: a push wall of that texture.
        let (value, push) = match value.rsplit_once(char::is_whitespace) {
            Some((texture, "push")) => (texture.trim_end(), true),
            _ => (value, false),
        };
        let vcol = col_of(raw, value);
        let texture = match loader(value) {
            Ok(t) => t,
            Err(e) => {
                self.error(line, vcol, MapErrorKind::Texture(e));
                Texture::solid([255, 0, 255])
            }
        };
        self.legend.push(key);
        self.walls.push(texture);
        if push {
            self.push_legend.push(key);
        }
    }
}
