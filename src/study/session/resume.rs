//! A session resumed from what its files say was answered: at the first
//! step not done of the visit run.

use super::*;

impl Session {
    /// A session of its first visit resumed after what `done` says was
    /// answered: see [`Session::resume_visit`].
    pub fn resume(protocol: Protocol, order: Vec<usize>, done: &Progress) -> Self {
        Self::resume_visit(protocol, order, done, 1)
    }

    /// Visit `visit` resumed after what `done` says was answered: a visit
    /// not begun starts at its welcome; one begun at its first step not
    /// done (a condition whose play was cut off starts again). A refused
    /// consent leaves the session at its end.
    pub fn resume_visit(
        protocol: Protocol,
        order: Vec<usize>,
        done: &Progress,
        visit: usize,
    ) -> Self {
        let mut s = Self::visit(protocol, order, visit);
        s.ranked = done.ranked.clone();
        s.baseline_fms = done
            .baseline_fms
            .iter()
            .find(|(v, _)| *v == visit)
            .map(|(_, r)| *r);
        if s.protocol.procedure.visits > 1 && !done.visits.contains(&visit) {
            return s;
        }
        if !s.resume_opening(done) {
            s.resume_conditions(done);
        }
        s
    }

    /// Enters the step of the visit's opening not done yet (consent,
    /// demographics, MSSQ-short, baseline SSQ, baseline FMS); false when
    /// all of it is.
    fn resume_opening(&mut self, done: &Progress) -> bool {
        let first = self.visit == 1;
        let procedure = &self.protocol.procedure;
        if first && procedure.consent.is_some() && done.consent != Some(true) {
            match done.consent {
                Some(false) => {
                    self.ending = Ending::Refused;
                    self.enter(Step::Done);
                    self.told_done = true;
                }
                _ => self.enter(Step::Consent),
            }
            return true;
        }
        if first && done.demographics < procedure.demographics.len() {
            self.enter(Step::Demographic {
                item: done.demographics,
            });
            return true;
        }
        if first && self.protocol.mssq && done.mssq.len() < mssq::ITEMS {
            self.mssq[..done.mssq.len()].copy_from_slice(&done.mssq);
            self.enter(Step::Mssq {
                item: done.mssq.len(),
            });
            return true;
        }
        let (when, items) = match first {
            true => (When::Baseline, &done.baseline[..]),
            false => (When::Pre(self.span.start), pre_items(done, self.span.start)),
        };
        if self.protocol.ssq && items.len() < ssq::ITEMS.len() {
            self.partial(items, when);
            return true;
        }
        if self.protocol.procedure.rest_until_fms.is_some() && self.baseline_fms.is_none() {
            self.enter(Step::BaselineRating);
            return true;
        }
        false
    }

    /// Enters the first step not done among the visit's conditions, or
    /// what follows them.
    fn resume_conditions(&mut self, done: &Progress) {
        let ssq = self.protocol.ssq;
        for position in self.span.clone() {
            if !done.played.contains(&position) {
                let pre = pre_items(done, position);
                let before_each = self.protocol.procedure.ssq_before_each;
                if ssq && before_each && position > self.span.start && !pre.is_empty() {
                    // The rest was over when its SSQ began.
                    self.rested = true;
                    if pre.len() < ssq::ITEMS.len() {
                        self.partial(pre, When::Pre(position));
                    } else {
                        self.enter_rested(position);
                    }
                    return;
                }
                self.rested = position == self.span.start;
                self.enter(Step::Ready { position });
                return;
            }
            let post = done.post.iter().find(|(p, _)| *p == position);
            let post = post.map_or(&[][..], |(_, items)| &items[..]);
            if ssq && post.len() < ssq::ITEMS.len() {
                self.partial(post, When::Post(position));
                return;
            }
            let questions = self.protocol.questions.len();
            if let Some(index) = (0..questions).find(|&i| !done.answered.contains(&(position, i))) {
                self.enter(Step::Question { position, index });
                return;
            }
        }
        match self.visit < self.protocol.procedure.visits {
            true => {
                self.ending = Ending::VisitOver;
                self.enter(Step::Done);
            }
            false => self.after_last(),
        }
    }

    /// The SSQ given `when` with `items` answered, at its next item.
    fn partial(&mut self, items: &[u8], when: When) {
        self.ssq = [0; ssq::ITEMS.len()];
        self.ssq[..items.len()].copy_from_slice(items);
        self.enter(Step::Ssq {
            when,
            item: items.len(),
        });
    }
}

/// The SSQ items answered before the condition at `position`.
fn pre_items(done: &Progress, position: usize) -> &[u8] {
    let pre = done.pre.iter().find(|(p, _)| *p == position);
    pre.map_or(&[][..], |(_, items)| &items[..])
}
