//! The keys of `[video]` and `[hud]` a protocol may set: what the
//! participant sees besides the movement.

use super::*;

impl Reader<'_> {
    /// Faults for `[video]` keys a condition may not set (the window's
    /// size and presentation are the machine's).
    pub(super) fn video_keys(&mut self, value: &TomlValue) {
        let Some(table) = value.get_ref().as_table() else {
            return;
        };
        for (key, _) in table.iter() {
            let name = key.get_ref().as_ref();
            let known = settings::section_keys("video");
            if known.contains(&name) && !CONDITION_VIDEO_KEYS.contains(&name) {
                let message = format!(
                    "a protocol sets only {} of [video]; `{name}` is the machine's",
                    CONDITION_VIDEO_KEYS.join(" and ")
                );
                self.error(key.span().start, message);
            }
        }
    }

    /// Faults for `[hud]` keys a protocol may not set: the readout names
    /// the walking model, so a study never shows it.
    pub(super) fn hud_keys(&mut self, value: &TomlValue) {
        let Some(table) = value.get_ref().as_table() else {
            return;
        };
        for (key, _) in table.iter() {
            let name = key.get_ref().as_ref();
            let known = settings::section_keys(HUD);
            if known.contains(&name) && !STUDY_HUD_KEYS.contains(&name) {
                let message = format!(
                    "a protocol sets only {} of [hud]; `{name}` would show what the study \
                     keeps from the participant (the readout names the walking model)",
                    STUDY_HUD_KEYS.join(" and ")
                );
                self.error(key.span().start, message);
            }
        }
    }
}
