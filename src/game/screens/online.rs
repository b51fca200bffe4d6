//! The Online room: host a server here or connect to one, see its games,
//! open one on any level with a side, a sequence and a password, or take a
//! free seat or watch; or go to play by file. Once the server seats the player, the battle screen
//! takes over (`game::online`).

use std::net::SocketAddr;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::data::Ruleset;
use crate::game::online::{Seated, enter_online_battle, keep_token};
use crate::game::screens::title::{MatchChoice, match_choice};
use crate::game::session::match_setup::LevelLibrary;
use crate::game::session::preferences::{Settings, SettingsFile};
use crate::game::stage::Screen;
use crate::net::client::{Effect, Session};
use crate::net::connection::{Connection, Incoming};
use crate::net::protocol::{ClientMsg, GameInfo, SeatState, ServerMsg};
use crate::net::server::{RunningServer, ServerConfig, start};

/// Seconds between refreshes of the lobby's list.
const REFRESH_SECONDS: f32 = 3.0;
/// The port a hosted server listens on when the address names none.
const DEFAULT_PORT: u16 = 7878;

/// A server this game hosts; it runs until the game closes.
#[derive(Resource)]
pub struct HostedServer(pub RunningServer);

/// The room's state: the connection to the lobby and the choices made.
#[derive(Resource, Default)]
struct Lobby {
    name: String,
    addr: String,
    connection: Option<Connection>,
    games: Vec<GameInfo>,
    notice: Option<String>,
    since_refresh: f32,
    /// The level chosen to open a game on (its index in the library).
    choice: MatchChoice,
    password: String,
    join_password: String,
    /// The token sent to go back to a seat, kept for the battle.
    rejoin_token: Option<String>,
    /// A game was joined from here: coming back, connect again.
    back_from_game: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Lobby>();
    app.add_systems(OnEnter(Screen::Online), remember_choices);
    app.add_systems(Update, listen.run_if(in_state(Screen::Online)));
    app.add_systems(
        EguiPrimaryContextPass,
        lobby_room.run_if(in_state(Screen::Online)),
    );
}

/// Fills in the name and server remembered; back from a game, connects to
/// its server again so its list shows at once.
fn remember_choices(settings: Res<Settings>, mut lobby: ResMut<Lobby>) {
    if lobby.name.is_empty() {
        lobby.name = settings.online.name.clone();
        lobby.addr = settings.online.server.clone();
    }
    if std::mem::take(&mut lobby.back_from_game) && lobby.connection.is_none() {
        connect(&mut lobby);
    }
}

/// Reads the lobby's messages; a seat given puts its battle on the table.
fn listen(world: &mut World) {
    let delta = world.resource::<Time>().delta_secs();
    let mut lobby = world.resource_mut::<Lobby>();
    if lobby.connection.is_none() {
        return;
    }
    lobby.since_refresh += delta;
    if lobby.since_refresh >= REFRESH_SECONDS {
        if let Some(connection) = &lobby.connection {
            connection.send(&ClientMsg::ListGames);
        }
        lobby.since_refresh = 0.0;
    }
    let mut joined = None;
    while let Some(incoming) = lobby.connection.as_ref().and_then(Connection::try_recv) {
        match incoming {
            Incoming::Message(ServerMsg::Games { games }) => lobby.games = games,
            Incoming::Message(message @ ServerMsg::Joined { .. }) => {
                joined = Some(message);
                break;
            }
            Incoming::Message(ServerMsg::Refused { reason }) => lobby.notice = Some(reason),
            Incoming::Message(ServerMsg::Closing { reason }) => {
                lobby.notice = Some(format!("The server closed the connection: {reason}"));
            }
            Incoming::Closed(reason) => {
                lobby.notice = Some(format!("Disconnected: {reason}"));
                lobby.connection = None;
            }
            Incoming::Message(_) => {}
        }
    }
    let Some(joined) = joined else {
        return;
    };
    let Some(ruleset) = world.resource::<LevelLibrary>().ruleset.clone() else {
        return;
    };
    let mut lobby = world.resource_mut::<Lobby>();
    let token = lobby.rejoin_token.take();
    let mut session = Session::new(lobby.addr.trim(), ruleset, token);
    let mut seated = None;
    for effect in session.receive(joined) {
        match effect {
            Effect::Keep(token) => keep_token(token),
            Effect::Set(game) => seated = Some(*game),
            Effect::Stop(problem) => lobby.notice = Some(problem),
            _ => {}
        }
    }
    let Some(game) = seated else {
        return;
    };
    let Some(connection) = lobby.connection.take() else {
        return;
    };
    let seated = Seated {
        connection,
        session,
        name: lobby.name.clone(),
        game,
    };
    lobby.notice = None;
    lobby.games.clear();
    lobby.back_from_game = true;
    enter_online_battle(world, seated);
}

