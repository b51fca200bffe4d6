//! The core numbers the rules' arithmetic reads. `rules.ron` holds them, and
//! the data's `RuleNumbers` answers for them, so no rule reaches into the
//! data files.

pub trait CoreNumbers {
    /// The lowest face that hits at the standard Superiority Level.
    fn standard_sl(&self) -> u8;
    /// The lowest face that hits a Fumbled target.
    fn fumbled_target_sl(&self) -> u8;
    /// The most action dice rolled, before carried and extra dice.
    fn max_action_dice(&self) -> u8;
    /// The face of the single die given to a combatant reduced below one die.
    fn floor_die_face(&self) -> u8;
    /// Extra attack dice for minor advantage in a melee group.
    fn minor_advantage_dice(&self) -> u8;
    /// Extra attack dice for major advantage in a melee group.
    fn major_advantage_dice(&self) -> u8;
    /// BODY, MIND and SPIRIT rolls use this many dice plus the current rank.
    fn characteristic_base_dice(&self) -> u8;
}
