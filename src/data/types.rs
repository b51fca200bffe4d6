//! The shapes of the data files.

use crate::unique_keys::unique_keys;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::action_dice::ActionDiceSpec;
use crate::rules::damage::DamageRule;
use crate::rules::payment::Cost;
/// The data files speak of weights, tracks and defences in the table's
/// vocabulary.
pub use crate::vocabulary::{Defence, RankSide, WeightClass};

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
    /// The held weakens the hold a level per net success (BODY against BODY).
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
        if let Some(every) = self.crossover_every {
            // RULES §20: every second loss by default; 3 or 4 for the tough.
            within(&mut problems, "crossover_every", i32::from(every), (2, 4));
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

/// The actions with a fixed cost. Attacks cost by weight class instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ActionKind {
    /// To an adjacent zone (or off the map edge to escape), arriving Alone.
    Move,
    /// Into an adjacent zone, arriving InContact with the target's group.
    Charge,
    /// From InContact to Alone in the same zone, with no free attack.
    Withdraw,
    /// Join a friend's group in the same zone.
    JoinGroup,
    /// Step out of a group of friends to stand Alone.
    LeaveGroup,
    /// Spend a die to clear one State without a roll.
    Recover,
    /// Build up a pool by one die.
    Pool,
    /// Knock away an enemy's defence pool.
    Break,
    /// Start an Aim pool for the next missile attack.
    Aim,
    /// From InContact to InClose with an enemy in the same melee.
    CloseIn,
    /// From InContact, drag an enemy outsider in the zone into the melee.
    Drag,
    /// A flyer's move along its facing ("Flying").
    Fly,
    /// A landed flyer rises to hover.
    TakeOff,
    /// A flyer comes down to the ground.
    Land,
    /// A chariot's move along its facing, by its driver ("Chariot Movement").
    Drive,
    /// A mount's move at full speed: its rider cannot act meanwhile.
    Gallop,
    /// Getting onto a mount or a chariot.
    Mount,
    /// Getting off a mount or a chariot.
    Dismount,
}

impl ActionKind {
    pub const ALL: [Self; 18] = [
        Self::Move,
        Self::Charge,
        Self::Withdraw,
        Self::JoinGroup,
        Self::LeaveGroup,
        Self::Recover,
        Self::Pool,
        Self::Break,
        Self::Aim,
        Self::CloseIn,
        Self::Drag,
        Self::Fly,
        Self::TakeOff,
        Self::Land,
        Self::Drive,
        Self::Gallop,
        Self::Mount,
        Self::Dismount,
    ];
}

/// One entry of the action catalogue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionInfo {
    pub cost: Cost,
    /// Whether the action can build an action pool (none of the basic ones can yet).
    #[serde(default)]
    pub poolable: bool,
    pub about: String,
}

/// `actions.ron`: what every action costs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionCatalogue {
    #[serde(deserialize_with = "unique_keys")]
    pub actions: BTreeMap<ActionKind, ActionInfo>,
    /// Pips for a melee attack by the weapon's weight class.
    #[serde(deserialize_with = "unique_keys")]
    pub melee_attack: BTreeMap<WeightClass, u8>,
    /// Pips for a missile attack by the weapon's weight class.
    #[serde(deserialize_with = "unique_keys")]
    pub ranged_attack: BTreeMap<WeightClass, u8>,
    /// Spells by id: each is an action pool, Cast when the caster chooses.
    #[serde(default)]
    #[serde(deserialize_with = "unique_keys")]
    pub spells: BTreeMap<String, Spell>,
    /// What the extra successes of an attack can buy.
    pub special_results: crate::rules::special::SpecialRules,
    /// The special tactics of melee attacks.
    #[serde(deserialize_with = "unique_keys")]
    pub tactics: BTreeMap<Tactic, TacticRule>,
    /// Pips for each wrestling move InClose.
    #[serde(deserialize_with = "unique_keys")]
    pub wrestling: BTreeMap<WrestleMove, u8>,
}

