//! The shapes of the data files.

use crate::unique_keys::unique_keys;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::action_dice::ActionDiceSpec;
use crate::rules::payment::Cost;
/// The data files speak of weights, tracks and defences in the table's
/// vocabulary.
use crate::vocabulary::{Defence, RankSide, WeightClass};

/// One entry of `weapons.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub weight: WeightClass,
    /// Attacks an enemy in the same zone from Alone; useless InContact.
    #[serde(default)]
    pub reach: bool,
    /// A missile weapon's range in zones (0 is its own zone only).
    #[serde(default)]
    pub range: Option<u8>,
    #[serde(default = "one")]
    pub hands: u8,
    /// Claws, fangs, fists: part of the creature.
    #[serde(default)]
    pub natural: bool,
    /// A shield: it blocks and adds armour while its block holds, and does not strike.
    #[serde(default)]
    pub shield: Option<Shield>,
    /// A natural weapon built for combat (claws, fangs): it gets the InClose
    /// bonus SL that hands and feet do not.
    #[serde(default)]
    pub built_for_combat: bool,
}

impl Weapon {
    pub fn is_missile(&self) -> bool {
        self.range.is_some()
    }
}

/// What a shield adds to a Block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shield {
    /// Added to the block successes to form the Block pool.
    pub block: u8,
    /// Added to the defender's armour while the block holds.
    pub armour: u8,
}

/// How frightening a creature is ("Fear"), from least to worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FearLevel {
    Scary,
    Fearsome,
    Dread,
    Terror,
    Fell,
}

impl FearLevel {
    pub const ALL: [Self; 5] = [
        Self::Scary,
        Self::Fearsome,
        Self::Dread,
        Self::Terror,
        Self::Fell,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::Scary => "Scary",
            Self::Fearsome => "Fearsome",
            Self::Dread => "Dread",
            Self::Terror => "Terror",
            Self::Fell => "Fell",
        }
    }
}

/// What a fear level does to those who fail its Spirit test (`rules.ron`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FearRule {
    /// Zones beyond the creature's own that it reaches (by the larger axis distance).
    pub reach: u8,
    /// Dice off the Spirit test.
    pub spirit_penalty: u8,
    /// A failure loses the action (the die just spent).
    pub lose_action: bool,
    /// A failure costs a mental rank.
    pub rank_loss: bool,
    /// The afraid may take Stun instead of the rank, if not already Stunned.
    pub stun_option: bool,
    /// The test is repeated at once until passed or the combatant is out of action.
    pub until_passed: bool,
}

/// Wrestling InClose ("InClose Combat": holds, subdual, knockdown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WrestleMove {
    /// Take a hold on the close opponent (an attack roll; any hit holds at Light).
    Grapple,
    /// The holder hurts the held: damage as the hold's weight class.
    Squeeze,
    /// The holder tightens the hold one weight class with a new attack.
    Improve,
    /// The holder tries to put the held out of action (resisted by BODY and size).
    Subdue,
    /// Knock the close opponent down (BODY against BODY and size).
    Knockdown,
    /// The held weakens the hold a level per success, if it wins BODY
    /// against BODY.
    Break,
    /// The held turns the hold round, winning BODY against BODY by 2 or more.
    Reverse,
    /// The held gives up: out of action.
    Yield,
}

impl WrestleMove {
    pub const ALL: [Self; 8] = [
        Self::Grapple,
        Self::Squeeze,
        Self::Improve,
        Self::Subdue,
        Self::Knockdown,
        Self::Break,
        Self::Reverse,
        Self::Yield,
    ];

    /// The moves of the one held.
    pub fn by_the_held(self) -> bool {
        matches!(self, Self::Break | Self::Reverse | Self::Yield)
    }

    /// The moves of the holder.
    pub fn by_the_holder(self) -> bool {
        matches!(self, Self::Squeeze | Self::Improve | Self::Subdue)
    }
}

