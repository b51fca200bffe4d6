//! The table heard: each battle event's sound ([`crate::sound`]) played in
//! the order it happened, paced with the figures' motion; the field under
//! the table where the camera looks; and the interface's click, refusal and
//! "your turn". Volumes come from the settings; `--mute` silences a run.
//!
//! With no audio device nothing is heard and nothing piles up: every sound
//! is an entity that leaves when its time is over, and there are never more
//! than [`MOST_SOUNDING`] of them.

use std::collections::{HashMap, VecDeque};

use bevy::audio::{
    AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings, Volume,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::battle::engine::Engine;
use crate::battle::events::BattleEvent;
use crate::game::hud::HudState;
use crate::game::session::preferences::{Settings, SoundLevels};
use crate::game::stage::{Screen, battle_on_table};
use crate::game::table::camera::TableCamera;
use crate::game::table::geometry::zone_at;
use crate::game::table::motion::MotionPace;
use crate::sound::cue::field_at;
use crate::sound::synth::{RATE, wav};
use crate::sound::voices::{render, render_field};
use crate::sound::{Channel, Cue, Field, Listener};

/// The most sounds playing at once; the oldest gives way.
pub const MOST_SOUNDING: usize = 24;
/// The most sounds waiting their turn; later ones are not heard.
const MOST_WAITING: usize = 32;
/// How long a sound is marked as playing where none can be heard.
const MARKED_SECONDS: f32 = 2.0;
/// Sounds of one command follow each other this far apart, in seconds.
const GAP_SECONDS: f32 = 0.12;
/// No sound waits longer than this behind the others: a fast AI's
/// commands are heard in part rather than late.
const MOST_BEHIND_SECONDS: f32 = 2.5;
/// How long the field's loop is, and how quickly it follows the camera.
const FIELD_SECONDS: f32 = 8.0;
const FIELD_FADE_SECONDS: f32 = 1.5;

/// Silence for this run, whatever the settings (`--mute`).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct Muted(pub bool);

/// The sounds waiting to be played, each at its time on the app's clock.
#[derive(Resource, Debug, Default)]
pub struct SoundQueue {
    waiting: VecDeque<(f32, Cue)>,
    /// When the next sound may start.
    next_free: f32,
    listener: Listener,
}

impl SoundQueue {
    /// Queues `cue` to follow what is waiting. `pace` is how long a figure
    /// takes to move.
    fn push(&mut self, now: f32, cue: Cue, pace: f32) {
        let at = self.next_free.max(now);
        let ending = matches!(cue, Cue::Won | Cue::Lost);
        if !ending && (self.waiting.len() >= MOST_WAITING || at - now > MOST_BEHIND_SECONDS) {
            return;
        }
        self.waiting.push_back((at, cue));
        self.next_free = at
            + if cue.moves() {
                pace.max(GAP_SECONDS)
            } else {
                GAP_SECONDS
            };
    }

    /// The sounds due at `now`, in order.
    fn due(&mut self, now: f32) -> Vec<Cue> {
        let mut due = Vec::new();
        while self.waiting.front().is_some_and(|&(at, _)| at <= now) {
            due.extend(self.waiting.pop_front().map(|(_, cue)| cue));
        }
        due
    }
}

/// A sound playing, until its time is over.
#[derive(Component, Debug, Clone, Copy)]
pub struct Sounding {
    pub cue: Cue,
    until: f32,
}

/// One of the field's loops; only the one the camera looks at is heard.
#[derive(Component, Debug, Clone, Copy)]
struct FieldLoop(Field);

/// Each sound made once, when first heard: its source and its length.
#[derive(Resource, Debug, Default)]
struct SoundBank {
    cues: HashMap<Cue, (Handle<AudioSource>, f32)>,
    fields: HashMap<Field, Handle<AudioSource>>,
}

impl SoundBank {
    fn field(&mut self, field: Field, sources: &mut Assets<AudioSource>) -> Handle<AudioSource> {
        self.fields
            .entry(field)
            .or_insert_with(|| source(&render_field(field, FIELD_SECONDS), sources))
            .clone()
    }

    fn cue(&mut self, cue: Cue, sources: &mut Assets<AudioSource>) -> (Handle<AudioSource>, f32) {
        self.cues
            .entry(cue)
            .or_insert_with(|| {
                let samples = render(cue);
                let seconds = samples.len() as f32 / RATE as f32;
                (source(&samples, sources), seconds)
            })
            .clone()
    }
}

/// Samples as a source the audio engine plays.
fn source(samples: &[f32], sources: &mut Assets<AudioSource>) -> Handle<AudioSource> {
    sources.add(AudioSource {
        bytes: wav(samples).into(),
    })
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SoundQueue>();
    app.init_resource::<SoundBank>();
    app.init_resource::<Muted>();
    app.add_systems(OnEnter(Screen::Battle), (fresh_queue, lay_field));
    app.add_systems(
        Update,
        (
            hear_battle.run_if(battle_on_table),
            turn_and_refusals.run_if(battle_on_table),
            play_due,
            follow_field.run_if(battle_on_table),
        )
            .chain(),
    );
    app.add_systems(EguiPrimaryContextPass, interface_clicks);
}

fn fresh_queue(mut queue: ResMut<SoundQueue>) {
    *queue = SoundQueue::default();
}

/// Each event of the battle queued as its sound, in the order it happened.
fn hear_battle(
    mut events: MessageReader<BattleEvent>,
    engine: Res<Engine>,
    time: Res<Time>,
    pace: Option<Res<MotionPace>>,
    mut queue: ResMut<SoundQueue>,
) {
    let now = time.elapsed_secs();
    let pace = pace.map_or(0.0, |p| p.seconds);
    let table = engine.state();
    for event in events.read() {
        if let Some(cue) = queue.listener.hear(event, table) {
            queue.push(now, cue, pace);
        }
    }
}

/// A chime when the turn comes to a player (or passes to the other one at
/// a shared table), and a low note when an order is refused.
fn turn_and_refusals(
    hud: Res<HudState>,
    time: Res<Time>,
    mut seen: Local<(bool, Option<usize>, u64)>,
    mut queue: ResMut<SoundQueue>,
) {
    let now = time.elapsed_secs();
    let mine = hud.seats.human_turn_since.is_some();
    if mine && (!seen.0 || seen.1 != hud.seats.last_human_side) {
        queue.push(now, Cue::YourTurn, 0.0);
    }
    if hud.notices.refusals != seen.2 {
        queue.push(now, Cue::Refused, 0.0);
    }
    *seen = (mine, hud.seats.last_human_side, hud.notices.refusals);
}

/// A click for each button or box the player clicks.
fn interface_clicks(
    mut contexts: EguiContexts,
    time: Res<Time>,
    mut queue: ResMut<SoundQueue>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if ctx.interaction_snapshot(|s| s.clicked.is_some()) {
        queue.push(time.elapsed_secs(), Cue::Click, 0.0);
    }
    Ok(())
}

/// How loud a sound of `channel` plays, or `None` when it is not heard.
fn loudness(levels: &SoundLevels, muted: bool, channel: Channel) -> Option<f32> {
    let part = match channel {
        Channel::Effects => levels.effects,
        Channel::Interface => levels.interface,
    };
    let volume = levels.master * part;
    (!muted && !levels.mute && volume > 0.0).then_some(volume)
}

/// Plays the sounds that are due, and lets those whose time is over go.
#[allow(clippy::too_many_arguments)]
fn play_due(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    muted: Res<Muted>,
    mut queue: ResMut<SoundQueue>,
    mut bank: ResMut<SoundBank>,
    mut sources: Option<ResMut<Assets<AudioSource>>>,
    sounding: Query<(Entity, &Sounding)>,
) {
    let now = time.elapsed_secs();
    let mut playing: Vec<(Entity, f32)> = Vec::new();
    for (entity, sound) in &sounding {
        if sound.until <= now {
            commands.entity(entity).despawn();
        } else {
            playing.push((entity, sound.until));
        }
    }
    let due = queue.due(now);
    for cue in due {
        let Some(volume) = loudness(&settings.sound, muted.0, cue.channel()) else {
            continue;
        };
        debug!("sound: {cue:?} at {now:.2} s");
        if playing.len() >= MOST_SOUNDING {
            playing.sort_by(|a, b| a.1.total_cmp(&b.1));
            let (oldest, _) = playing.remove(0);
            commands.entity(oldest).despawn();
        }
        // Without the audio engine (a test, a headless run) the sound is
        // only marked, for as long as a sound lasts at most.
        let (entity, until) = match sources.as_deref_mut() {
            Some(sources) => {
                let (handle, seconds) = bank.cue(cue, sources);
                let until = now + seconds + 0.1;
                let entity = commands.spawn((
                    Sounding { cue, until },
                    AudioPlayer(handle),
                    PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
                ));
                (entity.id(), until)
            }
            None => {
                let until = now + MARKED_SECONDS;
                (commands.spawn(Sounding { cue, until }).id(), until)
            }
        };
        playing.push((entity, until));
    }
}

/// The field's loops, one for each kind of ground, all silent until the
/// camera looks at their ground.
fn lay_field(
    mut commands: Commands,
    mut bank: ResMut<SoundBank>,
    sources: Option<ResMut<Assets<AudioSource>>>,
) {
    let Some(mut sources) = sources else {
        return;
    };
    for field in Field::ALL {
        let handle = bank.field(field, &mut sources);
        commands.spawn((
            FieldLoop(field),
            AudioPlayer(handle),
            PlaybackSettings::LOOP.with_volume(Volume::Linear(0.0)),
            DespawnOnExit(Screen::Battle),
        ));
    }
}

/// The field the camera looks at fades in, the others out; the pause menu
/// and the settings can silence it.
#[allow(clippy::too_many_arguments)]
fn follow_field(
    engine: Res<Engine>,
    time: Res<Time>,
    settings: Res<Settings>,
    muted: Res<Muted>,
    hud: Res<HudState>,
    camera: Query<&TableCamera>,
    mut loops: Query<(&FieldLoop, &mut AudioSink)>,
    mut heard_before: Local<Option<Field>>,
) {
    let table = engine.state();
    let here = camera
        .iter()
        .next()
        .and_then(|camera| zone_at(table.board(), camera.focus))
        .map(|zone| field_at(table, zone));
    if here != *heard_before {
        debug!("field: {here:?}");
        *heard_before = here;
    }
    let levels = &settings.sound;
    let heard = !(muted.0 || levels.mute || hud.overlays.paused);
    let full = if heard {
        levels.master * levels.field
    } else {
        0.0
    };
    let step = time.delta_secs() / FIELD_FADE_SECONDS;
    for (field, mut sink) in &mut loops {
        let goal = if Some(field.0) == here { full } else { 0.0 };
        let now = sink.volume().to_linear();
        let next = if (goal - now).abs() <= step {
            goal
        } else {
            now + step.copysign(goal - now)
        };
        if next != now {
            sink.set_volume(Volume::Linear(next));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;

    use super::*;
    use crate::battle::events::BattleEvent;
    use crate::game::test_engines::roland_to_act;

    /// The battle screen with Roland's strip on the table, its clock at 50 ms
    /// a frame, and no audio engine: sounds are only marked.
    fn battle(muted: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )));
        app.add_message::<BattleEvent>();
        app.init_state::<Screen>();
        app.insert_resource(roland_to_act());
        app.insert_resource(Settings::default());
        app.insert_resource(HudState {
            seats: crate::game::hud::TurnSeats {
                human_turn_since: Some(0.0),
                ..default()
            },
            ..default()
        });
        app.add_plugins(plugin);
        app.insert_resource(Muted(muted));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Battle);
        app.update();
        app
    }

    fn marked(app: &mut App) -> Vec<Cue> {
        let mut query = app.world_mut().query::<&Sounding>();
        query.iter(app.world()).map(|s| s.cue).collect()
    }

    fn roll(unit: &str) -> BattleEvent {
        BattleEvent::ActionDiceRolled {
            unit: unit.into(),
            rolled: vec![5, 2],
            extra: Vec::new(),
        }
    }

    #[test]
    fn one_event_is_one_sound_played_once_in_the_order_it_happened() {
        let mut app = battle(false);
        app.world_mut().write_message_batch([
            roll("roland"),
            BattleEvent::Held {
                unit: "roland".into(),
            },
            BattleEvent::FellProne {
                unit: "bandit".into(),
            },
        ]);
        let two_dice = Cue::Dice {
            count: 2,
            extra: false,
            ones: false,
        };
        let mut heard = Vec::new();
        for _ in 0..12 {
            app.update();
            for cue in marked(&mut app) {
                if !heard.contains(&cue) {
                    heard.push(cue);
                }
            }
        }
        // The turn comes to Roland, a player: the chime first.
        assert_eq!(heard, [Cue::YourTurn, two_dice, Cue::Fall]);
        // Each sound was marked once, and nothing more is queued.
        assert_eq!(marked(&mut app).len(), 3);
        assert!(app.world().resource::<SoundQueue>().waiting.is_empty());
    }

    #[test]
    fn a_refused_order_sounds_once() {
        let mut app = battle(false);
        app.world_mut().resource_mut::<HudState>().notices.refusals = 1;
        for _ in 0..12 {
            app.update();
        }
        assert_eq!(marked(&mut app), [Cue::YourTurn, Cue::Refused]);
    }

    #[test]
    fn a_muted_run_marks_no_sound() {
        let mut app = battle(true);
        app.world_mut().write_message(roll("roland"));
        for _ in 0..12 {
            app.update();
        }
        assert_eq!(marked(&mut app), []);
    }

    #[test]
    fn a_flood_of_events_is_heard_in_part_and_never_piles_up() {
        let mut app = battle(false);
        for _ in 0..40 {
            app.world_mut()
                .write_message_batch((0..50).map(|_| roll("bandit")));
            app.update();
            assert!(marked(&mut app).len() <= MOST_SOUNDING);
            assert!(app.world().resource::<SoundQueue>().waiting.len() <= MOST_WAITING);
        }
        // Every marked sound leaves when its time is over.
        for _ in 0..200 {
            app.update();
        }
        assert_eq!(marked(&mut app), []);
    }
}
