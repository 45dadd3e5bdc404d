//! What identifies a recording: its bytes' SHA-256, its map and its
//! settings, so the report can tell the recording played from another.

use super::*;

/// What identifies a recording: the SHA-256 of its bytes, its map's name,
/// and the SHA-256 of its settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordingId {
    /// The lower-case hex SHA-256 of the whole file.
    pub sha256: String,
    /// The map's name its header gives.
    pub map: String,
    /// [`settings_sha256`] of its header's tunables.
    pub settings_sha256: String,
}

/// The SHA-256 of the settings `tunables` as a recording's header writes
/// them (`key = value` lines).
pub fn settings_sha256(tunables: &crate::sim::Tunables) -> String {
    let lines: String = tunables
        .to_pairs()
        .into_iter()
        .map(|(k, v)| format!("{k} = {v}\n"))
        .collect();
    sha256_hex(lines.as_bytes())
}

/// The recording at `path` identified (bounded like any recording read).
pub fn identify(path: &Path) -> Result<RecordingId, ResultsError> {
    let bytes = files::read_bytes(path, "recording", cap::RECORDING)
        .map_err(|e| ResultsError::Unreadable(Located::whole(path, chain_of(&e))))?;
    let text = String::from_utf8_lossy(&bytes);
    let header = crate::record::Recording::parse(&text, path).map(|r| r.header);
    let (map, settings) = match header {
        Ok(h) => (csv_safe(&h.map_name), settings_sha256(&h.tunables)),
        Err(_) => Default::default(),
    };
    Ok(RecordingId {
        sha256: sha256_hex(&bytes),
        map,
        settings_sha256: settings,
    })
}

/// `text` with the characters a CSV field of these files cannot hold
/// (commas, quotes, line ends) replaced.
fn csv_safe(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            ',' | '"' | '\n' | '\r' => '_',
            c => c,
        })
        .collect()
}