/// A number of similar NPCs fought as one entity ("Mobs, Crowds and
/// Hordes"), or a swarm of level-0 creatures acting with one mob mind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MobTier {
    Mob,
    Crowd,
    Horde,
    Company,
    Unit,
    /// Level-0 creatures only (RULES §38); not on the ladder of tiers.
    Swarm,
}

impl MobTier {
    pub const ALL: [Self; 6] = [
        Self::Mob,
        Self::Crowd,
        Self::Horde,
        Self::Company,
        Self::Unit,
        Self::Swarm,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::Mob => "Mob",
            Self::Crowd => "Crowd",
            Self::Horde => "Horde",
            Self::Company => "Company",
            Self::Unit => "Unit",
            Self::Swarm => "Swarm",
        }
    }
    /// The tiers a warband is weakened down, one step at a time.
    pub const LADDER: [Self; 5] = [
        Self::Mob,
        Self::Crowd,
        Self::Horde,
        Self::Company,
        Self::Unit,
    ];
}

/// What a tier of grouped NPCs gains (`mob_tiers` in `rules.ron`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MobRule {
    /// How many figures the entity stands for.
    pub members: u8,
    /// Real ranks added on each track.
    pub physical: i8,
    pub mental: i8,
    /// Attack dice added.
    pub attack_dice: u8,
    /// Separate targets one attack action strikes.
    pub attacks: u8,
}

/// A special tactic for a melee attack ("Special Tactics").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tactic {
    /// Both attacks in one roll; no defence until the next action.
    AllOutAttack,
    /// Two attacks, one after the other; only Dodge until the next action.
    DoubleStrike,
    /// A second attack on another enemy in the melee if the first takes its
    /// target out; only Dodge until the next action.
    FollowOn,
}

impl Tactic {
    pub const ALL: [Self; 3] = [Self::AllOutAttack, Self::DoubleStrike, Self::FollowOn];

    pub fn name(self) -> &'static str {
        match self {
            Self::AllOutAttack => "All Out Attack",
            Self::DoubleStrike => "Double Strike",
            Self::FollowOn => "Follow On",
        }
    }
}

/// Which defences a combatant may still declare after a tactic, until its next action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Guard {
    NoDefence,
    DodgeOnly,
}

/// What a tactic costs and gives (`tactics` in `actions.ron`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TacticRule {
    /// The attack's cost is paid this many times.
    pub attacks_paid: u8,
    /// The attacks paid for are rolled as one, with the skill dice of each.
    pub combined: bool,
    /// The defences left until the attacker's next action.
    pub guard: Guard,
}

/// Cover, by kind and weight ("Cover").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cover {
    HardLight,
    /// Also forbids raising a die after the roll (our only "reroll").
    HardHeavy,
    SoftLight,
    SoftMedium,
    SoftHeavy,
}

impl Cover {
    pub const ALL: [Self; 5] = [
        Self::HardLight,
        Self::HardHeavy,
        Self::SoftLight,
        Self::SoftMedium,
        Self::SoftHeavy,
    ];
}

fn one() -> u8 {
    1
}

fn two() -> u8 {
    2
}

fn man_size() -> u8 {
    2
}