/// What a click in the room asks for.
enum Ask {
    Host,
    Connect,
    Open,
    Join(u64, Option<usize>),
    /// Back to a seat held before, with its token.
    Rejoin(u64, String),
    ByFile,
    Back,
}

fn lobby_room(
    mut contexts: EguiContexts,
    mut lobby: ResMut<Lobby>,
    library: Res<LevelLibrary>,
    hosted: Option<Res<HostedServer>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ask = None;
    let held: Vec<_> = crate::game::online::kept_tokens()
        .into_iter()
        .filter(|t| t.server == lobby.addr.trim())
        .collect();
    let playable = library.playable(None);
    egui::Window::new("Online")
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .resizable(false)
        .collapsible(false)
        .min_width(560.0)
        .show(ctx, |ui| {
            egui::Grid::new("who").num_columns(2).show(ui, |ui| {
                ui.label("Your name");
                ui.add(
                    egui::TextEdit::singleline(&mut lobby.name)
                        .char_limit(crate::names::MOST_PLAYER_CHARS),
                );
                ui.end_row();
                ui.label("Server");
                ui.add(egui::TextEdit::singleline(&mut lobby.addr).hint_text("host:port"));
                ui.end_row();
            });
            ui.horizontal(|ui| {
                if ui.button("Connect").clicked() {
                    ask = Some(Ask::Connect);
                }
                let host = egui::Button::new("Host a server here");
                if ui
                    .add_enabled(hosted.is_none(), host)
                    .on_hover_text("Starts a server in this game, for players on your network")
                    .clicked()
                {
                    ask = Some(Ask::Host);
                }
                if ui
                    .button("Play by file")
                    .on_hover_text("For players who cannot be online together")
                    .clicked()
                {
                    ask = Some(Ask::ByFile);
                }
                if let Some(hosted) = &hosted {
                    ui.label(format!("Hosting on port {}", hosted.0.addr.port()));
                }
            });
            if let Some(notice) = &lobby.notice {
                ui.colored_label(egui::Color32::LIGHT_RED, notice);
            }
            if lobby.connection.is_none() {
                ui.add_space(8.0);
                if ui.button("Back").clicked() {
                    ask = Some(Ask::Back);
                }
                return;
            }
            ui.separator();
            ui.heading("Games on the server");
            if lobby.games.is_empty() {
                ui.label("None yet: open one below.");
            }
            ui.horizontal(|ui| {
                ui.label("Password to join");
                ui.add(egui::TextEdit::singleline(&mut lobby.join_password).password(true));
            });
            for game in &lobby.games {
                ui.group(|ui| {
                    let lock = if game.password { " (password)" } else { "" };
                    let over = if game.over { ", over" } else { "" };
                    ui.label(format!(
                        "Game {}: {} ({}){lock}, step {}{over}",
                        game.id,
                        game.level_name,
                        game.sequence.name(),
                        game.steps
                    ));
                    ui.horizontal_wrapped(|ui| {
                        for (side, seat) in game.seats.iter().enumerate() {
                            if seat.state == SeatState::Free && !game.over {
                                if ui.button(format!("Play {}", seat.side_name)).clicked() {
                                    ask = Some(Ask::Join(game.id, Some(side)));
                                }
                            } else {
                                ui.label(seat.in_words());
                            }
                        }
                        if ui.button("Watch").clicked() {
                            ask = Some(Ask::Join(game.id, None));
                        }
                        if let Some(kept) = held.iter().find(|t| t.game == game.id)
                            && !game.over
                            && ui
                                .button("Go back to your seat")
                                .on_hover_text("You held a seat in this game")
                                .clicked()
                        {
                            ask = Some(Ask::Rejoin(game.id, kept.token.clone()));
                        }
                    });
                });
            }
            ui.separator();
            ui.heading("Open a game");
            let chosen = match_choice(ui, &playable, &mut lobby.choice);
            ui.horizontal(|ui| {
                ui.label("Password (if wanted)");
                ui.add(egui::TextEdit::singleline(&mut lobby.password).password(true));
            });
            if ui
                .add_enabled(chosen.is_some(), egui::Button::new("Open"))
                .clicked()
            {
                ask = Some(Ask::Open);
            }
            ui.add_space(8.0);
            if ui.button("Back").clicked() {
                ask = Some(Ask::Back);
            }
        });
    let Some(ask) = ask else { return Ok(()) };
    match ask {
        Ask::Back => {
            lobby.connection = None;
            lobby.games.clear();
            commands.queue(|world: &mut World| {
                world.resource_mut::<NextState<Screen>>().set(Screen::Title);
            });
        }
        Ask::ByFile => {
            lobby.connection = None;
            lobby.games.clear();
            commands.queue(|world: &mut World| {
                world
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::ByFile);
            });
        }
        Ask::Connect => {
            if let Some((name, addr)) = connect(&mut lobby) {
                commands.queue(move |world: &mut World| remember(world, name, addr));
            }
        }
        Ask::Host => {
            commands.queue(host);
        }
        Ask::Open => {
            let Some((entry, _)) = playable.get(lobby.choice.level) else {
                return Ok(());
            };
            let path = library.path_of(entry);
            match crate::files::read_text(&path, crate::files::FileKind::Level) {
                Ok(level_text) => {
                    let password = Some(lobby.password.clone()).filter(|p| !p.is_empty());
                    let message = ClientMsg::CreateGame {
                        level_file: entry.file.clone(),
                        level_text,
                        sequence: lobby.choice.sequence,
                        side: lobby.choice.side,
                        password,
                    };
                    if let Some(connection) = &lobby.connection {
                        connection.send(&message);
                    }
                }
                Err(problem) => lobby.notice = Some(problem.to_string()),
            }
        }
        Ask::Rejoin(game, token) => {
            if let Some(connection) = &lobby.connection {
                connection.send(&ClientMsg::Rejoin {
                    game,
                    token: token.clone(),
                    have: 0,
                });
            }
            lobby.rejoin_token = Some(token);
        }
        Ask::Join(game, side) => {
            let password = Some(lobby.join_password.clone()).filter(|p| !p.is_empty());
            if let Some(connection) = &lobby.connection {
                connection.send(&ClientMsg::JoinGame {
                    game,
                    side,
                    password,
                });
            }
        }
    }
    Ok(())
}

