//! The table's vocabulary: the plain words the rules, the data and the
//! levels all speak in (zones and map edges, facings, weight classes, the
//! two rank tracks, the defences). It imports nothing of the game's.

use serde::{Deserialize, Serialize};

/// A zone's place on the map: column from the west edge, row from the north edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ZoneCoord(pub u16, pub u16);

impl ZoneCoord {
    pub fn x(self) -> u16 {
        self.0
    }

    pub fn y(self) -> u16 {
        self.1
    }

    /// Zones sharing an edge (not a corner).
    pub fn orthogonal_to(self, other: Self) -> bool {
        u32::from(self.0.abs_diff(other.0)) + u32::from(self.1.abs_diff(other.1)) == 1
    }

    /// The zones sharing an edge with this one, in the order north, east,
    /// south, west (those past the grid's zero edges left out; a board may
    /// still not hold the others).
    pub fn orthogonal_neighbours(self) -> impl Iterator<Item = Self> {
        [(0i32, -1i32), (1, 0), (0, 1), (-1, 0)]
            .into_iter()
            .filter_map(move |(dx, dy)| {
                let x = u16::try_from(i32::from(self.0) + dx).ok()?;
                let y = u16::try_from(i32::from(self.1) + dy).ok()?;
                Some(Self(x, y))
            })
    }

    /// Distance in zones, counting a diagonal step as one (used for missile range).
    pub fn distance(self, other: Self) -> u16 {
        self.0.abs_diff(other.0).max(self.1.abs_diff(other.1))
    }
}

impl std::fmt::Display for ZoneCoord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

/// A map edge, for escaping off the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MapEdge {
    North,
    East,
    South,
    West,
}

impl MapEdge {
    /// The edge in words, for players: "east".
    pub fn name(self) -> &'static str {
        match self {
            Self::North => "north",
            Self::East => "east",
            Self::South => "south",
            Self::West => "west",
        }
    }
}

/// One of the 8 facings of the square grid: the four cardinals and the four
/// diagonals. North is toward row 0.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Facing {
    #[default]
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Facing {
    /// The facing in words, for players: "north-east".
    pub fn name(self) -> &'static str {
        match self {
            Self::N => "north",
            Self::NE => "north-east",
            Self::E => "east",
            Self::SE => "south-east",
            Self::S => "south",
            Self::SW => "south-west",
            Self::W => "west",
            Self::NW => "north-west",
        }
    }

    /// The compass letters of the facing: "NE".
    pub fn letters(self) -> &'static str {
        match self {
            Self::N => "N",
            Self::NE => "NE",
            Self::E => "E",
            Self::SE => "SE",
            Self::S => "S",
            Self::SW => "SW",
            Self::W => "W",
            Self::NW => "NW",
        }
    }

    pub const ALL: [Self; 8] = [
        Self::N,
        Self::NE,
        Self::E,
        Self::SE,
        Self::S,
        Self::SW,
        Self::W,
        Self::NW,
    ];

    fn index(self) -> usize {
        Self::ALL.iter().position(|&f| f == self).unwrap_or(0)
    }

    /// The facing `steps` turns clockwise (negative: anticlockwise).
    pub fn turned(self, steps: i32) -> Self {
        Self::ALL[(self.index() as i32 + steps).rem_euclid(8) as usize]
    }

    pub fn opposite(self) -> Self {
        self.turned(4)
    }

    /// The fewest turns from one facing to another (0 to 4).
    pub fn turns_to(self, other: Self) -> u8 {
        let d = (other.index() as i32 - self.index() as i32).rem_euclid(8);
        d.min(8 - d) as u8
    }

    /// The column and row change of one step forward.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Self::N => (0, -1),
            Self::NE => (1, -1),
            Self::E => (1, 0),
            Self::SE => (1, 1),
            Self::S => (0, 1),
            Self::SW => (-1, 1),
            Self::W => (-1, 0),
            Self::NW => (-1, -1),
        }
    }

    /// The zone one step ahead, if it is on a map of that size.
    pub fn ahead(self, zone: ZoneCoord, width: u16, height: u16) -> Option<ZoneCoord> {
        let (dx, dy) = self.delta();
        let (x, y) = (i32::from(zone.0) + dx, i32::from(zone.1) + dy);
        (x >= 0 && y >= 0 && x < i32::from(width) && y < i32::from(height))
            .then_some(ZoneCoord(x as u16, y as u16))
    }

    /// The facing nearest the direction from one zone to another (`None`
    /// for the same zone).
    pub fn toward(from: ZoneCoord, to: ZoneCoord) -> Option<Self> {
        let (dx, dy) = (
            f64::from(to.0) - f64::from(from.0),
            f64::from(to.1) - f64::from(from.1),
        );
        if dx == 0.0 && dy == 0.0 {
            return None;
        }
        // Clockwise from north, in eighths of a turn.
        let angle = dx.atan2(-dy).rem_euclid(std::f64::consts::TAU);
        let eighth = (angle / std::f64::consts::FRAC_PI_4).round() as i32;
        Some(Self::N.turned(eighth))
    }

    /// Whether `other` lies behind a figure at `from` facing this way: in the
    /// three facings opposite its own.
    pub fn behind(self, from: ZoneCoord, other: ZoneCoord) -> bool {
        Self::toward(from, other).is_some_and(|d| d.turns_to(self.opposite()) <= 1)
    }
}

