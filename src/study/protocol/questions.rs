//! The protocol's own questions (`[[question]]`), read and checked.

use super::*;

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
        for (key, value) in t.iter() {
            let k = key.get_ref().as_ref();
            match k {
                "id" => id = self.identifier(k, value),
                "text" => text = self.text_value(k, value),
                "low" => low = self.text_value(k, value),
                "high" => high = self.text_value(k, value),
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
        })
    }
}
