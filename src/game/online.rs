//! A network game in the window (docs/NETWORK.md): the link to the server
//! while the battle is on the table. The player's orders go to the server,
//! not the engine; the steps the server accepts come back with their salts
//! and are resolved here, their events played as any battle's. The battle
//! is checked against the server's fingerprint after each step, and a drop
//! is followed by coming back with the seat's token.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::battle::engine::Engine;
use crate::battle::record::Fingerprint;
use crate::game::mirror::install_battle;
use crate::game::session::match_setup::{
    LevelFolder, MatchSetup, PlayedElsewhere, PreparedBattle, to_the_table,
};
use crate::game::stage::{Screen, battle_on_table};
use crate::game::steps::{CommandQueue, Origin, Pending, RulesSet, StepTaken};
use crate::net::client::{Effect, Session};
use crate::net::connection::{Connection, Incoming};
use crate::net::mirror::NetGame;
use crate::net::protocol::{ClientMsg, GRACE_SECONDS, SeatState};
use crate::net::tokens::{self, SeatToken};
use crate::replay::Replay;
use crate::seat::Seat;

/// Lines of chat and news the panel keeps.
const LINES_KEPT: usize = 8;
/// Tries at coming back after a drop, two seconds apart.
const COMEBACK_TRIES: u32 = 30;

/// The game being played or watched over the network: the client's session
/// and the connection that carries it.
#[derive(Resource)]
pub struct OnlineLink {
    session: Session,
    connection: Option<Connection>,
    comeback: Option<std::sync::Mutex<Receiver<Result<Connection, String>>>>,
    tries: u32,
    name: String,
    /// The game as the server recorded it.
    pub replay: Replay,
    /// When the seats were last told, to count the waiting on.
    seats_at: std::time::Instant,
    /// Chat and news, newest last.
    lines: VecDeque<String>,
    /// The chat line being written.
    draft: String,
}