/// One spell of `actions.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    pub name: String,
    /// The base cost, paid to start the pool.
    pub cost: Cost,
    /// In zones; 0 is the caster's own zone.
    pub range: u8,
    pub effect: SpellEffect,
}

/// What a spell's successes do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpellEffect {
    /// Damage to an enemy as a weapon of this weight.
    Damage { weight: WeightClass },
    /// Bonus ranks to a friend (or the caster): one per success, up to `most`.
    BonusRanks { side: RankSide, most: i8 },
    /// Mental damage to an enemy as a weapon of this weight: Shock, Panicked, Crushed.
    Mental { weight: WeightClass },
    /// Magical damage to an enemy's mental ranks, soaked as Doubt.
    Hex { weight: WeightClass },
    /// Healing in combat for a friend (or the caster): the first success
    /// clears a Stun, the next restores one lost physical rank.
    Heal,
}

impl SpellEffect {
    /// Whether the spell is cast at an enemy.
    pub fn hostile(self) -> bool {
        !matches!(self, Self::BonusRanks { .. } | Self::Heal)
    }
}

impl ActionCatalogue {
    pub fn attack_cost(&self, weapon: &Weapon) -> Cost {
        let table = if weapon.range.is_some() {
            &self.ranged_attack
        } else {
            &self.melee_attack
        };
        Cost::Pips(table.get(&weapon.weight).copied().unwrap_or(u8::MAX))
    }
}

/// `rules.ron`: the numbers of the core rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleNumbers {
    /// The lowest face that hits at the standard Superiority Level.
    pub standard_sl: u8,
    /// The lowest face that hits a Fumbled target.
    pub fumbled_target_sl: u8,
    /// The most action dice rolled, before carried and extra dice.
    pub max_action_dice: u8,
    /// The face of the single die given to a combatant reduced below one die.
    pub floor_die_face: u8,
    /// Extra attack dice for minor advantage in a melee group.
    pub minor_advantage_dice: u8,
    /// Extra attack dice for major advantage in a melee group.
    pub major_advantage_dice: u8,
    /// BODY, MIND and SPIRIT rolls use this many dice plus the current rank.
    pub characteristic_base_dice: u8,
    /// Crossover: every this many direct rank losses on one track cost a
    /// rank on the other.
    pub crossover_every: u8,
    /// The rank at which heroic combatants go out of action.
    pub heroic_ooa_rank: i8,
    /// Damage per weight class.
    #[serde(deserialize_with = "unique_keys")]
    pub damage: BTreeMap<WeightClass, DamageRule>,
    /// The round limit of a level that sets none.
    pub default_round_limit: u32,
    /// The most actions a round may hold, for each combatant fielded: a
    /// round that reaches it ends the battle as a draw (RULES §15).
    pub most_actions_per_round_each: u32,
    /// Each fear level's test ("Fear").
    #[serde(deserialize_with = "unique_keys")]
    pub fear: BTreeMap<FearLevel, FearRule>,
    /// Attack dice lost to each kind of cover ("Cover").
    #[serde(deserialize_with = "unique_keys")]
    pub cover_dice: BTreeMap<Cover, u8>,
    /// Ranks lost to fatigue at each level of it a level may set ("Fatigue").
    #[serde(deserialize_with = "unique_keys")]
    pub fatigue_ranks: BTreeMap<Fatigue, u8>,
    /// What each tier of grouped NPCs gains ("Mobs, Crowds and Hordes").
    #[serde(deserialize_with = "unique_keys")]
    pub mob_tiers: BTreeMap<MobTier, MobRule>,
    /// Size added for stability InClose, by number of legs.
    #[serde(deserialize_with = "unique_keys")]
    pub stability: BTreeMap<u8, u8>,
    /// InClose, a combatant this many times the size of its opponent stays standing.
    pub inclose_size_ratio: u8,
    /// Pips added to an attack with a weapon other than the one in hand.
    pub switch_weapon_pips: u8,
    /// Parry dice a dual wielder gains from its second one-handed weapon.
    pub dual_wield_parry_dice: u8,
    /// Attack dice lost by an impaired attack (an individual against a
    /// warband, a rider from its mount) and gained by an enhanced one (a
    /// warband against an individual): seed 002's 2d6-lower and 2d6-higher.
    pub impaired_dice: u8,
    pub enhanced_dice: u8,
    /// A flyer with this turn rate or more circles in its zone and still flies.
    pub circling_turn_rate: u8,
    /// A fall: attack dice per zone fallen, at a weight class's damage.
    pub falling: FallingRule,
    /// Zones a mount covers at full speed.
    pub gallop_zones: u8,
    /// Chariots: kinds, teams, terrain and the nations' chariots.
    pub chariots: ChariotRules,
}

