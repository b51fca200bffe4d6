//! What the table sounds like: the sounds the game has, and which one each
//! battle event makes. One event makes at most one sound, read from the
//! same events as the log and the callouts, so what is heard is what
//! happened.

use crate::battle::components::StateKind;
use crate::battle::events::{BattleEvent, Outcome};
use crate::battle::state::BattleState;
use crate::data::Terrain;
use crate::level::Controller;
use crate::vocabulary::{WeightClass, ZoneCoord};

/// The ground underfoot, as a step sounds on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ground {
    Grass,
    Road,
    Water,
    Woods,
}

impl Ground {
    pub const ALL: [Self; 4] = [Self::Grass, Self::Road, Self::Water, Self::Woods];

    /// How a terrain sounds underfoot: hard ground as a road, a marsh as
    /// water.
    pub fn of(terrain: Terrain) -> Self {
        match terrain {
            Terrain::Grass | Terrain::Hill => Self::Grass,
            Terrain::Woods => Self::Woods,
            Terrain::Water | Terrain::Marsh => Self::Water,
            Terrain::Road | Terrain::Rough | Terrain::Rocky | Terrain::Building => Self::Road,
        }
    }
}

/// How heavy a blow lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Weight {
    Light,
    Medium,
    Heavy,
    Massive,
}

impl Weight {
    pub const ALL: [Self; 4] = [Self::Light, Self::Medium, Self::Heavy, Self::Massive];

    /// A weapon's weight class as a blow: Large counts as Heavy, Huge as
    /// Massive.
    pub fn of(class: WeightClass) -> Self {
        match class {
            WeightClass::Light => Self::Light,
            WeightClass::Medium => Self::Medium,
            WeightClass::Heavy | WeightClass::Large => Self::Heavy,
            WeightClass::Huge | WeightClass::Massive => Self::Massive,
        }
    }

    /// A blow of no known weapon (a fall, a hold), by its damage.
    fn of_damage(damage: u32) -> Self {
        match damage {
            0..=1 => Self::Light,
            2 => Self::Medium,
            3..=4 => Self::Heavy,
            _ => Self::Massive,
        }
    }
}

/// The field under the table, heard beneath everything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// Wind over open ground, and birds.
    Meadow,
    /// Running water by a ford or a marsh.
    Water,
    /// Leaves in the wind.
    Woods,
}

impl Field {
    pub const ALL: [Self; 3] = [Self::Meadow, Self::Water, Self::Woods];

    pub fn of(terrain: Terrain) -> Self {
        match terrain {
            Terrain::Water | Terrain::Marsh => Self::Water,
            Terrain::Woods => Self::Woods,
            _ => Self::Meadow,
        }
    }
}

/// Which volume a sound answers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Effects,
    Interface,
}

/// One sound of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cue {
    /// A handful of dice on wood (more dice, louder and longer), with a
    /// bright note for a 6's extra die and a low one for a 1.
    Dice {
        count: u8,
        extra: bool,
        ones: bool,
    },
    Step(Ground),
    Charge,
    Wings,
    Hooves,
    Wheels,
    Blow(Weight),
    ShieldBlock,
    Parry,
    Dodge,
    Miss,
    Stun,
    Fall,
    OutOfAction,
    /// A low swell.
    Fear,
    Refresh,
    Won,
    Lost,
    Click,
    Refused,
    YourTurn,
}

/// The most dice a roll's sound tells apart.
pub const MOST_DICE: u8 = 8;

impl Cue {
    pub fn channel(self) -> Channel {
        match self {
            Self::Click | Self::Refused | Self::YourTurn => Channel::Interface,
            _ => Channel::Effects,
        }
    }

    /// Every sound of the game, each once.
    pub fn every() -> Vec<Self> {
        let mut every = Vec::new();
        for count in 1..=MOST_DICE {
            for (extra, ones) in [(false, false), (true, false), (false, true), (true, true)] {
                every.push(Self::Dice { count, extra, ones });
            }
        }
        every.extend(Ground::ALL.map(Self::Step));
        every.extend(Weight::ALL.map(Self::Blow));
        every.extend([
            Self::Charge,
            Self::Wings,
            Self::Hooves,
            Self::Wheels,
            Self::ShieldBlock,
            Self::Parry,
            Self::Dodge,
            Self::Miss,
            Self::Stun,
            Self::Fall,
            Self::OutOfAction,
            Self::Fear,
            Self::Refresh,
            Self::Won,
            Self::Lost,
            Self::Click,
            Self::Refused,
            Self::YourTurn,
        ]);
        every
    }

    /// A roll of these dice faces (and extra dice from 6s).
    pub fn dice(faces: &[u8], extra: &[u8]) -> Self {
        let count = (faces.len() + extra.len()).clamp(1, usize::from(MOST_DICE));
        Self::Dice {
            count: count as u8,
            extra: !extra.is_empty(),
            ones: faces.iter().chain(extra).any(|&f| f == 1),
        }
    }

