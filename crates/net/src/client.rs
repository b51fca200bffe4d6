//! The client's side of a network game, with no network in it (as the hub
//! is the server's): the session takes the server's messages and the
//! player's orders and answers with [`Effect`]s (send this, keep that token,
//! set the game, play these steps, tell the player, come back, stop). The
//! window (`game::online`) and the headless client drive the same session,
//! each with its own connection and its own way of playing a step.
//!
//! A step's path: the server's `Steps` become [`Effect::Play`], one per step
//! not yet held; whoever plays it reports [`Session::played`] (or
//! [`Session::unplayable`]), which answers the server with the fingerprint.

use std::collections::VecDeque;
use std::sync::Arc;

use swift_swords_core::battle::command::{Command, RuleError};
use swift_swords_core::battle::record::{Fingerprint, Step};
use swift_swords_core::data::Ruleset;
use swift_swords_core::replay::Replay;

use super::mirror::NetGame;
use super::protocol::{ClientMsg, SEAT_TAKEN_ELSEWHERE, SeatInfo, SeatState, ServerMsg};
use super::tokens::SeatToken;

/// What the session asks of whoever drives it.
pub enum Effect {
    Send(ClientMsg),
    /// A seat's token, to keep for coming back later.
    Keep(SeatToken),
    /// The game as the server holds it: on joining, and after being out of
    /// step.
    Set(Box<NetGame>),
    /// Step `number` (from 1) to play, the last of those that came together
    /// when `last`.
    Play {
        number: usize,
        step: Step,
        last: bool,
    },
    /// News for the player, in plain words.
    Tell(String),
    /// The seats changed: [`Session::seats`] holds them.
    Seats,
    /// An order the rules refuse here, never sent.
    Refuse {
        command: Command,
        reason: RuleError,
    },
    /// The connection is gone: connect again, then send
    /// [`Session::reconnected`]'s message.
    ComeBack,
    /// The session cannot go on, and why.
    Stop(String),
}

/// One seat's (or a spectator's) part in one game on one server.
pub struct Session {
    addr: String,
    ruleset: Arc<Ruleset>,
    /// The game and the side played (none when watching), once joined.
    game: Option<u64>,
    side: Option<usize>,
    token: Option<String>,
    seats: Vec<SeatInfo>,
    /// Steps the battle here has taken.
    held: usize,
    /// Steps handed out to be played and not yet reported.
    handed: usize,
    /// Orders given while one is on its way: each goes once the step before
    /// it comes back, checked against the battle as it then stands.
    orders: VecDeque<Command>,
    /// The step the order on its way was sent for.
    in_flight: Option<usize>,
    connected: bool,
    /// The seat's player came back on another connection: this one does
    /// not come back.
    taken_elsewhere: bool,
}

impl Session {
    /// A session on `addr`; `token` is the seat's when coming back to it.
    pub fn new(addr: &str, ruleset: Arc<Ruleset>, token: Option<String>) -> Self {
        Self {
            addr: addr.to_string(),
            ruleset,
            game: None,
            side: None,
            token,
            seats: Vec::new(),
            held: 0,
            handed: 0,
            orders: VecDeque::new(),
            in_flight: None,
            connected: true,
            taken_elsewhere: false,
        }
    }

    pub fn addr(&self) -> &str {
        &self.addr
    }

    pub fn game(&self) -> Option<u64> {
        self.game
    }

    /// The side played here, or none when watching.
    pub fn side(&self) -> Option<usize> {
        self.side
    }

    pub fn seats(&self) -> &[SeatInfo] {
        &self.seats
    }

    /// Whether every seat is taken (orders wait until then).
    pub fn all_seated(&self) -> bool {
        !self.seats.is_empty() && self.seats.iter().all(|s| s.state != SeatState::Free)
    }

    pub fn connected(&self) -> bool {
        self.connected
    }

    pub fn taken_elsewhere(&self) -> bool {
        self.taken_elsewhere
    }

