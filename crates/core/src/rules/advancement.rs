//! Advancement between battles: the deeds a member earns in battle and the
//! advances they buy (docs/RULES.md section 42, the game's own extension:
//! the seed has no experience). The numbers and the list of advances are
//! the `advancement` part of `aftermath.ron`.

use serde::{Deserialize, Serialize};

use super::injury::{Injury, InjuryEffect};
use crate::vocabulary::Defence;

/// The seed's range of a rank.
pub const MOST_RANK: u8 = 9;
/// The seed's normal most dice in a roll; an Advantage may pass it by one
/// for action dice.
pub const MOST_SKILL_DICE: u8 = 6;
pub const MOST_ACTION_DICE: u8 = 7;

/// `advancement` in `aftermath.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advancement {
    /// What each kind of deed is worth.
    pub deeds: DeedValues,
    /// Deeds an advance costs: a hero's, then a follower's.
    pub cost: ByRank,
    /// The advances on offer, in the order an AI commander prefers them.
    pub advances: Vec<AdvanceRule>,
}

/// Deeds earned, by what a member did in a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeedValues {
    /// Each foe it put out of action or killed (the last to strike it).
    pub foe_put_down: u8,
    /// Fell (out of action or dying) and lived.
    pub wounds_survived: u8,
    /// Left the table by its edge as the battle asked.
    pub escaped: u8,
    /// Still standing on a field its side won.
    pub held_the_field: u8,
    /// Fought and won a battle that freed the captured.
    pub rescued: u8,
}

/// A number for heroes and one for followers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByRank {
    pub hero: u8,
    pub follower: u8,
}

impl ByRank {
    pub fn of(self, hero: bool) -> u8 {
        if hero { self.hero } else { self.follower }
    }
}

/// One advance a member may choose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdvanceRule {
    /// Unique in the list; saves and records name the advance by it.
    pub id: String,
    /// The player's word for it.
    pub name: String,
    pub gain: Gain,
    /// The most the advance may bring the member to (a rank, a skill's
    /// dice, action dice); for a feat, 1 to allow it and 0 not to. The
    /// hero's, then the follower's: 0 closes it to them.
    pub limit: ByRank,
    /// Lasting injuries that close it while the member carries them.
    #[serde(default)]
    pub closed_by: Vec<InjuryEffect>,
}

/// What an advance gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gain {
    /// One physical rank.
    Physical,
    /// One mental rank.
    Mental,
    /// One attack die (the weapon skill).
    Attack,
    /// One die of a defence skill; Block only for one carrying a shield.
    Defence(Defence),
    /// An Advantage: one more action die (rolled dice only).
    ActionDie,
    Feat(Feat),
}

/// Feats an advance may give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Feat {
    Heroic,
    Wrestler,
    DualWield,
    ParriesMissiles,
}

/// Why a member may not take an advance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Closed {
    /// Closed to heroes or to followers by the data.
    NotFor { hero: bool },
    /// At its limit already.
    AtLimit(u8),
    /// Has the feat already.
    Had,
    /// Block without a shield; action dice for a fixed list.
    CannotUse,
    /// Carries this lasting injury.
    Injured(Injury),
}

impl Closed {
    pub fn words(&self) -> String {
        match self {
            Self::NotFor { hero: true } => "not open to heroes".into(),
            Self::NotFor { hero: false } => "heroes only".into(),
            Self::AtLimit(n) => format!("already at {n}, the most it may reach"),
            Self::Had => "already has it".into(),
            Self::CannotUse => "cannot use it (Block needs a shield)".into(),
            Self::Injured(injury) => format!(
                "closed by a lasting injury: {} ({})",
                injury.effect.name(),
                injury.location.name()
            ),
        }
    }
}

impl Gain {
    /// The player's word for what it raises.
    pub fn words(self) -> &'static str {
        match self {
            Self::Physical => "Physical rank",
            Self::Mental => "Mental rank",
            Self::Attack => "Attack dice",
            Self::Defence(Defence::Block) => "Block dice",
            Self::Defence(Defence::Parry) => "Parry dice",
            Self::Defence(Defence::Dodge) => "Dodge dice",
            Self::ActionDie => "Action dice",
            Self::Feat(Feat::Heroic) => "Heroic",
            Self::Feat(Feat::Wrestler) => "Wrestler",
            Self::Feat(Feat::DualWield) => "Fights with two weapons",
            Self::Feat(Feat::ParriesMissiles) => "Parries missiles",
        }
    }
}

/// Problems in the advancement data, each in words.
pub fn check_advancement(advancement: &Advancement) -> Vec<String> {
    let mut problems = Vec::new();
    if advancement.cost.hero == 0 || advancement.cost.follower == 0 {
        problems.push("an advance must cost at least one deed".to_string());
    }
    for (n, advance) in advancement.advances.iter().enumerate() {
        if advancement.advances[..n].iter().any(|a| a.id == advance.id) {
            problems.push(format!("advance \"{}\" is listed twice", advance.id));
        }
        let plain = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_';
        if advance.id.is_empty() || !advance.id.chars().all(plain) {
            problems.push(format!(
                "advance \"{}\": an id is lowercase letters, digits and _",
                advance.id
            ));
        }
        if let Some(problem) =
            crate::names::name_problem(&advance.name, crate::names::MOST_NAME_CHARS)
        {
            problems.push(format!("advance \"{}\": its name {problem}", advance.id));
        }
        let most = match advance.gain {
            Gain::Physical | Gain::Mental => MOST_RANK,
            Gain::ActionDie => MOST_ACTION_DICE,
            Gain::Feat(_) => 1,
            Gain::Attack | Gain::Defence(_) => MOST_SKILL_DICE,
        };
        for limit in [advance.limit.hero, advance.limit.follower] {
            if limit > most {
                problems.push(format!(
                    "advance \"{}\": its limit {limit} is over {most}, the most the rules allow",
                    advance.id
                ));
            }
        }
    }
    problems
}
