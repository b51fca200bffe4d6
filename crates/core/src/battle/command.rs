//! Player and AI choices as data, and the reasons the rules refuse them.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::components::WoundChoice;
use crate::data::{Tactic, WrestleMove};
use crate::rules::injury::Shift;
use crate::rules::payment::{Cost, PaymentError};
use crate::rules::special::SpecialResult;
use crate::vocabulary::Defence;
use crate::vocabulary::Facing;
use crate::vocabulary::Sequence;
use crate::vocabulary::{MapEdge, ZoneCoord};

/// One choice by one combatant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Command {
    /// The acting unit's id.
    pub unit: String,
    pub order: Order,
}

impl Command {
    pub fn new(unit: impl Into<String>, order: Order) -> Self {
        Self {
            unit: unit.into(),
            order,
        }
    }
}

/// The player's standing choices for attacks: raise a die with a 1, the
/// special results to buy, a special tactic and where to shift an injury.
/// The battle's record keeps them, so a battle resumed goes on with them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AttackChoices {
    pub raise_with_one: bool,
    pub specials: Vec<SpecialResult>,
    pub tactic: Option<Tactic>,
    /// Where to shift an injury the attack causes.
    pub shift: Shift,
}

impl AttackChoices {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }

    /// The choices as read from a file: each special result once, in the
    /// order first picked.
    pub fn each_special_once(mut self) -> Self {
        let mut seen = Vec::new();
        self.specials.retain(|special| {
            let first = !seen.contains(special);
            seen.push(*special);
            first
        });
        self
    }
}

