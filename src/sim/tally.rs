//! The score and the level's tally: points, kills, secrets found, treasure
//! taken and lives, counted by the simulation as Wolfenstein 3D's
//! `gamestate` counts them (`GivePoints` in `WL_AGENT.C`, the extra life
//! every `EXTRAPOINTS`).

/// Points for the first extra life, and between extra lives
/// (`EXTRAPOINTS` in `WL_DEF.H`).
pub const EXTRA_LIFE_POINTS: u64 = 40_000;
/// Lives a game starts with (`NewGame`: `gamestate.lives = 3`).
pub const START_LIVES: u32 = 3;
/// The most lives held (`GiveExtraMan`: only `if (gamestate.lives<9)`).
pub const MAX_LIVES: u32 = 9;
/// Points for each enemy killed (`KillActor` gives a guard 100; this
/// game's enemies are worth a guard each).
pub const KILL_POINTS: u64 = 100;

/// What a game carries from one level into the next (and into a level
/// started again after a death): the score, the lives and the score of
/// the next extra life. Wolfenstein 3D keeps them in `gamestate` across
/// levels and puts the score back to the level's start (`oldscore`) when
/// the player dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carried {
    /// Points.
    pub score: u64,
    /// Lives left.
    pub lives: u32,
    /// The score at which the next extra life comes.
    pub next_life: u64,
}

impl Carried {
    /// A new game's: no points, [`START_LIVES`], the first extra life at
    /// [`EXTRA_LIFE_POINTS`].
    pub const START: Carried = Carried {
        score: 0,
        lives: START_LIVES,
        next_life: EXTRA_LIFE_POINTS,
    };

    /// The same with `points` more (a level's bonus), an extra life (up to
    /// [`MAX_LIVES`]) for each multiple of [`EXTRA_LIFE_POINTS`] passed.
    pub fn with_points(self, points: u64) -> Carried {
        let mut t = Tally::carrying(0, self);
        t.give_points(points);
        t.carried()
    }
}

/// What the player has scored and found on this level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Points.
    pub score: u64,
    /// Enemies killed.
    pub kills: u32,
    /// Secrets (push walls) found.
    pub secrets: u32,
    /// Treasure taken.
    pub treasure: u32,
    /// Lives left (the player's death takes them from issue 73 on).
    pub lives: u32,
    /// The score at which the next extra life comes.
    next_life: u64,
    /// The enemies living when the level started.
    enemies: u32,
}

impl Tally {
    /// A level's start with `enemies` living: no points, nothing found,
    /// [`START_LIVES`].
    pub fn new(enemies: usize) -> Self {
        Self::carrying(enemies, Carried::START)
    }

    /// A level's start with `enemies` living, the score and lives of
    /// `carried` brought in from before, nothing found yet.
    pub fn carrying(enemies: usize, carried: Carried) -> Self {
        Self {
            score: carried.score,
            kills: 0,
            secrets: 0,
            treasure: 0,
            lives: carried.lives,
            next_life: carried.next_life,
            enemies: enemies as u32,
        }
    }

    /// What this tally carries into the next level.
    pub fn carried(&self) -> Carried {
        Carried {
            score: self.score,
            lives: self.lives,
            next_life: self.next_life,
        }
    }

    /// The enemies living when the level started (the kill ratio's whole).
    pub fn enemies(&self) -> u32 {
        self.enemies
    }

    /// The level's enemies spawned again (a map reloaded under the game)
    /// with `living` alive: kills count from them; the score, lives and
    /// finds stay.
    pub fn respawned(&mut self, living: usize) {
        self.enemies = living as u32;
        self.kills = 0;
    }

    /// Adds `points` to the score, with an extra life (up to
    /// [`MAX_LIVES`]) each time it passes a multiple of
    /// [`EXTRA_LIFE_POINTS`], as `GivePoints` does; true if one came.
    pub fn give_points(&mut self, points: u64) -> bool {
        self.score = self.score.saturating_add(points);
        let mut life = false;
        while self.score >= self.next_life {
            self.next_life += EXTRA_LIFE_POINTS;
            if self.lives < MAX_LIVES {
                self.lives += 1;
            }
            life = true;
        }
        life
    }

