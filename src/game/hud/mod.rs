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

use bevy::prelude::*;

use crate::battle::check::Plan;
use crate::battle::command::{Command, Order, RuleError};
use crate::game::steps::CommandQueue;
use crate::battle::components::WoundChoice;
use crate::battle::describe::Names;
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::game::session::coaching::Coaching;
use crate::game::session::preferences::Settings;
use crate::game::session::saves::BattleAutosave;
use crate::game::session::watching::Viewer;
use crate::replay::Replay;

/// What the HUD shows and the player has picked.
#[derive(Resource, Debug, Clone, Default)]
pub struct HudState {
    pub selected: Option<usize>,
    pub hovered_zone: Option<crate::vocabulary::ZoneCoord>,
    pub hovered_unit: Option<usize>,
    /// A message for the player (a refused click, a rules refusal).
    pub notice: Option<String>,
    /// The rule behind a refusal in the notice, to open in the reference.
    pub notice_rule: Option<&'static str>,
    /// The combatant whose action menu was last drawn (a new one's menu
    /// starts at its top).
    pub menu_actor: Option<usize>,
    /// How tall the standing options' drawer was last drawn, in points.
    pub options_height: f32,
    /// The odds of the attack or defence under the pointer in the menu, and
    /// the combatant whose figure shows them on the table.
    pub pointed_odds: Option<(usize, crate::rules::odds::AttackOdds)>,
    /// How many orders the rules have refused (for the refusal's sound).
    pub refusals: u64,
    /// The rules reference (F2).
    pub rules: rules_panel::RulesPanel,
    pub help: bool,
    pub paused: bool,
    /// The human side that must take the seat before play goes on.
    pub handover: Option<usize>,
    /// The sides played at another machine (a network game): nobody here
    /// gives their orders.
    pub remote_sides: Vec<usize>,
    /// The human sides the AI plays for until the player takes them back
    /// (the pause menu's "Let the AI play ..."), for this battle.
    pub ai_stands_in: Vec<usize>,
    /// A Pass waiting for the player's word: this combatant could still act.
    pub confirm_pass: Option<usize>,
    /// The combatant whose surrender waits for the player's yes.
    pub confirm_surrender: Option<usize>,
    /// The last human side that had the turn (for the hand-over screen).
    pub last_human_side: Option<usize>,
    /// When (in seconds of the app's clock) the turn last came to a human
    /// from the AI or from nobody; `None` while no human has the turn.
    pub human_turn_since: Option<f32>,
    /// The player's standing choices for attacks: raise a die with a 1,
    /// special results, a special tactic.
    pub attack: crate::battle::command::AttackChoices,
    /// Dice picked to pay with (positions in the pool); empty means the least
    /// wasteful dice.
    pub picked_dice: Vec<usize>,
    /// What happened while a player waited for the turn.
    pub recap: recap::Recap,
    /// The battle log's place and filter.
    pub log: log_view::LogView,
    /// The figure or zone of the menu entry under the pointer, pointed out
    /// on the table.
    pub pointing: Option<crate::game::orders::Click>,
    /// What a lesson's open step lets through, and points out.
    pub lesson: Option<crate::lesson::LessonGate>,
    /// egui has the keyboard or the pointer this frame.
    pub keyboard_taken: bool,
    pub pointer_taken: bool,
}

/// How long order keys wait after the turn comes to a human: a key pressed
/// as the AI finished was meant for the AI's turn, not the human's.
pub const ORDER_KEY_GRACE_SECONDS: f32 = 0.35;

impl HudState {
    /// Tells the player why the rules refuse an order, in words, with the
    /// rule to read in the reference.
    pub fn refuse(&mut self, table: &BattleState, reason: &RuleError, lead: &str) {
        self.notice = Some(format!("{lead}: {}", reason.narrate(&Names::of(table))));
        self.notice_rule = Some(reason.rule());
        self.refusals = self.refusals.saturating_add(1);
    }

