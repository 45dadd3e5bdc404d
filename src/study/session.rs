//! A study session as a state machine: what the participant sees and
//! answers, step by step, with time passed in. No files and no window:
//! each answer comes out as an [`Event`] for the caller to write at once
//! (`results`), and the window and the simulated participant drive the
//! same machine.
//!
//! The steps: a welcome, consent and the demographic items (if the
//! protocol asks them; a refusal ends the session there), the MSSQ-short
//! (if asked), the baseline SSQ, a baseline FMS (when the rest ends on
//! the FMS), then for each condition in the Latin square's order: a ready
//! screen (after the first, a rest that cannot be skipped before the
//! protocol's minimum, or with `rest_until_fms` until the FMS is back near
//! its baseline or the timer ends; then the SSQ before it, if asked), play
//! with an in-play rating (FMS or MISC) every interval, the SSQ, the
//! custom questions; at the end the preference ranking. The participant
//! sees conditions only as "Condition A, B, C..." in the order run (A is
//! whatever is played first).
//!
//! A protocol of several visits splits the order into consecutive parts:
//! a session is one visit's. Consent, the demographics and the MSSQ-short
//! open the first visit; every later one opens with its welcome and an
//! SSQ before its first condition (the visit's baseline); the ranking
//! closes the last.

use super::mssq;
use super::protocol::{Protocol, FMS_ANSWER_S};
use super::ssq;
use std::ops::Range;

mod before;
mod ranking;
mod resume;

pub use before::{Ending, RestEnd, AGREE};

/// What the participant pressed: the study's inputs, whichever key or
/// button is bound to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A number key, 0 to 9: typed numbers build the answer.
    Digit(u8),
    /// One up on the scale (or the list).
    Up,
    /// One down on the scale (or the list).
    Down,
    /// Give the answer shown, or go on.
    Confirm,
    /// End the condition now.
    Stop,
}

/// When an SSQ is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Before the first condition.
    Baseline,
    /// After the condition run at this position (from 0).
    Post(usize),
    /// Right before the condition run at this position, after the rest
    /// (`ssq_before_each`, and at the start of every visit after the
    /// first).
    Pre(usize),
}

/// Why a condition's play ended: what the survival analysis counts as
/// an event (a stop) or a censored time (completed, interrupted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// Played for the whole exposure.
    Completed,
    /// A rating reached the protocol's stop rule (`stop_at_fms` or
    /// `stop_at_misc`).
    StopRule,
    /// The participant pressed the stop key.
    Participant,
    /// The session was killed during play; known when it is resumed.
    Interrupted,
}

impl EndReason {
    /// Every reason, in the order above.
    pub const ALL: [EndReason; 4] = [
        EndReason::Completed,
        EndReason::StopRule,
        EndReason::Participant,
        EndReason::Interrupted,
    ];

    /// The reason's name in `conditions.csv` and `stops.csv`.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Completed => "completed",
            EndReason::StopRule => "stop_rule",
            EndReason::Participant => "participant",
            EndReason::Interrupted => "interrupted",
        }
    }

    /// The reason named `name` (as [`EndReason::name`] writes it).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.name() == name)
    }

    /// True for a stop (an event in the survival analysis); false for a
    /// time that is only known to be at least this long (censored).
    pub fn is_stop(self) -> bool {
        matches!(self, EndReason::StopRule | EndReason::Participant)
    }
}

/// Where the session is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The welcome and instructions.
    Welcome,
    /// The consent text: 1 agrees, 0 refuses, then confirm.
    Consent,
    /// Demographic item `item` (from 0, in the protocol's list).
    Demographic { item: usize },
    /// The FMS before the first condition of a visit: the baseline the
    /// rest's rule compares with.
    BaselineRating,
    /// MSSQ-short item `item` (from 0; the childhood section's nine, then
    /// the last ten years').
    Mssq { item: usize },
    /// SSQ item `item` (from 0).
    Ssq { when: When, item: usize },
    /// Waiting before the condition at `position`: a rest (after another
    /// condition) and a confirm to start.
    Ready { position: usize },
    /// Playing the condition at `position`.
    Play { position: usize },
    /// Custom question `index` after the condition at `position`.
    Question { position: usize, index: usize },
    /// The preference ranking: the next place to fill.
    Ranking,
    /// Finished.
    Done,
}

