//! The in-play scales: one rating asked every interval while a condition
//! is played, answered in a few seconds without stopping.
//!
//! - The Fast Motion sickness Scale (FMS; Keshavarz & Hecht 2011): 0 (no
//!   sickness at all) to 20 (frank sickness), one number.
//! - The Misery Scale (MISC; Bos, MacKinnon & Patterson 2005): 0 to 10,
//!   each level named by its symptoms, so its stop rule (commonly 7,
//!   medium nausea) is defined by what the participant feels. The two are
//!   not interchangeable: nausea's onset is rated less unpleasant than the
//!   vague symptoms before it.

/// The highest FMS rating: frank sickness.
pub const FMS_MAX: u8 = 20;

/// The highest MISC rating: vomiting.
pub const MISC_MAX: u8 = 10;

/// The MISC's levels, indexed by the rating, as the participant reads them.
pub const MISC_LEVELS: [&str; 11] = [
    "no problems",
    "some discomfort, but no specific symptoms",
    "dizziness, warm, headache, stomach awareness, sweating: very vague",
    "dizziness, warm, headache, stomach awareness, sweating: some",
    "dizziness, warm, headache, stomach awareness, sweating: medium",
    "dizziness, warm, headache, stomach awareness, sweating: severe",
    "nausea: some",
    "nausea: medium",
    "nausea: severe",
    "retching",
    "vomiting",
];

/// The MISC's levels in as few words as keep their meaning, for the
/// in-play prompt's one line (the instruction before play shows
/// [`MISC_LEVELS`] whole).
pub const MISC_SHORT: [&str; 11] = [
    "no problems",
    "some discomfort, no specific symptoms",
    "dizzy, warm, headache, stomach, sweat: very vague",
    "dizzy, warm, headache, stomach, sweat: some",
    "dizzy, warm, headache, stomach, sweat: medium",
    "dizzy, warm, headache, stomach, sweat: severe",
    "nausea: some",
    "nausea: medium",
    "nausea: severe",
    "retching",
    "vomiting",
];

/// The FMS's instruction (Keshavarz & Hecht 2011), as the participant
/// reads it before the first condition.
pub const FMS_INSTRUCTION: [&str; 4] = [
    "Rate how sick you feel from 0 (no sickness at all) to 20 (frank sickness).",
    "Count nausea, general discomfort and stomach problems;",
    "do not count nervousness, boredom or fatigue.",
    "Give the number for how you feel now, not before.",
];

/// Which scale is asked during play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InPlayScale {
    /// The Fast Motion sickness Scale, 0-20.
    #[default]
    Fms,
    /// The Misery Scale, 0-10.
    Misc,
}

impl InPlayScale {
    /// Every scale, the default first.
    pub const ALL: [InPlayScale; 2] = [InPlayScale::Fms, InPlayScale::Misc];

    /// The scale's name in protocols and data files: `fms` or `misc`.
    pub fn name(self) -> &'static str {
        match self {
            InPlayScale::Fms => "fms",
            InPlayScale::Misc => "misc",
        }
    }

    /// The scale named `name` (as [`InPlayScale::name`] writes it).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The scale's top rating.
    pub fn max(self) -> u8 {
        match self {
            InPlayScale::Fms => FMS_MAX,
            InPlayScale::Misc => MISC_MAX,
        }
    }

    /// The words shown beside a rating `value` on this scale, if it names
    /// its levels (the MISC does; the FMS names only its ends).
    pub fn level(self, value: u8) -> Option<&'static str> {
        match self {
            InPlayScale::Fms => None,
            InPlayScale::Misc => MISC_LEVELS.get(usize::from(value)).copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_misc_names_every_level_from_none_to_vomiting() {
        assert_eq!(MISC_LEVELS.len(), usize::from(MISC_MAX) + 1);
        assert_eq!(InPlayScale::Misc.level(0), Some("no problems"));
        assert_eq!(InPlayScale::Misc.level(7), Some("nausea: medium"));
        assert_eq!(InPlayScale::Misc.level(10), Some("vomiting"));
        assert_eq!(InPlayScale::Misc.level(11), None);
        assert_eq!(InPlayScale::Fms.level(5), None);
        assert_eq!(InPlayScale::Fms.max(), 20);
        assert_eq!(InPlayScale::from_name("misc"), Some(InPlayScale::Misc));
        assert_eq!(InPlayScale::from_name("FMS"), None);
    }
}