/// The damage of a fall ("Flying": beyond the dive; a fall from a moving
/// mount or an overturned chariot counts as one zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FallingRule {
    pub dice_per_zone: u8,
    pub weight: WeightClass,
}

/// Light or heavy ("Chariots").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ChariotKind {
    Light,
    Heavy,
}

impl ChariotKind {
    pub const ALL: [Self; 2] = [Self::Light, Self::Heavy];

    pub fn name(self) -> &'static str {
        match self {
            Self::Light => "Light",
            Self::Heavy => "Heavy",
        }
    }
}

/// A two- or four-horse team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Horses {
    Two,
    Four,
}

impl Horses {
    pub const ALL: [Self; 2] = [Self::Two, Self::Four];
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChariotKindRule {
    /// Crew it carries at most.
    pub crew: u8,
    /// Base pace in inches.
    pub pace: u8,
    /// Crew carried without a penalty; each beyond is -1 to pace and driving.
    pub free_crew: u8,
    /// Dice off the Driving roll for a second 45 degree turn in one move.
    pub second_turn_penalty: u8,
    /// Targets its team may strike with one attack, at its front.
    pub team_targets: u8,
    /// Its base on the table in inches (width, length), drawn to scale.
    pub footprint: (u8, u8),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamRule {
    /// The creature template of the team: one target, as one horse.
    pub template: String,
    /// Inches of pace added, by chariot kind.
    #[serde(deserialize_with = "unique_keys")]
    pub pace_bonus: BTreeMap<ChariotKind, u8>,
    /// Whether extra crew slow the chariot, by chariot kind.
    #[serde(deserialize_with = "unique_keys")]
    pub crew_slows: BTreeMap<ChariotKind, bool>,
    /// Targets it may strike with one attack (the larger of this and the kind's).
    pub targets: u8,
    /// Its base on the table in inches (width, length), drawn to scale.
    pub footprint: (u8, u8),
}

impl ChariotRules {
    /// A chariot's base on the table in inches (width, length): the larger
    /// of its kind's and its team's.
    pub fn footprint(&self, kind: ChariotKind, horses: Horses) -> (u8, u8) {
        let by_kind = self.kinds.get(&kind).map(|k| k.footprint);
        let by_team = self.teams.get(&horses).map(|t| t.footprint);
        match (by_kind, by_team) {
            (Some(k), Some(t)) => (k.0.max(t.0), k.1.max(t.1)),
            (k, t) => k.or(t).unwrap_or((2, 3)),
        }
    }
}

/// The chariots a nation fielded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nation {
    pub name: String,
    pub horses: Vec<Horses>,
    pub kinds: Vec<ChariotKind>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChariotRules {
    #[serde(deserialize_with = "unique_keys")]
    pub kinds: BTreeMap<ChariotKind, ChariotKindRule>,
    #[serde(deserialize_with = "unique_keys")]
    pub teams: BTreeMap<Horses, TeamRule>,
    /// Dice off the Driving roll to enter each kind of terrain; terrain not
    /// listed is easy going.
    #[serde(deserialize_with = "unique_keys")]
    pub driving_penalty: BTreeMap<Terrain, u8>,
    /// Terrain no chariot can enter. Edge features (walls, hedges, fences)
    /// stop chariots too.
    pub impassable: Vec<Terrain>,
    /// The cover a chariot gives its crew, except from the rear.
    pub cover: Cover,
    /// The chariots of each nation, by id.
    #[serde(deserialize_with = "unique_keys")]
    pub nations: BTreeMap<String, Nation>,
}

/// How tired the combatants start a battle ("Fatigue"), set per level.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Fatigue {
    #[default]
    Fresh,
    Tired,
    Severe,
    /// Fatigue is in doubt: each combatant rolls BODY at the start of the
    /// battle, and only those who fail lose the ranks.
    Doubtful,
}

impl Fatigue {
    pub const ALL: [Self; 4] = [Self::Fresh, Self::Tired, Self::Severe, Self::Doubtful];
}

impl RuleNumbers {
    /// The shipped rule numbers, for unit tests of the rule arithmetic.
    #[cfg(test)]
    pub fn standard() -> Self {
        ron::from_str(include_str!("../../assets/data/rules.ron"))
            .expect("shipped rules.ron parses")
    }

