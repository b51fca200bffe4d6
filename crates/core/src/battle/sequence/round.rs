//! The sequences' round data: where the battle stands in the sequence of
//! play, and what a round on the initiative track or under DEX ranks holds.
//! The state holds it and the sequence's rules read the state, so this file
//! lies in the state's layer, below the rules of its folder (the layer test
//! names it as a node of its own); the rounds' fields are the sequence's
//! alone.

use serde::{Deserialize, Serialize};

use crate::battle::pending::PendingAttack;
use crate::vocabulary::{DexStep, ZoneCoord};

/// Where the battle stands in the sequence of play. Only the sequence's
/// own module reads or writes the in-round phases: the rest of the game
/// asks it (the layer test holds to this).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Surprise and starting positions still to settle.
    Setup,
    /// A new round's action dice are to be rolled.
    RollActionDice,
    /// Combatants act in countdown order.
    Countdown,
    /// A refresh was called: these combatants (in order) still get their last option.
    Refresh {
        queue: Vec<usize>,
    },
    /// Side turns: `side` has the turn; `done` are the sides whose turn this
    /// round is over; `unready` failed the first round's readiness roll;
    /// `moved` and `acted` have made their move and taken their action this
    /// round, and `finished` ended their turn with a pass.
    SideTurn {
        side: usize,
        done: Vec<usize>,
        unready: Vec<usize>,
        #[serde(default)]
        moved: Vec<usize>,
        #[serde(default)]
        acted: Vec<usize>,
        #[serde(default)]
        finished: Vec<usize>,
    },
    /// Faction alternation: `side` is to activate a combatant (or pass),
    /// `active` is the one taking its activation; `passes` in a row so far.
    Alternation {
        side: usize,
        active: Option<usize>,
        activated: Vec<usize>,
        passes: usize,
        /// Each combatant's physical ranks left and whether it was fighting,
        /// at the round's start: the morale check compares with them.
        standing: Vec<(i32, bool)>,
        /// What the active combatant has used of its turn: movements, main
        /// actions and bonus actions (RULES §41.2).
        #[serde(default)]
        used: [u8; 3],
        /// Those who held at once, keeping their turn for a reaction.
        #[serde(default)]
        reserved: Vec<usize>,
        /// The side to move passes rather than activate.
        #[serde(default)]
        passing: bool,
    },
    /// The initiative track: the round's turns still to come, the head's
    /// now; what each combatant has used of its round (RULES §41.3).
    Track(Box<TrackRound>),
    /// DEX ranks: the round's step, and who is still to decide in it, in
    /// order (RULES §41.4).
    Dex(Box<DexRound>),
    Ended,
}

/// A round on the initiative track.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackRound {
    /// The turns still to come this round, in order; the head has the turn.
    pub(super) queue: Vec<usize>,
    /// Actions taken this round, by combatant (level order).
    pub(super) spent: Vec<u8>,
    /// Defences made this round, by combatant.
    pub(super) reactions: Vec<u8>,
    /// The kinds of order taken in the turn now running.
    pub(super) used: Vec<String>,
    /// Those waiting with a delayed action.
    pub(super) delayed: Vec<usize>,
    /// Those who have tried an action out of turn this round.
    pub(super) tried: Vec<usize>,
    /// An attack set aside while its target acts out of turn.
    pub(super) set_aside: Option<PendingAttack>,
    /// The head's turn has begun.
    pub(super) opened: bool,
}

/// A round under DEX ranks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DexRound {
    pub(super) step: DexStep,
    /// Those still to decide in this step, in order; the head decides now.
    pub(super) queue: Vec<usize>,
    /// Each combatant's declared intent (`Some(true)`: it will move).
    pub(super) intents: Vec<Option<bool>>,
    /// Where each combatant stood when the movement began.
    pub(super) from: Vec<ZoneCoord>,
    /// The head has done what the step asks of it.
    pub(super) head_done: bool,
    /// Those who declared a run: two movements, then defences only.
    #[serde(default)]
    pub(super) runners: Vec<usize>,
    /// Movement orders the head has given in the movement step.
    #[serde(default)]
    pub(super) moves: u8,
}
