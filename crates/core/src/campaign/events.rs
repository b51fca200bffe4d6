//! What happens in a campaign between its battles, as events: the
//! aftermath screen, the chronicle, campaign replays and tests read them.
//! Members are named by id.

use serde::{Deserialize, Serialize};

use crate::rules::advancement::DeedValues;
use crate::rules::aftermath::{Lasting, SideResult, Week};
use crate::rules::injury::Injury;

/// What a magical healing was spent on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MagicUse {
    SavedTheDying,
    WokeFromComa,
    HealedWound(Injury),
    StoppedBleeding(Injury),
}

/// One deed, with what earned it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deed {
    /// Put this foe (by its name) out of action or killed it.
    PutDown { foe: String },
    /// Fell in the battle and lived.
    WoundsSurvived,
    /// Left the table by its edge.
    Escaped,
    /// Still on its feet on a field its side won.
    HeldTheField,
    /// Fought and won the battle that freed the captured.
    Rescued,
}

impl Deed {
    /// What the deed is worth.
    pub fn worth(&self, values: &DeedValues) -> u8 {
        match self {
            Self::PutDown { .. } => values.foe_put_down,
            Self::WoundsSurvived => values.wounds_survived,
            Self::Escaped => values.escaped,
            Self::HeldTheField => values.held_the_field,
            Self::Rescued => values.rescued,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CampaignEvent {
    BattleFought {
        battle: String,
        result: SideResult,
    },
    /// A warband's result in a campaign for two, where each has its own
    /// (in place of [`CampaignEvent::BattleFought`]); its aftermath follows.
    FoughtFor {
        battle: String,
        /// The warband's name.
        warband: String,
        result: SideResult,
    },
    /// Out of action, carried off the field by its own side.
    Recovered {
        member: String,
    },
    Captured {
        member: String,
    },
    LeftBehind {
        member: String,
    },
    Dying {
        member: String,
    },
    MagicSpent {
        member: String,
        on: MagicUse,
    },
    /// A trained healer tends the dying at the battle's end.
    Tended {
        member: String,
        dice: Vec<u8>,
        saved: bool,
    },
    DeathRoll {
        member: String,
        dice: Vec<u8>,
        survived: bool,
    },
    FellIntoComa {
        member: String,
    },
    Died {
        member: String,
    },
    /// An injury taken in the battle stays with the member.
    WoundLasts {
        member: String,
        injury: Injury,
        lasting: Lasting,
    },
    /// First aid at the battle's end made whole the one rank lost.
    FirstAid {
        member: String,
    },
    /// Physical ranks the member carries out of the battle.
    RanksLost {
        member: String,
        ranks: u8,
    },
    /// Foes a member put out of the fight: written by the game before
    /// deeds (RULES section 42) named each one; kept so older saves read.
    FoesDefeated {
        member: String,
        count: u32,
    },
    /// A deed done in the battle, and the deeds it earned.
    DeedDone {
        member: String,
        deed: Deed,
        worth: u8,
    },
    /// The weapons and shields taken from a won field into the stash (by
    /// name), how many were left for want of room, and the coin found.
    Spoils {
        taken: Vec<String>,
        left: u32,
        #[serde(default, skip_serializing_if = "is_zero")]
        coin: u32,
    },
    /// A thing bought at a town's market for the stash (by name).
    Bought {
        item: String,
        coin: u32,
    },
    /// A thing from the stash sold at a town's market (by name).
    Sold {
        item: String,
        coin: u32,
    },
    /// A thing from the stash given to a member (by name).
    GearGiven {
        member: String,
        item: String,
    },
    /// A weapon a member carried, put into the stash (by name).
    GearStowed {
        member: String,
        item: String,
    },
    /// An advance taken between battles (its name in the data).
    Advanced {
        member: String,
        advance: String,
    },
    /// A rescue frees a captured member.
    Freed {
        member: String,
    },
    Recruited {
        member: String,
    },
    /// A recruit chosen who could not join: the warband was at its cap.
    NoRoom {
        member: String,
        cap: u8,
    },
    /// A captured foe let go; foes are named by their names.
    CaptiveReleased {
        name: String,
    },
    /// A captured foe given back for a member the enemy held.
    CaptiveExchanged {
        name: String,
        freed: String,
    },
    /// A captured foe given back for coin.
    CaptiveRansomed {
        name: String,
        coin: u32,
    },
    /// A captured foe taken into the warband, as this new member.
    CaptiveJoined {
        member: String,
    },
    /// The road the warband took after a battle, and the town on it.
    RoadTaken {
        road: String,
        town: Option<String>,
    },
    WeekBegan {
        week: u32,
        conditions: Week,
        /// A week of rest the player chose to take.
        chosen: bool,
    },
    /// An open bleeder on a week of travel: a BODY roll or a rank lost.
    Bled {
        member: String,
        dice: Vec<u8>,
        held: bool,
    },
    BleedingStopped {
        member: String,
        injury: Injury,
    },
    HealingRoll {
        member: String,
        dice: Vec<u8>,
        passed: bool,
    },
    Healed {
        member: String,
        ranks: u8,
    },
    InjuryHealed {
        member: String,
        injury: Injury,
    },
    WakeRoll {
        member: String,
        dice: Vec<u8>,
        woke: bool,
    },
    /// A captured member's try to escape, made each week.
    EscapeRoll {
        member: String,
        dice: Vec<u8>,
        escaped: bool,
    },
    CampaignEnded {
        won: bool,
    },
}

impl CampaignEvent {
    /// The coin the event brings the warband: what the spoils held, a
    /// ransom paid.
    pub fn coin_found(&self) -> u32 {
        match self {
            Self::Spoils { coin, .. } | Self::CaptiveRansomed { coin, .. } => *coin,
            _ => 0,
        }
    }
}

/// For serde: a count of nothing is left out.
pub(super) fn is_zero(n: &u32) -> bool {
    *n == 0
}
