//! The turn at hand, below the battle screen's panels: what the player has
//! selected and is pointing at, the orders given after the rules' check (in a
//! lesson, only the one its step asks for), the menu of the acting
//! combatant, the log's filter, the recap, the rules reference and the dice
//! they draw. It reads the battle and gives commands; it never decides a
//! rule.

pub mod dice;
pub mod log_view;
pub mod menu_cache;
pub mod recap;
pub mod rules_panel;
pub mod state;

use bevy::prelude::*;

use crate::battle::check::Plan;
use crate::battle::command::{Command, Order, RuleError};
use crate::battle::components::WoundChoice;
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::game::session::coaching::Coaching;
use crate::game::session::preferences::Settings;
use crate::game::session::saves::BattleAutosave;
use crate::game::session::watching::Viewer;
use crate::game::steps::CommandQueue;
use crate::replay::Replay;
pub use state::{
    Focus, HudState, Notices, OrderChoices, Overlays, Pick, TableUnderPanels, TableViewport,
    TurnSeats, human_turn,
};

/// What one attack does to its target, as outcomes that exclude each other
/// and add up to the whole: no harm, a wound, a Trauma, a Killing Blow,
/// Massive damage, and death for a fallen target. Those that cannot happen
/// are left out. The table and the menu's tooltip both read these.
pub fn outcome_shares(odds: &crate::rules::odds::AttackOdds) -> Vec<(&'static str, f64)> {
    [
        ("No harm", odds.nothing),
        ("A wound", odds.state + odds.rank_loss),
        ("A Trauma", odds.trauma),
        ("A Killing Blow", odds.killing_blow),
        ("Massive damage", odds.massive),
        ("Killed", odds.killed),
    ]
    .into_iter()
    .filter(|&(_, p)| p > 0.0)
    .collect()
}

/// A chance as a whole percent ("40%"), "under 1%" for a chance too small
/// to round to one, so that a possible outcome never reads as none.
pub fn percent(p: f64) -> String {
    if p > 0.0 && p < 0.005 {
        "under 1%".to_string()
    } else {
        format!("{:.0}%", p * 100.0)
    }
}

/// Gives a player's order for `actor` after the rules' check; a refusal
/// becomes the notice instead. In a lesson, only the order its step asks
/// for goes through.
pub fn give_order(
    queue: &mut CommandQueue,
    hud: &mut HudState,
    table: &BattleState,
    actor: usize,
    order: Order,
) {
    let command = Command::new(table.units()[actor].unit.id.clone(), order);
    let verdict = table.check(&command);
    give_checked(queue, hud, table, command, verdict);
}

/// [`give_order`] for a command the rules have checked already (a click on
/// the table, a menu entry), with their verdict: one check a click.
pub fn give_checked(
    queue: &mut CommandQueue,
    hud: &mut HudState,
    table: &BattleState,
    command: Command,
    verdict: Result<Plan, RuleError>,
) {
    if let Some(gate) = &hud.lesson
        && !verdict
            .as_ref()
            .is_ok_and(|plan| gate.asks_for_plan(table, plan))
    {
        hud.overlays.confirm_pass = None;
        hud.notices.tell(gate.hint.clone());
        return;
    }
    let Some(actor) = table.unit_index(&command.unit) else {
        return;
    };
    // Passing gives up the round's dice: asked once when any could act (a
    // pass the rules refuse is refused at once, with no question first).
    if command.order == Order::Pass
        && verdict.is_ok()
        && hud.overlays.confirm_pass != Some(actor)
        && could_still_act(table, actor)
    {
        hud.overlays.confirm_pass = Some(actor);
        return;
    }
    hud.overlays.confirm_pass = None;
    // A surrender takes the fighter out of the fight: asked once.
    if command.order == Order::Surrender
        && verdict.is_ok()
        && hud.overlays.confirm_surrender != Some(actor)
    {
        hud.overlays.confirm_surrender = Some(actor);
        return;
    }
    hud.overlays.confirm_surrender = None;
    hud.choices.picked_dice.clear();
    match verdict {
        Ok(_) => {
            hud.notices.clear();
            queue.order(command);
        }
        Err(reason) => {
            hud.notices.refuse(table, &reason, "Cannot");
        }
    }
}

