//! Battle events: everything that happens, written by the rules systems and
//! read by the log, the view and the tests.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use super::components::{StateKind, Status, WoundChoice};
use crate::data::{FearLevel, MobTier};
use crate::rules::injury::{InjuryEffect, Location};
use crate::rules::movement::FlightKind;
use crate::rules::special::SpecialResult;
use crate::vocabulary::Facing;
use crate::vocabulary::{Defence, RankSide, WeightClass};
use crate::vocabulary::{MapEdge, ZoneCoord};

/// How a battle ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    /// A side met a victory condition (described in `how`).
    Victory {
        side: String,
        how: String,
    },
    Draw {
        reason: String,
    },
}

/// One thing that happened in a battle. Units and sides are named by id.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BattleEvent {
    BattleStarted {
        level: String,
        seed: u64,
    },
    /// The side catches the others unprepared: they get no dice in round 1.
    Surprise {
        side: String,
    },
    SurpriseOver,
    RoundStarted {
        round: u32,
    },
    ActionDiceRolled {
        unit: String,
        rolled: Vec<u8>,
        extra: Vec<u8>,
    },
    /// Surprised, so no dice this round.
    NoActionDice {
        unit: String,
    },
    DicePaid {
        unit: String,
        dice: Vec<u8>,
    },
    Held {
        unit: String,
    },
    Passed {
        unit: String,
    },
    /// Spent a 1 on Effort: +1 die to its next roll.
    EffortSpent {
        unit: String,
    },
    /// Spent a 1 to raise one attack die by a pip.
    DieRaised {
        unit: String,
        from: u8,
        to: u8,
    },
    Moved {
        unit: String,
        from: ZoneCoord,
        to: ZoneCoord,
    },
    Charged {
        unit: String,
        target: String,
        to: ZoneCoord,
    },
    Withdrew {
        unit: String,
    },
    JoinedGroup {
        unit: String,
        with: String,
    },
    /// A drag into the melee: the dragger's BODY roll against the target's.
    /// Dragged in, a `JoinedGroup` follows.
    DragRolled {
        unit: String,
        target: String,
        dice: Vec<u8>,
        successes: u32,
        resist_dice: Vec<u8>,
        resisted: u32,
        dragged: bool,
    },
    LeftGroup {
        unit: String,
    },
    StatusChanged {
        unit: String,
        status: Status,
    },
    LeftTable {
        unit: String,
        edge: MapEdge,
    },
    AttackRolled {
        attacker: String,
        target: String,
        weapon: String,
        /// The faces, after any raise with a 1.
        dice: Vec<u8>,
        superiority_level: u8,
        hits: u32,
        /// Dice added from the target's exposure.
        exposure_used: u8,
        /// Dice added for outnumbering the target's side.
        advantage_dice: u32,
    },
    Missed {
        attacker: String,
        target: String,
    },
    /// The attack waits for its target to declare a defence, or none.
    AttackDeclared {
        attacker: String,
        target: String,
        weapon: String,
    },
    DefenceRolled {
        unit: String,
        defence: Defence,
        dice: Vec<u8>,
        successes: u32,
    },
    /// A Dodge pool took attack dice away before the roll; its surplus
    /// became exposures on the attacker.
    Dodged {
        unit: String,
        dice_removed: u32,
        exposures: u32,
    },
    /// A Parry turned missed attack dice into 1s.
    Parried {
        unit: String,
        turned: u32,
    },
    /// The Block held: the shield's armour counts; the pool's surplus over
    /// the hits became exposures on the attacker.
    Blocked {
        unit: String,
        shield_armour: u8,
        exposures: u32,
    },
    /// More hits than the Block pool: the block is swept aside.
    BlockOverwhelmed {
        unit: String,
    },
    /// The defence pool after a use or a Pool action (0: gone).
    DefencePool {
        unit: String,
        defence: Defence,
        dice: u8,
    },
    /// The defence pool is lost (another action, a State, a Trauma or a Break).
    DefencePoolLost {
        unit: String,
    },
    /// An action pool started (0 dice) or grown by a Pool action.
    ActionPoolBuilt {
        unit: String,
        dice: u8,
    },
    ActionPoolLost {
        unit: String,
    },
    /// An Aim pool's dice joined a missile attack.
    AimUsed {
        unit: String,
        dice: u32,
    },
    /// A spell cast at an enemy that may answer it: the defence comes first
    /// ("Attacks": a spell attack is resolved as the others are).
    SpellDeclared {
        unit: String,
        spell: String,
        target: String,
    },
    SpellCast {
        unit: String,
        spell: String,
        target: String,
        dice: Vec<u8>,
        successes: u32,
    },
    /// The unit's bonus ranks on a track are now `bonus`.
    BonusRanks {
        unit: String,
        side: RankSide,
        bonus: i8,
    },
    /// After a Parry, the defender takes the attacker's exposure dice to strike back.
    Riposte {
        unit: String,
        dice: u8,
    },
    Exposed {
        unit: String,
        dice: u8,
    },
    Fumbled {
        unit: String,
    },
    /// Damage after armour.
    Damaged {
        unit: String,
        damage: u32,
        armour: u8,
    },
    /// Armour stopped every point.
    DamageStopped {
        unit: String,
    },
    StateTaken {
        unit: String,
        state: StateKind,
    },
    RankLost {
        unit: String,
        remaining: i32,
    },
    MentalRankLost {
        unit: String,
        remaining: i32,
    },
    /// A direct rank loss crossed over to the other track.
    Crossover {
        unit: String,
        to: RankSide,
    },
    /// A rank lost by crossover comes back: the loss that caused it was
    /// healed.
    CrossoverRegained {
        unit: String,
        side: RankSide,
        remaining: i32,
    },
    /// Level 9: the track cannot be knocked off it.
    RankHeld {
        unit: String,
        side: RankSide,
    },
    /// Level 0: an attack defeats it without a roll.
    Squashed {
        attacker: String,
        unit: String,
    },
    Trauma {
        unit: String,
    },
    KillingBlow {
        unit: String,
    },
    MassiveDamage {
        unit: String,
    },
    OutOfAction {
        unit: String,
    },
    /// A hit on an out-of-action combatant: a BODY roll to survive.
    BodyRoll {
        unit: String,
        dice: Vec<u8>,
        survived: bool,
    },
    Killed {
        unit: String,
    },
    RecoveryRoll {
        unit: String,
        state: StateKind,
        dice: Vec<u8>,
        passed: bool,
    },
    StateCleared {
        unit: String,
        state: StateKind,
    },
    /// The action was lost to a failed recovery roll.
    ActionLost {
        unit: String,
    },
    /// `by` ran out of dice (none when everyone held or ran dry together).
    RefreshCalled {
        by: Option<String>,
    },
    DieKept {
        unit: String,
    },
    /// Side turns: this side's turn begins.
    SideTurnBegan {
        side: String,
    },
    /// Side turns, first round: a WILL roll to act in the side's first turn.
    ReadinessRoll {
        unit: String,
        dice: Vec<u8>,
        passed: bool,
    },
    /// Faction alternation: this side has nobody it will activate now.
    SidePassed {
        side: String,
    },
    /// Faction alternation: a group WILL roll at the round's end, for a side
    /// brought to half its number (or a lone fighter to half its ranks).
    MoraleRoll {
        unit: String,
        dice: Vec<u8>,
        passed: bool,
    },
    /// Initiative track, first round: the die that places `unit` on the track.
    InitiativeRolled {
        unit: String,
        roll: u8,
    },
    /// Initiative track: an attempt to act out of turn (an awareness roll).
    OutOfTurnRoll {
        unit: String,
        dice: Vec<u8>,
        passed: bool,
    },
    /// Initiative track: an attack set aside while its target acted out of
    /// turn can no longer land.
    AttackForestalled {
        attacker: String,
        target: String,
    },
    /// DEX ranks: a step of the round begins.
    DexStepBegan {
        step: crate::vocabulary::DexStep,
    },
    /// DEX ranks: `unit` declares whether it will move this round.
    IntentDeclared {
        unit: String,
        moving: bool,
        /// A run: its full move, and no action but its defences.
        #[serde(default)]
        run: bool,
    },
    /// Faction alternation: `unit` lays down its arms and is out of the fight.
    Surrendered {
        unit: String,
    },
    /// Faction alternation: `unit`, surrendered, was struck, and fights on.
    FightsOn {
        unit: String,
    },
    RoundClosed {
        round: u32,
    },
    ZoneHeld {
        side: String,
        zone: ZoneCoord,
        rounds: u32,
    },
    BattleEnded {
        outcome: Outcome,
    },
    /// A roll on the injury tables: 4d6 for the location, then the effect roll.
    Injured {
        unit: String,
        location_dice: Vec<u8>,
        location: Location,
        effect_roll: u8,
        effect: InjuryEffect,
    },
    /// An injury's roll to stay in action (BODY or SPIRIT).
    InjuryRoll {
        unit: String,
        dice: Vec<u8>,
        passed: bool,
    },
    /// Action dice turned to 1s by a wound.
    DiceBurned {
        unit: String,
        dice: u32,
    },
    /// Every action die left this round is lost.
    DiceDiscarded {
        unit: String,
    },
    /// A bleeding wound's BODY roll at the start of a round.
    Bleeding {
        unit: String,
        location: Location,
        dice: Vec<u8>,
        passed: bool,
    },
    /// A roll to stay on one's feet (a bad leg, lost balance).
    FootingRoll {
        unit: String,
        dice: Vec<u8>,
        passed: bool,
    },
    /// A BODY roll at the start of a battle to shake off doubtful fatigue.
    FatigueRoll {
        unit: String,
        /// BODY (physical) or WILL (mental), the better of the two.
        #[serde(default)]
        characteristic: RankSide,
        dice: Vec<u8>,
        passed: bool,
    },
    FellProne {
        unit: String,
    },
    StoodUp {
        unit: String,
    },
    /// A wounded arm let go of these weapons or the shield.
    Dropped {
        unit: String,
        items: Vec<String>,
    },
    /// Mental damage after any reduction.
    MentalDamage {
        unit: String,
        damage: u32,
    },
    /// More mental damage than the mental rank: compulsory flight.
    Panicked {
        unit: String,
    },
    /// More than twice the mental rank: no actions at all.
    Crushed {
        unit: String,
    },
    /// A SPIRIT roll to come out of panic or being crushed.
    RallyRoll {
        unit: String,
        dice: Vec<u8>,
        passed: bool,
    },
    Rallied {
        unit: String,
    },
    /// Extra successes bought a special result.
    Special {
        attacker: String,
        target: String,
        special: SpecialResult,
    },
    /// A roll to resist a special result (BODY against a disarm).
    Resisted {
        unit: String,
        dice: Vec<u8>,
        passed: bool,
    },
    WeaponBroken {
        unit: String,
        item: String,
    },
    ActionDieLost {
        unit: String,
        face: u8,
    },
    ArmourRemoved {
        unit: String,
        armour: u8,
    },
    KnockedBack {
        unit: String,
    },
    Hamstrung {
        unit: String,
    },
    /// Two combatants close to hand-to-hand.
    ClosedIn {
        unit: String,
        with: String,
    },
    /// A wrestling roll (an attack roll, or BODY).
    WrestleRoll {
        unit: String,
        dice: Vec<u8>,
        successes: u32,
    },
    /// `unit` holds `target` at this level (taken, tightened, weakened or reversed).
    HoldTaken {
        unit: String,
        target: String,
        level: WeightClass,
    },
    /// The hold on `unit` is gone.
    HoldReleased {
        unit: String,
    },
    /// A subdual attack's damage, rolled at the hold's weight class, to be
    /// resisted by the held's BODY roll that follows.
    SubdualDamage {
        unit: String,
        damage: u32,
    },
    Subdued {
        unit: String,
    },
    /// A lost physical rank given back by healing.
    RankRestored {
        unit: String,
        remaining: i32,
    },
    /// A standing choice for Wounds that may be soaked, by the combatants
    /// whose choice it changed.
    WoundsChosen {
        units: Vec<String>,
        take: WoundChoice,
    },
    Yielded {
        unit: String,
    },
    /// The second attack of a Double Strike or a Follow On.
    FollowUp {
        unit: String,
        target: String,
    },
    /// A free attack on a combatant leaving the melee by Move.
    OpportunityAttack {
        unit: String,
        target: String,
    },
    /// Held at a defended edge by a defender behind it.
    Intercepted {
        unit: String,
        by: String,
    },
    /// Holds the area cover of its zone.
    TookCover {
        unit: String,
    },
    /// A Spirit test against the worst fear in reach.
    FearTest {
        unit: String,
        source: String,
        level: FearLevel,
        dice: Vec<u8>,
        passed: bool,
    },
    /// A flyer flew along its facing: a cruise, a dive, or a fall.
    Flew {
        unit: String,
        from: ZoneCoord,
        to: ZoneCoord,
        facing: Facing,
        kind: FlightKind,
    },
    /// A flyer acted without moving on: it hovers, open to melee.
    Hovering {
        unit: String,
    },
    TookOff {
        unit: String,
    },
    Landed {
        unit: String,
    },
    /// A fall: its dice are rolled at the standard SL as damage.
    Fell {
        unit: String,
        zones: u8,
        dice: Vec<u8>,
        successes: u32,
    },
    /// A held action spent to strike a flyer as it attacks or passes.
    StruckFlyer {
        unit: String,
        flyer: String,
    },
    /// A chariot driven along its facing.
    Drove {
        chariot: String,
        from: ZoneCoord,
        to: ZoneCoord,
        facing: Facing,
    },
    /// A Driving roll: for a second turn, or for rough ground.
    DrivingRoll {
        unit: String,
        dice: Vec<u8>,
        penalty: u8,
        passed: bool,
        fumble: bool,
    },
    /// The second turn failed: the chariot runs on straight.
    TurnMissed {
        chariot: String,
    },
    /// The chariot stops short of ground its Driving roll failed to enter.
    Balked {
        chariot: String,
        at: ZoneCoord,
    },
    Overturned {
        chariot: String,
    },
    /// An enemy at the chariot's front, where only its team can strike.
    AtTheFront {
        chariot: String,
        unit: String,
    },
    Mounted {
        unit: String,
        on: String,
    },
    Dismounted {
        unit: String,
        from: String,
    },
    /// The roll to get on or off a moving mount or chariot.
    RidingRoll {
        unit: String,
        dice: Vec<u8>,
        passed: bool,
    },
    /// A mount at full speed: its rider can neither act nor react.
    Galloped {
        unit: String,
        from: ZoneCoord,
        to: ZoneCoord,
    },
    /// Critical damage weakens a warband by a tier (`None`: down to one figure).
    WarbandWeakened {
        unit: String,
        tier: Option<MobTier>,
    },
    /// Critical damage routs a warband: it flees and cannot attack.
    WarbandRouted {
        unit: String,
    },
}