impl OnlineLink {
    fn say(&mut self, line: String) {
        if self.lines.len() >= LINES_KEPT {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
    }

    fn send(&self, message: &ClientMsg) {
        if let Some(connection) = &self.connection {
            connection.send(message);
        }
    }
}

/// Where the seats' tokens are kept, so a game closed or stopped can go
/// back to its seat.
fn tokens_file() -> std::path::PathBuf {
    crate::files::data_dir().join("online-seats.ron")
}

/// The seats' tokens kept from earlier games.
pub fn kept_tokens() -> Vec<SeatToken> {
    tokens::kept(&tokens_file())
}

/// Keeps a seat's token; one that cannot be written only costs going back
/// to the seat later.
pub fn keep_token(kept: SeatToken) {
    let _ = tokens::keep(&tokens_file(), kept);
}

/// What the lobby hands over when the server seats the player: the session
/// that took the seat, and the game it set.
pub struct Seated {
    pub connection: Connection,
    pub session: Session,
    pub name: String,
    pub game: NetGame,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        exchange
            .before(RulesSet::Resolve)
            .run_if(battle_on_table)
            .run_if(resource_exists::<OnlineLink>),
    );
    app.add_systems(
        Update,
        sync_steps
            .after(RulesSet::Resolve)
            .run_if(battle_on_table)
            .run_if(resource_exists::<OnlineLink>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        online_panel
            .run_if(battle_on_table)
            .run_if(resource_exists::<OnlineLink>),
    );
    app.add_systems(OnEnter(Screen::Title), leave_the_game);
    app.add_systems(OnEnter(Screen::Online), leave_the_game);
}

/// Puts the game the server sent on the table, seated as the server says:
/// the other sides are played elsewhere.
pub fn enter_online_battle(world: &mut World, seated: Seated) {
    let Seated {
        connection,
        session,
        name,
        game,
    } = seated;
    let sides = game.engine().state().battle().sides.len();
    let setup = MatchSetup {
        level_file: game.replay.level_file.clone(),
        folder: LevelFolder::Named,
        seed: game.replay.seed,
        seats: vec![Seat::Human; sides],
        handover: false,
        sequence: Some(game.replay.sequence),
    };
    let link = OnlineLink {
        session,
        connection: Some(connection),
        comeback: None,
        tries: 0,
        name,
        replay: game.replay.clone(),
        seats_at: std::time::Instant::now(),
        lines: VecDeque::new(),
        draft: String::new(),
    };
    world.insert_resource(link);
    let elsewhere = (0..sides).filter(|&s| Some(s) != game.side).collect();
    world.insert_resource(PlayedElsewhere(elsewhere));
    let engine = game.engine().clone();
    to_the_table(
        world,
        setup,
        PreparedBattle {
            engine,
            replay: None,
        },
    );
}

fn leave_the_game(world: &mut World) {
    if let Some(link) = world.remove_resource::<OnlineLink>() {
        link.send(&ClientMsg::Leave);
    }
    world.insert_resource(PlayedElsewhere::default());
}

/// Sends the player's orders to the server, and does what the session
/// makes of the server's messages.
fn exchange(world: &mut World) {
    let Some(mut link) = world.remove_resource::<OnlineLink>() else {
        return;
    };
    let given = world.resource_mut::<CommandQueue>().take_orders();
    for command in given {
        link.session.order(command);
    }
    let engine = world.resource::<Engine>();
    let effects = link
        .session
        .send_orders(|command| engine.check(command).map(|_| ()));
    act(world, &mut link, effects);
    while let Some(incoming) = link.connection.as_ref().and_then(Connection::try_recv) {
        let effects = match incoming {
            Incoming::Message(message) => link.session.receive(message),
            Incoming::Closed(reason) => {
                link.connection = None;
                link.session.closed(&reason)
            }
        };
        act(world, &mut link, effects);
    }
    come_back(&mut link);
    world.insert_resource(link);
}

/// Does what the session asks: a step joins the battle's stream (and
/// `sync_steps` reports it once the engine took it).
fn act(world: &mut World, link: &mut OnlineLink, effects: Vec<Effect>) {
    for effect in effects {
        match effect {
            Effect::Send(message) => link.send(&message),
            Effect::Keep(token) => keep_token(token),
            Effect::Set(game) => {
                link.replay = game.replay.clone();
                world.resource_mut::<CommandQueue>().drop_server_steps();
                install_battle(world, game.engine().clone());
            }
            Effect::Play { number, step, last } => {
                world.resource_mut::<CommandQueue>().0.push_back(Pending {
                    command: step.command,
                    salt: step.salt,
                    origin: Origin::Server {
                        number,
                        after: step.after,
                        last,
                    },
                });
            }
            Effect::Tell(news) => link.say(news),
            Effect::Seats => link.seats_at = std::time::Instant::now(),
            Effect::Refuse { command, reason } => {
                world.write_message(StepTaken {
                    command,
                    salt: None,
                    origin: Origin::Here,
                    verdict: Err(reason),
                });
            }
            Effect::ComeBack => start_comeback(link),
            Effect::Stop(reason) => link.say(reason),
        }
    }
}

/// Each of the server's steps the engine took is logged in the game as
/// the server recorded it, and the session reports it; after one out of
/// step or refused here, the server's steps still waiting are dropped until
/// its battle comes.
fn sync_steps(
    mut taken: MessageReader<StepTaken>,
    engine: Res<Engine>,
    mut link: ResMut<OnlineLink>,
    mut queue: ResMut<CommandQueue>,
) {
    for step in taken.read() {
        let Origin::Server {
            number,
            after,
            last,
        } = &step.origin
        else {
            continue;
        };
        let fingerprint = Fingerprint::of(&engine);
        let in_step = step.verdict.is_ok() && fingerprint == *after;
        let effects = match &step.verdict {
            Ok(_) => {
                link.replay
                    .push_stirred(step.command.clone(), step.salt, &engine);
                link.session.played(*number, fingerprint, in_step, *last)
            }
            Err(reason) => {
                let said = crate::replay::command_in_words(engine.state(), &step.command);
                link.session
                    .unplayable(*number, &said, &reason.to_string(), fingerprint)
            }
        };
        if !in_step {
            queue.drop_server_steps();
        }
        for effect in effects {
            match effect {
                Effect::Send(message) => link.send(&message),
                Effect::Tell(news) => link.say(news),
                _ => {}
            }
        }
    }
}

/// Tries, on a thread of its own, to connect again.
fn start_comeback(link: &mut OnlineLink) {
    if link.tries >= COMEBACK_TRIES {
        link.say("Could not come back to the game.".to_string());
        return;
    }
    link.tries += 1;
    let (done, comeback) = channel();
    let (addr, name) = (link.session.addr().to_string(), link.name.clone());
    let wait = if link.tries == 1 { 0 } else { 2 };
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(wait));
        let _ = done.send(Connection::open(&addr, &name));
    });
    link.comeback = Some(std::sync::Mutex::new(comeback));
}

