//! The player's side of a fight: health, the hitscan weapon, and the
//! flashes the HUD shows for a shot fired and a hit taken, with the
//! directions the last hits came from ([`Wound`]s).

/// Every weapon and health tunable, with its default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CombatTunables {
    /// Health at the start of the map.
    pub health: i32,
    /// Ticks between two shots (held fire repeats at this rate).
    pub refire_ticks: u16,
    /// Damage of a shot: the least, and how much more at most.
    pub damage: (u32, u32),
    /// Ticks the muzzle flash shows after a shot.
    pub flash_ticks: u16,
    /// Ticks of red screen flash per point of damage taken.
    pub hurt_ticks_per_damage: u16,
    /// The longest red flash, ticks.
    pub max_hurt_ticks: u16,
    /// How long the mark of a hit's direction lasts, ticks.
    pub wound_ticks: u16,
}

impl Default for CombatTunables {
    fn default() -> Self {
        Self {
            health: 100,
            refire_ticks: 40,
            damage: (9, 9),
            flash_ticks: 8,
            hurt_ticks_per_damage: 2,
            max_hurt_ticks: 60,
            wound_ticks: 90,
        }
    }
}

/// How many hits' directions are kept at once: a crowd's strikes in one
/// moment; a further hit takes the place of the one nearest its end.
pub const MAX_WOUNDS: usize = 4;

/// The direction a recent hit came from, for the screen's edge to show.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Wound {
    /// The bearing from the player to the hit's source, radians in the
    /// world's angles (0 east, growing south).
    pub bearing: f64,
    /// Ticks left of its mark (0: none).
    pub ticks: u16,
}

/// The player's fighting state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Combat {
    /// Health; at 0 or below the player is dead.
    pub health: i32,
    /// Ticks until the weapon can fire again.
    pub cooldown: u16,
    /// Ticks left of the muzzle flash.
    pub flash: u16,
    /// Ticks left of the red flash of a hit taken.
    pub hurt: u16,
    /// Shots fired since the map started.
    pub shots: u32,
    /// The directions of the last hits taken (outside the state hash:
    /// only the screen reads them).
    pub wounds: [Wound; MAX_WOUNDS],
}

impl Combat {
    /// A fresh player's fighting state.
    pub fn new(t: &CombatTunables) -> Self {
        Self {
            health: t.health,
            cooldown: 0,
            flash: 0,
            hurt: 0,
            shots: 0,
            wounds: [Wound::default(); MAX_WOUNDS],
        }
    }

    /// True while the player lives.
    pub fn alive(&self) -> bool {
        self.health > 0
    }

    /// Runs the clocks one tick; returns true if the trigger (`fire`)
    /// fires a shot this tick.
    pub fn tick(&mut self, fire: bool, t: &CombatTunables) -> bool {
        self.cooldown = self.cooldown.saturating_sub(1);
        self.flash = self.flash.saturating_sub(1);
        self.hurt = self.hurt.saturating_sub(1);
        for w in &mut self.wounds {
            w.ticks = w.ticks.saturating_sub(1);
        }
        if !fire || self.cooldown > 0 || !self.alive() {
            return false;
        }
        self.cooldown = t.refire_ticks;
        self.flash = t.flash_ticks;
        self.shots += 1;
        true
    }

    /// Takes `damage`: health falls and the screen flashes red in
    /// proportion.
    pub fn take(&mut self, damage: u32, t: &CombatTunables) {
        if damage == 0 || !self.alive() {
            return;
        }
        self.health -= damage as i32;
        let flash = (damage as u16).saturating_mul(t.hurt_ticks_per_damage);
        self.hurt = self.hurt.saturating_add(flash).min(t.max_hurt_ticks);
    }

    /// Marks a hit that came from `bearing` (radians, from the player
    /// toward its source) for the next `wound_ticks`, in the place of the
    /// mark nearest its end.
    pub fn wound(&mut self, bearing: f64, t: &CombatTunables) {
        if let Some(slot) = self.wounds.iter_mut().min_by_key(|w| w.ticks) {
            *slot = Wound {
                bearing,
                ticks: t.wound_ticks,
            };
        }
    }

    /// The marks of hits still showing.
    pub fn live_wounds(&self) -> impl Iterator<Item = &Wound> {
        self.wounds.iter().filter(|w| w.ticks > 0)
    }

    /// True when nothing has happened to the player yet: a world in this
    /// state hashes as worlds did before combat existed.
    pub fn at_rest(&self, t: &CombatTunables) -> bool {
        *self == Self::new(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_fire_repeats_at_the_refire_rate() {
        let t = CombatTunables::default();
        let mut c = Combat::new(&t);
        let shots = (0..t.refire_ticks * 3).filter(|_| c.tick(true, &t)).count();
        assert_eq!(shots, 3);
        assert!(!Combat::new(&t).tick(false, &t));
    }

    #[test]
    fn damage_hurts_flashes_and_kills_and_the_dead_do_not_fire() {
        let t = CombatTunables::default();
        let mut c = Combat::new(&t);
        c.take(10, &t);
        assert_eq!(c.health, 90);
        assert_eq!(c.hurt, 20);
        c.take(500, &t);
        assert!(!c.alive());
        assert_eq!(c.hurt, t.max_hurt_ticks);
        assert!(!c.tick(true, &t));
    }

    #[test]
    fn wounds_mark_where_hits_came_from_fade_and_make_room() {
        let t = CombatTunables::default();
        let mut c = Combat::new(&t);
        assert_eq!(c.live_wounds().count(), 0);
        c.wound(1.0, &t);
        c.tick(false, &t);
        assert_eq!(c.live_wounds().count(), 1);
        assert_eq!(c.wounds[0].ticks, t.wound_ticks - 1);
        for b in 2..=MAX_WOUNDS {
            c.wound(b as f64, &t);
        }
        // Full: the next takes the place of the oldest (bearing 1).
        c.wound(9.0, &t);
        let bearings: Vec<f64> = c.live_wounds().map(|w| w.bearing).collect();
        assert_eq!(bearings.len(), MAX_WOUNDS);
        assert!(!bearings.contains(&1.0) && bearings.contains(&9.0));
        for _ in 0..t.wound_ticks {
            c.tick(false, &t);
        }
        assert_eq!(c.live_wounds().count(), 0);
    }
}