/// A weapon's weight class, which sets its damage and attack cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WeightClass {
    Light,
    Medium,
    Heavy,
    Large,
    Huge,
    Massive,
}

impl WeightClass {
    pub const ALL: [Self; 6] = [
        Self::Light,
        Self::Medium,
        Self::Heavy,
        Self::Large,
        Self::Huge,
        Self::Massive,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::Light => "Light",
            Self::Medium => "Medium",
            Self::Heavy => "Heavy",
            Self::Large => "Large",
            Self::Huge => "Huge",
            Self::Massive => "Massive",
        }
    }
}

/// The physical or the mental track of ranks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RankSide {
    #[default]
    Physical,
    Mental,
}

impl RankSide {
    pub fn name(self) -> &'static str {
        match self {
            Self::Physical => "Physical",
            Self::Mental => "Mental",
        }
    }
}

/// The three defences a combatant may declare against an attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Defence {
    /// Each success takes an attack die away before the roll; it pools.
    Dodge,
    /// Needs a shield; holds while the attack's hits do not outnumber the pool.
    Block,
    /// Against melee: each success turns a missed die into an exposure; no pool.
    Parry,
}

impl Defence {
    pub const ALL: [Self; 3] = [Self::Dodge, Self::Block, Self::Parry];

    pub fn name(self) -> &'static str {
        match self {
            Self::Dodge => "Dodge",
            Self::Block => "Block",
            Self::Parry => "Parry",
        }
    }

    /// Whether the roll stays as a defence pool.
    pub fn pools(self) -> bool {
        !matches!(self, Self::Parry)
    }
}

/// How a fight is ordered: who acts when, and how much a turn allows. The
/// countdown is Swift Swords' own; the others are the sister rules' orders,
/// each running Swift Swords' combat (RULES §41).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Sequence {
    /// The countdown of action dice, with the refresh.
    #[default]
    Countdown,
    /// A turn for each side in a round, the player's side first.
    SideTurns,
    /// The sides alternate, one combatant's activation each, with morale.
    Alternation,
    /// One track in order of initiative, three actions a round each.
    Track,
    /// Intent, movement and actions in order of DEX rank.
    DexRanks,
}

impl Sequence {
    pub const ALL: [Self; 5] = [
        Self::Countdown,
        Self::SideTurns,
        Self::Alternation,
        Self::Track,
        Self::DexRanks,
    ];

    /// In a player's words.
    pub fn name(self) -> &'static str {
        match self {
            Self::Countdown => "Countdown",
            Self::SideTurns => "Side turns",
            Self::Alternation => "Faction alternation",
            Self::Track => "Initiative track",
            Self::DexRanks => "DEX ranks",
        }
    }

    /// What it means for a player, in a sentence.
    pub fn about(self) -> &'static str {
        match self {
            Self::Countdown => {
                "Whoever has the most action dice left acts next; when one runs dry, everyone gets a last option and the round ends."
            }
            Self::SideTurns => {
                "Each side takes its whole turn in turn, the heroes first, each fighter making one move and taking one action; in the first round each fighter of the side that goes first must steel itself to act."
            }
            Self::Alternation => {
                "The sides take turns to activate one fighter each, or pass: a full move, or half a move with an attack and a quick action; a defence takes a fighter's whole turn; at the round's end, a side brought to half its number must hold its nerve."
            }
            Self::Track => {
                "Everyone takes one turn a round in order of initiative, the sides alternating: three different actions a turn, one of them may wait for later, and once a round anyone may try to act out of turn."
            }
            Self::DexRanks => {
                "Each round everyone declares whether they will stand, move or run, the movers move (runners twice, giving up their actions), then all act in order of DEX rank: the quick before the slow, bows before spears before swords, and a long move slows you down."
            }
        }
    }

    /// The name a command line takes (`--sequence side-turns`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Countdown => "countdown",
            Self::SideTurns => "side-turns",
            Self::Alternation => "alternation",
            Self::Track => "initiative-track",
            Self::DexRanks => "dex-ranks",
        }
    }

    /// The sequence a command line names, if any.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.key() == key)
    }

    pub fn is_countdown(&self) -> bool {
        *self == Self::Countdown
    }
}

/// The steps of a round under DEX ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DexStep {
    /// Each declares, fastest first, whether it will stand, move or run.
    Intent,
    /// Those who declared a move make it, fastest first.
    Movement,
    /// Everyone acts, in order of DEX rank as lowered by its move.
    Actions,
    /// The round's wounds are settled: bleeders bleed.
    Resolution,
}

impl DexStep {
    /// The step's beginning, in a player's words.
    pub fn in_words(self) -> &'static str {
        match self {
            Self::Intent => "statements of intent, fastest first",
            Self::Movement => "movement, fastest first",
            Self::Actions => "actions, in order of DEX rank",
            Self::Resolution => "resolution: the round's bleeding",
        }
    }

    /// The step's name, in a player's words.
    pub fn name(self) -> &'static str {
        match self {
            Self::Intent => "statement of intent",
            Self::Movement => "movement",
            Self::Actions => "action step",
            Self::Resolution => "resolution",
        }
    }
}

impl std::str::FromStr for Sequence {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Self::from_key(text).ok_or_else(|| {
            let keys: Vec<&str> = Self::ALL.iter().map(|s| s.key()).collect();
            format!(
                "no sequence of play is called {text}; expected one of: {}",
                keys.join(", ")
            )
        })
    }
}
