//! Weapons in hand and dual wielding ("Dual & Multi Weapon Wielding"): a
//! combatant fights with the weapon in its hand, and readying another costs
//! a little; one trained to wield two one-handed weapons has both ready and
//! parries with the second.

use super::state::BattleState;

/// Whether a combatant trained to dual wield carries two one-handed
/// striking weapons (natural weapons and shields aside).
pub fn wields_two(table: &BattleState, unit: usize) -> bool {
    let me = &table.units[unit];
    me.profile.dual_wield
        && me
            .profile
            .weapons
            .iter()
            .filter_map(|w| table.ruleset.weapons.get(w))
            .filter(|w| !w.natural && w.shield.is_none() && w.hands == 1 && !w.is_missile())
            .count()
            >= 2
}

/// Pips added to an attack with `weapon`: none for the weapon in hand,
/// natural weapons, or any one-handed weapon of a dual wielder.
pub fn switch_pips(table: &BattleState, unit: usize, weapon: &str) -> u8 {
    let me = &table.units[unit];
    let Some(w) = table.ruleset.weapons.get(weapon) else {
        return 0;
    };
    let in_hand = me.profile.ready.as_deref() == Some(weapon);
    if in_hand || w.natural || (w.hands == 1 && wields_two(table, unit)) {
        0
    } else {
        table.ruleset.rules.switch_weapon_pips
    }
}

/// A combatant left with nothing to strike with fights unarmed (`unarmed`
/// in `injuries.ron`): after a dropped, broken or discarded weapon.
pub(super) fn arm_if_unarmed(table: &mut BattleState, unit: usize) {
    let ruleset = table.ruleset.clone();
    let weapons = &mut table.units[unit].profile.weapons;
    let armed = weapons
        .iter()
        .any(|w| ruleset.weapons.get(w).is_some_and(|w| w.shield.is_none()));
    if !armed {
        weapons.push(ruleset.injuries.unarmed.clone());
    }
}

/// A dual wielder's extra Parry dice.
pub fn parry_bonus(table: &BattleState, unit: usize) -> u8 {
    if wields_two(table, unit) {
        table.ruleset.rules.dual_wield_parry_dice
    } else {
        0
    }
}
