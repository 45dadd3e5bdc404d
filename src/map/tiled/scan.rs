//! The check before the `tiled` crate parses a file: what it would not
//! bound (map, layer and tileset sizes, nesting depth, numbers of objects
//! and properties, compression, infinite maps) and layer data that does
//! not fill its layer. A fault comes with its byte offset in the file.

use crate::map::limits::MAX_GRID;
use quick_xml::events::Event;

/// The most tiles a tileset may say it has.
const MAX_TILESET: u64 = 1 << 16;

/// The deepest nesting of elements: a map's deepest (a class property's
/// members inside an object's properties) is under ten.
pub(super) const MAX_DEPTH: usize = 32;

/// The most objects a file may hold, in all its object layers.
pub(super) const MAX_OBJECTS: u64 = 16_384;

/// The most properties a file may hold, over all its tiles and objects.
pub(super) const MAX_PROPERTIES: u64 = 1 << 18;

/// A fault the scan found: what, and at which byte of the file.
#[derive(Debug, PartialEq)]
pub(super) struct ScanFault {
    /// The byte offset of the element or text at fault.
    pub(super) at: usize,
    /// What is wrong.
    pub(super) message: String,
}

/// Checks, before the `tiled` crate parses `text`, what it would not
/// bound: map and layer sizes, tileset tile counts, nesting depth, object
/// and property counts, compression, infinite maps, and layer data that
/// does not fill its layer.
pub(super) fn scan(text: &str) -> Result<(), ScanFault> {
    let mut xml = quick_xml::Reader::from_str(text);
    let mut start = 0;
    scan_events(&mut xml, &mut start).map_err(|message| {
        let at = match message.starts_with("not XML") {
            true => xml.buffer_position(),
            false => start,
        };
        ScanFault { at, message }
    })
}

/// The scan proper; `start` follows the byte offset of the current event.
fn scan_events(xml: &mut quick_xml::Reader<&[u8]>, start: &mut usize) -> Result<(), String> {
    let mut layer: Option<(u64, u64)> = None;
    // Inside a layer's `<data>`: its encoding, its text, and its `<tile>`
    // elements (the XML encoding).
    let mut data: Option<(String, String, u64)> = None;
    let (mut depth, mut objects, mut properties) = (0usize, 0u64, 0u64);
    loop {
        *start = xml.buffer_position();
        let event = xml.read_event().map_err(|e| format!("not XML: {e}"))?;
        if let Event::Start(_) = event {
            depth += 1;
            if depth > MAX_DEPTH {
                return Err(format!("elements nested more than {MAX_DEPTH} deep"));
            }
        }
        if let Event::End(_) = event {
            depth = depth.saturating_sub(1);
        }
        match event {
            Event::Start(e) | Event::Empty(e) => {
                let name = e.name().as_ref().to_vec();
                if let Some((encoding, _, tiles)) = &mut data {
                    // The tiled crate reads elements in CSV or base64 data
                    // as missing tiles, then indexes past its end.
                    if name != b"tile" || !encoding.is_empty() {
                        return Err(format!(
                            "a `<{}>` element inside layer data: the data is CSV or base64 text, or `<tile>` elements only",
                            String::from_utf8_lossy(&name)
                        ));
                    }
                    *tiles += 1;
                }
                let mut size = (0u64, 0u64);
                let mut encoding = String::new();
                for a in e.attributes() {
                    let a = a.map_err(|e| format!("bad attribute: {e}"))?;
                    let value = a
                        .unescape_value()
                        .map_err(|e| format!("bad attribute: {e}"))?;
                    number_check(&name, a.key.as_ref(), &value)?;
                    let number = || value.trim().parse::<u64>().unwrap_or(0);
                    match a.key.as_ref() {
                        b"width" => size.0 = number(),
                        b"height" => size.1 = number(),
                        b"tilecount" if number() > MAX_TILESET => {
                            return Err(format!("a tileset of more than {MAX_TILESET} tiles"));
                        }
                        b"infinite" if value.trim() != "0" => {
                            return Err("infinite maps are not read: in Tiled, untick Map > Map Properties > Infinite".into());
                        }
                        b"compression" if !value.is_empty() => {
                            return Err(format!("compressed layer data ({value}) is not read: in Tiled, set Map > Map Properties > Tile Layer Format to CSV"));
                        }
                        b"encoding" => encoding = value.into_owned(),
                        _ => {}
                    }
                }
                match name.as_slice() {
                    b"object" => {
                        objects += 1;
                        if objects > MAX_OBJECTS {
                            return Err(format!("more than {MAX_OBJECTS} objects"));
                        }
                    }
                    b"property" => {
                        properties += 1;
                        if properties > MAX_PROPERTIES {
                            return Err(format!("more than {MAX_PROPERTIES} properties"));
                        }
                    }
                    _ => {}
                }
                match name.as_slice() {
                    b"map" | b"layer" if size.0 > MAX_GRID as u64 || size.1 > MAX_GRID as u64 => {
                        return Err(format!(
                            "the map is larger than {MAX_GRID}x{MAX_GRID} tiles"
                        ));
                    }
                    b"layer" => layer = Some(size),
                    b"chunk" => return Err("layer chunks (infinite maps) are not read".into()),
                    b"data" => data = Some((encoding, String::new(), 0)),
                    _ => {}
                }
            }
            Event::Text(t) => {
                if let Some((_, body, _)) = &mut data {
                    body.push_str(&t.unescape().map_err(|e| format!("bad text: {e}"))?);
                }
            }
            Event::CData(c) => {
                if let Some((_, body, _)) = &mut data {
                    body.push_str(&String::from_utf8_lossy(&c));
                }
            }
            Event::End(e) if e.name().as_ref() == b"data" => {
                if let (Some((encoding, body, tiles)), Some((w, h))) = (data.take(), layer) {
                    let found = data_len(&encoding, &body, tiles);
                    if found.is_some_and(|n| n != w * h) {
                        return Err(format!(
                            "a {w}x{h} layer's data holds {} tiles, not {}",
                            found.unwrap_or(0),
                            w * h
                        ));
                    }
                }
            }
            Event::Eof => return Ok(()),
            _ => {}
        }
    }
}

