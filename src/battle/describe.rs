//! Battle events in words, for the log: what happened and the rule that made
//! it happen, so a player can see why.

use super::command::RuleError;
use super::components::StateKind;
use super::events::{BattleEvent, Outcome};
use super::state::BattleState;
use crate::rules::movement::FlightKind;

fn faces(dice: &[u8]) -> String {
    let shown: Vec<String> = dice.iter().map(u8::to_string).collect();
    format!("[{}]", shown.join(" "))
}

/// Display names for the ids in events: combatants (numbered where they
/// share a name), sides, weapons and spells. Without a table, the ids.
pub struct Names<'a> {
    table: Option<&'a BattleState>,
}

impl<'a> Names<'a> {
    pub fn of(table: &'a BattleState) -> Self {
        Self { table: Some(table) }
    }

    pub fn ids() -> Self {
        Self { table: None }
    }

    pub fn unit(&self, id: &str) -> String {
        self.table
            .and_then(|t| t.unit_index(id).map(|i| t.units[i].unit.name.clone()))
            .unwrap_or_else(|| id.to_string())
    }

    pub fn side(&self, id: &str) -> String {
        self.table
            .and_then(|t| t.battle.sides.iter().find(|s| s.id == id))
            .map_or_else(|| id.to_string(), |s| s.name.clone())
    }

    pub fn weapon(&self, id: &str) -> String {
        self.table
            .and_then(|t| t.ruleset.weapons.get(id))
            .map_or_else(|| id.to_string(), |w| w.name.to_lowercase())
    }

    pub fn spell(&self, id: &str) -> String {
        self.table
            .and_then(|t| t.ruleset.actions.spells.get(id))
            .map_or_else(|| id.to_string(), |s| s.name.clone())
    }
}