/// Takes the seat back once connected again, holding the steps played here.
fn come_back(link: &mut OnlineLink) {
    let result = link
        .comeback
        .as_ref()
        .and_then(|c| c.lock().ok().and_then(|c| c.try_recv().ok()));
    let Some(result) = result else {
        return;
    };
    link.comeback = None;
    match result {
        Ok(connection) => {
            connection.send(&link.session.reconnected());
            link.connection = Some(connection);
            link.tries = 0;
        }
        Err(_) => start_comeback(link),
    }
}

/// The game's panel: who sits where, waiting times, chat and news.
fn online_panel(mut contexts: EguiContexts, mut link: ResMut<OnlineLink>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut hand_over = None;
    let mut said = None;
    let game = link.session.game().unwrap_or_default();
    egui::Window::new(format!("Online game {game}"))
        .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -8.0])
        .resizable(false)
        .collapsible(true)
        .default_width(280.0)
        .show(ctx, |ui| {
            let side = link.session.side();
            let mine = side
                .and_then(|s| link.session.seats().get(s))
                .map(|s| s.side_name.clone());
            ui.label(match mine {
                Some(side) => format!("You play {side}, as {}.", link.name),
                None => "You are watching, a few steps behind the players.".to_string(),
            });
            if link.session.taken_elsewhere() {
                ui.colored_label(egui::Color32::YELLOW, "Played from another window now.");
            } else if !link.session.connected() {
                ui.colored_label(egui::Color32::YELLOW, "Connection lost: coming back…");
            }
            let since = link.seats_at.elapsed().as_secs();
            for (index, seat) in link.session.seats().iter().enumerate() {
                let mut seat = seat.clone();
                if let SeatState::Away { seconds } = &mut seat.state {
                    *seconds += since;
                }
                ui.label(seat.in_words());
                if let SeatState::Away { seconds } = seat.state
                    && side.is_some_and(|s| s != index)
                {
                    let ready = seconds >= GRACE_SECONDS;
                    let button = ui
                        .add_enabled(ready, egui::Button::new("Hand their side to the AI"))
                        .on_disabled_hover_text(format!(
                            "They have {} s to come back",
                            GRACE_SECONDS - seconds.min(GRACE_SECONDS)
                        ));
                    if button.clicked() {
                        hand_over = Some(index);
                    }
                }
            }
            ui.separator();
            for line in &link.lines {
                ui.label(line);
            }
            ui.horizontal(|ui| {
                let field =
                    ui.add(egui::TextEdit::singleline(&mut link.draft).hint_text("Say something"));
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button("Send").clicked() || enter) && !link.draft.trim().is_empty() {
                    said = Some(std::mem::take(&mut link.draft));
                }
            });
        });
    if let Some(side) = hand_over {
        link.send(&ClientMsg::HandToAi { side });
    }
    if let Some(text) = said {
        link.send(&ClientMsg::Chat { text });
    }
    Ok(())
}