    /// Takes what the server said.
    pub fn receive(&mut self, message: ServerMsg) -> Vec<Effect> {
        match message {
            ServerMsg::Joined {
                game,
                side,
                token,
                replay,
            } => self.joined(game, side, token, *replay),
            ServerMsg::Back { game, side } => vec![Effect::Tell(format!(
                "Back in game {game} at side {}.",
                side + 1
            ))],
            ServerMsg::Steps { from, steps } => self.steps(from, steps),
            ServerMsg::Refused { reason } if self.game.is_none() => vec![Effect::Stop(reason)],
            ServerMsg::Refused { reason } => {
                // The order on its way was refused: the next may go.
                self.in_flight = None;
                vec![Effect::Tell(format!("Refused: {reason}"))]
            }
            ServerMsg::OutOfSync {
                step,
                command,
                player,
                parts,
            } => vec![Effect::Tell(format!(
                "Out of step: {player} after step {step} ({command}), in {}.",
                parts.join(", ")
            ))],
            ServerMsg::Seats { seats } => {
                self.seats = seats;
                vec![Effect::Seats]
            }
            ServerMsg::Chat { from, text } => vec![Effect::Tell(format!("{from}: {text}"))],
            ServerMsg::Closing { reason } if reason == SEAT_TAKEN_ELSEWHERE => {
                self.taken_elsewhere = true;
                Vec::new()
            }
            ServerMsg::Closing { reason } => {
                vec![Effect::Tell(format!("The server closes: {reason}"))]
            }
            ServerMsg::Welcome { .. } | ServerMsg::Games { .. } | ServerMsg::Pong => Vec::new(),
        }
    }

    fn joined(
        &mut self,
        game: u64,
        side: Option<usize>,
        token: Option<String>,
        replay: Replay,
    ) -> Vec<Effect> {
        let again = self.game.is_some();
        let held = match NetGame::joined(game, side, replay, self.ruleset.clone()) {
            Ok(held) => held,
            Err(problem) if again => return vec![Effect::Tell(problem)],
            Err(problem) => return vec![Effect::Stop(problem)],
        };
        let mut effects = Vec::new();
        if let Some(token) = token {
            self.token = Some(token.clone());
            effects.push(Effect::Keep(SeatToken {
                server: self.addr.clone(),
                game,
                token,
            }));
        }
        (self.game, self.side) = (Some(game), side);
        (self.held, self.handed, self.in_flight) = (held.steps(), 0, None);
        effects.push(Effect::Tell(match (again, side) {
            (true, _) => format!(
                "The battle was set again from the server's, at step {}.",
                self.held
            ),
            (false, Some(side)) => format!(
                "Joined game {game} as side {} at step {}.",
                side + 1,
                self.held
            ),
            (false, None) => format!("Watching game {game} from step {}.", self.held),
        }));
        effects.push(Effect::Set(Box::new(held)));
        effects
    }

    /// The server's steps from step `from` (counted from 0): those not held
    /// nor handed out yet are handed out to be played.
    fn steps(&mut self, from: usize, steps: Vec<Step>) -> Vec<Effect> {
        if self.game.is_none() {
            return Vec::new();
        }
        let known = self.held + self.handed;
        if from > known {
            return vec![Effect::Tell(format!(
                "The server sent step {} while this game holds {known}.",
                from + 1
            ))];
        }
        let count = steps.len();
        let mut effects = Vec::new();
        for (index, step) in steps.into_iter().enumerate().skip(known - from) {
            effects.push(Effect::Play {
                number: from + index + 1,
                step,
                last: index + 1 == count,
            });
        }
        self.handed += effects.len();
        effects
    }

    /// Step `number` was played here, leaving `fingerprint` (`matches` when
    /// it is the server's): the last of a batch, or one out of step, is
    /// answered.
    pub fn played(
        &mut self,
        number: usize,
        fingerprint: Fingerprint,
        matches: bool,
        last: bool,
    ) -> Vec<Effect> {
        self.held = number;
        self.handed = self.handed.saturating_sub(1);
        let mut effects = Vec::new();
        if !matches {
            effects.push(Effect::Tell(format!(
                "Out of step with the server after step {number}."
            )));
            // The steps after one out of step are not played.
            self.handed = 0;
        }
        if self.side.is_some() && (last || !matches) {
            effects.push(Effect::Send(ClientMsg::Synced {
                step: number,
                fingerprint,
            }));
        }
        effects
    }

    /// Step `number` (`said` in words) is refused by the rules here: the
    /// steps after it are dropped, and a seated player tells the server its
    /// battle (`fingerprint`, as it stands), which is out of step, so the
    /// server sends its own.
    pub fn unplayable(
        &mut self,
        number: usize,
        said: &str,
        reason: &str,
        fingerprint: Fingerprint,
    ) -> Vec<Effect> {
        self.handed = 0;
        let mut effects = vec![Effect::Tell(format!(
            "Step {number} ({said}) is refused here: {reason}; waiting for the server's battle."
        ))];
        if self.side.is_some() {
            effects.push(Effect::Send(ClientMsg::Synced {
                step: number,
                fingerprint,
            }));
        }
        effects
    }

    /// An order given here, sent once the one on its way comes back.
    pub fn order(&mut self, command: Command) {
        self.orders.push_back(command);
    }

    /// Whether an order was sent and neither its step nor a refusal came.
    pub fn order_on_its_way(&self) -> bool {
        self.in_flight.is_some_and(|at| at >= self.held)
    }

