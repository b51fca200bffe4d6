//! Gear between battles (docs/RULES.md section 43, the game's own
//! extension): what a won field leaves and what a member may carry. The
//! numbers are the `gear` part of `aftermath.ron`.

use serde::{Deserialize, Serialize};

use crate::vocabulary::WeightClass;

/// `gear` in `aftermath.ron`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearRules {
    /// The most weapons a member carries (natural weapons and its shield
    /// not counted).
    pub most_weapons: u8,
    /// Weapons of this class and heavier need a member of `big_size` or
    /// more.
    pub big_class: WeightClass,
    pub big_size: u8,
    /// The most things the stash holds; spoils past it are left on the
    /// field.
    pub most_in_stash: u8,
}
