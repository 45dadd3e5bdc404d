//! The end of a level in numbers, as Wolfenstein 3D's "floor completed"
//! screen counts it (`WL_INTER.C LevelCompleted`): the time against par,
//! the kill, secret and treasure ratios in percent, and the bonus they
//! earn. A pure function of the world at the exit and the par.

use super::{World, TICK_RATE};
use crate::map::PickupKind;

/// Points for each whole second under par (`PAR_AMOUNT` in
/// `LevelCompleted`).
pub const PAR_POINTS_PER_S: u64 = 500;
/// Points for each ratio at 100 % (`PERCENT100AMT` in `LevelCompleted`).
pub const PERFECT_POINTS: u64 = 10_000;

/// A level's tally at its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The time the level took, ticks.
    pub ticks: u64,
    /// The par, seconds, if the level has one.
    pub par_s: Option<u32>,
    /// Enemies killed, of `kill_total`.
    pub kills: u32,
    /// Enemies the level started with.
    pub kill_total: u32,
    /// Secrets found, of `secret_total`.
    pub secrets: u32,
    /// The level's secrets (push walls).
    pub secret_total: u32,
    /// Treasure taken, of `treasure_total`.
    pub treasure: u32,
    /// The level's treasure.
    pub treasure_total: u32,
}

impl Sheet {
    /// The tally of `world` at its level's end, `ticks` into it, against
    /// `par_s`.
    pub fn of(world: &World, ticks: u64, par_s: Option<u32>) -> Sheet {
        let level = world.level();
        let is_treasure = |p: &&crate::map::Pickup| matches!(p.kind, PickupKind::Treasure(_));
        let t = world.tally();
        Sheet {
            ticks,
            par_s,
            kills: t.kills,
            kill_total: t.enemies(),
            secrets: t.secrets,
            secret_total: level.pushwalls().len() as u32,
            treasure: t.treasure,
            treasure_total: level.pickups.iter().filter(is_treasure).count() as u32,
        }
    }

    /// The kill ratio, percent (None for a level with no enemies).
    pub fn kill_percent(&self) -> Option<u32> {
        percent(self.kills, self.kill_total)
    }

    /// The secret ratio, percent (None for a level with no secrets).
    pub fn secret_percent(&self) -> Option<u32> {
        percent(self.secrets, self.secret_total)
    }

    /// The treasure ratio, percent (None for a level with no treasure).
    pub fn treasure_percent(&self) -> Option<u32> {
        percent(self.treasure, self.treasure_total)
    }

    /// Whole seconds under par (0 at or over it, or with no par): the
    /// level's time rounded down to whole seconds, as `LevelCompleted`
    /// counts it.
    pub fn seconds_under_par(&self) -> u64 {
        let taken = self.ticks / u64::from(TICK_RATE);
        self.par_s
            .map_or(0, |par| u64::from(par).saturating_sub(taken))
    }

    /// The bonus: [`PAR_POINTS_PER_S`] a second under par, and
    /// [`PERFECT_POINTS`] for each ratio at 100 %.
    pub fn bonus(&self) -> u64 {
        let ratios = [
            self.kill_percent(),
            self.secret_percent(),
            self.treasure_percent(),
        ];
        let perfect = ratios.iter().filter(|r| **r == Some(100)).count() as u64;
        self.seconds_under_par() * PAR_POINTS_PER_S + perfect * PERFECT_POINTS
    }
}

/// `found` of `total` in whole percent, rounded down as
/// `LevelCompleted`'s integer division does (`kr = killcount * 100 /
/// killtotal`), at most 100; None when there is nothing to find.
pub fn percent(found: u32, total: u32) -> Option<u32> {
    (total > 0).then(|| (u64::from(found.min(total)) * 100 / u64::from(total)) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(ticks: u64, par_s: Option<u32>) -> Sheet {
        Sheet {
            ticks,
            par_s,
            kills: 2,
            kill_total: 3,
            secrets: 1,
            secret_total: 1,
            treasure: 0,
            treasure_total: 0,
        }
    }

    #[test]
    fn ratios_are_whole_percent_rounded_down() {
        assert_eq!(percent(2, 3), Some(66));
        assert_eq!(percent(1, 3), Some(33));
        assert_eq!(percent(3, 3), Some(100));
        assert_eq!(percent(0, 5), Some(0));
        assert_eq!(percent(199, 200), Some(99), "99.5 % is not 100 %");
        assert_eq!(percent(0, 0), None, "nothing to find");
        assert_eq!(percent(4, 3), Some(100), "never over 100 %");
        let s = sheet(0, None);
        assert_eq!(
            (s.kill_percent(), s.secret_percent(), s.treasure_percent()),
            (Some(66), Some(100), None)
        );
    }

    #[test]
    fn par_against_time_in_whole_seconds() {
        let tick = u64::from(TICK_RATE);
        // 1:30 par, 61.9 s taken: 61 whole seconds, 29 under.
        let s = sheet(61 * tick + tick * 9 / 10, Some(90));
        assert_eq!(s.seconds_under_par(), 29);
        // One perfect ratio (the secret) and 29 s under par.
        assert_eq!(s.bonus(), 29 * 500 + 10_000);
        // At par and over it: nothing for time.
        assert_eq!(sheet(90 * tick, Some(90)).seconds_under_par(), 0);
        assert_eq!(sheet(200 * tick, Some(90)).seconds_under_par(), 0);
        assert_eq!(sheet(200 * tick, Some(90)).bonus(), 10_000);
        // No par, no time bonus.
        assert_eq!(sheet(tick, None).seconds_under_par(), 0);
    }
}