    /// Sends the next order, unless one is on its way; `check` asks the
    /// battle here, and one it refuses is refused at once, as offline.
    pub fn send_orders(
        &mut self,
        mut check: impl FnMut(&Command) -> Result<(), RuleError>,
    ) -> Vec<Effect> {
        if self.order_on_its_way() {
            return Vec::new();
        }
        self.in_flight = None;
        let mut effects = Vec::new();
        while let Some(command) = self.orders.pop_front() {
            match check(&command) {
                Ok(()) if self.connected => {
                    effects.push(Effect::Send(ClientMsg::Command {
                        at: self.held,
                        command,
                    }));
                    self.in_flight = Some(self.held);
                    break;
                }
                Ok(()) => {
                    effects.push(Effect::Tell(
                        "Not connected: the order was not sent.".to_string(),
                    ));
                    self.orders.clear();
                }
                Err(reason) => effects.push(Effect::Refuse { command, reason }),
            }
        }
        effects
    }

    /// The connection closed (`reason`): come back, or stop.
    pub fn closed(&mut self, reason: &str) -> Vec<Effect> {
        self.connected = false;
        self.in_flight = None;
        let stop = if self.taken_elsewhere {
            "The seat is played from another window now: this one stops.".to_string()
        } else if self.game.is_none() {
            format!("The connection ended: {reason}")
        } else if self.side.is_some() && self.token.is_none() {
            format!("The connection ended ({reason}) and the seat has no token to come back with.")
        } else {
            return vec![
                Effect::Tell(format!("The connection was lost ({reason}); coming back.")),
                Effect::ComeBack,
            ];
        };
        vec![Effect::Stop(stop)]
    }