/// Attributes Tiled writes as whole numbers.
const WHOLE: [&[u8]; 9] = [
    b"width",
    b"height",
    b"tilewidth",
    b"tileheight",
    b"tilecount",
    b"columns",
    b"firstgid",
    b"id",
    b"gid",
];

/// An object's attributes Tiled writes as decimals.
const DECIMAL: [&[u8]; 5] = [b"x", b"y", b"width", b"height", b"rotation"];

/// Checks that attribute `key` of element `element` holds the number the
/// `tiled` crate will read it as (which it would only report without a
/// place), saying so in Tiled's terms.
fn number_check(element: &[u8], key: &[u8], value: &str) -> Result<(), String> {
    let (decimal, whole) = (DECIMAL.contains(&key), WHOLE.contains(&key));
    let fine = match element {
        b"object" if decimal => value.trim().parse::<f64>().is_ok_and(f64::is_finite),
        b"property" => true,
        _ if whole => value.trim().parse::<u32>().is_ok(),
        _ => true,
    };
    if fine {
        return Ok(());
    }
    let expected = match element == b"object" && decimal {
        true => "a number",
        false => "a whole number from 0 to 4294967295",
    };
    Err(format!(
        "attribute `{}` of `<{}>` must be {expected}, found `{value}`",
        String::from_utf8_lossy(key),
        String::from_utf8_lossy(element),
    ))
}

/// How many tiles layer data holds: comma-separated numbers for CSV, four
/// bytes each for base64, `tiles` (its `<tile>` elements) for XML; None
/// for other encodings (which `tiled` refuses).
fn data_len(encoding: &str, body: &str, tiles: u64) -> Option<u64> {
    match encoding {
        "" => Some(tiles),
        "csv" => Some(body.split(',').count() as u64),
        "base64" => {
            let chars = body.bytes().filter(|b| !b.is_ascii_whitespace()).count() as u64;
            let pad = body
                .trim_end()
                .bytes()
                .rev()
                .take_while(|&b| b == b'=')
                .count() as u64;
            Some((chars / 4 * 3).saturating_sub(pad) / 4)
        }
        _ => None,
    }
}
