//! An attack declared and paid for, waiting for its target's answer: what
//! the defence is chosen against, and what the initiative track sets aside
//! while the target acts out of turn.

use serde::{Deserialize, Serialize};

use crate::data::Tactic;
use crate::rules::injury::Shift;
use crate::rules::special::SpecialResult;

/// An attack declared and paid for, waiting for its target's answer before
/// it is rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingAttack {
    pub attacker: usize,
    pub target: usize,
    pub weapon: String,
    pub raise_with_one: bool,
    /// Special results to buy with the extra successes, in order.
    #[serde(default)]
    pub specials: Vec<SpecialResult>,
    #[serde(default)]
    pub tactic: Option<Tactic>,
    /// A mob's attack action strikes separate targets: those struck so far.
    #[serde(default)]
    pub struck: Vec<usize>,
    /// Where to shift an injury the attack causes.
    #[serde(default)]
    pub shift: Shift,
    /// A spell attack (its id): the caster's Cast pool is released once the
    /// target has answered, and `weapon` is empty.
    #[serde(default)]
    pub spell: Option<String>,
}