/// One entry of `creatures.ron`: a template for combatants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureTemplate {
    pub name: String,
    /// `Rolled(4)` for four action dice, or `Fixed([5, 3, 2])` for a minor NPC.
    pub action_dice: ActionDiceSpec,
    pub physical: i8,
    pub mental: i8,
    /// One extra real rank (on the physical side unless the unit says otherwise),
    /// and out of action only at the heroic floor rank.
    #[serde(default)]
    pub heroic: bool,
    /// Always loses ranks, never takes a State.
    #[serde(default)]
    pub stateless: bool,
    /// Immune to fear: it takes no fear test, and no morale roll where the
    /// sequence of play has one (the mindless dead, RULES §24).
    #[serde(default)]
    pub fearless: bool,
    /// Which track the Heroic rank goes to (chosen per battle; a unit may
    /// override it).
    #[serde(default)]
    pub heroic_side: RankSide,
    /// Crossover every this many direct rank losses instead of the rules'
    /// default (3 or 4 for the hardy; 0 for never).
    #[serde(default)]
    pub crossover_every: Option<u8>,
    /// Bonus ranks (position, magic, leadership): they count toward the
    /// damage thresholds but absorb nothing.
    #[serde(default)]
    pub bonus_physical: i8,
    #[serde(default)]
    pub bonus_mental: i8,
    /// Size on the scale where a man is 2 (see docs/RULES.md).
    #[serde(default = "man_size")]
    pub size: u8,
    pub attack_dice: u8,
    /// Skill dice for each defence the creature is trained in.
    #[serde(default)]
    #[serde(deserialize_with = "unique_keys")]
    pub defences: BTreeMap<Defence, u8>,
    /// The shield it carries (an id in `weapons.ron`), needed to Block.
    #[serde(default)]
    pub shield: Option<String>,
    /// Spells it can Cast (ids in `actions.ron`).
    #[serde(default)]
    pub spells: Vec<String>,
    /// Passive armour: points taken off the damage of every hit.
    #[serde(default)]
    pub armour: u8,
    /// The fear it causes in its enemies, if any.
    #[serde(default)]
    pub fear: Option<FearLevel>,
    /// Legs it stands on (stability InClose: see `stability` in rules.ron).
    #[serde(default = "two")]
    pub legs: u8,
    /// Trained to wrestle: it can apply holds InClose.
    #[serde(default)]
    pub wrestler: bool,
    /// Trained to fight with a weapon in each hand.
    #[serde(default)]
    pub dual_wield: bool,
    /// Skilled to Parry missiles as well as blows ("A Parry may be usable vs
    /// missiles if the appropriate Skill+Mod is taken").
    #[serde(default)]
    pub parries_missiles: bool,
    /// A flyer's `~speed/turn/dive` rating ("Flying").
    #[serde(default)]
    pub flight: Option<crate::rules::movement::FlightRating>,
    /// A flyer that strikes in passing: no held action strikes it as it
    /// flies by ("Fly-by Attack").
    #[serde(default)]
    pub fly_by: bool,
    /// It can carry a rider ("Mounts and vehicles in combat").
    #[serde(default)]
    pub mount: bool,
    pub weapons: Vec<String>,
}