/// Something to write down, in the order it happened.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The condition at `position` starts: the caller starts its world and
    /// its recording.
    ConditionStarted { position: usize },
    /// An in-play prompt opened `t_s` seconds into the condition at
    /// `position`; `tone`: the protocol's prompt tone sounds with it
    /// (`prompt_tone`, alike in every condition).
    Prompted {
        position: usize,
        t_s: f64,
        tone: bool,
    },
    /// An in-play prompt (on the protocol's scale) shown `t_s` seconds
    /// into the condition, answered or (None) left unanswered for
    /// [`FMS_ANSWER_S`]; `latency_s` from its showing to the answer.
    Rating {
        position: usize,
        t_s: f64,
        rating: Option<u8>,
        latency_s: Option<f64>,
    },
    /// Consent given (true) or refused (false).
    Consent { given: bool },
    /// Demographic item `item` answered, as written in `demographics.csv`.
    Demographic { item: usize, answer: String },
    /// An FMS outside play, about the condition at `position`: the
    /// visit's baseline before it (`baseline`, `t_s` 0), or asked `t_s`
    /// seconds into the rest before it; None left unanswered as the rest
    /// ended.
    RestRating {
        position: usize,
        baseline: bool,
        t_s: f64,
        rating: Option<u8>,
        latency_s: Option<f64>,
    },
    /// The rest before the condition at `position` ended after `rest_s`
    /// seconds, for `reason` (written when the rest has a rule).
    RestEnded {
        position: usize,
        rest_s: f64,
        reason: RestEnd,
    },
    /// Visit `visit` (from 1) of a protocol of several began.
    VisitStarted { visit: usize },
    /// The condition at `position` ended after `duration_s` seconds of
    /// play, for `reason`.
    ConditionEnded {
        position: usize,
        duration_s: f64,
        reason: EndReason,
    },
    /// MSSQ-short item `item` (as [`Step::Mssq`] numbers them) answered:
    /// a rating 0 to 3, or None for a kind never travelled.
    MssqItem { item: usize, answer: Option<u8> },
    /// The MSSQ-short complete: the childhood and the adult sections.
    MssqDone {
        child: mssq::Answers,
        adult: mssq::Answers,
    },
    /// One SSQ item answered (0 to 3).
    SsqItem { when: When, item: usize, rating: u8 },
    /// An SSQ complete.
    SsqDone { when: When, answers: [u8; 16] },
    /// Custom question `index` answered after the condition at `position`.
    Answer {
        position: usize,
        index: usize,
        value: u8,
    },
    /// The condition at `position` ranked `rank` (1 best).
    Rank { rank: usize, position: usize },
    /// The session is over.
    Finished,
}

/// An open FMS prompt.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Prompt {
    /// Seconds into the condition (or the rest) it is due at.
    asked_s: f64,
    /// Seconds into the step when it was shown (at or after `asked_s`):
    /// where its latency is counted from.
    shown_s: f64,
}

/// What has been answered already, for a session resumed from its files.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// The MSSQ-short's items answered, in order.
    pub mssq: Vec<Option<u8>>,
    /// The baseline SSQ's items answered, in order.
    pub baseline: Vec<u8>,
    /// Conditions played (ended), by position.
    pub played: Vec<usize>,
    /// Post SSQ items answered, by position.
    pub post: Vec<(usize, Vec<u8>)>,
    /// Custom answers given: (position, question index).
    pub answered: Vec<(usize, usize)>,
    /// Positions ranked so far, best first.
    pub ranked: Vec<usize>,
    /// Consent: None not answered yet.
    pub consent: Option<bool>,
    /// Demographic items answered, from the first.
    pub demographics: usize,
    /// SSQ items answered before a condition, by position.
    pub pre: Vec<(usize, Vec<u8>)>,
    /// The visits begun (from 1), and those whose baseline FMS was given.
    pub visits: Vec<usize>,
    /// The visits whose baseline FMS was given.
    pub baseline_fms: Vec<(usize, u8)>,
}

