//! The warband as it stands between battles: each member's wounds, lasting
//! injuries, whereabouts and record.

use serde::{Deserialize, Serialize};

use super::format::MemberSpec;
use super::gains::apply_gain;
use crate::data::{ArmourPiece, CreatureTemplate, Ruleset};
use crate::level::{UnitOverrides, apply_overrides};
use crate::rules::advancement::Gain;
use crate::rules::injury::Injury;
use crate::vocabulary::Defence;

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
    /// Deeds earned over the whole campaign (RULES section 42).
    #[serde(default)]
    pub deeds: u32,
    /// Advances taken, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advances: Vec<Advanced>,
}

/// An advance a member took: its id in the data and what it gave, kept
/// whole so a later change of the data leaves the member as it stood.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advanced {
    pub id: String,
    pub name: String,
    pub gain: Gain,
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
            deeds: 0,
            advances: Vec::new(),
        }
    }

    /// The member as it takes the field: its template with the campaign's
    /// overrides and every advance taken; `None` for an unknown template.
    pub fn template(&self, ruleset: &Ruleset) -> Option<CreatureTemplate> {
        self.advanced(ruleset).map(|(template, _)| template)
    }

    /// The overrides that make the member of its template, advances
    /// included (its own overrides when the template is unknown).
    pub fn overrides(&self, ruleset: &Ruleset) -> UnitOverrides {
        self.advanced(ruleset)
            .map_or_else(|| self.spec.overrides.clone(), |(_, overrides)| overrides)
    }

    fn advanced(&self, ruleset: &Ruleset) -> Option<(CreatureTemplate, UnitOverrides)> {
        let mut template = ruleset.creatures.get(&self.spec.template)?.clone();
        apply_overrides(&mut template, &self.spec.overrides);
        let mut overrides = self.spec.overrides.clone();
        if let Some(piece) = self
            .spec
            .worn
            .as_ref()
            .and_then(|id| ruleset.armour.pieces.get(id))
        {
            wear(
                piece,
                &self.spec.template,
                ruleset,
                (&mut template, &mut overrides),
            );
        }
        for advance in &self.advances {
            apply_gain(&mut template, &mut overrides, advance.gain);
        }
        Some((template, overrides))
    }

    /// The armour it wears: the piece given to it, or its template's (id).
    pub fn worn(&self, ruleset: &Ruleset) -> Option<String> {
        if let Some(id) = &self.spec.worn {
            return Some(id.clone());
        }
        let template = ruleset.creatures.get(&self.spec.template)?;
        let armour = self.spec.overrides.armour.unwrap_or(template.armour);
        let (id, _) = ruleset.armour.worn_by(&self.spec.template, armour)?;
        Some(id.clone())
    }

    /// A hero by its template and the campaign's overrides (an advance to
    /// Heroic makes a follower fight as one, but it advances as a follower).
    pub fn is_hero(&self, ruleset: &Ruleset) -> bool {
        ruleset
            .creatures
            .get(&self.spec.template)
            .is_some_and(|t| self.spec.overrides.heroic.unwrap_or(t.heroic))
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

/// Puts `piece` on a member of template `template_id` in place of the
/// template's own piece: its armour and the Dodge dice it costs
/// (RULES section 43).
fn wear(
    piece: &ArmourPiece,
    template_id: &str,
    ruleset: &Ruleset,
    (template, overrides): (&mut CreatureTemplate, &mut UnitOverrides),
) {
    let (own_armour, own_hinders) = ruleset
        .armour
        .worn_by(template_id, template.armour)
        .map_or((0, 0), |(_, own)| (own.armour, own.hinders));
    template.armour = template
        .armour
        .saturating_sub(own_armour)
        .saturating_add(piece.armour);
    overrides.armour = Some(template.armour);
    if let Some(dodge) = template.defences.get(&Defence::Dodge).copied() {
        let dodge = dodge
            .saturating_add(own_hinders)
            .saturating_sub(piece.hinders);
        if dodge == 0 {
            template.defences.remove(&Defence::Dodge);
        } else {
            template.defences.insert(Defence::Dodge, dodge);
        }
        overrides.defences = Some(template.defences.clone());
    }
}