    /// A notice that is not a refusal of the rules.
    pub fn tell(&mut self, notice: String) {
        self.notice = Some(notice);
        self.notice_rule = None;
    }

    /// Whether an order key pressed at `now` is too soon after the turn
    /// came to a human, and is ignored.
    pub fn order_keys_wait(&self, now: f32) -> bool {
        self.human_turn_since
            .is_some_and(|since| now - since < ORDER_KEY_GRACE_SECONDS)
    }

    /// The faces of the dice the player picked to pay with, or `None` for
    /// the least wasteful dice.
    pub fn picked_faces(&self, table: &BattleState, actor: usize) -> Option<Vec<u8>> {
        let pool = &table.units().get(actor)?.pool.dice;
        (!self.picked_dice.is_empty()).then(|| {
            self.picked_dice
                .iter()
                .filter_map(|&k| pool.get(k).copied())
                .collect()
        })
    }

    /// An overlay that stops play until the player answers it.
    pub fn blocking_overlay(&self) -> bool {
        self.paused
            || self.handover.is_some()
            || self.confirm_pass.is_some()
            || self.confirm_surrender.is_some()
    }
}

/// The part of the window the HUD leaves for the table, in logical pixels.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct TableViewport(pub Option<Rect>);

/// Whether the table is drawn under the HUD's panels, which are then
/// see-through (Medium and High graphics), or only in the part they leave
/// (Low: a software renderer shades every pixel it draws at a cost).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct TableUnderPanels(pub bool);

/// The combatants a human may act with now.
pub fn human_turn(table: &BattleState) -> Vec<usize> {
    table
        .battle()
        .turn_candidates()
        .into_iter()
        .filter(|&i| table.battle().controller_of(i) == Some(crate::level::Controller::Human))
        .collect()
}

impl HudState {
    /// The combatants a player at this machine may act with now: those of
    /// [`human_turn`] on no remote side and on none the AI plays for.
    pub fn mine(&self, table: &BattleState) -> Vec<usize> {
        human_turn(table)
            .into_iter()
            .filter(|&i| {
                let side = table.units()[i].unit.side;
                !self.remote_sides.contains(&side) && !self.ai_stands_in.contains(&side)
            })
            .collect()
    }
}

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
        hud.confirm_pass = None;
        hud.tell(gate.hint.clone());
        return;
    }
    let Some(actor) = table.unit_index(&command.unit) else {
        return;
    };
    // Passing gives up the round's dice: asked once when any could act (a
    // pass the rules refuse is refused at once, with no question first).
    if command.order == Order::Pass
        && verdict.is_ok()
        && hud.confirm_pass != Some(actor)
        && could_still_act(table, actor)
    {
        hud.confirm_pass = Some(actor);
        return;
    }
    hud.confirm_pass = None;
    // A surrender takes the fighter out of the fight: asked once.
    if command.order == Order::Surrender && verdict.is_ok() && hud.confirm_surrender != Some(actor)
    {
        hud.confirm_surrender = Some(actor);
        return;
    }
    hud.confirm_surrender = None;
    hud.picked_dice.clear();
    match verdict {
        Ok(_) => {
            hud.notice = None;
            hud.notice_rule = None;
            queue.0.push_back(command);
        }
        Err(reason) => {
            hud.refuse(table, &reason, "Cannot");
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
    if replay.standing != hud.attack {
        replay.standing = hud.attack.clone();
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
        let queue = &app.world().resource::<CommandQueue>().0;
        queue.iter().map(|c| c.order.clone()).collect()
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
        let folder =
            std::env::temp_dir().join(format!("swift-swords-standing-{}", std::process::id()));
        std::fs::remove_dir_all(&folder).ok();
        std::fs::create_dir_all(&folder).expect("scratch folder");
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
        std::fs::remove_dir_all(&folder).ok();
    }
}