/// A session in progress.
#[derive(Clone, Debug)]
pub struct Session {
    protocol: Protocol,
    /// Protocol condition index of each position.
    order: Vec<usize>,
    step: Step,
    /// Seconds spent in this step.
    step_s: f64,
    /// The visit run (from 1) and its positions in the order.
    visit: usize,
    span: Range<usize>,
    /// The answer being entered: the value shown, if any (none is shown
    /// until the participant gives one).
    entry: Option<u8>,
    /// Digits typed since the last answer (typing replaces the value).
    typed: bool,
    /// The SSQ answers so far.
    ssq: [u8; ssq::ITEMS.len()],
    /// The MSSQ-short's answers so far, in item order.
    mssq: [Option<u8>; mssq::ITEMS],
    prompt: Option<Prompt>,
    /// Seconds into the condition of the last prompt shown.
    asked_up_to: f64,
    /// The rest before the condition of the ready screen is over (its
    /// timer ran out, or the FMS came back), or there is none.
    rested: bool,
    /// The visit's baseline FMS, when the rest ends on the FMS.
    baseline_fms: Option<u8>,
    /// The position whose SSQ before it has been given.
    pre_done: Option<usize>,
    /// How the session ended (at [`Step::Done`]).
    ending: Ending,
    /// Positions ranked, best first.
    ranked: Vec<usize>,
    /// The highlighted choice on the ranking screen (an index into the
    /// unranked positions).
    choice: usize,
    /// [`Event::Finished`] has been given.
    told_done: bool,
}

/// The label a participant sees for the condition at `position`.
pub fn label(position: usize) -> String {
    char::from(b'A' + (position % 26) as u8).to_string()
}

impl Session {
    /// A new session of `protocol` playing its conditions in `order`
    /// (protocol condition indices, each once): its first visit.
    pub fn new(protocol: Protocol, order: Vec<usize>) -> Self {
        Self::visit(protocol, order, 1)
    }

    /// The session of visit `visit` (from 1; at most the protocol's
    /// visits) of `protocol` playing `order`, from its welcome.
    pub fn visit(protocol: Protocol, order: Vec<usize>, visit: usize) -> Self {
        assert_eq!(
            order.len(),
            protocol.conditions.len(),
            "one position per condition"
        );
        assert!(
            (1..=protocol.procedure.visits).contains(&visit),
            "visit {visit} of {}",
            protocol.procedure.visits
        );
        let span = protocol.procedure.positions(visit, order.len());
        Self {
            protocol,
            order,
            visit,
            span,
            step: Step::Welcome,
            step_s: 0.0,
            entry: None,
            typed: false,
            ssq: [0; ssq::ITEMS.len()],
            mssq: [None; mssq::ITEMS],
            prompt: None,
            asked_up_to: 0.0,
            rested: false,
            baseline_fms: None,
            pre_done: None,
            ending: Ending::Complete,
            ranked: Vec::new(),
            choice: 0,
            told_done: false,
        }
    }

    /// The step the session is at.
    pub fn step(&self) -> Step {
        self.step
    }

    /// The protocol run.
    pub fn protocol(&self) -> &Protocol {
        &self.protocol
    }

    /// The protocol condition index at each position.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// Seconds spent in the current step (in play: seconds played).
    pub fn step_s(&self) -> f64 {
        self.step_s
    }

    /// The condition being played, by position, while in play.
    pub fn playing(&self) -> Option<usize> {
        match self.step {
            Step::Play { position } => Some(position),
            _ => None,
        }
    }

    /// True while an FMS prompt waits for its answer.
    pub fn prompting(&self) -> bool {
        self.prompt.is_some()
    }

    /// The value being entered, if any.
    pub fn entry(&self) -> Option<u8> {
        self.entry
    }

    /// Positions ranked so far, best first.
    pub fn ranked(&self) -> &[usize] {
        &self.ranked
    }

    /// Positions not ranked yet, in position order, and the highlighted one
    /// among them.
    pub fn unranked(&self) -> (Vec<usize>, usize) {
        let rest: Vec<usize> = (0..self.order.len())
            .filter(|p| !self.ranked.contains(p))
            .collect();
        let choice = self.choice.min(rest.len().saturating_sub(1));
        (rest, choice)
    }

