//! A course's checkpoints and finish as the player sees them: beacons in
//! the world (`sprites`) and marks on the minimap (`hud`), each looking as
//! it comes against the run's next checkpoint ([`BeaconLook`]).

/// How a checkpoint's beacon looks, by where it comes against the run's
/// next checkpoint: the same five on the minimap and in the world. Each
/// one's frame in the beacon sheet (`assets/sprites/beacon.png`, made by
/// `examples/gen_sprites.rs`) is its place in this list, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BeaconLook {
    /// Passed (or skipped): dim.
    Passed,
    /// The next to take: bright.
    Next,
    /// Still to come after the next.
    Ahead,
    /// The finish, with checkpoints still to take.
    Finish,
    /// The finish, every checkpoint taken: the next to take.
    FinishNext,
}

impl BeaconLook {
    /// The look of the checkpoint at index `i` of a course whose finish is
    /// at index `last`, when the next to take is at index `next`.
    pub(super) fn of(i: usize, last: usize, next: usize) -> Self {
        match (i == last, i.cmp(&next)) {
            (true, std::cmp::Ordering::Equal) => BeaconLook::FinishNext,
            (true, _) => BeaconLook::Finish,
            (false, std::cmp::Ordering::Less) => BeaconLook::Passed,
            (false, std::cmp::Ordering::Equal) => BeaconLook::Next,
            (false, std::cmp::Ordering::Greater) => BeaconLook::Ahead,
        }
    }

    /// Its colour on the minimap, as the beacon's art has it.
    pub(super) fn colour(self) -> [u8; 3] {
        match self {
            BeaconLook::Passed => [90, 90, 100],
            BeaconLook::Next => [255, 230, 60],
            BeaconLook::Ahead => [70, 170, 255],
            BeaconLook::Finish => [40, 150, 80],
            BeaconLook::FinishNext => [90, 255, 140],
        }
    }
}
