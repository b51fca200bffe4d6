//! The game's player-facing choices, headless: the action menu and clicks on
//! the table become commands only through the rules' own check, and the
//! results screen reads the battle log.

use std::collections::BTreeSet;
use std::process::Command as Process;

use crate::common::{app, foe, hero, level, ruleset, shipped_levels, units};
use crate::common::{battle_app, submit, table};
use swift_swords::ai::{AiLevel, choose, legal_commands};
use swift_swords::battle::command::{AttackChoices, Command, Order, RuleError};
use swift_swords::battle::components::Fate;
use swift_swords::game::orders::{Click, MenuSection, click_order, menu_entries, with_choices};
use swift_swords::game::screens::results::BattleSummary;
use swift_swords::rules::dice::Dice;
use swift_swords::rules::payment::PaymentError;
use swift_swords::vocabulary::ZoneCoord;

/// A hero and a bandit in neighbouring zones of a three-zone strip. The hero
/// rolls 5 4 3 2 and the bandit 5 4 3: the hero's bigger pool acts first.
fn apart() -> swift_swords::battle::engine::Engine {
    let units = units(&[
        hero("hero", "hero_swordsman"),
        foe("bandit", "bandit").at(1, 0),
    ]);
    app(&level(r#""ggg""#, &units, ""), &[5, 4, 3, 2, 5, 4, 3])
}

#[test]
fn action_menu_offers_the_same_legal_orders_as_the_rules_and_greys_the_rest_with_a_reason() {
    let app = apart();
    let table = table(&app);
    let hero = table.unit_index("hero").expect("hero");
    let entries = menu_entries(&table, hero, &AttackChoices::default(), None);
    let offered: BTreeSet<String> = entries
        .iter()
        .filter(|e| e.verdict.is_ok())
        .map(|e| format!("{:?}", e.order))
        .collect();
    let legal: BTreeSet<String> = legal_commands(&table)
        .into_iter()
        .filter(|c| c.unit == "hero")
        .filter(|c| {
            !matches!(
                c.order,
                Order::Attack {
                    raise_with_one: true,
                    ..
                }
            )
        })
        .map(|c| format!("{:?}", c.order))
        .collect();
    assert_eq!(offered, legal);
    // A melee attack on an enemy in the next zone is greyed, with the reason.
    let attack = entries
        .iter()
        .find(|e| e.label == "Attack Bandit (Broadsword)")
        .expect("the attack is listed");
    assert!(attack.verdict.is_err());
    let charge = entries
        .iter()
        .find(|e| e.label == "Charge Bandit")
        .expect("the charge is listed");
    assert_eq!(
        charge.verdict.as_ref().map(|plan| plan.cost).ok(),
        Some(swift_swords::rules::payment::Cost::Pips(4))
    );
}

#[test]
fn dice_picker_payment_passes_through_the_rules_payment_check() {
    let app = apart();
    let table = table(&app);
    let hero = table.unit_index("hero").expect("hero");
    let move_east = Order::Move {
        to: ZoneCoord(1, 0),
        pay: None,
    };
    // Paying the 3-pip move with the 4 is allowed; with the 2 it is not.
    let with_four = with_choices(move_east.clone(), &AttackChoices::default(), Some(&[4]));
    let entries = menu_entries(&table, hero, &AttackChoices::default(), Some(&[4]));
    let entry = entries
        .iter()
        .find(|e| e.order == with_four)
        .expect("the move is listed with the picked die");
    let plan = entry.verdict.as_ref().expect("a 4 pays for a move");
    assert_eq!(
        plan.paid
            .iter()
            .map(|&k| table.units()[hero].pool.dice[k])
            .collect::<Vec<_>>(),
        vec![4]
    );
    let entries = menu_entries(&table, hero, &AttackChoices::default(), Some(&[2]));
    let entry = entries
        .iter()
        .find(|e| {
            matches!(
                e.order,
                Order::Move {
                    to: ZoneCoord(1, 0),
                    ..
                }
            )
        })
        .expect("the move is listed");
    assert!(
        matches!(
            entry.verdict,
            Err(RuleError::CannotPay(PaymentError::ShortOfCost { .. }))
        ),
        "{:?}",
        entry.verdict
    );
}

#[test]
fn clicking_an_enemy_charges_it_from_the_next_zone_and_attacks_it_in_contact() {
    let mut app = apart();
    let first = table(&app);
    let hero = first.unit_index("hero").expect("hero");
    let bandit = first.unit_index("bandit").expect("bandit");
    // A click on a zone two steps away is refused with the movement rule's reason.
    assert_eq!(
        click_order(
            &first,
            hero,
            Click::Zone(ZoneCoord(2, 0)),
            &AttackChoices::default()
        )
        .map(|plan| plan.order),
        Err(RuleError::NotAdjacent {
            from: ZoneCoord(0, 0),
            to: ZoneCoord(2, 0)
        })
    );
    assert_eq!(
        click_order(
            &first,
            hero,
            Click::Zone(ZoneCoord(1, 0)),
            &AttackChoices::default()
        )
        .map(|plan| plan.order),
        Ok(Order::Move {
            to: ZoneCoord(1, 0),
            pay: None
        })
    );
    let order = click_order(&first, hero, Click::Unit(bandit), &AttackChoices::default())
        .expect("a charge")
        .order;
    assert_eq!(
        order,
        Order::Charge {
            target: "bandit".into(),
            pay: None
        }
    );
    submit(&mut app, Command::new("hero", order)).expect("the charge is legal");
    // The hero pays the 5 (least wasteful for 4 pips) and keeps 4 3 2; ties
    // between heroes and others go to the heroes, so the hero acts again.
    let second = table(&app);
    let plan = click_order(
        &second,
        hero,
        Click::Unit(bandit),
        &AttackChoices::default(),
    )
    .expect("an attack");
    assert!(matches!(plan.order, Order::Attack { ref target, .. } if target == "bandit"));
    // The click names no weapon; the rules pick the first usable one.
    assert_eq!(plan.weapon.as_deref(), Some("broadsword"));
}

#[test]
fn results_count_every_combatant_and_every_attack_of_the_battle() {
    let skirmish = shipped_levels()
        .into_iter()
        .find(|l| l.name.contains("Skirmish"))
        .expect("the skirmish level");
    let mut app = battle_app(&skirmish, ruleset(), 11, Dice::seeded(11));
    for _ in 0..2_000 {
        let table = table(&app);
        if table.battle().outcome.is_some() {
            break;
        }
        let command = choose(&table, AiLevel::Normal).expect("someone may act");
        submit(&mut app, command).expect("the AI's command is legal");
    }
    let table = table(&app);
    assert!(table.battle().outcome.is_some(), "the battle ended");
    let log = app.log().to_vec();
    let summary = BattleSummary::new(&table, &log);
    for (k, side) in summary.sides.iter().enumerate() {
        let fielded = table.units().iter().filter(|u| u.unit.side == k).count();
        assert_eq!(side.fielded, fielded);
        assert_eq!(
            side.standing + side.out_of_action + side.killed + side.escaped,
            fielded
        );
        let standing = table
            .units()
            .iter()
            .filter(|u| u.unit.side == k && u.fate == Fate::Fighting)
            .count();
        assert_eq!(side.standing, standing);
    }
    let attacks = log
        .iter()
        .filter(|e| {
            matches!(
                e,
                swift_swords::battle::events::BattleEvent::AttackRolled { .. }
            )
        })
        .count();
    assert_eq!(
        summary.sides.iter().map(|s| s.attacks).sum::<usize>(),
        attacks
    );
    // The injuries table lists each combatant hurt or no longer fighting,
    // with every rank lost and every Trauma of the log.
    let count = |wanted: fn(&swift_swords::battle::events::BattleEvent) -> bool| {
        log.iter().filter(|e| wanted(e)).count()
    };
    use swift_swords::battle::events::BattleEvent as E;
    assert_eq!(
        summary
            .combatants
            .iter()
            .map(|c| c.ranks_lost)
            .sum::<usize>(),
        count(|e| matches!(e, E::RankLost { .. }))
    );
    assert_eq!(
        summary.combatants.iter().map(|c| c.traumas).sum::<usize>(),
        count(|e| matches!(e, E::Trauma { .. }))
    );
    assert_eq!(
        summary
            .combatants
            .iter()
            .filter(|c| c.fate != Fate::Fighting)
            .count(),
        table
            .units()
            .iter()
            .filter(|u| u.fate != Fate::Fighting)
            .count()
    );
    // The outcome names the winning side as players know it.
    let outcome = table.battle().outcome_in_words().expect("ended");
    assert_eq!(summary.outcome, outcome);
    assert!(
        table
            .battle()
            .sides
            .iter()
            .any(|side| outcome.starts_with(&format!("Victory: {} (", side.name)))
            || outcome.starts_with("A draw ("),
        "{outcome}"
    );
}

#[test]
fn play_refuses_a_missing_level_and_a_screenshot_wait_without_a_screenshot() {
    let missing = Process::new(env!("CARGO_BIN_EXE_swift-swords"))
        .args(["play", "levels/no_such_level.ron"])
        .output()
        .expect("the game runs");
    assert!(!missing.status.success());
    assert!(
        String::from_utf8_lossy(&missing.stderr)
            .contains("levels/no_such_level.ron:1:1: cannot read the file: there is no such file")
    );
    let no_shot = Process::new(env!("CARGO_BIN_EXE_swift-swords"))
        .args(["play", "levels/duel.ron", "--screenshot-after-actions", "3"])
        .output()
        .expect("the game runs");
    assert_eq!(no_shot.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_shot.stderr).contains("--screenshot"));
}

/// The game's schedule: a queued command goes through the engine's door, the
/// verdict and the events come out, and the view's components are written
/// from the state (never the reverse).
#[test]
fn a_queued_command_is_resolved_by_the_engine_and_mirrored_into_the_components() {
    use bevy::ecs::message::Messages;
    use bevy::prelude::{App, MinimalPlugins};
    use bevy::state::app::StatesPlugin;
    use swift_swords::battle::components::{Placement, Unit};
    use swift_swords::battle::engine::Engine;
    use swift_swords::battle::events::BattleEvent;
    use swift_swords::game::mirror::install_battle;
    use swift_swords::game::steps::{CommandQueue, StepTaken};

    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        swift_swords::game::steps::plugin,
        swift_swords::game::mirror::plugin,
    ));
    install_battle(app.world_mut(), apart());
    let move_east = Command::new(
        "hero",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: None,
        },
    );
    app.world_mut()
        .resource_mut::<CommandQueue>()
        .order(move_east.clone());
    app.update();

    let taken = app.world().resource::<Messages<StepTaken>>();
    let accepted: Vec<_> = taken
        .iter_current_update_messages()
        .filter_map(StepTaken::accepted)
        .collect();
    assert_eq!(accepted, [&move_east], "one step, accepted");
    let engine = app.world().resource::<Engine>();
    let hero = engine.state().unit_index("hero").expect("hero");
    assert_eq!(engine.state().units()[hero].placement.zone, ZoneCoord(1, 0));
    let mut figures = app.world_mut().query::<(&Unit, &Placement)>();
    let drawn = figures
        .iter(app.world())
        .find(|(unit, _)| unit.id == "hero")
        .map(|(_, placement)| placement.zone);
    assert_eq!(drawn, Some(ZoneCoord(1, 0)));
    let messages = app.world().resource::<Messages<BattleEvent>>();
    let moved = messages
        .iter_current_update_messages()
        .any(|event| matches!(event, BattleEvent::Moved { unit, .. } if unit == "hero"));
    assert!(moved, "the move's events go out as messages");
}

