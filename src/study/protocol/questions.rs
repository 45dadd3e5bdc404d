//! The protocol's own questions (`[[question]]`), read and checked.

use super::*;

/// The slider's top: a slider question is answered 0 to this.
pub const SLIDER_MAX: u8 = 100;

/// The scale a custom question is answered on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuestionScale {
    /// 1 to [`QUESTION_POINTS`] (7), words at both ends.
    #[default]
    Points,
    /// 0 to [`SLIDER_MAX`] (100), words at both ends: a visual analogue
    /// scale typed or stepped.
    Slider,
}

impl Question {
    /// The lowest and highest answer.
    pub fn range(&self) -> (u8, u8) {
        match self.scale {
            QuestionScale::Points => (1, QUESTION_POINTS),
            QuestionScale::Slider => (0, SLIDER_MAX),
        }
    }
}

impl Reader<'_> {
    /// The `[[question]]` array.
    pub(super) fn questions(&mut self, value: &TomlValue) -> Vec<Question> {
        let Some(tables) = self.array_of_tables("question", value) else {
            return Vec::new();
        };
        if tables.len() > MAX_QUESTIONS {
            let at = tables[MAX_QUESTIONS].span().start;
            self.error(at, format!("more than {MAX_QUESTIONS} questions"));
            return Vec::new();
        }
        let mut questions: Vec<Question> = Vec::new();
        for table in tables {
            let Some(q) = self.question(table) else {
                continue;
            };
            if questions.iter().any(|o| o.id == q.id) {
                self.error(
                    table.span().start,
                    format!("a second question with id `{}`", q.id),
                );
            }
            questions.push(q);
        }
        questions
    }

    /// One `[[question]]`: all four keys are required.
    pub(super) fn question(&mut self, table: &TomlValue) -> Option<Question> {
        let t = table.get_ref().as_table()?;
        let (mut id, mut text, mut low, mut high) = (None, None, None, None);
        let mut scale = QuestionScale::Points;
        for (key, value) in t.iter() {
            let k = key.get_ref().as_ref();
            match k {
                "id" => id = self.identifier(k, value),
                "text" => text = self.text_value(k, value),
                "low" => low = self.text_value(k, value),
                "high" => high = self.text_value(k, value),
                "scale" => match self.string(k, value) {
                    Some("points") => scale = QuestionScale::Points,
                    Some("slider") => scale = QuestionScale::Slider,
                    Some(other) => {
                        let message = format!(
                            "`scale` is \"points\" (1-{QUESTION_POINTS}) or \"slider\" \
                             (0-{SLIDER_MAX}), found `{other}`"
                        );
                        self.error(value.span().start, message);
                    }
                    None => {}
                },
                _ => {
                    let hint = nearest(k, QUESTION_KEYS.iter().copied()).map_or_else(
                        || format!(" (the keys are {})", QUESTION_KEYS.join(", ")),
                        |n| format!(" (did you mean `{n}`?)"),
                    );
                    self.error(
                        key.span().start,
                        format!("unknown key `{k}` in a question{hint}"),
                    );
                }
            }
        }
        let at = table.span().start;
        for (missing, key) in [
            (id.is_none(), "id"),
            (text.is_none(), "text"),
            (low.is_none(), "low"),
            (high.is_none(), "high"),
        ] {
            if missing {
                self.error(at, format!("a question without `{key}`"));
            }
        }
        Some(Question {
            id: id?,
            text: text?,
            low: low?,
            high: high?,
            scale,
        })
    }
}