    /// Seconds of rest still required before the ready screen takes a
    /// confirm (none once the rest's rule ended it).
    pub fn rest_left_s(&self) -> f64 {
        match self.step {
            Step::Ready { position } if position > self.span.start && !self.rested => {
                (self.protocol.rest_s - self.step_s).max(0.0)
            }
            _ => 0.0,
        }
    }

    /// Seconds the open FMS prompt has left before it counts as missing
    /// (in play; a prompt during a rest waits).
    pub fn prompt_left_s(&self) -> Option<f64> {
        self.prompt
            .map(|p| (p.asked_s + FMS_ANSWER_S - self.step_s).max(0.0))
    }

    /// The visit run (from 1).
    pub fn visit_number(&self) -> usize {
        self.visit
    }

    /// The positions (in the order run) this visit plays.
    pub fn positions(&self) -> Range<usize> {
        self.span.clone()
    }

    /// How the session ended; meaningful at [`Step::Done`].
    pub fn ending(&self) -> Ending {
        self.ending
    }

    /// Lets `dt` seconds pass; returns what happened (prompts shown and
    /// timed out, a condition's end).
    pub fn advance(&mut self, dt: f64) -> Vec<Event> {
        assert!(dt.is_finite() && dt >= 0.0, "time runs forward: {dt}");
        let events = self.pass(dt);
        self.finished(events)
    }

    /// The participant pressed `key`; returns what was answered.
    pub fn press(&mut self, key: Key) -> Vec<Event> {
        let events = self.answer(key);
        self.finished(events)
    }

    /// `events`, with [`Event::Finished`] added if they ended the session.
    fn finished(&mut self, mut events: Vec<Event>) -> Vec<Event> {
        if self.step == Step::Done && !self.told_done {
            self.told_done = true;
            events.push(Event::Finished);
        }
        events
    }

    fn pass(&mut self, dt: f64) -> Vec<Event> {
        self.step_s += dt;
        let mut events = Vec::new();
        if let Step::Ready { position } = self.step {
            events.extend(self.resting(position));
        }
        if let Step::Play { position } = self.step {
            let interval = self.protocol.fms_interval_s;
            let exposure = self.exposure_s(position);
            if let Some(p) = self.prompt {
                if self.step_s >= p.asked_s + FMS_ANSWER_S {
                    events.push(self.close_prompt(position, None));
                }
            }
            if self.step_s >= exposure {
                events.extend(self.end_play(position, exposure, EndReason::Completed));
                return events;
            }
            // A prompt is due at each whole interval; one still open when
            // the next is due is closed as missing first.
            let due = (self.step_s / interval).floor() * interval;
            if due > self.asked_up_to {
                if self.prompt.is_some() {
                    events.push(self.close_prompt(position, None));
                }
                self.open_prompt(due);
                let tone = self.protocol.procedure.prompt_tone;
                events.push(Event::Prompted {
                    position,
                    t_s: due,
                    tone,
                });
            }
        }
        events
    }

    fn answer(&mut self, key: Key) -> Vec<Event> {
        match self.step {
            Step::Welcome => {
                if key == Key::Confirm {
                    return self.after_welcome();
                }
                Vec::new()
            }
            Step::Consent => self.consent_key(key),
            Step::Demographic { item } => self.demographic_key(item, key),
            Step::BaselineRating => self.baseline_rating_key(key),
            Step::Mssq { item } => self.mssq_key(item, key),
            Step::Ssq { when, item } => self.ssq_key(when, item, key),
            Step::Ready { position } => {
                if self.prompt.is_some() {
                    return self.rest_rating_key(position, key);
                }
                if key == Key::Confirm && self.rest_left_s() <= 0.0 {
                    if let Some(pre) = self.pre_ssq_due(position) {
                        return pre;
                    }
                    self.enter(Step::Play { position });
                    self.asked_up_to = 0.0;
                    return vec![Event::ConditionStarted { position }];
                }
                Vec::new()
            }
            Step::Play { position } => self.play_key(position, key),
            Step::Question { position, index } => self.question_key(position, index, key),
            Step::Ranking => self.ranking_key(key),
            Step::Done => Vec::new(),
        }
    }

