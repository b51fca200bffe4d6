//! The rule behind each event and each refusal (by its name in the rules
//! text, so both lead to the same entry of the rules reference), and the
//! combatants and dice an event shows.

use super::Names;
use crate::battle::command::RuleError;
use crate::battle::events::BattleEvent;
use crate::vocabulary::Sequence;

impl RuleError {
    /// The rule (by its name in the rules text) that refuses the order: the
    /// same names as [`BattleEvent::rule`], so a refusal leads to the same
    /// entry of the rules reference as a log line.
    pub fn rule(&self) -> &'static str {
        use RuleError::*;
        match self {
            BattleOver => "Victory",
            UnknownUnit { .. } => "Sequence of play",
            NotYourTurn { sequence, .. } if !sequence.is_countdown() => "Sequences of play",
            NoTurnOpen | NotYourTurn { .. } | AlreadyHolding | LastOptionNow => "Countdown",
            SameActionTwice { .. }
            | NothingToWaitFor
            | AlreadyMoved
            | ActionTaken
            | TurnSpent
            | NoReactionsLeft
            | NotOutOfTurn
            | NotThisStep { .. }
            | NoCauseToSurrender => "Sequences of play",
            NotInAction { .. } => "Out of action",
            CannotPay { .. } => "Paying for actions",
            NoSuchWeapon { .. }
            | NoUsableWeapon { .. }
            | NotAnEnemy { .. }
            | TargetGone { .. }
            | NotInSameZone { .. }
            | OutOfRange { .. }
            | ReachWeaponInContact
            | MissileWhileInContact
            | ShieldDoesNotStrike
            | NoMissileWeapon => "Attacks",
            NotAFriend { .. }
            | NotInContact
            | NotInFriendlyGroup
            | AlreadyInGroup
            | NotInSameMelee { .. } => "Zones and groups",
            NotAdjacent { .. }
            | AlreadyThere { .. }
            | OffTheMap { .. }
            | Impassable { .. }
            | WithdrawFirst
            | NotAtEdge { .. }
            | NoEscapeOverEdge { .. } => "Movement",
            NoOneToSpend | EffortAlreadySpent => "Using a 1",
            NotInState | NothingToRecover => "States",
            OnlyAtRefresh => "Refresh",
            AnswerTheAttack { .. } | NoAttackToAnswer | CannotDefend { .. } => "Defences",
            NoDefencePool | DefencePoolFull => "Pools",
            PoolAlreadyStarted | UnknownSpell { .. } | NoSpellPrepared => "Action pools",
            Swarm { .. } => "Level 0",
            Prone => "Prone",
            MustFlee { .. } => "Panicked",
            Crushed => "Crushed",
            TacticNeedsMelee => "Special tactics",
            NotAnOutsider { .. }
            | NotInClose
            | AlreadyInClose
            | OnlyTheCloseOpponent
            | NotAnInCloseWeapon
            | HeldFast
            | NotAWrestler
            | TooBigToHold
            | NoHold
            | NotHeld
            | AlreadyHeld
            | AlreadyDown => "InClose",
            NotAFlyer
            | Airborne { .. }
            | UseFly
            | NotInTheAir
            | AlreadyLanded
            | NoRoute { .. }
            | MustMoveToFly => "Flying",
            TeamMovesByDriver | UntrainedTeam | NotTheDriver | ChariotOverturned
            | ThroughTheFront | NotAtTheFront => "Chariots",
            Riding | AtFullSpeed | NotAMount | NoRoom | NotAboard | AlreadyAboard => {
                "Mounted combat"
            }
        }
    }

    /// The refusal in words for players, combatants, weapons and spells by
    /// their display names.
    pub fn narrate(&self, names: &Names) -> String {
        use RuleError::*;
        let unit = |id: &String| names.unit(id);
        match self.clone() {
            NotYourTurn {
                unit: id,
                may_act,
                sequence,
            } => NotYourTurn {
                unit: unit(&id),
                may_act: may_act.iter().map(unit).collect(),
                sequence,
            },
            NotInAction { unit: id } => NotInAction { unit: unit(&id) },
            NotAnEnemy { unit: id } => NotAnEnemy { unit: unit(&id) },
            NotAFriend { unit: id } => NotAFriend { unit: unit(&id) },
            TargetGone { unit: id } => TargetGone { unit: unit(&id) },
            NotInSameZone { unit: id } => NotInSameZone { unit: unit(&id) },
            AnswerTheAttack { unit: id } => AnswerTheAttack { unit: unit(&id) },
            NotInSameMelee { unit: id } => NotInSameMelee { unit: unit(&id) },
            NotAnOutsider { unit: id } => NotAnOutsider { unit: unit(&id) },
            Swarm { unit: id } => Swarm { unit: unit(&id) },
            Airborne { unit: id } => Airborne { unit: unit(&id) },
            MustFlee { danger } => MustFlee {
                danger: unit(&danger),
            },
            NoSuchWeapon { weapon } => NoSuchWeapon {
                weapon: names.weapon(&weapon),
            },
            UnknownSpell { spell } => UnknownSpell {
                spell: names.spell(&spell),
            },
            other => other,
        }
        .to_string()
    }
}

