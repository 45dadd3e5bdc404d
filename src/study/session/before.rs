//! The steps around the conditions: consent, the demographic items, the
//! visit's baseline FMS, the rest with its rule, the SSQ before a
//! condition, and a visit's start.

use super::*;

/// How a session ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ending {
    /// Every step done (the last visit's, for a protocol of several).
    #[default]
    Complete,
    /// This visit's conditions done; the next visit comes another day.
    VisitOver,
    /// Consent refused: nothing else was asked, and only the session's
    /// set-up and the refusal were recorded.
    Refused,
}

/// Why a rest ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestEnd {
    /// The FMS came back within `rest_until_fms` of the visit's baseline.
    FmsBack,
    /// The rest's timer (`rest_s`) ran out first.
    Timer,
}

impl RestEnd {
    /// The reason's name in `rests.csv`.
    pub fn name(self) -> &'static str {
        match self {
            RestEnd::FmsBack => "fms_back",
            RestEnd::Timer => "timer",
        }
    }
}

/// The consent screen's answers: 1 agrees, 0 refuses.
pub const AGREE: u8 = 1;

impl Session {
    /// After the welcome: a visit of several is told begun; then consent,
    /// the demographics and the MSSQ-short at the first visit, the
    /// baseline SSQ at every visit.
    pub(super) fn after_welcome(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        if self.protocol.procedure.visits > 1 {
            events.push(Event::VisitStarted { visit: self.visit });
        }
        if self.visit == 1 && self.protocol.procedure.consent.is_some() {
            self.enter(Step::Consent);
        } else {
            self.after_consent();
        }
        events
    }

    /// After consent (or the welcome): the demographic items, if asked.
    pub(super) fn after_consent(&mut self) {
        if self.visit == 1 && !self.protocol.procedure.demographics.is_empty() {
            self.enter(Step::Demographic { item: 0 });
        } else {
            self.after_demographics();
        }
    }

    /// After the demographics: the MSSQ-short, if asked (first visit).
    pub(super) fn after_demographics(&mut self) {
        if self.visit == 1 && self.protocol.mssq {
            self.mssq = [None; mssq::ITEMS];
            self.enter(Step::Mssq { item: 0 });
        } else {
            self.after_mssq();
        }
    }

    /// After the visit's baseline SSQ: its baseline FMS when the rest ends
    /// on the FMS, then the visit's first condition.
    pub(super) fn after_baseline(&mut self) {
        if self.protocol.procedure.rest_until_fms.is_some() && self.baseline_fms.is_none() {
            self.enter(Step::BaselineRating);
        } else {
            self.rested = true;
            self.enter(Step::Ready {
                position: self.span.start,
            });
        }
    }

    /// The ready screen of `position` with its rest and its SSQ behind.
    pub(super) fn enter_rested(&mut self, position: usize) {
        self.enter(Step::Ready { position });
        self.rested = true;
        self.pre_done = Some(position);
    }

    pub(super) fn consent_key(&mut self, key: Key) -> Vec<Event> {
        // Only the two answers shown are answers: any other digit is not
        // taken for one (capped to AGREE, it would consent).
        if matches!(key, Key::Digit(d) if d != 0 && d != AGREE) {
            return Vec::new();
        }
        if !self.edit(key, 0, AGREE) {
            return Vec::new();
        }
        let given = self.entry == Some(AGREE);
        if given {
            self.after_consent();
        } else {
            self.ending = Ending::Refused;
            self.enter(Step::Done);
        }
        vec![Event::Consent { given }]
    }

    pub(super) fn demographic_key(&mut self, item: usize, key: Key) -> Vec<Event> {
        let (low, high) = self.protocol.procedure.demographics[item].range();
        if !self.edit(key, low, high) {
            return Vec::new();
        }
        let items = &self.protocol.procedure.demographics;
        let answer = items[item].written(self.entry.unwrap_or(low));
        if item + 1 < items.len() {
            self.enter(Step::Demographic { item: item + 1 });
        } else {
            self.after_demographics();
        }
        vec![Event::Demographic { item, answer }]
    }

