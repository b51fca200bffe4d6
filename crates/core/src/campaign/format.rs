//! The campaign format (`campaigns/*.ron`): a warband, the battles it
//! fights, the way on after each, and the weeks between them. The format is
//! written up in docs/CAMPAIGNS.md.

use serde::{Deserialize, Serialize};

use crate::level::{Level, UnitOverrides};
use crate::rules::aftermath::Week;

/// One campaign file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub name: String,
    /// The story so far, shown when the campaign is chosen.
    #[serde(default)]
    pub about: String,
    pub warband: Warband,
    /// The second player's warband, in a campaign for two at one table:
    /// every battle then names where it fights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rival: Option<Warband>,
    /// The battle the campaign opens with.
    pub start: String,
    pub battles: Vec<CampaignBattle>,
    /// The campaign's seed, unless the player gives one.
    #[serde(default)]
    pub seed: Option<u64>,
}

impl Campaign {
    pub fn battle(&self, id: &str) -> Option<&CampaignBattle> {
        self.battles.iter().find(|b| b.id == id)
    }

    /// The warband of `band`, if the campaign has it.
    pub fn warband_of(&self, band: Band) -> Option<&Warband> {
        match band {
            Band::Warband => Some(&self.warband),
            Band::Rival => self.rival.as_ref(),
        }
    }

    /// The warbands the campaign has: one, or two in a campaign for two.
    pub fn bands(&self) -> Vec<Band> {
        match self.rival {
            Some(_) => vec![Band::Warband, Band::Rival],
            None => vec![Band::Warband],
        }
    }
}

/// One of a campaign's warbands: the first player's, or the second's in a
/// campaign for two.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Band {
    #[default]
    Warband,
    Rival,
}

impl Band {
    /// The first warband: what a step written without a band is for.
    pub fn is_first(&self) -> bool {
        *self == Self::Warband
    }
}

/// The player's warband as the campaign opens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Warband {
    pub name: String,
    /// The most members the warband may hold.
    pub cap: u8,
    pub roster: Vec<MemberSpec>,
}

/// A member of the warband: a creature template with the level format's
/// overrides, and optionally a mount.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemberSpec {
    /// Unique among the campaign's members, recruits and level units.
    pub id: String,
    pub name: String,
    pub template: String,
    #[serde(default)]
    pub overrides: UnitOverrides,
    /// The template of the mount it rides into battle.
    #[serde(default)]
    pub mount: Option<String>,
    /// The armour it wears in place of its template's (a piece of
    /// `armour.ron`), given from the stash or by the campaign.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worn: Option<String>,
}

/// Where a campaign battle's level comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum LevelSource {
    /// A level file, relative to the campaign's folder.
    File(String),
    /// A whole level written into the campaign.
    Inline(Box<Level>),
}

/// What follows a battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WayOn {
    /// On to this battle.
    Battle(String),
    /// The campaign ends, won.
    Won,
    /// The campaign ends, lost.
    Lost,
}

fn lost() -> WayOn {
    WayOn::Lost
}

/// One battle of the campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignBattle {
    /// Unique among the campaign's battles; the way on names battles by it.
    pub id: String,
    pub level: LevelSource,
    /// The level side the warband fights as.
    pub side: String,
    /// The most members who may take the field.
    pub slots: u8,
    /// Level units of `side` the members stand in for, in order. Places no
    /// member fills are left empty: those units stay out of the battle.
    pub places: Vec<String>,
    /// The story before the battle, shown above the level's own briefing.
    #[serde(default)]
    pub briefing: String,
    pub victory: WayOn,
    #[serde(default = "lost")]
    pub defeat: WayOn,
    #[serde(default = "lost")]
    pub draw: WayOn,
    /// Winning this battle frees every captured member.
    #[serde(default)]
    pub rescue: bool,
    /// The weeks after this battle, before the next.
    #[serde(default)]
    pub after: Between,
    /// Who may join the warband after a victory here.
    #[serde(default)]
    pub recruits: Vec<MemberSpec>,
    /// Foes the warband may capture here, and what it may do with them.
    #[serde(default, skip_serializing_if = "Captives::is_none")]
    pub captives: Captives,
    /// Where the second player's warband fights, in a campaign for two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rival: Option<RivalField>,
    /// The roads the player chooses between after this battle, when its
    /// result leads on to another: each with its own weeks (the first is
    /// the default). None: the weeks of `after`, on to the result's battle.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roads: Vec<Road>,
    /// Where the battle lies on the campaign's map: across and down, each
    /// from 0 to 1. Battles without one are left off the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<(f32, f32)>,
}