impl RuleError {
    /// The rule (by its name in the rules text) that refuses the order: the
    /// same names as [`BattleEvent::rule`], so a refusal leads to the same
    /// entry of the rules reference as a log line.
    pub fn rule(&self) -> &'static str {
        use RuleError::*;
        match self {
            BattleOver => "Victory",
            UnknownUnit { .. } => "Sequence of play",
            NoTurnOpen | NotYourTurn { .. } | AlreadyHolding | LastOptionNow => "Countdown",
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
            NotYourTurn { unit: id, may_act } => NotYourTurn {
                unit: unit(&id),
                may_act: may_act.iter().map(unit).collect(),
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

/// The ranks a combatant has after a loss or a healing: a hero fights on
/// below zero, where "-2 left" would read oddly.
fn ranks_left(remaining: i32) -> String {
    if remaining >= 0 {
        format!("{remaining} left")
    } else {
        format!("now at {remaining}")
    }
}

fn state_name(state: StateKind) -> &'static str {
    match state {
        StateKind::Stun => "Stun",
        StateKind::Shock => "Shock",
        StateKind::Doubt => "Doubt",
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

    /// The rule (by its name in the rules text) that produced this event.
    pub fn rule(&self) -> &'static str {
        use BattleEvent::*;
        match self {
            BattleStarted { .. } => "Sequence of play",
            BattleEnded { .. } | ZoneHeld { .. } => "Victory",
            Surprise { .. } | SurpriseOver | NoActionDice { .. } => "Surprise",
            RoundStarted { .. } | ActionDiceRolled { .. } | RoundClosed { .. } => "Action dice",
            DicePaid { .. } | Held { .. } | Passed { .. } => "Countdown",
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
            AttackDeclared { .. } | DefenceRolled { .. } => "Defences",
            Dodged { .. } => "Dodge",
            Parried { .. } | Riposte { .. } => "Parry",
            Blocked { .. } | BlockOverwhelmed { .. } => "Block",
            DefencePool { .. } | DefencePoolLost { .. } => "Pools",
            MentalRankLost { .. } => "Mental damage",
            Crossover { .. } => "Crossover",
            RankHeld { .. } => "Level 9",
            Squashed { .. } => "Level 0",
            ActionPoolBuilt { .. } | ActionPoolLost { .. } | AimUsed { .. } => "Action pools",
            SpellCast { .. } | BonusRanks { .. } => "Cast",
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

impl BattleEvent {
    /// The event in words for players: combatants, sides, weapons and
    /// spells by their display names.
    pub fn narrate(&self, names: &Names) -> String {
        Narrated(self, names).to_string()
    }
}

/// The event in words, with ids only where `names` has no table.
impl std::fmt::Display for BattleEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Narrated(self, &Names::ids()).fmt(f)
    }
}

struct Narrated<'a>(&'a BattleEvent, &'a Names<'a>);

impl std::fmt::Display for Narrated<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use BattleEvent::*;
        let Narrated(event, names) = self;
        match event {
            BattleStarted { level, seed } => write!(f, "{level} begins (seed {seed})"),
            Surprise { side } => {
                let side = names.side(side);
                write!(f, "{side} have surprise: the others get no dice")
            }
            SurpriseOver => write!(f, "the surprise is over"),
            RoundStarted { round } => write!(f, "round {round} begins"),
            ActionDiceRolled {
                unit,
                rolled,
                extra,
            } => {
                let unit = names.unit(unit);
                write!(f, "{unit} rolls {}", faces(rolled))?;
                if !extra.is_empty() {
                    write!(f, " and gains {} for sixes", faces(extra))?;
                }
                Ok(())
            }
            NoActionDice { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is caught unprepared: no dice")
            }
            DicePaid { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit} pays {}", faces(dice))
            }
            Held { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} holds its action")
            }
            Passed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} passes for the round")
            }
            EffortSpent { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} spends a 1 on Effort: +1 die")
            }
            RankRestored { unit, remaining } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} is healed: a rank restored, {}",
                    ranks_left(*remaining)
                )
            }
            WoundsChosen { units, take } if units.is_empty() => {
                write!(f, "wounded, they already {}", take.name())
            }
            WoundsChosen { units, take } => {
                let units: Vec<String> = units.iter().map(|u| names.unit(u)).collect();
                write!(f, "{} will {} when wounded", units.join(", "), take.name())
            }
            DieRaised { unit, from, to } => {
                let unit = names.unit(unit);
                write!(f, "{unit} spends a 1 to raise a {from} to {to}")
            }
            Moved { unit, from, to } => {
                let unit = names.unit(unit);
                write!(f, "{unit} moves {from} to {to}")
            }
            Charged { unit, target, to } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(f, "{unit} charges {target} in {to}")
            }
            Withdrew { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} withdraws from the melee")
            }
            JoinedGroup { unit, with } => {
                let unit = names.unit(unit);
                let with = names.unit(with);
                write!(f, "{unit} joins {with}")
            }
            LeftGroup { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} leaves its group")
            }
            DragRolled {
                unit,
                target,
                dice,
                successes,
                resist_dice,
                resisted,
                dragged,
            } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} tries to drag {target} into the melee: {} against {} ({successes} to {resisted}), {}",
                    faces(dice),
                    faces(resist_dice),
                    if *dragged { "dragged in" } else { "resisted" }
                )
            }
            StatusChanged { unit, status } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is now {}", status.words())
            }
            LeftTable { unit, edge } => {
                let unit = names.unit(unit);
                write!(f, "{unit} leaves the table to the {}", edge.name())
            }
            AttackRolled {
                attacker,
                target,
                weapon,
                dice,
                superiority_level,
                hits,
                exposure_used,
                advantage_dice,
            } => {
                let attacker = names.unit(attacker);
                let target = names.unit(target);
                let weapon = names.weapon(weapon);
                write!(
                    f,
                    "{attacker} attacks {target} with {weapon}: {} hitting on {superiority_level}+, {hits} hit(s)",
                    faces(dice)
                )?;
                if *exposure_used > 0 {
                    write!(f, ", {exposure_used} from exposure")?;
                }
                if *advantage_dice > 0 {
                    write!(f, ", {advantage_dice} for advantage")?;
                }
                Ok(())
            }
            Missed { attacker, target } => {
                let attacker = names.unit(attacker);
                let target = names.unit(target);
                write!(f, "{attacker} misses {target}")
            }
            Exposed { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is left with {dice} exposure dice")
            }
            Fumbled { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} fumbles: more 1s than hits")
            }
            Damaged {
                unit,
                damage,
                armour,
            } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes {damage} damage (armour {armour})")
            }
            DamageStopped { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s armour stops the blow")
            }
            StateTaken { unit, state } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes {}", state_name(*state))
            }
            RankLost { unit, remaining } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses a rank ({})", ranks_left(*remaining))
            }
            Trauma { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} suffers a Trauma")
            }
            KillingBlow { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes a Killing Blow")
            }
            MassiveDamage { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes Massive damage")
            }
            OutOfAction { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is out of action")
            }
            BodyRoll {
                unit,
                dice,
                survived,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls BODY {}: {}",
                    faces(dice),
                    if *survived { "survives" } else { "fails" }
                )
            }
            Killed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is killed")
            }
            RecoveryRoll {
                unit,
                state,
                dice,
                passed,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls to shake off {} {}: {}",
                    state_name(*state),
                    faces(dice),
                    if *passed { "passed" } else { "failed" }
                )
            }
            StateCleared { unit, state } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is free of {}", state_name(*state))
            }
            ActionLost { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses the action")
            }
            RefreshCalled { by: Some(unit) } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is out of dice: refresh")
            }
            RefreshCalled { by: None } => write!(f, "nobody can act: refresh"),
            DieKept { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} keeps a die for the next round")
            }
            RoundClosed { round } => write!(f, "round {round} ends"),
            ZoneHeld { side, zone, rounds } => {
                let side = names.side(side);
                write!(f, "{side} hold {zone} ({rounds} round(s))")
            }
            BattleEnded {
                outcome: Outcome::Victory { side, how },
            } => write!(f, "Victory: {} ({how})", names.side(side)),
            BattleEnded {
                outcome: Outcome::Draw { reason },
            } => write!(f, "A draw ({reason})"),
            AttackDeclared {
                attacker,
                target,
                weapon,
            } => {
                let attacker = names.unit(attacker);
                let target = names.unit(target);
                let weapon = names.weapon(weapon);
                write!(f, "{attacker} attacks {target} with {weapon}: a defence?")
            }
            DefenceRolled {
                unit,
                defence,
                dice,
                successes,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls {} {}: {successes} success(es)",
                    defence.name(),
                    faces(dice)
                )
            }
            Dodged {
                unit,
                dice_removed,
                exposures,
            } => {
                let unit = names.unit(unit);
                write!(f, "{unit} dodges {dice_removed} attack dice away")?;
                if *exposures > 0 {
                    write!(f, ", {exposures} left over as exposures")?;
                }
                Ok(())
            }
            Parried { unit, turned } => {
                let unit = names.unit(unit);
                write!(f, "{unit} parries {turned} miss(es) into 1s")
            }
            Blocked {
                unit,
                shield_armour,
                exposures,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit}'s block holds: shield armour +{shield_armour}, {exposures} exposure(s) on the attacker"
                )
            }
            BlockOverwhelmed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s block is swept aside")
            }
            DefencePool {
                unit,
                defence,
                dice,
            } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s {} pool: {dice} dice", defence.name())
            }
            DefencePoolLost { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses its defence pool")
            }
            MentalRankLost { unit, remaining } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses a mental rank ({})", ranks_left(*remaining))
            }
            Crossover { unit, to } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s loss crosses over: a {} rank too", to.name())
            }
            RankHeld { unit, side } => {
                let unit = names.unit(unit);
                write!(f, "{unit} stands at {} 9: no rank is lost", side.name())
            }
            ActionPoolBuilt { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s action pool: {dice} dice")
            }
            ActionPoolLost { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses its action pool")
            }
            AimUsed { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes aim: +{dice} dice")
            }
            SpellCast {
                unit,
                spell,
                target,
                dice,
                successes,
            } => {
                let spell = names.spell(spell);
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} casts {spell} at {target}: {} {successes} success(es)",
                    faces(dice)
                )
            }
            BonusRanks { unit, side, bonus } => {
                let unit = names.unit(unit);
                write!(f, "{unit} now has {bonus} bonus {} rank(s)", side.name())
            }
            Squashed { attacker, unit } => {
                let (attacker, unit) = (names.unit(attacker), names.unit(unit));
                write!(
                    f,
                    "{attacker} defeats {unit} outright: at rank 0, the attack needs no roll"
                )
            }
            Riposte { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes {dice} exposure dice to strike back")
            }
            Injured {
                unit,
                location_dice,
                location,
                effect_roll,
                effect,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} is injured: {} hits the {}, effect {effect_roll}: {}",
                    faces(location_dice),
                    location.name(),
                    effect.name()
                )
            }
            InjuryRoll { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls to stay in action {}: {}",
                    faces(dice),
                    if *passed { "passed" } else { "failed" }
                )
            }
            DiceBurned { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s wounds burn {dice} action dice")
            }
            DiceDiscarded { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses every action die left")
            }
            Bleeding {
                unit,
                location,
                dice,
                passed,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} bleeds from the {} {}: {}",
                    location.name(),
                    faces(dice),
                    if *passed { "holds on" } else { "a rank lost" }
                )
            }
            FootingRoll { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls for footing {}: {}",
                    faces(dice),
                    if *passed { "stays up" } else { "falls" }
                )
            }
            FatigueRoll { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls BODY against fatigue {}: {}",
                    faces(dice),
                    if *passed { "fresh" } else { "tired" }
                )
            }
            FellProne { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} falls prone")
            }
            StoodUp { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} stands up")
            }
            Dropped { unit, items } => {
                let items: Vec<String> = items.iter().map(|i| names.weapon(i)).collect();
                let unit = names.unit(unit);
                write!(f, "{unit} drops {}", items.join(", "))
            }
            MentalDamage { unit, damage } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes {damage} mental damage")
            }
            Panicked { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} panics and must flee")
            }
            Crushed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is crushed and falls to its knees")
            }
            RallyRoll { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls SPIRIT to rally {}: {}",
                    faces(dice),
                    if *passed { "passed" } else { "failed" }
                )
            }
            Rallied { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} rallies")
            }
            Intercepted { unit, by } => {
                let by = names.unit(by);
                let unit = names.unit(unit);
                write!(f, "{by} intercepts {unit}")
            }
            TookCover { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes cover")
            }
            FollowUp { unit, target } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(f, "{unit} follows up on {target}")
            }
            ClosedIn { unit, with } => {
                let unit = names.unit(unit);
                let with = names.unit(with);
                write!(f, "{unit} closes with {with}: InClose")
            }
            WrestleRoll {
                unit,
                dice,
                successes,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} wrestles {}: {successes} success(es)",
                    faces(dice)
                )
            }
            HoldTaken {
                unit,
                target,
                level,
            } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(f, "{unit} holds {target} ({} hold)", level.name())
            }
            HoldReleased { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is free of the hold")
            }
            SubdualDamage { unit, damage } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "the hold does {damage} subdual damage to {unit}, against its BODY roll"
                )
            }
            Subdued { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is subdued")
            }
            Yielded { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} yields")
            }
            OpportunityAttack { unit, target } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(f, "{unit} strikes at {target} as it leaves the melee")
            }
            Special {
                attacker,
                target,
                special,
            } => {
                let attacker = names.unit(attacker);
                let target = names.unit(target);
                write!(
                    f,
                    "{attacker}'s extra successes buy {} on {target}",
                    special.name()
                )
            }
            Resisted { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls BODY to resist {}: {}",
                    faces(dice),
                    if *passed { "resisted" } else { "failed" }
                )
            }
            WeaponBroken { unit, item } => {
                let item = names.weapon(item);
                let unit = names.unit(unit);
                write!(f, "{unit}'s {item} breaks")
            }
            ActionDieLost { unit, face } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses an action die ({face})")
            }
            ArmourRemoved { unit, armour } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s armour is torn away: {armour} left")
            }
            KnockedBack { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is knocked out of the melee")
            }
            Hamstrung { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is hamstrung")
            }
            FearTest {
                unit,
                source,
                level,
                dice,
                passed,
            } => {
                let source = names.unit(source);
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} tests against {source}'s {} {}: {}",
                    level.name(),
                    faces(dice),
                    if *passed { "unafraid" } else { "afraid" }
                )
            }
            Flew {
                unit,
                from,
                to,
                facing,
                kind,
            } => {
                let unit = names.unit(unit);
                let how = match kind {
                    FlightKind::Cruise => "flies".to_string(),
                    FlightKind::Dive => "dives".to_string(),
                    FlightKind::Fall { beyond_control } => {
                        format!("plummets {beyond_control} zone(s) beyond its dive")
                    }
                };
                if from == to {
                    write!(f, "{unit} circles in {to}, facing {}", facing.name())
                } else {
                    write!(
                        f,
                        "{unit} {how} from {from} to {to}, facing {}",
                        facing.name()
                    )
                }
            }
            Hovering { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} hovers: melee can reach it")
            }
            TookOff { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes off")
            }
            Landed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} lands")
            }
            Fell {
                unit,
                zones,
                dice,
                successes,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} falls ({zones} zone(s)) {}: {successes} success(es) of damage",
                    faces(dice)
                )
            }
            StruckFlyer { unit, flyer } => {
                let flyer = names.unit(flyer);
                let unit = names.unit(unit);
                write!(f, "{unit} strikes at {flyer} with its held action")
            }
            Drove {
                chariot,
                from,
                to,
                facing,
            } => {
                let chariot = names.unit(chariot);
                write!(
                    f,
                    "{chariot} drives from {from} to {to}, facing {}",
                    facing.name()
                )
            }
            DrivingRoll {
                unit,
                dice,
                penalty,
                passed,
                fumble,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls to drive (-{penalty}) {}: {}",
                    faces(dice),
                    if *fumble {
                        "fumbled"
                    } else if *passed {
                        "passed"
                    } else {
                        "failed"
                    }
                )
            }
            TurnMissed { chariot } => {
                let chariot = names.unit(chariot);
                write!(f, "{chariot} fails the turn and runs on straight")
            }
            Balked { chariot, at } => {
                let chariot = names.unit(chariot);
                write!(f, "{chariot} balks at the ground of {at}")
            }
            Overturned { chariot } => {
                let chariot = names.unit(chariot);
                write!(f, "{chariot} overturns")
            }
            AtTheFront { chariot, unit } => {
                let chariot = names.unit(chariot);
                let unit = names.unit(unit);
                write!(f, "{unit} is at {chariot}'s front")
            }
            Mounted { unit, on } => {
                let on = names.unit(on);
                let unit = names.unit(unit);
                write!(f, "{unit} gets onto {on}")
            }
            Dismounted { unit, from } => {
                let from = names.unit(from);
                let unit = names.unit(unit);
                write!(f, "{unit} gets off {from}")
            }
            RidingRoll { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls BODY to keep its seat {}: {}",
                    faces(dice),
                    if *passed { "steady" } else { "thrown" }
                )
            }
            Galloped { unit, from, to } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} gallops from {from} to {to}: its rider cannot act"
                )
            }
            WarbandWeakened { unit, tier } => {
                let unit = names.unit(unit);
                match tier {
                    Some(tier) => write!(f, "{unit} is weakened to a {}", tier.name()),
                    None => write!(f, "{unit} is weakened to a single figure"),
                }
            }
            WarbandRouted { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is routed: it flees")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::{MapEdge, RankSide};

    #[test]
    fn attack_event_reads_with_its_dice_and_rule() {
        let event = BattleEvent::AttackRolled {
            attacker: "roland".into(),
            target: "goblin".into(),
            weapon: "sword".into(),
            dice: vec![6, 3, 1],
            superiority_level: 4,
            hits: 1,
            exposure_used: 0,
            advantage_dice: 1,
        };
        assert_eq!(event.rule(), "Attacks");
        assert_eq!(
            event.to_string(),
            "roland attacks goblin with sword: [6 3 1] hitting on 4+, 1 hit(s), 1 for advantage"
        );
        assert_eq!(event.dice_shown(), Some((&[6u8, 3, 1][..], 4)));
    }

    #[test]
    fn a_hero_below_zero_ranks_reads_where_he_stands_not_how_many_are_left() {
        let lost = |remaining| {
            BattleEvent::RankLost {
                unit: "roland".into(),
                remaining,
            }
            .to_string()
        };
        assert_eq!(lost(2), "roland loses a rank (2 left)");
        assert_eq!(lost(0), "roland loses a rank (0 left)");
        assert_eq!(lost(-3), "roland loses a rank (now at -3)");
    }

    #[test]
    fn rules_words_in_the_log_are_plain_words() {
        let left = BattleEvent::LeftTable {
            unit: "roland".into(),
            edge: MapEdge::East,
        };
        assert_eq!(left.to_string(), "roland leaves the table to the east");
        let crossed = BattleEvent::Crossover {
            unit: "roland".into(),
            to: RankSide::Mental,
        };
        assert_eq!(
            crossed.to_string(),
            "roland's loss crosses over: a Mental rank too"
        );
    }
}