/// What a combatant does. `pay` names the die faces to spend; without it the
/// least wasteful dice are taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Order {
    /// Step to an orthogonally adjacent zone, arriving Alone.
    Move {
        to: ZoneCoord,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Into the target's group, from the same or an adjacent zone, InContact.
    Charge {
        target: String,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// InContact to Alone in the same zone, with no free attack.
    Withdraw {
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Join a friend's group in the same zone.
    JoinGroup {
        friend: String,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Step out of a group of friends.
    LeaveGroup {
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Leave the table over an edge the side may escape by.
    LeaveTable {
        edge: MapEdge,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Melee or missile attack. Without a weapon, the first that can be used.
    /// `raise_with_one` spends a 1 after the roll to lift a die just short of a hit.
    Attack {
        target: String,
        #[serde(default)]
        weapon: Option<String>,
        #[serde(default)]
        raise_with_one: bool,
        /// Special results to buy with the successes beyond the first, in order.
        #[serde(default)]
        specials: Vec<SpecialResult>,
        /// A special tactic (melee only).
        #[serde(default)]
        tactic: Option<Tactic>,
        /// Where to shift an injury the attack causes, when the roll allows.
        #[serde(default)]
        shift: Shift,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Answer a declared attack: a defence the combatant is trained in
    /// (one full die), or `None` to take it. After a Parry, `riposte` takes
    /// all the attacker's exposure dice for an immediate attack.
    Defend {
        with: Option<Defence>,
        #[serde(default)]
        riposte: bool,
        /// Spends a 1 after the defence roll to lift a die just short of a
        /// success, as an attacker may.
        #[serde(default)]
        raise_with_one: bool,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Add one die to the combatant's defence pool, up to the dice it rolls.
    Pool {
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Start an Aim pool: its dice join the next missile attack.
    Aim {
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Start a Cast pool for one of the combatant's spells (its base cost).
    Prepare {
        spell: String,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Release the prepared spell at a target, rolling the pool's dice.
    Cast { target: String },
    /// Knock away the defence pool of an enemy in the same melee.
    Break {
        target: String,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// From InContact to InClose with an enemy in the same melee.
    CloseIn {
        target: String,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// From InContact, drag an enemy in the zone who stands outside the
    /// melee into it: a BODY roll against the target's.
    Drag {
        target: String,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// A wrestling move against the close opponent (holds, subdual, knockdown).
    Wrestle {
        with: WrestleMove,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// A flyer's move: along its facing to `to`, turning at most its turn
    /// rate, ending facing `facing` if given. Beyond its speed is a dive;
    /// beyond its dive, a fall.
    Fly {
        to: ZoneCoord,
        #[serde(default)]
        facing: Option<Facing>,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// A landed flyer rises to hover.
    TakeOff {
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// A flyer comes down in its zone.
    Land {
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// The driver drives its chariot along its facing to `to`, ending facing
    /// `facing` if given; with a `target`, a charge into its group. Driving
    /// to its own zone halts the chariot and may face it any way.
    Drive {
        to: ZoneCoord,
        #[serde(default)]
        facing: Option<Facing>,
        #[serde(default)]
        target: Option<String>,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// A mount moves at full speed, carrying its rider, who cannot act.
    Gallop {
        to: ZoneCoord,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Get onto a friendly mount or chariot (by its unit or chariot id).
    Mount {
        on: String,
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Get off the mount or chariot it rides.
    Dismount {
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// Spend one die to clear a State without rolling.
    Recover {
        #[serde(default)]
        pay: Option<Vec<u8>>,
    },
    /// The standing choice for Wounds it may soak: a State or a rank. Not an
    /// action: it may be given whenever the combatant has the turn, answering
    /// an attack included; `whole_side` sets it for every combatant of its side.
    ChooseWounds {
        take: WoundChoice,
        #[serde(default)]
        whole_side: bool,
    },
    /// 1-AD: +1 die to the next roll.
    Effort,
    /// 1-AD: an extra roll to clear a State.
    RecoveryRoll,
    /// Let others act first; back in the countdown once someone else acts.
    Hold,
    /// End this round's actions, dropping every die left.
    Pass,
    /// At a refresh: carry one die into the next round.
    KeepDie,
    /// DEX ranks, the statement of intent: whether it will move this round,
    /// and with `run`, that it makes its full move and no action but its
    /// defences.
    Intend {
        moving: bool,
        #[serde(default)]
        run: bool,
    },
    /// Faction alternation: a fighter whose nerve broke lays down its arms.
    Surrender,
}

/// The orders that name the dice paying for them, and those that cost
/// nothing from the pool: the list written once, for [`Order::payment`] and
/// [`Order::payment_mut`].
macro_rules! paid_orders {
    ($order:expr, $pay:ident => $found:expr) => {
        match $order {
            Order::Move { pay: $pay, .. }
            | Order::Charge { pay: $pay, .. }
            | Order::Withdraw { pay: $pay }
            | Order::JoinGroup { pay: $pay, .. }
            | Order::LeaveGroup { pay: $pay }
            | Order::LeaveTable { pay: $pay, .. }
            | Order::Attack { pay: $pay, .. }
            | Order::Defend { pay: $pay, .. }
            | Order::Pool { pay: $pay }
            | Order::Aim { pay: $pay }
            | Order::Prepare { pay: $pay, .. }
            | Order::Break { pay: $pay, .. }
            | Order::CloseIn { pay: $pay, .. }
            | Order::Drag { pay: $pay, .. }
            | Order::Wrestle { pay: $pay, .. }
            | Order::Fly { pay: $pay, .. }
            | Order::TakeOff { pay: $pay }
            | Order::Land { pay: $pay }
            | Order::Drive { pay: $pay, .. }
            | Order::Gallop { pay: $pay, .. }
            | Order::Mount { pay: $pay, .. }
            | Order::Dismount { pay: $pay }
            | Order::Recover { pay: $pay } => $found,
            Order::Effort
            | Order::ChooseWounds { .. }
            | Order::RecoveryRoll
            | Order::Hold
            | Order::Pass
            | Order::KeepDie
            | Order::Intend { .. }
            | Order::Surrender
            | Order::Cast { .. } => None,
        }
    };
}

impl Order {
    /// The other combatant an order names (its target, friend or mount),
    /// by id.
    pub fn other(&self) -> Option<&str> {
        match self {
            Self::Charge { target, .. }
            | Self::Attack { target, .. }
            | Self::Cast { target }
            | Self::Break { target, .. }
            | Self::CloseIn { target, .. }
            | Self::Drag { target, .. } => Some(target),
            Self::JoinGroup { friend, .. } => Some(friend),
            Self::Drive { target, .. } => target.as_deref(),
            Self::Mount { on, .. } => Some(on),
            _ => None,
        }
    }

    pub fn payment(&self) -> Option<&[u8]> {
        paid_orders!(self, pay => pay.as_deref())
    }

    /// Where an order names the dice that pay for it (`None` for orders
    /// that cost nothing from the pool).
    pub fn payment_mut(&mut self) -> Option<&mut Option<Vec<u8>>> {
        paid_orders!(self, pay => Some(pay))
    }

    /// A short name for menus and logs.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Move { .. } => "Move",
            Self::Charge { .. } => "Charge",
            Self::Withdraw { .. } => "Withdraw",
            Self::JoinGroup { .. } => "Join group",
            Self::LeaveGroup { .. } => "Leave group",
            Self::LeaveTable { .. } => "Leave the table",
            Self::Attack { .. } => "Attack",
            Self::Defend { with: None, .. } => "No defence",
            Self::Defend {
                with: Some(defence),
                ..
            } => defence.name(),
            Self::Pool { .. } => "Pool",
            Self::Aim { .. } => "Aim",
            Self::Prepare { .. } => "Prepare a spell",
            Self::Cast { .. } => "Cast",
            Self::Break { .. } => "Break",
            Self::CloseIn { .. } => "Close in",
            Self::Drag { .. } => "Drag into the melee",
            Self::Wrestle { with, .. } => match with {
                WrestleMove::Grapple => "Grapple",
                WrestleMove::Squeeze => "Squeeze",
                WrestleMove::Improve => "Improve the hold",
                WrestleMove::Subdue => "Subdue",
                WrestleMove::Knockdown => "Knock down",
                WrestleMove::Break => "Break the hold",
                WrestleMove::Reverse => "Reverse the hold",
                WrestleMove::Yield => "Yield",
            },
            Self::Fly { .. } => "Fly",
            Self::TakeOff { .. } => "Take off",
            Self::Land { .. } => "Land",
            Self::Drive { target: None, .. } => "Drive",
            Self::Drive { .. } => "Drive at",
            Self::Gallop { .. } => "Gallop",
            Self::Mount { .. } => "Mount",
            Self::Dismount { .. } => "Dismount",
            Self::Recover { .. } => "Recover",
            Self::ChooseWounds { .. } => "Choose how to take wounds",
            Self::Effort => "Effort",
            Self::RecoveryRoll => "Recovery roll",
            Self::Hold => "Hold",
            Self::Pass => "Pass",
            Self::KeepDie => "Keep a die",
            Self::Intend { run: true, .. } => "Declare a run",
            Self::Intend { moving: true, .. } => "Declare a move",
            Self::Intend { moving: false, .. } => "Declare no move",
            Self::Surrender => "Surrender",
        }
    }
}

/// Why the rules refuse a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    BattleOver,
    /// Between rounds: nobody may act until the dice are rolled.
    NoTurnOpen,
    /// Initiative track: that kind of order was already taken this turn.
    SameActionTwice {
        order: String,
    },
    /// Initiative track: no turn is left to come this round to wait for.
    NothingToWaitFor,
    /// Side turns, faction alternation: the turn's movement is made.
    AlreadyMoved,
    /// Side turns, faction alternation: the turn's action (of that kind)
    /// is taken.
    ActionTaken,
    /// Faction alternation: a defence takes the whole turn, and this
    /// combatant's is spent.
    TurnSpent,
    /// Initiative track: the round's defences are all made.
    NoReactionsLeft,
    /// Initiative track: out of turn, only an action that stays in place,
    /// once a round, with an action left.
    NotOutOfTurn,
    /// DEX ranks: the order does not belong to this step of the round.
    NotThisStep {
        step: String,
    },
    /// Surrender belongs to faction alternation.
    NoCauseToSurrender,
    UnknownUnit {
        unit: String,
    },
    NotYourTurn {
        unit: String,
        may_act: Vec<String>,
        /// The sequence of play that gives the turn.
        #[serde(default)]
        sequence: Sequence,
    },
    NotInAction {
        unit: String,
    },
    CannotPay(PaymentError),
    NoSuchWeapon {
        weapon: String,
    },
    NoUsableWeapon {
        reason: String,
    },
    NotAnEnemy {
        unit: String,
    },
    NotAFriend {
        unit: String,
    },
    TargetGone {
        unit: String,
    },
    NotInSameZone {
        unit: String,
    },
    NotAdjacent {
        from: ZoneCoord,
        to: ZoneCoord,
    },
    /// A move to the zone the mover stands in.
    AlreadyThere {
        zone: ZoneCoord,
    },
    OffTheMap {
        zone: ZoneCoord,
    },
    Impassable {
        zone: ZoneCoord,
    },
    OutOfRange {
        distance: u16,
        range: u8,
    },
    /// Reach weapons cannot be used InContact.
    ReachWeaponInContact,
    /// No missile fire from inside a melee.
    MissileWhileInContact,
    /// Leaving a melee to join another group needs a Withdraw first.
    WithdrawFirst,
    NotInContact,
    NotInFriendlyGroup,
    AlreadyInGroup,
    NoOneToSpend,
    EffortAlreadySpent,
    NotInState,
    NotAtEdge {
        edge: MapEdge,
    },
    NoEscapeOverEdge {
        edge: MapEdge,
    },
    AlreadyHolding,
    /// Holding makes no sense at a refresh: this is the last option.
    LastOptionNow,
    /// Keeping a die is only for the last option at a refresh.
    OnlyAtRefresh,
    /// A declared attack waits for its target's answer.
    AnswerTheAttack {
        unit: String,
    },
    NoAttackToAnswer,
    /// Not trained in that defence, or it cannot be used against this attack.
    CannotDefend {
        defence: Defence,
        reason: String,
    },
    NoDefencePool,
    DefencePoolFull,
    /// A shield blocks; it does not strike.
    ShieldDoesNotStrike,
    NotInSameMelee {
        unit: String,
    },
    /// Dragged into the melee: the target must stand outside it, in the
    /// zone, and not be wrestling InClose elsewhere.
    NotAnOutsider {
        unit: String,
    },
    /// A swarm is no one body: it cannot be held, dragged or closed with.
    Swarm {
        unit: String,
    },
    /// Already building an action pool: Pool adds to it.
    PoolAlreadyStarted,
    NoMissileWeapon,
    UnknownSpell {
        spell: String,
    },
    NoSpellPrepared,
    /// Prone: a Withdraw stands it up first.
    Prone,
    /// Panicked: only flight from the greatest danger, or a try to rally.
    MustFlee {
        danger: String,
    },
    /// Crushed: its first turn after the fall is held or passed; later
    /// actions begin with a free rally roll, so no Recover or 1-AD option.
    Crushed,
    /// Not Panicked, and in no State.
    NothingToRecover,
    /// Special tactics are for melee attacks.
    TacticNeedsMelee,
    /// Wrestling is for those InClose.
    NotInClose,
    /// Already InClose with someone.
    AlreadyInClose,
    /// InClose, one fights only the close opponent.
    OnlyTheCloseOpponent,
    /// Heavy weapons are dropped InClose; missiles and reach weapons cannot be used.
    NotAnInCloseWeapon,
    /// Held: only breaking, reversing or yielding.
    HeldFast,
    NotAWrestler,
    /// Holds are for opponents less than three times one's size, or prone.
    TooBigToHold,
    NoHold,
    NotHeld,
    AlreadyHeld,
    AlreadyDown,
    /// Only flyers fly, take off and land.
    NotAFlyer,
    /// A flying flyer is out of reach of melee from the ground.
    Airborne {
        unit: String,
    },
    /// In the air: it flies instead of walking.
    UseFly,
    /// On the ground: it takes off first.
    NotInTheAir,
    AlreadyLanded,
    /// No way there within the flyer's turns and dive, or the chariot's turns and pace.
    NoRoute {
        to: ZoneCoord,
    },
    /// A turn rate below the circling rate must move a zone to fly on.
    MustMoveToFly,
    /// Riding: the mount or chariot moves it, or it dismounts first.
    Riding,
    /// Carried at full speed: no action until the mount's next action.
    AtFullSpeed,
    /// A chariot's team moves only when its driver drives.
    TeamMovesByDriver,
    /// The team is not trained for battle.
    UntrainedTeam,
    NotTheDriver,
    ChariotOverturned,
    /// Nobody melees through a chariot's front.
    ThroughTheFront,
    /// A chariot's team strikes only at its front.
    NotAtTheFront,
    NotAMount,
    NoRoom,
    NotAboard,
    AlreadyAboard,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BattleOver => write!(f, "the battle is over"),
            Self::NoTurnOpen => write!(f, "nobody may act until the action dice are rolled"),
            Self::SameActionTwice { order } => {
                write!(f, "{order} was already taken this turn")
            }
            Self::NothingToWaitFor => {
                write!(f, "nobody is left to act this round: act now or pass")
            }
            Self::AlreadyMoved => write!(f, "it has made its move this turn"),
            Self::ActionTaken => write!(f, "it has taken its action this turn"),
            Self::TurnSpent => write!(f, "its turn is spent: it can only take the blow"),
            Self::NoReactionsLeft => write!(f, "every defence of the round is made"),
            Self::NotOutOfTurn => write!(
                f,
                "out of turn: one action that stays in place, once a round, with an action left"
            ),
            Self::NotThisStep { step } => write!(f, "not now: this is the {step}"),
            Self::NoCauseToSurrender => write!(f, "only faction alternation has surrender"),
            Self::UnknownUnit { unit } => write!(f, "there is no unit {unit}"),
            Self::NotYourTurn {
                unit,
                may_act,
                sequence,
            } => {
                let by = match sequence {
                    Sequence::Countdown => "the countdown",
                    Sequence::SideTurns => "side turns",
                    Sequence::Alternation => "faction alternation",
                    Sequence::Track => "the initiative track",
                    Sequence::DexRanks => "DEX ranks",
                };
                write!(
                    f,
                    "not {unit}'s turn: under {by}, {} may act",
                    may_act.join(", ")
                )
            }
            Self::NotInAction { unit } => write!(f, "{unit} is out of the fight"),
            Self::CannotPay(error) => match error {
                PaymentError::CannotAfford { cost, pool } => {
                    write!(
                        f,
                        "not enough pips: it costs {}, dice left {pool:?}",
                        cost_words(*cost)
                    )
                }
                PaymentError::DieNotInPool { face } => {
                    write!(f, "no die showing {face} to pay with")
                }
                PaymentError::OnesCannotPay => write!(f, "1s cannot pay for actions"),
                PaymentError::ShortOfCost { cost, paid } => {
                    write!(
                        f,
                        "those dice make {paid} pips, the cost is {}",
                        cost_words(*cost)
                    )
                }
                PaymentError::SuperfluousDie { face } => {
                    write!(f, "this costs nothing: the die showing {face} is not spent")
                }
                PaymentError::NotOneDie => write!(f, "this costs exactly one die"),
            },
            Self::NoSuchWeapon { weapon } => write!(f, "does not carry a {weapon}"),
            Self::NoUsableWeapon { reason } => write!(f, "no weapon can be used: {reason}"),
            Self::NotAnEnemy { unit } => write!(f, "{unit} is not an enemy"),
            Self::NotAFriend { unit } => write!(f, "{unit} is not a friend"),
            Self::TargetGone { unit } => write!(f, "{unit} is no longer on the table"),
            Self::NotInSameZone { unit } => write!(f, "{unit} is not in the same zone"),
            Self::NotAdjacent { from, to } => write!(f, "{to} is not next to {from}"),
            Self::AlreadyThere { zone } => write!(f, "already in {zone}"),
            Self::OffTheMap { zone } => write!(f, "{zone} is off the map"),
            Self::Impassable { zone } => write!(f, "nobody can enter {zone}"),
            Self::OutOfRange { distance, range } => {
                write!(f, "target is {distance} zones away, range is {range}")
            }
            Self::ReachWeaponInContact => write!(f, "a reach weapon cannot be used InContact"),
            Self::MissileWhileInContact => write!(f, "no missile fire while InContact"),
            Self::WithdrawFirst => write!(f, "InContact: Withdraw first"),
            Self::NotInContact => write!(f, "not InContact"),
            Self::NotInFriendlyGroup => write!(f, "not in a group of friends"),
            Self::AlreadyInGroup => write!(f, "already in that group"),
            Self::NoOneToSpend => write!(f, "no die showing 1 to spend"),
            Self::EffortAlreadySpent => write!(f, "Effort is already spent for the next roll"),
            Self::NotInState => write!(f, "not in a State"),
            Self::NotAtEdge { edge } => write!(f, "not in a zone on the {edge:?} edge"),
            Self::NoEscapeOverEdge { edge } => {
                write!(f, "this side cannot escape over the {edge:?} edge")
            }
            Self::AlreadyHolding => write!(f, "already holding"),
            Self::LastOptionNow => write!(f, "a refresh was called: act or keep a die now"),
            Self::OnlyAtRefresh => write!(f, "dice are kept only at a refresh"),
            Self::AnswerTheAttack { unit } => {
                write!(f, "{unit} must first answer the attack on it")
            }
            Self::NoAttackToAnswer => write!(f, "no attack waits for an answer"),
            Self::CannotDefend { defence, reason } => write!(f, "cannot {defence:?}: {reason}"),
            Self::NoDefencePool => write!(f, "no defence pool"),
            Self::DefencePoolFull => write!(f, "the defence pool is full"),
            Self::ShieldDoesNotStrike => write!(f, "a shield blocks; it does not strike"),
            Self::NotInSameMelee { unit } => write!(f, "{unit} is not in this melee"),
            Self::NotAnOutsider { unit } => write!(
                f,
                "{unit} is not an outsider in this zone: only an enemy outside the melee, and not InClose, can be dragged in"
            ),
            Self::Swarm { unit } => write!(
                f,
                "{unit} is a swarm: a mass of small creatures cannot be held, dragged or closed with"
            ),
            Self::PoolAlreadyStarted => {
                write!(f, "an action pool is already building: Pool adds to it")
            }
            Self::NoMissileWeapon => write!(f, "no missile weapon to aim"),
            Self::UnknownSpell { spell } => write!(f, "does not know the spell {spell}"),
            Self::NoSpellPrepared => write!(f, "no spell is prepared"),
            Self::Prone => write!(f, "prone: Withdraw to stand up first"),
            Self::MustFlee { danger } => {
                write!(
                    f,
                    "panicked: it can only flee from {danger} or try to rally"
                )
            }
            Self::Crushed => write!(
                f,
                "crushed: it can only hold or pass on its first turn after the fall; after that, each action begins with a free roll to rally"
            ),
            Self::NothingToRecover => write!(f, "not in a State or Panicked"),
            Self::TacticNeedsMelee => write!(f, "special tactics are for melee attacks"),
            Self::NotInClose => write!(f, "not InClose"),
            Self::AlreadyInClose => write!(f, "already InClose"),
            Self::OnlyTheCloseOpponent => {
                write!(f, "InClose: only the close opponent can be struck")
            }
            Self::NotAnInCloseWeapon => {
                write!(f, "InClose: only Light, Medium and natural weapons")
            }
            Self::HeldFast => write!(f, "held: break the hold, reverse it or yield"),
            Self::NotAWrestler => write!(f, "not trained to wrestle"),
            Self::TooBigToHold => write!(f, "three times the size: too big to hold unless prone"),
            Self::NoHold => write!(f, "holds nobody"),
            Self::NotHeld => write!(f, "not held"),
            Self::AlreadyHeld => write!(f, "already held"),
            Self::AlreadyDown => write!(f, "already prone"),
            Self::NotAFlyer => write!(f, "not a flyer"),
            Self::Airborne { unit } => {
                write!(f, "{unit} is flying: melee from the ground cannot reach it")
            }
            Self::UseFly => write!(f, "in the air: it flies instead"),
            Self::NotInTheAir => write!(f, "on the ground: take off first"),
            Self::AlreadyLanded => write!(f, "already on the ground"),
            Self::NoRoute { to } => write!(f, "no way to {to} within its turns and pace"),
            Self::MustMoveToFly => {
                write!(
                    f,
                    "it must move at least a zone to fly (its turn rate cannot circle)"
                )
            }
            Self::Riding => write!(f, "riding: its mount or chariot moves it, or it dismounts"),
            Self::AtFullSpeed => {
                write!(f, "carried at full speed: no action until its mount's next")
            }
            Self::TeamMovesByDriver => {
                write!(f, "a chariot team moves only when its driver drives")
            }
            Self::UntrainedTeam => write!(f, "the team is not trained for battle"),
            Self::NotTheDriver => write!(f, "only the chariot's driver drives"),
            Self::ChariotOverturned => write!(f, "the chariot is overturned"),
            Self::ThroughTheFront => write!(f, "nobody melees through a chariot's front"),
            Self::NotAtTheFront => write!(f, "the team strikes only at its front"),
            Self::NotAMount => write!(f, "not a mount or chariot of its side"),
            Self::NoRoom => write!(f, "no room aboard"),
            Self::NotAboard => write!(f, "not riding anything"),
            Self::AlreadyAboard => write!(f, "already riding"),
        }
    }
}

impl std::error::Error for RuleError {}

/// A cost in words, as the menus show it: "3 pips", "one die", "free".
pub fn cost_words(cost: Cost) -> String {
    match cost {
        Cost::Pips(pips) => format!("{pips} pips"),
        Cost::FullDie => "one die".to_string(),
        Cost::Free => "free".to_string(),
    }
}