#[test]
fn the_menu_lists_no_move_off_the_map_and_a_click_on_ones_own_zone_says_it_is_there() {
    let app = apart();
    let table = table(&app);
    let hero = table.unit_index("hero").expect("hero");
    let moves: Vec<String> = menu_entries(&table, hero, &AttackChoices::default(), None)
        .into_iter()
        .filter(|e| matches!(e.order, Order::Move { .. }))
        .map(|e| e.label)
        .collect();
    // The strip is three zones wide and one deep: only east is on the map.
    assert_eq!(moves, ["Move to (1, 0)"]);
    let own_zone = click_order(
        &table,
        hero,
        Click::Zone(ZoneCoord(0, 0)),
        &AttackChoices::default(),
    );
    assert_eq!(
        own_zone.map(|plan| plan.order),
        Err(RuleError::AlreadyThere {
            zone: ZoneCoord(0, 0)
        })
    );
}

#[test]
fn the_menu_puts_the_turns_everyday_choices_first_and_hides_orders_for_other_situations() {
    let app = apart();
    let table = table(&app);
    let hero = table.unit_index("hero").expect("hero");
    let entries = menu_entries(&table, hero, &AttackChoices::default(), None);
    let first: Vec<&str> = entries
        .iter()
        .take_while(|e| e.section == MenuSection::Turn)
        .map(|e| e.label.as_str())
        .collect();
    assert_eq!(first, ["Effort", "Hold", "Pass"]);
    // Alone, in no State, at no refresh, on foot, with no edge to escape by.
    for hidden in [
        "Grapple",
        "Leave the table",
        "Keep a die",
        "Recover",
        "Dismount",
    ] {
        assert!(
            !entries.iter().any(|e| e.label.starts_with(hidden)),
            "{hidden} is listed"
        );
    }
}