    pub fn damage_rule(&self, weight: WeightClass) -> DamageRule {
        self.damage
            .get(&weight)
            .copied()
            .unwrap_or(DamageRule::Points {
                base: 1,
                successes_per_extra: 1,
            })
    }
}

impl crate::rules::numbers::CoreNumbers for RuleNumbers {
    fn standard_sl(&self) -> u8 {
        self.standard_sl
    }

    fn fumbled_target_sl(&self) -> u8 {
        self.fumbled_target_sl
    }

    fn max_action_dice(&self) -> u8 {
        self.max_action_dice
    }

    fn floor_die_face(&self) -> u8 {
        self.floor_die_face
    }

    fn minor_advantage_dice(&self) -> u8 {
        self.minor_advantage_dice
    }

    fn major_advantage_dice(&self) -> u8 {
        self.major_advantage_dice
    }

    fn characteristic_base_dice(&self) -> u8 {
        self.characteristic_base_dice
    }
}

/// The dominant terrain of a zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Grass,
    Woods,
    Rough,
    Rocky,
    Hill,
    Water,
    Marsh,
    Road,
    Building,
}

impl Terrain {
    pub const ALL: [Self; 9] = [
        Self::Grass,
        Self::Woods,
        Self::Rough,
        Self::Rocky,
        Self::Hill,
        Self::Water,
        Self::Marsh,
        Self::Road,
        Self::Building,
    ];
}

/// A feature on the edge between two zones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum EdgeFeature {
    Wall,
    Hedge,
    Fence,
}

impl EdgeFeature {
    pub const ALL: [Self; 3] = [Self::Wall, Self::Hedge, Self::Fence];
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainInfo {
    pub name: String,
    /// Whether figures on foot may enter.
    pub passable: bool,
    /// Pips added to a Move or Charge into this terrain.
    #[serde(default)]
    pub extra_move_cost: u8,
    /// Area cover for those who hold the zone.
    #[serde(default)]
    pub cover: Option<Cover>,
    /// Base colour for the view, as sRGB from 0 to 1.
    pub colour: (f32, f32, f32),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeInfo {
    pub name: String,
    /// Pips added to a Move or Charge across this edge.
    pub crossing_cost: u8,
    /// Linear cover against attacks across the edge, both ways.
    #[serde(default)]
    pub cover: Option<Cover>,
    pub colour: (f32, f32, f32),
}

/// `terrain.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainTable {
    #[serde(deserialize_with = "unique_keys")]
    pub terrain: BTreeMap<Terrain, TerrainInfo>,
    #[serde(deserialize_with = "unique_keys")]
    pub edges: BTreeMap<EdgeFeature, EdgeInfo>,
}
