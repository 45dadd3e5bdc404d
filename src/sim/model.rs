//! The walking models the player can use, switchable live.

/// A walking model; all read the same [`Controls`](super::Controls).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Article 000's wobbly polar speed/angle model (the default).
    Polar,
    /// Wolfenstein 3D: no inertia, separate forward and strafe limits.
    Classic,
    /// Quake: friction and acceleration toward a wish direction.
    Quake,
}

impl Model {
    /// Every model, in cycling order.
    pub const ALL: [Model; 3] = [Model::Polar, Model::Classic, Model::Quake];

    /// The name used in settings, recordings and on the HUD.
    pub fn name(self) -> &'static str {
        match self {
            Model::Polar => "polar",
            Model::Classic => "classic",
            Model::Quake => "quake",
        }
    }

    /// The model named `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The next model in cycling order.
    pub fn next(self) -> Self {
        let i = Self::ALL.iter().position(|&m| m == self).expect("listed");
        Self::ALL[(i + 1) % Self::ALL.len()]
    }
}