    /// Counts the enemies killed, `living` being those alive now: each
    /// new death scores [`KILL_POINTS`]. True if an extra life came.
    pub fn count_kills(&mut self, living: usize) -> bool {
        let kills = self.enemies.saturating_sub(living as u32);
        let new = kills.saturating_sub(self.kills);
        self.kills = kills.max(self.kills);
        new > 0 && self.give_points(u64::from(new) * KILL_POINTS)
    }

    /// True while the tally holds nothing a world without treasure or
    /// secrets would not: nothing found, no extra life. Its score and
    /// kills then follow from the enemies' deaths, which the state hash
    /// holds already, so the hash leaves it out and recordings made
    /// before the tally keep their hashes.
    pub fn is_legacy(&self) -> bool {
        self.secrets == 0
            && self.treasure == 0
            && self.lives == START_LIVES
            && self.next_life == EXTRA_LIFE_POINTS
    }

    /// Feeds the tally to a state hash.
    pub fn hash_words(&self, word: &mut impl FnMut(u64)) {
        word(self.score);
        word(u64::from(self.kills) | u64::from(self.secrets) << 32);
        word(u64::from(self.treasure) | u64::from(self.lives) << 32);
        word(self.next_life);
    }
}

impl Tally {
    /// Visits every field for a save ([`crate::snapshot`]).
    pub fn visit_state(&mut self, v: &mut impl crate::snapshot::Visitor) {
        use crate::snapshot::MAX_COUNT;
        v.counter(&mut self.score, MAX_COUNT, "the score");
        for n in [
            &mut self.kills,
            &mut self.secrets,
            &mut self.treasure,
            &mut self.lives,
        ] {
            let mut w = u64::from(*n);
            v.counter(&mut w, u64::from(u32::MAX / 2), "a count of the tally");
            *n = w as u32;
        }
        v.counter(&mut self.next_life, MAX_COUNT, "the next extra life");
        v.u32(&mut self.enemies);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_extra_life_comes_at_each_forty_thousand_points() {
        let mut t = Tally::new(0);
        assert!(!t.give_points(39_999));
        assert_eq!(t.lives, 3);
        assert!(t.give_points(1));
        assert_eq!(t.lives, 4);
        assert!(!t.give_points(39_999));
        // One gift passing two thresholds gives two lives.
        assert!(t.give_points(40_001));
        assert_eq!((t.score, t.lives), (120_000, 6));
    }

    #[test]
    fn a_level_carries_the_score_and_lives_in_and_out() {
        let before = Carried {
            score: 39_900,
            lives: 2,
            next_life: 40_000,
        };
        let mut t = Tally::carrying(4, before);
        assert_eq!((t.score, t.lives, t.kills, t.enemies()), (39_900, 2, 0, 4));
        assert!(t.count_kills(3), "the kill's 100 points pass 40,000");
        assert_eq!(t.carried().lives, 3);
        assert_eq!(t.carried().next_life, 80_000);
        let bonus = before.with_points(80_100);
        assert_eq!(
            (bonus.score, bonus.lives, bonus.next_life),
            (120_000, 5, 160_000)
        );
        assert_eq!(Tally::new(2).carried(), Carried::START);
    }

    #[test]
    fn lives_stop_at_nine() {
        let mut t = Tally::new(0);
        t.give_points(40_000 * 10);
        assert_eq!(t.lives, 9);
    }

    #[test]
    fn kills_count_deaths_once_each() {
        let mut t = Tally::new(5);
        assert!(!t.count_kills(5));
        assert_eq!((t.kills, t.score), (0, 0));
        t.count_kills(3);
        t.count_kills(3);
        assert_eq!((t.kills, t.score), (2, 200));
        assert!(t.is_legacy(), "kills alone follow from the enemies");
        t.treasure = 1;
        assert!(!t.is_legacy());
    }
}