/// Whether the combatant has an action open to it now, beyond holding,
/// passing and the 1s' Effort.
pub fn could_still_act(table: &BattleState, actor: usize) -> bool {
    table.legal_plans().into_iter().any(|(_, plan)| {
        plan.actor == actor
            && !matches!(
                plan.order,
                Order::Pass | Order::Hold | Order::Effort | Order::KeepDie
            )
    })
}

/// [`give_order`] from an exclusive system. Nothing is given while a replay
/// is watched.
pub fn submit_order(world: &mut World, table: &BattleState, actor: usize, order: Order) {
    let command = Command::new(table.units()[actor].unit.id.clone(), order);
    let verdict = table.check(&command);
    submit_checked(world, table, command, verdict);
}

/// [`give_checked`] from an exclusive system.
pub fn submit_checked(
    world: &mut World,
    table: &BattleState,
    command: Command,
    verdict: Result<Plan, RuleError>,
) {
    if world.contains_resource::<Viewer>() {
        return;
    }
    world.resource_scope(|world, mut queue: Mut<CommandQueue>| {
        let mut hud = world.resource_mut::<HudState>();
        give_checked(&mut queue, &mut hud, table, command, verdict);
    });
}

/// The human sides that have been given the settings' standing choice for
/// Wounds in this battle.
#[derive(Resource, Debug, Clone, Default)]
pub(crate) struct WoundChoicesGiven(Vec<usize>);

pub(crate) fn forget_wound_choices_given(mut commands: Commands) {
    commands.insert_resource(WoundChoicesGiven::default());
}

/// At a human side's first turn of a new battle, the settings' standing
/// choice for Wounds is given as the side's order (so replays and undo
/// carry it), unless the rules' default is the choice.
pub(crate) fn give_standing_wound_choice(
    settings: Res<Settings>,
    engine: Res<Engine>,
    given: Option<ResMut<WoundChoicesGiven>>,
    viewer: Option<Res<Viewer>>,
    coaching: Option<Res<Coaching>>,
    mut queue: ResMut<CommandQueue>,
    mut hud: ResMut<HudState>,
) {
    // A replay being watched gives no orders, and a lesson only its own.
    let (Some(mut given), None, None) = (given, viewer, coaching) else {
        return;
    };
    if settings.wounds == WoundChoice::default() || !engine.is_changed() {
        return;
    }
    let table = engine.state();
    let Some(&actor) = human_turn(table).first() else {
        return;
    };
    let side = table.units()[actor].unit.side;
    if given.0.contains(&side) {
        return;
    }
    given.0.push(side);
    let untouched = table
        .units()
        .iter()
        .filter(|u| u.unit.side == side)
        .all(|u| u.conditions.wounds == WoundChoice::default());
    if table.battle().round <= 1 && untouched {
        let order = Order::ChooseWounds {
            take: settings.wounds,
            whole_side: true,
        };
        give_order(&mut queue, &mut hud, table, actor, order);
    }
}