/// A way on after a battle, chosen by the player (RULES section 44).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Road {
    pub name: String,
    /// What the road is like, shown when it is chosen.
    #[serde(default)]
    pub briefing: String,
    /// The battle it leads to; none: the one the result leads to.
    #[serde(default)]
    pub to: Option<String>,
    /// The weeks on this road, in place of the battle's `after`.
    pub after: Between,
    /// A town on the road, where the warband rests, heals and trades.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub town: Option<Town>,
}

/// A town on a road, shown on the map, and what its market sells (RULES
/// section 45): weapon and shield ids; none, no market.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Town {
    pub name: String,
    pub at: (f32, f32),
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub market: Vec<String>,
}

impl CampaignBattle {
    /// The weeks after the battle and where they lead, by the `road`
    /// chosen (RULES section 44), or its own `after` when it offers none.
    pub fn by_road(&self, next: &WayOn, road: Option<usize>) -> (Between, WayOn) {
        match (next, road.and_then(|r| self.roads.get(r))) {
            (WayOn::Battle(_), Some(road)) => {
                let to = road.to.clone().map_or_else(|| next.clone(), WayOn::Battle);
                (road.after, to)
            }
            _ => (self.after, next.clone()),
        }
    }

    /// The battle as `band` fights it: its side, places and recruits, and
    /// the other warband's part as its `rival` (the rest is the same for
    /// both). `None` for a band with no part in it.
    pub fn as_fought_by(&self, band: Band) -> Option<CampaignBattle> {
        match band {
            Band::Warband => Some(self.clone()),
            // Seen from the rival's side, the first warband is its rival.
            Band::Rival => {
                let rival = self.rival.as_ref()?;
                Some(CampaignBattle {
                    side: rival.side.clone(),
                    slots: rival.slots,
                    places: rival.places.clone(),
                    recruits: rival.recruits.clone(),
                    rival: Some(RivalField {
                        side: self.side.clone(),
                        slots: self.slots,
                        places: self.places.clone(),
                        recruits: self.recruits.clone(),
                    }),
                    ..self.clone()
                })
            }
        }
    }
}

/// The second warband's part in a battle of a campaign for two. The way on
/// follows the first warband's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RivalField {
    pub side: String,
    pub slots: u8,
    pub places: Vec<String>,
    #[serde(default)]
    pub recruits: Vec<MemberSpec>,
}

/// Foes taken on a field the warband won: the foe heroes out of action,
/// and any others the campaign names.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Captives {
    /// The fates the player may choose from; none, and no captives are taken.
    pub fates: Vec<CaptiveFate>,
    /// Level units of the other sides taken like heroes when they fall.
    pub foes: Vec<String>,
}

impl Captives {
    pub fn is_none(&self) -> bool {
        self.fates.is_empty() && self.foes.is_empty()
    }
}

/// The fate of a foe hero captured on a field the warband won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CaptiveFate {
    /// Let go.
    Release,
    /// Given back for a member of the warband held by the enemy.
    Exchange,
    /// Taken into the warband, while it is under its cap.
    Join,
    /// Given back for coin (RULES section 45).
    Ransom,
}

impl CaptiveFate {
    pub const ALL: [Self; 4] = [Self::Release, Self::Exchange, Self::Join, Self::Ransom];

    pub fn words(self) -> &'static str {
        match self {
            Self::Release => "Let go",
            Self::Exchange => "Exchange",
            Self::Join => "Join the warband",
            Self::Ransom => "Ransom",
        }
    }
}

/// The time between two battles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Between {
    /// Weeks that must pass.
    pub weeks: u8,
    /// What each of those weeks has.
    pub week: Week,
    /// More weeks of rest (food, water, no travel) the player may take
    /// before marching on.
    pub rest_weeks: u8,
    /// Dice of the Healing roll of a trained healer with the warband, if one is.
    pub healer: Option<u8>,
    /// Magical healings the warband can call on in this time.
    pub magic: u8,
}

impl Default for Between {
    fn default() -> Self {
        Self {
            weeks: 1,
            week: Week {
                food: true,
                water: true,
                travel: true,
            },
            rest_weeks: 0,
            healer: None,
            magic: 0,
        }
    }
}
