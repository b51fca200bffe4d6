//! The battle engine.
//!
//! [`engine::Engine`] is the one door: it owns the battle's state
//! ([`state::BattleState`]), its dice and its log, and every caller goes
//! through it. The game keeps the engine as a resource and copies its state
//! into the components the view draws; nothing is ever written back.
//!
//! The modules form layers, and each imports only from the layers below it
//! (the suite's `layers` test holds them, and every other folder, to it):
//! 1. the door: [`engine`], the starting state and saves ([`setup`], [`save`]),
//!    and the command log with its fingerprints ([`record`]);
//! 2. what each order does: `orders`, one file per family of orders (only the
//!    engine calls in);
//! 3. what is allowed, what it would cost and its odds, and the battle from
//!    start to end: [`candidates`] (every order a combatant might give),
//!    [`check`] (with the per-order costs and refusals in `costs`),
//!    [`odds`], [`flow`];
//! 4. the sequence of play, the one seam that says who acts when:
//!    [`sequence`] (the countdown and the sister rules' orders);
//! 5. the rule families' facts and vetoes: [`cover`], [`flight`],
//!    [`inclose`], [`injury`], [`mental`], [`riding`], [`special`],
//!    [`warband`], [`wielding`];
//! 6. the primitive effects (pay, lose a rank, take a State, out of action,
//!    lose a pool): [`effects`];
//! 7. plain data: the state and its parts ([`state`], [`components`], the
//!    sequences' rounds in `sequence::round`), the orders ([`command`]), the
//!    attack waiting for its answer ([`pending`]) and the events
//!    ([`events`], told in words by `describe`).

pub mod candidates;
pub mod check;
pub mod command;
pub mod components;
mod costs;
pub mod cover;
pub mod describe;
pub mod effects;
pub mod engine;
pub mod events;
pub mod flight;
pub mod flow;
pub mod inclose;
pub mod injury;
mod legal;
pub mod mental;
pub mod odds;
mod orders;
pub mod pending;
pub mod record;
pub mod riding;
pub mod save;
pub mod sequence;
pub mod setup;
pub mod special;
pub mod state;
pub mod warband;
pub mod wielding;