    /// Moves to `step`, its clock fresh and no answer shown: every answer
    /// is given, none preselected.
    fn enter(&mut self, step: Step) {
        self.step = step;
        self.step_s = 0.0;
        self.entry = None;
        self.typed = false;
        self.prompt = None;
        self.choice = 0;
    }

    /// Opens a prompt due at `due` seconds into the step, no answer shown.
    fn open_prompt(&mut self, due: f64) {
        self.prompt = Some(Prompt {
            asked_s: due,
            shown_s: self.step_s,
        });
        self.asked_up_to = due;
        self.entry = None;
        self.typed = false;
    }

    /// After the MSSQ-short (or what comes before it, without one): the
    /// baseline SSQ (a later visit's: the SSQ before its first condition),
    /// or what follows it.
    fn after_mssq(&mut self) {
        if self.protocol.ssq {
            self.ssq = [0; ssq::ITEMS.len()];
            let when = match self.visit {
                1 => When::Baseline,
                _ => When::Pre(self.span.start),
            };
            self.enter(Step::Ssq { when, item: 0 });
        } else {
            self.after_baseline();
        }
    }

    /// The seconds the condition at `position` plays.
    fn exposure_s(&self, position: usize) -> f64 {
        self.protocol.conditions[self.order[position]].exposure_s
    }

    /// `entry` changed by `key` within `low..=high` (from no entry, up
    /// and down start at `low`); true if it was a confirm of a value in
    /// range. A digit builds on the digits typed while the number stays
    /// at most `high`, else starts a new one (capped at `high`); a digit
    /// no value of the range begins with is ignored. An entry typed so
    /// far may be under `low` (the 2 of 25 when the range starts at 18):
    /// Confirm refuses it, as it does no entry at all.
    fn edit(&mut self, key: Key, low: u8, high: u8) -> bool {
        match key {
            Key::Digit(d) => {
                let typed = match (self.typed, self.entry) {
                    (true, Some(v)) if u16::from(v) * 10 + u16::from(d) <= u16::from(high) => {
                        v * 10 + d
                    }
                    _ => d.min(high),
                };
                if begins_a_value(typed, low, high) {
                    self.entry = Some(typed);
                    self.typed = true;
                }
            }
            Key::Up => {
                self.entry = Some(
                    self.entry
                        .map_or(low, |v| v.saturating_add(1).clamp(low, high)),
                );
                self.typed = false;
            }
            Key::Down => {
                self.entry = Some(self.entry.map_or(low, |v| v.saturating_sub(1).max(low)));
                self.typed = false;
            }
            Key::Confirm => return self.entry.is_some_and(|v| (low..=high).contains(&v)),
            Key::Stop => {}
        }
        false
    }

    fn ssq_key(&mut self, when: When, item: usize, key: Key) -> Vec<Event> {
        if !self.edit(key, 0, ssq::MAX_RATING) {
            return Vec::new();
        }
        let rating = self.entry.unwrap_or(0);
        self.ssq[item] = rating;
        let mut events = vec![Event::SsqItem { when, item, rating }];
        if item + 1 < ssq::ITEMS.len() {
            self.enter(Step::Ssq {
                when,
                item: item + 1,
            });
            return events;
        }
        events.push(Event::SsqDone {
            when,
            answers: self.ssq,
        });
        match when {
            When::Baseline => self.after_baseline(),
            When::Pre(position) if position == self.span.start && !self.rested => {
                self.after_baseline()
            }
            When::Pre(position) => self.enter_rested(position),
            When::Post(position) => self.after_ssq(position),
        }
        events
    }

    fn mssq_key(&mut self, item: usize, key: Key) -> Vec<Event> {
        if !self.edit(key, 0, mssq::NOT_TRAVELLED) {
            return Vec::new();
        }
        let value = self.entry.unwrap_or(0);
        let answer = mssq::answer_of(value).expect("entry kept within the answers");
        self.mssq[item] = answer;
        let mut events = vec![Event::MssqItem { item, answer }];
        if item + 1 < mssq::ITEMS {
            self.enter(Step::Mssq { item: item + 1 });
            return events;
        }
        let (child, adult) = self.mssq.split_at(mssq::KINDS.len());
        events.push(Event::MssqDone {
            child: child.try_into().expect("nine kinds"),
            adult: adult.try_into().expect("nine kinds"),
        });
        self.after_mssq();
        events
    }

