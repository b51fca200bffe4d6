//! Weapons in hand and dual wielding ("Dual & Multi Weapon Wielding").

use crate::common::{app, attack_with, level, table};
use swift_swords::battle::command::Command;
use swift_swords::battle::odds::defence_outcomes;
use swift_swords::rules::payment::Cost;
use swift_swords::vocabulary::Defence;

fn level_with(dual: bool) -> swift_swords::level::Level {
    let units = format!(
        r#"
        (id: "vet", template: "veteran", side: "heroes", zone: (0, 0),
            overrides: (weapons: Some(["broadsword", "dagger"]), dual_wield: Some({dual}),
                action_dice: Some(Fixed([6, 6, 6])))),
        (id: "bandit", template: "bandit", side: "foes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([2])))),
    "#
    );
    level(r#""g""#, &units, "")
}

#[test]
fn readying_a_weapon_not_in_hand_costs_a_pip_but_a_dual_wielder_has_both_ready() {
    for (dual, pips) in [(false, 4), (true, 3)] {
        let app = app(&level_with(dual), &[]);
        let t = table(&app);
        let plan = t
            .check(&Command::new("vet", attack_with("bandit", "dagger")))
            .unwrap();
        assert_eq!(plan.cost, Cost::Pips(pips), "dual wield {dual}");
        // The broadsword is in hand: no extra pip either way.
        let plan = t
            .check(&Command::new("vet", attack_with("bandit", "broadsword")))
            .unwrap();
        assert_eq!(plan.cost, Cost::Pips(4));
    }
}

#[test]
fn a_dual_wielder_parries_with_its_second_weapon() {
    for (dual, dice) in [(false, 3), (true, 4)] {
        let app = app(&level_with(dual), &[]);
        let t = table(&app);
        let vet = t.unit_index("vet").unwrap();
        // Outcomes run from 0 to the dice rolled.
        assert_eq!(defence_outcomes(&t, vet, Defence::Parry).len() - 1, dice);
    }
}