    pub(super) fn baseline_rating_key(&mut self, key: Key) -> Vec<Event> {
        if !self.edit(key, 0, super::super::scales::FMS_MAX) {
            return Vec::new();
        }
        let rating = self.entry.unwrap_or(0);
        let latency_s = self.step_s;
        self.baseline_fms = Some(rating);
        self.after_baseline();
        vec![Event::RestRating {
            position: self.span.start,
            baseline: true,
            t_s: 0.0,
            rating: Some(rating),
            latency_s: Some(latency_s),
        }]
    }

    /// The rest before `position` as time passes: its FMS asked every
    /// interval when it ends on the FMS, and its end at the timer (the
    /// SSQ before the condition follows, if asked).
    pub(super) fn resting(&mut self, position: usize) -> Vec<Event> {
        let mut events = Vec::new();
        if self.rested || position <= self.span.start {
            return events;
        }
        let rule = self.protocol.procedure.rest_until_fms;
        if self.step_s >= self.protocol.rest_s {
            if self.prompt.is_some() {
                let (t_s, _) = self.take_prompt(None);
                events.push(Event::RestRating {
                    position,
                    baseline: false,
                    t_s,
                    rating: None,
                    latency_s: None,
                });
            }
            events.extend(self.rest_over(position, RestEnd::Timer));
            return events;
        }
        let interval = self.protocol.fms_interval_s;
        let due = (self.step_s / interval).floor() * interval;
        if rule.is_some() && self.prompt.is_none() && due > self.asked_up_to {
            self.open_prompt(due);
        }
        events
    }

    /// The rest before `position` is over for `reason`: the SSQ before it
    /// if asked, else its ready screen.
    fn rest_over(&mut self, position: usize, reason: RestEnd) -> Vec<Event> {
        let rest_s = self.step_s.min(self.protocol.rest_s);
        self.rested = true;
        let mut events = Vec::new();
        if self.protocol.procedure.rest_until_fms.is_some() {
            events.push(Event::RestEnded {
                position,
                rest_s,
                reason,
            });
        }
        if let Some(pre) = self.pre_ssq_due(position) {
            events.extend(pre);
        }
        events
    }

    /// An FMS answered during the rest before `position`: within the rule
    /// of the baseline, the rest is over.
    pub(super) fn rest_rating_key(&mut self, position: usize, key: Key) -> Vec<Event> {
        if !self.edit(key, 0, super::super::scales::FMS_MAX) {
            return Vec::new();
        }
        let rating = self.entry.unwrap_or(0);
        let (t_s, latency_s) = self.take_prompt(Some(rating));
        let mut events = vec![Event::RestRating {
            position,
            baseline: false,
            t_s,
            rating: Some(rating),
            latency_s,
        }];
        let rule = self.protocol.procedure.rest_until_fms;
        let baseline = self.baseline_fms.unwrap_or(0);
        if rule.is_some_and(|n| rating <= baseline.saturating_add(n)) {
            events.extend(self.rest_over(position, RestEnd::FmsBack));
        }
        events
    }

    /// The SSQ right before `position` when the protocol asks one and it
    /// is not given yet (the SSQ step entered; no events), else None.
    pub(super) fn pre_ssq_due(&mut self, position: usize) -> Option<Vec<Event>> {
        let before_each = self.protocol.procedure.ssq_before_each && self.protocol.ssq;
        if !before_each || position <= self.span.start || self.step != (Step::Ready { position }) {
            return None;
        }
        if self.pre_done == Some(position) {
            return None;
        }
        self.ssq = [0; ssq::ITEMS.len()];
        self.enter(Step::Ssq {
            when: When::Pre(position),
            item: 0,
        });
        self.rested = true;
        Some(Vec::new())
    }
}

#[cfg(test)]
#[path = "before_tests.rs"]
mod tests;