/// The fields of an event that name combatants (or a chariot) by id.
/// The one who acts comes first: an attack's attacker before its target.
const COMBATANT_FIELDS: [&str; 10] = [
    "attacker", "unit", "units", "target", "with", "on", "from", "source", "flyer", "chariot",
];

impl BattleEvent {
    /// The ids of the combatants (and chariots) the event names, in the
    /// order of its fields: read from the event's own fields, so that every
    /// new kind of event is covered by its field names.
    pub fn combatants(&self) -> Vec<String> {
        let Ok(serde_json::Value::Object(outer)) = serde_json::to_value(self) else {
            return Vec::new();
        };
        let mut ids = Vec::new();
        for fields in outer.values() {
            let serde_json::Value::Object(fields) = fields else {
                continue;
            };
            for name in COMBATANT_FIELDS {
                match fields.get(name) {
                    Some(serde_json::Value::String(id)) => ids.push(id.clone()),
                    Some(serde_json::Value::Array(list)) => {
                        ids.extend(list.iter().filter_map(|id| id.as_str().map(str::to_string)))
                    }
                    _ => {}
                }
            }
        }
        ids
    }

    /// The rule that produced this event in a battle under `sequence`: a
    /// hold or a pass belongs to the sequence of play in force.
    pub fn rule_in(&self, sequence: Sequence) -> &'static str {
        match self {
            BattleEvent::Held { .. } | BattleEvent::Passed { .. } => sequence.name(),
            _ => self.rule(),
        }
    }

    /// The rule (by its name in the rules text) that produced this event.
    pub fn rule(&self) -> &'static str {
        use BattleEvent::*;
        match self {
            BattleStarted { .. } => "Sequence of play",
            BattleEnded { .. } | ZoneHeld { .. } => "Victory",
            Surprise { .. } | SurpriseOver | NoActionDice { .. } => "Surprise",
            RoundStarted { .. } | ActionDiceRolled { .. } | RoundClosed { .. } => "Action dice",
            DicePaid { .. } => "Paying for actions",
            Held { .. } | Passed { .. } => "Countdown",
            EffortSpent { .. } | DieRaised { .. } => "Using a 1",
            Moved { .. } | Charged { .. } | Withdrew { .. } | LeftTable { .. } => "Movement",
            JoinedGroup { .. } | LeftGroup { .. } | StatusChanged { .. } => "Zones and groups",
            DragRolled { .. } => "Movement",
            AttackRolled { .. } | Missed { .. } => "Attacks",
            Exposed { .. } => "Exposure",
            Fumbled { .. } => "Fumble",
            Damaged { .. } | DamageStopped { .. } | RankLost { .. } => "Damage",
            StateTaken { .. }
            | RecoveryRoll { .. }
            | StateCleared { .. }
            | ActionLost { .. }
            | WoundsChosen { .. } => "States",
            RankRestored { .. } => "Healing",
            Trauma { .. } | KillingBlow { .. } | MassiveDamage { .. } => "Damage thresholds",
            OutOfAction { .. } | BodyRoll { .. } | Killed { .. } => "Out of action",
            RefreshCalled { .. } | DieKept { .. } => "Refresh",
            SideTurnBegan { .. }
            | ReadinessRoll { .. }
            | SidePassed { .. }
            | MoraleRoll { .. }
            | InitiativeRolled { .. }
            | OutOfTurnRoll { .. }
            | AttackForestalled { .. }
            | DexStepBegan { .. }
            | IntentDeclared { .. }
            | Surrendered { .. }
            | FightsOn { .. } => "Sequences of play",
            AttackDeclared { .. } | DefenceRolled { .. } => "Defences",
            Dodged { .. } => "Dodge",
            Parried { .. } | Riposte { .. } => "Parry",
            Blocked { .. } | BlockOverwhelmed { .. } => "Block",
            DefencePool { .. } | DefencePoolLost { .. } => "Pools",
            MentalRankLost { .. } => "Mental damage",
            Crossover { .. } | CrossoverRegained { .. } => "Crossover",
            RankHeld { .. } => "Level 9",
            Squashed { .. } => "Level 0",
            ActionPoolBuilt { .. } | ActionPoolLost { .. } | AimUsed { .. } => "Action pools",
            SpellDeclared { .. } | SpellCast { .. } | BonusRanks { .. } => "Cast",
            Injured { .. } | InjuryRoll { .. } | DiceBurned { .. } | DiceDiscarded { .. } => {
                "Injury tables"
            }
            Dropped { .. } => "Injury tables",
            Bleeding { .. } => "Bleeder",
            FootingRoll { .. } | FellProne { .. } | StoodUp { .. } => "Prone",
            FatigueRoll { .. } => "Fatigue",
            MentalDamage { .. } => "Mental damage",
            Panicked { .. } => "Panicked",
            Crushed { .. } => "Crushed",
            RallyRoll { .. } | Rallied { .. } => "Panicked",
            FearTest { .. } => "Fear",
            Intercepted { .. } | TookCover { .. } => "Cover",
            OpportunityAttack { .. } => "Opportunity actions",
            FollowUp { .. } => "Special tactics",
            Flew { .. }
            | Hovering { .. }
            | TookOff { .. }
            | Landed { .. }
            | Fell { .. }
            | StruckFlyer { .. } => "Flying",
            Drove { .. }
            | DrivingRoll { .. }
            | TurnMissed { .. }
            | Balked { .. }
            | Overturned { .. }
            | AtTheFront { .. } => "Chariots",
            Mounted { .. } | Dismounted { .. } | RidingRoll { .. } | Galloped { .. } => {
                "Mounted combat"
            }
            WarbandWeakened { .. } | WarbandRouted { .. } => "Warbands",
            ClosedIn { .. }
            | WrestleRoll { .. }
            | HoldTaken { .. }
            | HoldReleased { .. }
            | SubdualDamage { .. }
            | Subdued { .. }
            | Yielded { .. } => "InClose",
            Special { .. }
            | Resisted { .. }
            | WeaponBroken { .. }
            | ActionDieLost { .. }
            | ArmourRemoved { .. }
            | KnockedBack { .. }
            | Hamstrung { .. } => "Special results",
        }
    }

    /// The rolled dice the event shows, if any, with the faces that count as
    /// hits from `hit_from` up.
    pub fn dice_shown(&self) -> Option<(&[u8], u8)> {
        match self {
            Self::ActionDiceRolled { rolled, .. } => Some((rolled, 7)),
            Self::AttackRolled {
                dice,
                superiority_level,
                ..
            } => Some((dice, *superiority_level)),
            Self::BodyRoll { dice, .. }
            | Self::RecoveryRoll { dice, .. }
            | Self::InjuryRoll { dice, .. }
            | Self::Bleeding { dice, .. }
            | Self::FootingRoll { dice, .. }
            | Self::FatigueRoll { dice, .. }
            | Self::RallyRoll { dice, .. }
            | Self::FearTest { dice, .. }
            | Self::Resisted { dice, .. }
            | Self::WrestleRoll { dice, .. }
            | Self::DragRolled { dice, .. } => Some((dice, 5)),
            Self::DefenceRolled { dice, .. } | Self::SpellCast { dice, .. } => Some((dice, 5)),
            _ => None,
        }
    }
}