    fn play_key(&mut self, position: usize, key: Key) -> Vec<Event> {
        if key == Key::Stop {
            let played = self.step_s;
            return self.end_play(position, played, EndReason::Participant);
        }
        if self.prompt.is_none() {
            return Vec::new();
        }
        // Up and down start from 0, not from the last rating given: a
        // rating shown before the participant gives one would anchor it.
        if !self.edit(key, 0, self.protocol.in_play_scale.max()) {
            return Vec::new();
        }
        let rating = self.entry.unwrap_or(0);
        let mut events = vec![self.close_prompt(position, Some(rating))];
        if self
            .protocol
            .stop_rating()
            .is_some_and(|stop| rating >= stop)
        {
            let played = self.step_s;
            events.extend(self.end_play(position, played, EndReason::StopRule));
        }
        events
    }

    /// Closes the open prompt with `rating` (None: missing).
    fn close_prompt(&mut self, position: usize, rating: Option<u8>) -> Event {
        let (t_s, latency_s) = self.take_prompt(rating);
        Event::Rating {
            position,
            t_s,
            rating,
            latency_s,
        }
    }

    /// Closes the open prompt: when it was due, and the seconds from its
    /// showing to `rating` (None when it went unanswered).
    fn take_prompt(&mut self, rating: Option<u8>) -> (f64, Option<f64>) {
        let p = self.prompt.take().expect("a prompt is open");
        self.entry = None;
        self.typed = false;
        (p.asked_s, rating.map(|_| self.step_s - p.shown_s))
    }

    /// Ends play of `position` after `duration_s` for `reason`; an open
    /// prompt is recorded as missing.
    fn end_play(&mut self, position: usize, duration_s: f64, reason: EndReason) -> Vec<Event> {
        let mut events = Vec::new();
        if self.prompt.is_some() {
            events.push(self.close_prompt(position, None));
        }
        events.push(Event::ConditionEnded {
            position,
            duration_s,
            reason,
        });
        if self.protocol.ssq {
            self.ssq = [0; ssq::ITEMS.len()];
            self.enter(Step::Ssq {
                when: When::Post(position),
                item: 0,
            });
        } else {
            self.after_ssq(position);
        }
        events
    }

    /// After the post SSQ of `position` (or the condition, without one).
    fn after_ssq(&mut self, position: usize) {
        if self.protocol.questions.is_empty() {
            self.after_questions(position);
        } else {
            self.enter(Step::Question { position, index: 0 });
        }
    }

    fn after_questions(&mut self, position: usize) {
        if position + 1 < self.span.end {
            self.rested = false;
            self.asked_up_to = 0.0;
            self.enter(Step::Ready {
                position: position + 1,
            });
        } else if self.visit < self.protocol.procedure.visits {
            self.ending = Ending::VisitOver;
            self.enter(Step::Done);
        } else {
            self.after_last();
        }
    }

    /// After the last condition's questions: the ranking, or the end.
    fn after_last(&mut self) {
        if self.protocol.ranking && self.order.len() > 1 && self.ranked.len() < self.order.len() {
            self.enter(Step::Ranking);
        } else {
            self.enter(Step::Done);
        }
    }

    fn question_key(&mut self, position: usize, index: usize, key: Key) -> Vec<Event> {
        let (low, high) = self.protocol.questions[index].range();
        if !self.edit(key, low, high) {
            return Vec::new();
        }
        let value = self.entry.unwrap_or(low);
        let event = Event::Answer {
            position,
            index,
            value,
        };
        if index + 1 < self.protocol.questions.len() {
            self.enter(Step::Question {
                position,
                index: index + 1,
            });
        } else {
            self.after_questions(position);
        }
        vec![event]
    }
}

/// True if some value of `low..=high` is written beginning with the
/// digits of `typed` (a number being typed can still reach the range).
fn begins_a_value(typed: u8, low: u8, high: u8) -> bool {
    let typed = typed.to_string();
    (low..=high).any(|v| v.to_string().starts_with(&typed))
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