    /// Connected again: the message that takes the seat back holding the
    /// steps played here (or watches again).
    pub fn reconnected(&mut self) -> ClientMsg {
        self.connected = true;
        match (self.game, &self.token, self.side) {
            (Some(game), Some(token), Some(_)) => ClientMsg::Rejoin {
                game,
                token: token.clone(),
                have: self.held,
            },
            (game, _, _) => ClientMsg::JoinGame {
                game: game.unwrap_or_default(),
                side: None,
                password: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::{IpAddr, Ipv4Addr};
    use std::path::Path;

    use super::*;
    use crate::hub::{Hub, Out, foreseeable};
    use crate::protocol::PROTOCOL;

    const HERE: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

    fn ruleset() -> Arc<Ruleset> {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/data");
        Arc::new(Ruleset::load_dir(&data).expect("shipped data is valid"))
    }

    /// A hub with Ada seated at side 1 and Bo at side 2 of the skirmish;
    /// the messages each was sent.
    fn skirmish() -> (Hub, Vec<ServerMsg>, Vec<ServerMsg>) {
        let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../levels/skirmish.ron");
        let mut hub = Hub::new(ruleset(), None, foreseeable(5), 0);
        let mut out = Vec::new();
        for (conn, name) in [(1, "Ada"), (2, "Bo")] {
            hub.connect(conn, HERE).expect("room");
            out.extend(hub.receive(
                conn,
                ClientMsg::Hello {
                    protocol: PROTOCOL.to_string(),
                    name: name.to_string(),
                },
                0,
            ));
        }
        out.extend(hub.receive(
            1,
            ClientMsg::CreateGame {
                level_file: "skirmish.ron".to_string(),
                level_text: std::fs::read_to_string(level).expect("the skirmish"),
                sequence: None,
                side: 0,
                password: None,
            },
            0,
        ));
        out.extend(hub.receive(
            2,
            ClientMsg::JoinGame {
                game: 1,
                side: Some(1),
                password: None,
            },
            0,
        ));
        let (ada, bo) = inboxes(out);
        (hub, ada, bo)
    }

    fn inboxes(out: Vec<Out>) -> (Vec<ServerMsg>, Vec<ServerMsg>) {
        let (mut ada, mut bo) = (Vec::new(), Vec::new());
        for item in out {
            match item {
                Out::Send(1, message) => ada.push(message),
                Out::Send(2, message) => bo.push(message),
                _ => {}
            }
        }
        (ada, bo)
    }

    /// Feeds `messages` to `session`, playing steps on `held`; what it asks
    /// to send.
    fn take(
        session: &mut Session,
        held: &mut Option<NetGame>,
        messages: Vec<ServerMsg>,
    ) -> Vec<ClientMsg> {
        let mut sent = Vec::new();
        let mut effects: VecDeque<Effect> = VecDeque::new();
        for message in messages {
            effects.extend(session.receive(message));
            while let Some(effect) = effects.pop_front() {
                match effect {
                    Effect::Send(message) => sent.push(message),
                    Effect::Set(game) => *held = Some(*game),
                    Effect::Play { number, step, last } => {
                        let game = held.as_mut().expect("joined");
                        let applied = game.apply(number - 1, vec![step]).expect("plays");
                        let applied = &applied[0];
                        effects.extend(session.played(
                            number,
                            applied.fingerprint.clone(),
                            applied.matches,
                            last,
                        ));
                    }
                    _ => {}
                }
            }
        }
        sent
    }

    #[test]
    fn a_session_joins_keeps_its_token_and_answers_only_the_last_step_of_a_batch() {
        let (mut hub, _, bo_inbox) = skirmish();
        // Bo's side acts first in the skirmish.
        let mut bo = Session::new("here:1", ruleset(), None);
        let mut effects = Vec::new();
        for message in bo_inbox {
            effects.extend(bo.receive(message));
        }
        assert!(
            effects
                .iter()
                .any(|e| matches!(e, Effect::Keep(t) if t.game == 1))
        );
        assert_eq!((bo.game(), bo.side()), (Some(1), Some(1)));
        assert!(bo.all_seated());
        let mut held = effects.into_iter().find_map(|e| match e {
            Effect::Set(game) => Some(*game),
            _ => None,
        });
        assert!(held.as_ref().unwrap().my_turn());
        // Bo's order goes; a second waits for the first's step.
        let command = swift_swords_core::ai::choose(
            held.as_ref().unwrap().engine().state(),
            swift_swords_core::ai::AiLevel::Easy,
        )
        .expect("an order");
        bo.order(command.clone());
        bo.order(command.clone());
        let sent = bo.send_orders(|_| Ok(()));
        assert!(matches!(
            &sent[..],
            [Effect::Send(ClientMsg::Command { at: 0, .. })]
        ));
        assert!(bo.order_on_its_way());
        assert!(bo.send_orders(|_| Ok(())).is_empty());
        let (_, back) = inboxes(hub.receive(2, ClientMsg::Command { at: 0, command }, 0));
        let answers = take(&mut bo, &mut held, back.clone());
        assert!(matches!(&answers[..], [ClientMsg::Synced { step: 1, .. }]));
        assert!(!bo.order_on_its_way());
        // The same steps again are not played twice.
        assert!(take(&mut bo, &mut held, back).is_empty());
        assert_eq!(held.unwrap().steps(), 1);
    }

    #[test]
    fn a_dropped_seat_comes_back_holding_its_steps_and_one_taken_elsewhere_stops() {
        let (_, ada_inbox, _) = skirmish();
        let mut ada = Session::new("here:1", ruleset(), None);
        for message in ada_inbox {
            ada.receive(message);
        }
        assert!(matches!(
            &ada.closed("reset")[..],
            [Effect::Tell(_), Effect::ComeBack]
        ));
        assert!(!ada.connected());
        let again = ada.reconnected();
        assert!(matches!(
            again,
            ClientMsg::Rejoin {
                game: 1,
                have: 0,
                ..
            }
        ));
        ada.receive(ServerMsg::Closing {
            reason: SEAT_TAKEN_ELSEWHERE.to_string(),
        });
        assert!(matches!(&ada.closed("closed")[..], [Effect::Stop(_)]));
        // Before joining, a refusal or a drop ends the session.
        let mut cy = Session::new("here:1", ruleset(), None);
        assert!(matches!(
            &cy.receive(ServerMsg::Refused {
                reason: "no such game".to_string()
            })[..],
            [Effect::Stop(_)]
        ));
        assert!(matches!(&cy.closed("gone")[..], [Effect::Stop(_)]));
    }

    #[test]
    fn an_order_the_rules_refuse_here_is_refused_at_once_and_the_next_goes() {
        let (_, ada_inbox, _) = skirmish();
        let mut ada = Session::new("here:1", ruleset(), None);
        let mut held = None;
        take(&mut ada, &mut held, ada_inbox);
        let command = swift_swords_core::ai::choose(
            held.as_ref().unwrap().engine().state(),
            swift_swords_core::ai::AiLevel::Easy,
        )
        .expect("an order");
        ada.order(command.clone());
        ada.order(command);
        let mut first = true;
        let effects = ada.send_orders(|_| {
            let verdict = if first {
                Err(RuleError::NoTurnOpen)
            } else {
                Ok(())
            };
            first = false;
            verdict
        });
        assert!(matches!(
            &effects[..],
            [
                Effect::Refuse {
                    reason: RuleError::NoTurnOpen,
                    ..
                },
                Effect::Send(ClientMsg::Command { .. })
            ]
        ));
    }
}
