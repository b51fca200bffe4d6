//! Each battle event in words, with the display names of its combatants,
//! sides, weapons and spells: one part a kind of event, each event sent to
//! its own part by a match the compiler holds to every event.

mod blows;
mod close;
mod defences;
mod flight;
mod mounts;
mod ranks;
mod turns;
mod wounds;

use super::Names;
use crate::battle::events::BattleEvent;

pub(super) struct Narrated<'a>(pub &'a BattleEvent, pub &'a Names<'a>);

impl std::fmt::Display for Narrated<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use BattleEvent::*;
        let Narrated(event, names) = self;
        match event {
            BattleStarted { .. }
            | Surprise { .. }
            | SurpriseOver
            | RoundStarted { .. }
            | ActionDiceRolled { .. }
            | NoActionDice { .. }
            | DicePaid { .. }
            | Held { .. }
            | Passed { .. }
            | EffortSpent { .. }
            | RankRestored { .. }
            | WoundsChosen { .. }
            | DieRaised { .. }
            | Moved { .. }
            | Charged { .. }
            | Withdrew { .. }
            | JoinedGroup { .. }
            | LeftGroup { .. }
            | DragRolled { .. }
            | StatusChanged { .. }
            | LeftTable { .. } => turns::narrate(event, names, f),
            AttackRolled { .. }
            | Missed { .. }
            | Exposed { .. }
            | Fumbled { .. }
            | Damaged { .. }
            | DamageStopped { .. }
            | StateTaken { .. }
            | RankLost { .. }
            | Trauma { .. }
            | KillingBlow { .. }
            | MassiveDamage { .. }
            | OutOfAction { .. }
            | BodyRoll { .. }
            | Killed { .. }
            | RecoveryRoll { .. }
            | StateCleared { .. }
            | ActionLost { .. }
            | RefreshCalled { .. }
            | DieKept { .. }
            | SideTurnBegan { .. }
            | ReadinessRoll { .. }
            | SidePassed { .. }
            | MoraleRoll { .. }
            | InitiativeRolled { .. }
            | OutOfTurnRoll { .. }
            | AttackForestalled { .. }
            | DexStepBegan { .. }
            | IntentDeclared { .. }
            | Surrendered { .. }
            | FightsOn { .. }
            | RoundClosed { .. }
            | ZoneHeld { .. }
            | BattleEnded { .. } => blows::narrate(event, names, f),
            AttackDeclared { .. }
            | DefenceRolled { .. }
            | Dodged { .. }
            | Parried { .. }
            | Blocked { .. }
            | BlockOverwhelmed { .. }
            | DefencePool { .. }
            | DefencePoolLost { .. } => defences::narrate(event, names, f),
            MentalRankLost { .. }
            | Crossover { .. }
            | CrossoverRegained { .. }
            | RankHeld { .. }
            | ActionPoolBuilt { .. }
            | ActionPoolLost { .. }
            | AimUsed { .. }
            | SpellDeclared { .. }
            | SpellCast { .. }
            | BonusRanks { .. }
            | Squashed { .. }
            | Riposte { .. } => ranks::narrate(event, names, f),
            Injured { .. }
            | InjuryRoll { .. }
            | DiceBurned { .. }
            | DiceDiscarded { .. }
            | Bleeding { .. }
            | FootingRoll { .. }
            | FatigueRoll { .. }
            | FellProne { .. }
            | StoodUp { .. }
            | Dropped { .. }
            | MentalDamage { .. }
            | Panicked { .. }
            | Crushed { .. }
            | RallyRoll { .. }
            | Rallied { .. } => wounds::narrate(event, names, f),
            Intercepted { .. }
            | TookCover { .. }
            | FollowUp { .. }
            | ClosedIn { .. }
            | WrestleRoll { .. }
            | HoldTaken { .. }
            | HoldReleased { .. }
            | SubdualDamage { .. }
            | Subdued { .. }
            | Yielded { .. }
            | OpportunityAttack { .. }
            | Special { .. }
            | Resisted { .. }
            | WeaponBroken { .. }
            | ActionDieLost { .. }
            | ArmourRemoved { .. }
            | KnockedBack { .. }
            | Hamstrung { .. } => close::narrate(event, names, f),
            FearTest { .. }
            | Flew { .. }
            | Hovering { .. }
            | TookOff { .. }
            | Landed { .. }
            | Fell { .. }
            | StruckFlyer { .. } => flight::narrate(event, names, f),
            Drove { .. }
            | DrivingRoll { .. }
            | TurnMissed { .. }
            | Balked { .. }
            | Overturned { .. }
            | AtTheFront { .. }
            | Mounted { .. }
            | Dismounted { .. }
            | RidingRoll { .. }
            | Galloped { .. }
            | WarbandWeakened { .. }
            | WarbandRouted { .. } => mounts::narrate(event, names, f),
        }
    }
}
