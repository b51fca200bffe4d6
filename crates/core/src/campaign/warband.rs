//! The warband as it stands between battles: each member's wounds, lasting
//! injuries, whereabouts and record.

use serde::{Deserialize, Serialize};

use super::format::MemberSpec;
use crate::rules::injury::Injury;

/// Where a member is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Whereabouts {
    WithWarband,
    /// In the enemy's hands until a rescue battle is won.
    Captured,
    /// A follower scattered from a lost field: gone from the warband.
    LeftBehind,
    Dead,
}

/// An injury a member carries from battle to battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastingWound {
    pub injury: Injury,
    /// Healing weeks still needed; `None` when only magic heals it.
    pub weeks_left: Option<u8>,
    /// A bleeder not yet stopped.
    pub bleeding: bool,
}

/// One member of the warband and everything it carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Member {
    pub spec: MemberSpec,
    pub whereabouts: Whereabouts,
    /// Physical ranks lost and not yet healed.
    pub ranks_lost: u8,
    pub wounds: Vec<LastingWound>,
    /// In a coma: cannot fight until it wakes.
    pub coma: bool,
    pub battles: u32,
    pub foes_defeated: u32,
    /// Weeks spent healing, over the whole campaign.
    pub weeks_healing: u32,
}

/// How a member stands, in a player's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Standing {
    Ready,
    Wounded,
    InComa,
    Captured,
    LeftBehind,
    Dead,
}

impl Standing {
    pub fn words(self) -> &'static str {
        match self {
            Self::Ready => "Ready",
            Self::Wounded => "Wounded",
            Self::InComa => "In a coma",
            Self::Captured => "Captured",
            Self::LeftBehind => "Left behind",
            Self::Dead => "Dead",
        }
    }
}

impl Member {
    pub fn new(spec: MemberSpec) -> Self {
        Self {
            spec,
            whereabouts: Whereabouts::WithWarband,
            ranks_lost: 0,
            wounds: Vec::new(),
            coma: false,
            battles: 0,
            foes_defeated: 0,
            weeks_healing: 0,
        }
    }

    pub fn standing(&self) -> Standing {
        match self.whereabouts {
            Whereabouts::Captured => Standing::Captured,
            Whereabouts::LeftBehind => Standing::LeftBehind,
            Whereabouts::Dead => Standing::Dead,
            Whereabouts::WithWarband if self.coma => Standing::InComa,
            Whereabouts::WithWarband if self.hurt() => Standing::Wounded,
            Whereabouts::WithWarband => Standing::Ready,
        }
    }

    /// Carries ranks lost or an injury.
    pub fn hurt(&self) -> bool {
        self.ranks_lost > 0 || !self.wounds.is_empty()
    }

    /// With the warband, awake, and with `physical` real ranks not all lost.
    pub fn can_fight(&self, physical: i8) -> bool {
        self.whereabouts == Whereabouts::WithWarband
            && !self.coma
            && i32::from(self.ranks_lost) < i32::from(physical)
    }

    /// Counts the member in the warband's numbers (against its cap).
    pub fn counts(&self) -> bool {
        matches!(
            self.whereabouts,
            Whereabouts::WithWarband | Whereabouts::Captured
        )
    }

    /// The injuries in force in its next battle.
    pub fn injuries(&self) -> Vec<Injury> {
        self.wounds.iter().map(|w| w.injury).collect()
    }
}