/// The standing choices go into the battle's record as the player sets
/// them, and to its autosave once the battle has begun (its first command
/// writes them before), so a battle resumed after a crash goes on with them.
pub(crate) fn keep_standing_choices(
    hud: Res<HudState>,
    replay: Option<ResMut<Replay>>,
    autosave: BattleAutosave,
) {
    let Some(mut replay) = replay else {
        return;
    };
    if replay.standing != hud.choices.attack {
        replay.standing = hud.choices.attack.clone();
        if replay.steps() > 0 {
            autosave.save(&mut replay);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiLevel;
    use crate::battle::command::AttackChoices;
    use crate::data::Ruleset;
    use crate::seat::Seat;

    #[test]
    fn the_odds_read_as_outcomes_that_add_up_to_the_whole() {
        let odds = crate::rules::odds::AttackOdds {
            hits: vec![0.3, 0.7],
            fumble: 0.05,
            exposure: 0.0,
            nothing: 0.35,
            state: 0.25,
            rank_loss: 0.15,
            trauma: 0.2,
            killing_blow: 0.05,
            massive: 0.0,
            killed: 0.0,
            specials: Vec::new(),
        };
        let shares = outcome_shares(&odds);
        let names: Vec<&str> = shares.iter().map(|&(name, _)| name).collect();
        assert_eq!(names, ["No harm", "A wound", "A Trauma", "A Killing Blow"]);
        let whole: f64 = shares.iter().map(|&(_, p)| p).sum();
        assert!((whole - 1.0).abs() < 1e-12, "{whole}");
        assert_eq!(
            [percent(0.4), percent(0.004), percent(0.0)],
            ["40%", "under 1%", "0%"]
        );
    }

    /// The order the settings give when Roland's side first has the turn.
    fn first_orders(wounds: WoundChoice) -> Vec<Order> {
        let engine = crate::game::test_engines::roland_to_act();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(engine);
        app.insert_resource(Settings {
            wounds,
            ..Settings::default()
        });
        app.init_resource::<WoundChoicesGiven>();
        app.init_resource::<CommandQueue>();
        app.init_resource::<HudState>();
        app.add_systems(Update, give_standing_wound_choice);
        app.update();
        app.update();
        let queue = app.world().resource::<CommandQueue>();
        queue.commands().map(|c| c.order.clone()).collect()
    }

    #[test]
    fn the_standing_wound_choice_of_the_settings_is_given_once_at_the_sides_first_turn() {
        assert_eq!(
            first_orders(WoundChoice::Rank),
            [Order::ChooseWounds {
                take: WoundChoice::Rank,
                whole_side: true
            }]
        );
        assert_eq!(first_orders(WoundChoice::State), []);
    }

    #[test]
    fn the_standing_choices_are_kept_in_the_battles_record_and_autosaved_once_it_has_begun() {
        use crate::game::session::saves::{Autosaver, SaveFolder};
        use crate::game::test_engines::ROLAND_STRIP;
        let scratch = crate::scratch::Scratch::new("standing");
        let folder = scratch.path().to_path_buf();
        let saves = SaveFolder(folder.clone());
        let mut engine = crate::game::test_engines::roland_to_act();
        let ruleset = Ruleset::embedded().expect("the built-in data loads");
        let seats = [Seat::Human, Seat::Ai(AiLevel::Normal)];
        let replay = Replay::begin("strip.ron", ROLAND_STRIP, &ruleset, &seats, &engine);
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(replay);
        app.insert_resource(Autosaver::start(saves.clone()));
        app.init_resource::<HudState>();
        app.add_systems(Update, keep_standing_choices);
        let tick = |app: &mut App, raise: bool| {
            app.world_mut()
                .resource_mut::<HudState>()
                .choices
                .attack
                .raise_with_one = raise;
            app.update();
        };
        // Before the first command the record keeps them; nothing is written.
        tick(&mut app, true);
        assert!(app.world().resource::<Replay>().standing.raise_with_one);
        // Once begun, a change goes to the autosave as it is made.
        let hold = Command::new("roland", Order::Hold);
        engine.submit(&hold).expect("Roland holds");
        app.world_mut().resource_mut::<Replay>().push(hold, &engine);
        tick(&mut app, false);
        tick(&mut app, true);
        let autosaver = app
            .world_mut()
            .remove_resource::<Autosaver>()
            .expect("the autosave");
        autosaver.finish().expect("written");
        let resumed = Replay::read(&saves.autosave()).expect("the autosave reads");
        assert_eq!(
            resumed.standing,
            AttackChoices {
                raise_with_one: true,
                ..AttackChoices::default()
            }
        );
    }
}