/// Connects to the server named, says hello and asks for its games. The
/// name and server to remember in the settings, once connected.
fn connect(lobby: &mut Lobby) -> Option<(String, String)> {
    let name = lobby.name.trim().to_string();
    let addr = lobby.addr.trim().to_string();
    if let Some(problem) = crate::names::name_problem(&name, crate::names::MOST_PLAYER_CHARS) {
        lobby.notice = Some(format!("Your name {problem}."));
        return None;
    }
    match Connection::open(&addr, &name) {
        Ok(connection) => {
            connection.send(&ClientMsg::ListGames);
            lobby.connection = Some(connection);
            lobby.notice = None;
            Some((name, addr))
        }
        Err(problem) => {
            lobby.notice = Some(problem);
            None
        }
    }
}

fn remember(world: &mut World, name: String, server: String) {
    let path = world.resource::<SettingsFile>().0.clone();
    let mut settings = world.resource_mut::<Settings>();
    if settings.online.name == name && settings.online.server == server {
        return;
    }
    settings.online.name = name;
    settings.online.server = server;
    let _ = settings.save(&path);
}

/// Starts a server in this game on the port the address names (7878 by
/// default), on every network of this machine, and connects to it.
fn host(world: &mut World) {
    let Some(ruleset) = world.resource::<LevelLibrary>().ruleset.clone() else {
        return;
    };
    let port = world
        .resource::<Lobby>()
        .addr
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or(DEFAULT_PORT);
    let config = ServerConfig {
        bind: SocketAddr::from(([0, 0, 0, 0], port)),
        data_dir: Some(crate::files::data_dir().join("server")),
        foreseeable: None,
    };
    let started = start(config, Arc::<Ruleset>::clone(&ruleset), |line| {
        println!("server: {line}");
    });
    match started {
        Ok(server) => {
            let mut lobby = world.resource_mut::<Lobby>();
            lobby.addr = format!("127.0.0.1:{}", server.addr.port());
            let remembered = connect(&mut lobby);
            world.insert_resource(HostedServer(server));
            if let Some((name, _)) = remembered {
                let server = world.resource::<Settings>().online.server.clone();
                remember(world, name, server);
            }
        }
        Err(error) => {
            world.resource_mut::<Lobby>().notice =
                Some(format!("Could not host on port {port}: {error}"));
        }
    }
}
