//! The protocol reader's typed values: names, lines of text, strings,
//! flags and bounded numbers, each refused at its place with what it must
//! be.

use super::*;

impl Reader<'_> {
    /// A name of letters, digits, `-` and `_`, at most [`MAX_NAME`] long.
    pub(super) fn identifier(&mut self, key: &str, value: &TomlValue) -> Option<String> {
        let v = self.string(key, value)?;
        let ok = !v.is_empty()
            && v.chars().count() <= MAX_NAME
            && v.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !ok {
            let message = format!(
                "`{key}` must be 1 to {MAX_NAME} letters, digits, `-` or `_` (it names files \
                 and columns), found \"{v}\""
            );
            self.error(value.span().start, message);
            return None;
        }
        Some(v.to_string())
    }

    /// A line of text, at most [`MAX_TEXT`] characters.
    pub(super) fn text_value(&mut self, key: &str, value: &TomlValue) -> Option<String> {
        let v = self.string(key, value)?;
        if v.trim().is_empty() || v.chars().count() > MAX_TEXT || v.chars().any(char::is_control) {
            let message = format!("`{key}` must be one line of 1 to {MAX_TEXT} characters");
            self.error(value.span().start, message);
            return None;
        }
        Some(v.to_string())
    }

    pub(super) fn string<'v>(&mut self, key: &str, value: &'v TomlValue) -> Option<&'v str> {
        let v = value.get_ref().as_str();
        if v.is_none() {
            self.wrong_type(key, "a string", value);
        }
        v
    }

    pub(super) fn flag(&mut self, key: &str, value: &TomlValue) -> Option<bool> {
        let v = value.get_ref().as_bool();
        if v.is_none() {
            self.wrong_type(key, "true or false", value);
        }
        v
    }

    /// A finite number from `low` to `high` (in `unit`), or a fault.
    pub(super) fn number_in(
        &mut self,
        key: &str,
        value: &TomlValue,
        low: f64,
        high: f64,
        unit: &str,
    ) -> Option<f64> {
        let v = match value.get_ref() {
            DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
                .ok()
                .map(|i| i as f64),
            DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
            _ => {
                self.wrong_type(key, "a number", value);
                return None;
            }
        };
        match v {
            Some(v) if v.is_finite() && (low..=high).contains(&v) => Some(v),
            _ => {
                let unit = if unit.is_empty() {
                    String::new()
                } else {
                    format!(" {unit}")
                };
                let found = self.text.get(value.span()).unwrap_or("it").trim();
                let message = format!("`{key}` must be {low} to {high}{unit}, found {found}");
                self.error(value.span().start, message);
                None
            }
        }
    }

    pub(super) fn wrong_type(&mut self, key: &str, expected: &str, value: &TomlValue) {
        let t = value.get_ref().type_str();
        let article = if t.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        let message = format!("`{key}` must be {expected}, found {article} {t}");
        self.error(value.span().start, message);
    }
}