impl CreatureTemplate {
    /// Range checks on the numbers, as messages.
    pub fn check_numbers(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for (name, count) in [
            ("weapons", self.weapons.len()),
            ("spells", self.spells.len()),
        ] {
            if count > MOST_CARRIED {
                problems.push(format!("{count} {name}, expected at most {MOST_CARRIED}"));
            }
        }
        for (name, rank) in [("physical", self.physical), ("mental", self.mental)] {
            if !(0..=9).contains(&rank) {
                problems.push(format!("{name} rank {rank} is outside 0 to 9"));
            }
        }
        match &self.action_dice {
            ActionDiceSpec::Rolled(count)
                if *count == 0 || usize::from(*count) > MOST_ACTION_DICE =>
            {
                problems.push(format!(
                    "Rolled({count}) action dice, expected 1 to {MOST_ACTION_DICE}"
                ));
            }
            ActionDiceSpec::Fixed(faces) if faces.is_empty() => {
                problems.push("a Fixed action dice list needs at least one face".into());
            }
            ActionDiceSpec::Fixed(faces) if faces.len() > MOST_ACTION_DICE => {
                problems.push(format!(
                    "a Fixed action dice list of {} faces, expected at most {MOST_ACTION_DICE} \
                     (the rules' most is 6 dice before the sixes' extra dice)",
                    faces.len()
                ));
            }
            ActionDiceSpec::Fixed(faces) if faces.iter().any(|f| !(1..=6).contains(f)) => {
                problems.push(format!("Fixed({faces:?}) has a face outside 1 to 6"));
            }
            _ => {}
        }
        let within =
            |problems: &mut Vec<String>, what: &str, value: i32, (low, high): (i32, i32)| {
                if !(low..=high).contains(&value) {
                    problems.push(format!("{what} {value} is outside {low} to {high}"));
                }
            };
        within(
            &mut problems,
            "attack_dice",
            i32::from(self.attack_dice),
            (1, MOST_SKILL_DICE),
        );
        for (defence, dice) in &self.defences {
            let what = format!("{defence:?} defence dice");
            within(&mut problems, &what, i32::from(*dice), (0, MOST_SKILL_DICE));
        }
        within(
            &mut problems,
            "armour",
            i32::from(self.armour),
            (0, MOST_ARMOUR),
        );
        within(&mut problems, "size", i32::from(self.size), (1, MOST_SIZE));
        for (name, bonus) in [
            ("bonus_physical", self.bonus_physical),
            ("bonus_mental", self.bonus_mental),
        ] {
            within(&mut problems, name, i32::from(bonus), (0, MOST_BONUS_RANKS));
        }
        // RULES §20: every second loss by default; 3 or 4 for the tough, 0
        // for those whose body and mind never drag each other down.
        if let Some(every @ (1 | 5..)) = self.crossover_every {
            problems.push(format!(
                "crossover_every {every} is neither 0 (never) nor 2 to 4"
            ));
        }
        if let Some(flight) = self.flight {
            if flight.speed == 0 {
                problems.push(format!("flight {flight}: the speed must be at least 1"));
            }
            if flight.speed > MOST_FLIGHT_SPEED
                || flight.dive > MOST_DIVE
                || flight.turn > MOST_TURN_RATE
            {
                problems.push(format!(
                    "flight {flight} is beyond ~{MOST_FLIGHT_SPEED}/{MOST_TURN_RATE}/{MOST_DIVE} \
                     (speed, turn rate, dive at most)"
                ));
            }
            if flight.dive < flight.speed {
                problems.push(format!(
                    "flight {flight}: the dive (the most zones under control) cannot be below the speed"
                ));
            }
        }
        if self.fly_by && self.flight.is_none() {
            problems.push("fly_by needs a flight rating".into());
        }
        problems
    }
}

/// The bounds the data and level checks hold creatures to (docs/LEVELS.md,
/// "Limits"): numbers past them are not a creature the engine can sensibly
/// play.
pub const MOST_ACTION_DICE: usize = 12;
pub const MOST_SKILL_DICE: i32 = 20;
pub const MOST_ARMOUR: i32 = 10;
pub const MOST_SIZE: i32 = 20;
pub const MOST_BONUS_RANKS: i32 = 3;
/// A shield's block and armour: the large shield gives 3 and 2.
pub const MOST_SHIELD_BLOCK: u8 = 6;
/// A flyer's speed, and its dive: zones a Fly action may cross.
pub const MOST_FLIGHT_SPEED: u8 = 6;
pub const MOST_DIVE: u8 = 12;
/// Eight 45 degree turns make a full circle.
pub const MOST_TURN_RATE: u8 = 8;
/// The most weapons, and the most spells, a creature carries: every one is
/// an order the AI weighs at each decision.
pub const MOST_CARRIED: usize = 8;
/// The most pips an action may cost: what six sixes pay.
pub const MOST_PIPS: u8 = 36;

/// Why an action's cost cannot be, if it cannot: every action spends at
/// least one die, so that a battle cannot repeat an action without end.
pub fn cost_problem(cost: Cost) -> Option<String> {
    match cost {
        Cost::Pips(pips) if !(1..=MOST_PIPS).contains(&pips) => Some(format!(
            "a cost of Pips({pips}) is outside Pips(1) to Pips({MOST_PIPS})"
        )),
        Cost::Free => Some(
            "a cost of Free: every action spends at least one die (Pips(1) to \
             Pips(36), or FullDie), or a battle could repeat it without end"
                .into(),
        ),
        _ => None,
    }
}