    /// Whether a figure moves across the table with it: what follows waits
    /// for the figure to arrive.
    pub fn moves(self) -> bool {
        matches!(
            self,
            Self::Step(_) | Self::Charge | Self::Wings | Self::Hooves | Self::Wheels
        )
    }
}

/// Listens to a battle's events in order and names the sound of each. It
/// remembers the weapon of the attack under way, so that the blow it lands
/// sounds as heavy as the weapon.
#[derive(Debug, Clone, Default)]
pub struct Listener {
    blow: Option<Weight>,
}

impl Listener {
    /// The sound of `event` on `table` (the battle as it stands after it),
    /// if it makes one.
    pub fn hear(&mut self, event: &BattleEvent, table: &BattleState) -> Option<Cue> {
        use BattleEvent::*;
        let unit = |id: &str| table.unit_index(id);
        Some(match event {
            // A new command: no attack is under way until one is declared.
            DicePaid { .. } => {
                self.blow = None;
                return None;
            }
            ActionDiceRolled { rolled, extra, .. } => Cue::dice(rolled, extra),
            AttackRolled { weapon, dice, .. } => {
                self.blow = table
                    .ruleset()
                    .weapons
                    .get(weapon)
                    .map(|w| Weight::of(w.weight));
                Cue::dice(dice, &[])
            }
            AttackDeclared { weapon, .. } => {
                self.blow = table
                    .ruleset()
                    .weapons
                    .get(weapon)
                    .map(|w| Weight::of(w.weight));
                return None;
            }
            Injured { location_dice, .. } => Cue::dice(location_dice, &[]),
            DrivingRoll { dice, .. } | RidingRoll { dice, .. } => Cue::dice(dice, &[]),
            FearTest { .. } | Panicked { .. } | Crushed { .. } => Cue::Fear,
            Fell { .. } | FellProne { .. } | Overturned { .. } => Cue::Fall,
            _ if event.dice_shown().is_some() => {
                let (faces, _) = event.dice_shown().unwrap_or_default();
                Cue::dice(faces, &[])
            }
            Moved { unit: id, to, .. } => self.step(table, unit(id), *to),
            Charged { .. } => Cue::Charge,
            Flew { .. } | TookOff { .. } | Landed { .. } => Cue::Wings,
            Galloped { .. } | Mounted { .. } | Dismounted { .. } => Cue::Hooves,
            Drove { .. } => Cue::Wheels,
            Damaged { damage, .. } => Cue::Blow(self.blow.unwrap_or(Weight::of_damage(*damage))),
            DamageStopped { .. } => Cue::Blow(self.blow.unwrap_or(Weight::Light)),
            Blocked { .. } | BlockOverwhelmed { .. } => Cue::ShieldBlock,
            Parried { .. } => Cue::Parry,
            Dodged { .. } => Cue::Dodge,
            Missed { .. } => Cue::Miss,
            StateTaken {
                state: StateKind::Stun | StateKind::Shock,
                ..
            } => Cue::Stun,
            OutOfAction { .. } | Killed { .. } | Subdued { .. } => Cue::OutOfAction,
            RefreshCalled { .. } => Cue::Refresh,
            BattleEnded { outcome } => {
                self.blow = None;
                ending(table, outcome)
            }
            _ => return None,
        })
    }

    /// A step onto the zone's ground; a rider's or a chariot's move is heard
    /// as hooves or wheels.
    fn step(&self, table: &BattleState, unit: Option<usize>, to: ZoneCoord) -> Cue {
        if let Some(unit) = unit {
            if table.chariot_of(unit).is_some() {
                return Cue::Wheels;
            }
            if table.carrier_of(unit).is_some() || !table.riders_of(unit).is_empty() {
                return Cue::Hooves;
            }
        }
        Cue::Step(table.board().terrain(to).map_or(Ground::Grass, Ground::of))
    }
}

/// The battle won or lost, as the players hear it: won when a player's side
/// wins (or when only the AI plays and someone wins), lost otherwise.
fn ending(table: &BattleState, outcome: &Outcome) -> Cue {
    let Outcome::Victory { side, .. } = outcome else {
        return Cue::Lost;
    };
    let players: Vec<&str> = table
        .battle()
        .sides
        .iter()
        .filter(|s| s.controller == Controller::Human)
        .map(|s| s.id.as_str())
        .collect();
    if players.is_empty() || players.contains(&side.as_str()) {
        Cue::Won
    } else {
        Cue::Lost
    }
}

/// The field heard at a zone of the table.
pub fn field_at(table: &BattleState, zone: ZoneCoord) -> Field {
    table.board().terrain(zone).map_or(Field::Meadow, Field::of)
}