#[test]
fn a_pass_while_the_combatant_could_still_act_waits_for_the_players_word() {
    use swift_swords::game::hud::{HudState, give_order};
    use swift_swords::game::steps::CommandQueue;
    let app = apart();
    let table = table(&app);
    let hero = table.unit_index("hero").expect("hero");
    let (mut queue, mut hud) = (CommandQueue::default(), HudState::default());
    give_order(&mut queue, &mut hud, &table, hero, Order::Pass);
    assert!(queue.0.is_empty(), "nothing given yet");
    assert_eq!(hud.overlays.confirm_pass, Some(hero));
    assert!(hud.overlays.blocking());
    // The player confirms: the Pass is given.
    give_order(&mut queue, &mut hud, &table, hero, Order::Pass);
    assert_eq!(queue.0.len(), 1);
    assert_eq!(hud.overlays.confirm_pass, None);
}

/// Under faction alternation anyone may surrender: the menu lists it among
/// the turn's choices (no number key reaches it), and it waits for the
/// player's word before it is given.
#[test]
fn a_surrender_is_a_turns_choice_and_waits_for_the_players_word() {
    use swift_swords::game::hud::{HudState, give_order};
    use swift_swords::game::steps::CommandQueue;
    let units = units(&[
        hero("hero", "hero_swordsman"),
        foe("bandit", "bandit").at(1, 0),
    ]);
    let app = app(
        &level(r#""ggg""#, &units, "sequence: Alternation,"),
        &[5, 4, 3, 2, 5, 4, 3],
    );
    let table = table(&app);
    let hero = table.unit_index("hero").expect("hero");
    let entries = menu_entries(&table, hero, &AttackChoices::default(), None);
    let surrender = entries
        .iter()
        .find(|e| e.order == Order::Surrender)
        .expect("offered");
    assert_eq!(surrender.section, MenuSection::Turn);
    assert!(surrender.verdict.is_ok());
    let (mut queue, mut hud) = (CommandQueue::default(), HudState::default());
    give_order(&mut queue, &mut hud, &table, hero, Order::Surrender);
    assert!(queue.0.is_empty(), "nothing given yet");
    assert_eq!(hud.overlays.confirm_surrender, Some(hero));
    assert!(hud.overlays.blocking());
    give_order(&mut queue, &mut hud, &table, hero, Order::Surrender);
    assert_eq!(queue.0.len(), 1);
    assert_eq!(hud.overlays.confirm_surrender, None);
}

/// An order key pressed just as the AI's turn ended was meant for the AI's
/// turn: for a moment after the turn comes to a human, order keys wait.
#[test]
fn order_keys_wait_a_moment_after_the_turn_comes_to_a_human() {
    use swift_swords::game::hud::HudState;
    use swift_swords::game::hud::state::ORDER_KEY_GRACE_SECONDS;
    let mut hud = HudState::default();
    assert!(
        !hud.seats.order_keys_wait(10.0),
        "no human turn yet: nothing to wait for"
    );
    hud.seats.human_turn_since = Some(10.0);
    assert!(hud.seats.order_keys_wait(10.0));
    assert!(
        hud.seats
            .order_keys_wait(10.0 + ORDER_KEY_GRACE_SECONDS - 0.01)
    );
    assert!(!hud.seats.order_keys_wait(10.0 + ORDER_KEY_GRACE_SECONDS));
}

#[test]
fn the_menu_and_the_click_verdict_are_worked_out_once_per_state_and_choice() {
    use bevy::ecs::change_detection::Tick;
    use swift_swords::game::hud::menu_cache::MenuCache;
    use swift_swords::game::orders::Click;
    let app = apart();
    let table = table(&app);
    let hero = table.unit_index("hero").expect("hero");
    let plain = AttackChoices::default();
    let mut cache = MenuCache::default();
    let first = cache.menu(Tick::new(1), &table, hero, &plain, None).len();
    // Frame after frame on the same state: nothing is checked again.
    for _ in 0..10 {
        assert_eq!(
            cache.menu(Tick::new(1), &table, hero, &plain, None).len(),
            first
        );
    }
    assert_eq!(cache.computed, 1);
    // A new state, another choice or other dice to pay with: worked out anew.
    cache.menu(Tick::new(2), &table, hero, &plain, None);
    let raise = AttackChoices {
        raise_with_one: true,
        ..AttackChoices::default()
    };
    cache.menu(Tick::new(2), &table, hero, &raise, None);
    cache.menu(Tick::new(2), &table, hero, &raise, Some(&[5]));
    assert_eq!(cache.computed, 4);
    // The click verdict is kept the same way, per place pointed at.
    let east = Click::Zone(ZoneCoord(1, 0));
    let verdict = cache
        .click(Tick::new(2), &table, hero, east, &plain)
        .clone();
    assert!(
        matches!(verdict.map(|plan| plan.order), Ok(Order::Move { to, .. }) if to == ZoneCoord(1, 0))
    );
    cache.click(Tick::new(2), &table, hero, east, &plain);
    assert_eq!(cache.computed, 5);
    cache.click(
        Tick::new(2),
        &table,
        hero,
        Click::Zone(ZoneCoord(2, 0)),
        &plain,
    );
    assert_eq!(cache.computed, 6);
}

#[test]
fn the_menu_groups_orders_under_their_target_enemies_nearest_first_and_points_at_each() {
    use swift_swords::game::hud::menu_cache::numbered;
    let units = units(&[
        hero("hero", "hero_swordsman"),
        hero("squire", "hero_swordsman"),
        foe("far", "bandit").at(1, 0),
        foe("near", "bandit"),
    ]);
    let app = app(
        &level(r#""ggg""#, &units, ""),
        &[6, 5, 4, 3, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 2],
    );
    let table = table(&app);
    let index = |id: &str| table.unit_index(id).expect(id);
    let hero = index("hero");
    let entries = menu_entries(&table, hero, &AttackChoices::default(), None);
    let mut sections: Vec<MenuSection> = entries.iter().map(|e| e.section).collect();
    sections.dedup();
    assert_eq!(
        sections,
        [
            MenuSection::Turn,
            MenuSection::Target(index("near")),
            MenuSection::Target(index("far")),
            MenuSection::Target(index("squire")),
            MenuSection::Move,
            MenuSection::Other,
        ]
    );
    // Each entry points at its figure or zone.
    for entry in &entries {
        let expected = match (&entry.section, &entry.order) {
            (MenuSection::Target(target), _) => Some(Click::Unit(*target)),
            (_, Order::Move { to, .. }) => Some(Click::Zone(*to)),
            _ => None,
        };
        assert_eq!(entry.points_at, expected, "{}", entry.label);
    }
    assert_eq!(
        swift_swords::game::orders::target_heading(&table, hero, index("far")),
        "Bandit 1, enemy, in (1, 0)"
    );
    // The number keys reach the allowed orders on figures and the others,
    // in the menu's order: the turn's choices have their own keys, and a
    // move has none, so 1 is the nearest foe's first order for any figure.
    let keyed: Vec<&str> = numbered(&entries).map(|e| e.label.as_str()).collect();
    let allowed: Vec<&str> = entries
        .iter()
        .filter(|e| e.verdict.is_ok())
        .filter(|e| !matches!(e.section, MenuSection::Turn | MenuSection::Move))
        .map(|e| e.label.as_str())
        .take(9)
        .collect();
    assert_eq!(keyed, allowed);
    assert_eq!(keyed[0], "Attack Bandit 2 (Broadsword)");
}

#[test]
fn the_log_filter_keeps_the_events_that_name_a_combatant_or_come_from_one_rule() {
    use swift_swords::game::hud::log_view::LogFilter;
    let mut engine = apart();
    let step = Order::Move {
        to: ZoneCoord(1, 0),
        pay: None,
    };
    submit(&mut engine, Command::new("hero", step)).expect("the hero moves");
    let table = engine.state().clone();
    let log = engine.log();
    let shown = |filter: LogFilter| -> Vec<String> {
        log.iter()
            .filter(|e| filter.passes(&table, e))
            .map(|e| e.narrate(&swift_swords::battle::describe::Names::of(&table)))
            .collect()
    };
    let bandit = table.unit_index("bandit").expect("bandit");
    assert_eq!(
        shown(LogFilter {
            combatant: Some(bandit),
            rule: None
        }),
        ["Bandit rolls [5 4 3]"]
    );
    assert_eq!(
        shown(LogFilter {
            combatant: None,
            rule: Some("Movement")
        }),
        ["Hero swordsman moves (0, 0) to (1, 0)"]
    );
    assert_eq!(shown(LogFilter::default()).len(), log.len());
}
