//! The player's controls as leafwing-input-manager actions. Keyboard
//! bindings are the shipped defaults (`assets/input.ron`), then the player's
//! own file over them (`input.ron` beside the settings, which the settings
//! window writes); every action neither names keeps its default. The mouse
//! drives picking, dragging and the wheel zoom.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};

use bevy_egui::{EguiContext, EguiInput, EguiPreUpdateSet, egui};

use crate::data::parse_ron;

/// Every control of the game.
#[derive(
    Actionlike,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Reflect,
    Serialize,
    Deserialize,
)]
pub enum GameAction {
    PanNorth,
    PanSouth,
    PanWest,
    PanEast,
    RotateLeft,
    RotateRight,
    ZoomIn,
    ZoomOut,
    /// The mouse wheel.
    #[actionlike(Axis)]
    Zoom,
    /// Mouse movement, for dragging the camera.
    #[actionlike(DualAxis)]
    Drag,
    /// Held: mouse movement pans the table.
    DragPan,
    /// Held: mouse movement turns the table.
    DragRotate,
    FocusSelected,
    /// Frame the whole table again, as at the start.
    ResetView,
    /// Select the next of your combatants that may act.
    NextUnit,
    Hold,
    Pass,
    KeepDie,
    Recover,
    Effort,
    /// Take back your last command that rolled no dice.
    Undo,
    /// Give again the command last taken back.
    Redo,
    /// Confirm a prompt (the hand-over screen).
    Confirm,
    Help,
    /// Show or hide the rules reference.
    Rules,
    Pause,
}

impl GameAction {
    /// What the action does, for the help overlay.
    pub fn describe(self) -> &'static str {
        match self {
            Self::PanNorth => "Pan the table away",
            Self::PanSouth => "Pan the table nearer",
            Self::PanWest => "Pan left",
            Self::PanEast => "Pan right",
            Self::RotateLeft => "Turn the table left",
            Self::RotateRight => "Turn the table right",
            Self::ZoomIn => "Zoom in",
            Self::ZoomOut => "Zoom out",
            Self::Zoom => "Zoom (mouse wheel)",
            Self::Drag => "Drag the camera (mouse)",
            Self::DragPan => "Drag to pan (right mouse button)",
            Self::DragRotate => "Drag to turn (middle mouse button)",
            Self::FocusSelected => "Centre on the selected figure",
            Self::ResetView => "Frame the whole table again",
            Self::NextUnit => "Select your next combatant that may act",
            Self::Hold => "Hold the action",
            Self::Pass => "Pass for the rest of the round",
            Self::KeepDie => "Keep a die at a refresh",
            Self::Recover => "Recover from a State (one die)",
            Self::Effort => "Spend a 1 on Effort",
            Self::Undo => "Undo your last command (if it rolled no dice)",
            Self::Redo => "Redo the command undone",
            Self::Confirm => "Confirm (hand-over screen, passing)",
            Self::Help => "Show or hide this help",
            Self::Rules => "Show or hide the rules reference",
            Self::Pause => "Pause menu",
        }
    }

    /// The actions bound to keys, in the order the help lists them.
    pub const KEYED: [GameAction; 22] = [
        Self::PanNorth,
        Self::PanSouth,
        Self::PanWest,
        Self::PanEast,
        Self::RotateLeft,
        Self::RotateRight,
        Self::ZoomIn,
        Self::ZoomOut,
        Self::FocusSelected,
        Self::ResetView,
        Self::NextUnit,
        Self::Hold,
        Self::Pass,
        Self::KeepDie,
        Self::Recover,
        Self::Effort,
        Self::Undo,
        Self::Redo,
        Self::Confirm,
        Self::Help,
        Self::Rules,
        Self::Pause,
    ];
}

/// The keyboard bindings, as read from the bindings file.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct KeyBindings(pub BTreeMap<GameAction, Vec<KeyCode>>);

impl Default for KeyBindings {
    fn default() -> Self {
        use GameAction::*;
        use KeyCode::*;
        Self(BTreeMap::from([
            (PanNorth, vec![KeyW, ArrowUp]),
            (PanSouth, vec![KeyS, ArrowDown]),
            (PanWest, vec![KeyA, ArrowLeft]),
            (PanEast, vec![KeyD, ArrowRight]),
            (RotateLeft, vec![KeyQ]),
            (RotateRight, vec![KeyE]),
            (ZoomIn, vec![Equal, NumpadAdd]),
            (ZoomOut, vec![Minus, NumpadSubtract]),
            (FocusSelected, vec![KeyF]),
            (ResetView, vec![Home]),
            (NextUnit, vec![Tab]),
            (Hold, vec![KeyH]),
            (Pass, vec![KeyP]),
            (KeepDie, vec![KeyK]),
            (Recover, vec![KeyR]),
            (Effort, vec![KeyG]),
            (GameAction::Undo, vec![KeyU]),
            (Redo, vec![KeyY]),
            (Confirm, vec![Enter, Space]),
            (GameAction::Help, vec![F1]),
            (Rules, vec![F2]),
            (GameAction::Pause, vec![Escape]),
        ]))
    }
}

/// A bindings file that could not be used, shown on the title screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct BindingsProblem(pub Option<String>);

impl KeyBindings {
    /// The shipped defaults, then the player's own bindings over them.
    pub fn load_for_player(player: &Path) -> Result<Self, String> {
        Self::default()
            .read_over(&crate::content::path(DEFAULT_BINDINGS_FILE))?
            .read_over(player)
    }

    /// These bindings with a bindings file's actions over them, checked as
    /// a key changed in Settings is: every action once, at least one key
    /// each, no fixed key, no key of two actions. A missing file is no
    /// error; a problem names its line and column.
    fn read_over(self, path: &Path) -> Result<Self, String> {
        let mut bindings = self;
        let Some(text) = crate::files::read_own_file(path, crate::files::FileKind::Own)
            .map_err(|e| e.to_string())?
        else {
            return Ok(bindings);
        };
        let read: crate::unique_keys::UniqueMap<GameAction, Vec<KeyCode>> =
            parse_ron(path, &text).map_err(|e| e.to_string())?;
        let source = crate::diagnostics::SourceText::new(&text);
        // The place of the first of `actions` the file names.
        let at_either = |actions: &[GameAction], problem: String| {
            let place = actions
                .iter()
                .find_map(|action| source.find_word(&format!("{action:?}"), 0))
                .unwrap_or((1, 1));
            crate::diagnostics::Diagnostic::new(path, place, problem).to_string()
        };
        let at = |action: GameAction, problem: String| at_either(&[action], problem);
        for (action, keys) in read.0 {
            if !Self::default().0.contains_key(&action) {
                return Err(at(
                    action,
                    format!(
                        "{} is a mouse control and cannot be bound to keys",
                        action.describe()
                    ),
                ));
            }
            if keys.is_empty() {
                return Err(at(action, format!("{} has no key", action.describe())));
            }
            if keys.len() > MOST_KEYS {
                return Err(at(
                    action,
                    format!(
                        "{} has {} keys, expected at most {MOST_KEYS}",
                        action.describe(),
                        keys.len()
                    ),
                ));
            }
            if let Some((_, &key)) = keys
                .iter()
                .enumerate()
                .find(|(k, key)| keys[..*k].contains(key))
            {
                return Err(at(
                    action,
                    format!(
                        "{} is given twice to {}",
                        key_name(key),
                        action.describe().to_lowercase()
                    ),
                ));
            }
            if let Some(&fixed) = keys.iter().find(|&&key| fixed_key(key)) {
                return Err(at(
                    action,
                    format!(
                        "{} is fixed: 1 to 9 choose menu entries and Alt shows every name",
                        key_name(fixed)
                    ),
                ));
            }
            bindings.0.insert(action, keys);
        }
        // A key of two actions, after the file's actions have taken theirs.
        for (action, keys) in &bindings.0 {
            for key in keys {
                if let Some((other, _)) = bindings
                    .0
                    .iter()
                    .find(|(other, theirs)| *other > action && theirs.contains(key))
                {
                    return Err(at_either(
                        &[*action, *other],
                        format!(
                            "{} is the key to both {} and {}",
                            key_name(*key),
                            action.describe().to_lowercase(),
                            other.describe().to_lowercase()
                        ),
                    ));
                }
            }
        }
        Ok(bindings)
    }

    /// Whether a key of `action` went down this frame, even if it came up
    /// again within it: a tap quicker than a frame still counts.
    pub fn tapped(&self, keys: &ButtonInput<KeyCode>, action: GameAction) -> bool {
        self.0
            .get(&action)
            .is_some_and(|bound| keys.any_just_pressed(bound.iter().copied()))
    }

    /// The keys of an action as the help shows them.
    pub fn keys_of(&self, action: GameAction) -> String {
        self.0
            .get(&action)
            .map(|keys| {
                keys.iter()
                    .map(|&k| key_name(k))
                    .collect::<Vec<_>>()
                    .join(" / ")
            })
            .unwrap_or_default()
    }

    /// Binds `key` alone to `action`. Refused when another action has the
    /// key, or when it is one of the fixed keys (1 to 9 choose menu entries;
    /// Alt shows every name).
    pub fn rebind(&mut self, action: GameAction, key: KeyCode) -> Result<(), String> {
        if fixed_key(key) {
            return Err(format!(
                "{} is fixed: 1 to 9 choose menu entries and Alt shows every name",
                key_name(key)
            ));
        }
        if let Some(other) = self
            .0
            .iter()
            .find(|(other, keys)| **other != action && keys.contains(&key))
            .map(|(other, _)| *other)
        {
            return Err(format!(
                "{} is already the key to {}",
                key_name(key),
                other.describe().to_lowercase()
            ));
        }
        self.0.insert(action, vec![key]);
        Ok(())
    }

    /// The bindings file's text: the header that explains it, then every
    /// action with its keys.
    pub fn to_ron(&self) -> String {
        let mut text = BINDINGS_HEADER.to_string();
        text.push_str("{\n");
        for action in GameAction::KEYED {
            if let Some(keys) = self.0.get(&action) {
                let keys: Vec<String> = keys.iter().map(|k| format!("{k:?}")).collect();
                text.push_str(&format!("    {action:?}: [{}],\n", keys.join(", ")));
            }
        }
        text.push_str("}\n");
        text
    }

    /// Writes the bindings, whole or not at all, keeping the file before.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        crate::files::write_keeping_previous(path, &self.to_ron())
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn input_map(&self) -> InputMap<GameAction> {
        let mut map = InputMap::default();
        for (action, keys) in &self.0 {
            for key in keys {
                map.insert(*action, *key);
            }
        }
        map.insert_axis(GameAction::Zoom, MouseScrollAxis::Y);
        map.insert_dual_axis(GameAction::Drag, MouseMove::default());
        map.insert(GameAction::DragPan, MouseButton::Right);
        map.insert(GameAction::DragRotate, MouseButton::Middle);
        map
    }
}

/// A key as players know it: "F", "ArrowUp", "Digit1".
pub fn key_name(key: KeyCode) -> String {
    format!("{key:?}").trim_start_matches("Key").to_string()
}

/// The keys the game keeps for itself: the number keys choose menu
/// entries, Alt shows every name.
fn fixed_key(key: KeyCode) -> bool {
    use KeyCode::*;
    matches!(
        key,
        Digit1
            | Digit2
            | Digit3
            | Digit4
            | Digit5
            | Digit6
            | Digit7
            | Digit8
            | Digit9
            | Numpad1
            | Numpad2
            | Numpad3
            | Numpad4
            | Numpad5
            | Numpad6
            | Numpad7
            | Numpad8
            | Numpad9
            | AltLeft
            | AltRight
    )
}

/// What the game writes above the bindings when it saves them.
const BINDINGS_HEADER: &str = "\
// Keyboard bindings of Swift Swords: each action and the keys that trigger it.
// Key names are Bevy's KeyCode names (KeyA..KeyZ, Digit0..Digit9, F1..F12,
// ArrowUp, Space, Enter, Escape, Tab, ...). Actions left out keep their
// defaults. The mouse is fixed: left click picks, right drag pans, middle
// drag turns the table, the wheel zooms. Fixed too: the number keys 1 to 9
// (main or keypad) choose the numbered entries of the action menu, and Alt
// held shows the name over every figure. The game ships its defaults in
// assets/input.ron and never writes there: Settings writes the player's own
// input.ron, beside the settings, when a key is changed.
";

/// The shipped default bindings, in the content; the game never writes it.
pub const DEFAULT_BINDINGS_FILE: &str = "assets/input.ron";

/// The most keys one action may have: a few keys to the same action help
/// two hands or two layouts; more only slow every check of a key.
pub const MOST_KEYS: usize = 4;

/// The player's own bindings file: `input.ron` in the platform's config
/// folder, beside the settings.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct BindingsFile(pub PathBuf);

impl BindingsFile {
    pub fn platform_default() -> Self {
        Self(crate::files::config_dir().join("input.ron"))
    }
}

/// The entity carrying the player's input map and action state.
#[derive(Component)]
pub struct Controls;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<GameAction>::default());
    // A test names its own file before the plugin is added.
    let file = app
        .world()
        .get_resource::<BindingsFile>()
        .cloned()
        .unwrap_or_else(BindingsFile::platform_default);
    let (bindings, problem) = match KeyBindings::load_for_player(&file.0) {
        Ok(bindings) => (bindings, None),
        Err(problem) => {
            eprintln!("{problem}");
            (KeyBindings::default(), Some(problem))
        }
    };
    app.insert_resource(BindingsProblem(problem));
    app.insert_resource(file);
    app.world_mut()
        .spawn((Controls, bindings.input_map(), Name::new("Controls")));
    app.insert_resource(bindings);
    app.add_systems(
        PreUpdate,
        keep_shortcut_keys_from_egui
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Tab, Space and Enter are the game's shortcuts (next combatant, confirm),
/// not egui's keyboard focus: Tab used to move the focus onto a button, and
/// Space then pressed it. A text field with the focus keeps them.
fn keep_shortcut_keys_from_egui(mut contexts: Query<(&mut EguiInput, &mut EguiContext)>) {
    for (mut input, mut context) in &mut contexts {
        if !context.get_mut().egui_wants_keyboard_input() {
            input.events.retain(|event| !is_shortcut_key(event));
        }
    }
}

fn is_shortcut_key(event: &egui::Event) -> bool {
    matches!(
        event,
        egui::Event::Key {
            key: egui::Key::Tab | egui::Key::Space | egui::Key::Enter,
            ..
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bindings_file_overrides_named_actions_and_keeps_the_rest() {
        let scratch = crate::scratch::Scratch::new("keys");
        let dir = scratch.path().to_path_buf();
        let path = dir.join("input.ron");
        std::fs::write(&path, "{ Hold: [KeyJ] }").expect("write");
        let bindings = KeyBindings::default()
            .read_over(&path)
            .expect("valid bindings");
        assert_eq!(bindings.0[&GameAction::Hold], vec![KeyCode::KeyJ]);
        assert_eq!(bindings.0[&GameAction::Pass], vec![KeyCode::KeyP]);

        std::fs::write(&path, "{\n  Hold: [KeyJJ] }").expect("write");
        let error = KeyBindings::default()
            .read_over(&path)
            .expect_err("unknown key");
        assert!(error.contains("input.ron:2:"), "{error}");
    }

    #[test]
    fn tab_space_and_enter_are_kept_from_egui_focus_but_other_keys_reach_it() {
        let key = |key| egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        };
        let kept: Vec<bool> = [
            egui::Key::Tab,
            egui::Key::Space,
            egui::Key::Enter,
            egui::Key::A,
        ]
        .into_iter()
        .map(|k| is_shortcut_key(&key(k)))
        .collect();
        assert_eq!(kept, [true, true, true, false]);
        assert!(!is_shortcut_key(&egui::Event::Text(" ".into())));
    }

    #[test]
    fn a_key_another_action_has_is_refused_and_a_free_one_is_written_back() {
        let mut bindings = KeyBindings::default();
        assert_eq!(
            bindings.rebind(GameAction::Hold, KeyCode::KeyF),
            Err("F is already the key to centre on the selected figure".to_string())
        );
        assert_eq!(bindings, KeyBindings::default());
        assert!(bindings.rebind(GameAction::Hold, KeyCode::Digit3).is_err());
        // Its own key again is no conflict.
        assert_eq!(bindings.rebind(GameAction::Hold, KeyCode::KeyH), Ok(()));
        assert_eq!(bindings.rebind(GameAction::Hold, KeyCode::KeyJ), Ok(()));
        assert_eq!(bindings.0[&GameAction::Hold], vec![KeyCode::KeyJ]);
        let scratch = crate::scratch::Scratch::new("rebind");
        let dir = scratch.path().to_path_buf();
        let path = dir.join("input.ron");
        bindings.save(&path).expect("saved");
        assert_eq!(KeyBindings::default().read_over(&path), Ok(bindings));
    }

    #[test]
    fn the_shipped_bindings_file_is_what_the_game_would_write() {
        let shipped = std::fs::read_to_string(DEFAULT_BINDINGS_FILE).expect("assets/input.ron");
        assert_eq!(shipped, KeyBindings::default().to_ron());
    }

    #[test]
    fn shipped_bindings_file_is_valid() {
        let shipped = KeyBindings::default()
            .read_over(Path::new(DEFAULT_BINDINGS_FILE))
            .expect("assets/input.ron");
        assert_eq!(shipped.0.len(), KeyBindings::default().0.len());
    }

    #[test]
    fn a_new_key_is_written_to_the_players_file_and_never_to_the_install() {
        let scratch = crate::scratch::Scratch::new("player-keys");
        let dir = scratch.path().to_path_buf();
        let file = BindingsFile(dir.join("input.ron"));
        let shipped_before = std::fs::read_to_string(DEFAULT_BINDINGS_FILE).expect("shipped");
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(file.clone());
        app.add_plugins(plugin);
        let bindings = app.world().resource::<KeyBindings>().clone();
        let mut changed = bindings.clone();
        changed
            .rebind(GameAction::Hold, KeyCode::KeyJ)
            .expect("a free key");
        changed.save(&file.0).expect("written");
        assert_eq!(changed.0[&GameAction::Hold], vec![KeyCode::KeyJ]);
        assert_eq!(
            std::fs::read_to_string(DEFAULT_BINDINGS_FILE).expect("shipped"),
            shipped_before
        );
        // The next start reads the player's key over the shipped defaults.
        assert_eq!(KeyBindings::load_for_player(&file.0), Ok(changed));
        assert_eq!(
            BindingsFile::platform_default().0.file_name(),
            Some(std::ffi::OsStr::new("input.ron"))
        );
        assert!(!BindingsFile::platform_default().0.starts_with("assets"));
    }

    #[test]
    fn a_key_tapped_quicker_than_a_frame_still_counts() {
        let bindings = KeyBindings::default();
        let mut keys = ButtonInput::<KeyCode>::default();
        // Down and up again between two frames.
        keys.press(KeyCode::F1);
        keys.release(KeyCode::F1);
        assert!(!keys.pressed(KeyCode::F1));
        assert!(bindings.tapped(&keys, GameAction::Help));
        assert!(!bindings.tapped(&keys, GameAction::Rules));
        keys.clear();
        assert!(!bindings.tapped(&keys, GameAction::Help));
    }

    #[test]
    fn a_bindings_file_is_held_to_what_settings_allows_with_its_place() {
        let scratch = crate::scratch::Scratch::new("bad-keys");
        let dir = scratch.path().to_path_buf();
        let path = dir.join("input.ron");
        let refused = |text: &str| {
            std::fs::write(&path, text).expect("write");
            KeyBindings::default()
                .read_over(&path)
                .expect_err("refused")
        };
        assert!(refused("{\n  Hold: [KeyP] }").contains("input.ron:2:3: P is the key to both"));
        assert!(refused("{ Hold: [Digit1] }").contains("1 is fixed"));
        assert!(refused("{ Hold: [AltLeft] }").contains("AltLeft is fixed"));
        assert!(refused("{ Hold: [] }").contains("input.ron:1:3: "));
        assert!(refused("{ Hold: [KeyJ], Hold: [KeyK] }").contains("written twice"));
        assert!(refused("{\n Zoom: [KeyZ] }").contains("input.ron:2:2: "));
        assert!(refused("{ Hold: [KeyJ, KeyK, KeyL, KeyM, KeyN] }").contains("5 keys"));
        assert!(refused("{ Hold: [KeyJ, KeyJ] }").contains("J is given twice"));
        let many = vec!["KeyJ"; 100_000].join(", ");
        assert!(refused(&format!("{{ Hold: [{many}] }}")).contains("expected at most 4"));
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config {
            cases: 64,
            rng_seed: proptest::test_runner::RngSeed::Fixed(51),
            ..proptest::test_runner::Config::default()
        })]

        /// The shipped bindings with bytes replaced, cut out or put in:
        /// read over the defaults, a damaged file is refused with its line
        /// and column, and nothing panics.
        #[test]
        fn a_damaged_bindings_file_is_refused_with_its_place(
            edits in proptest::collection::vec(
                (proptest::prelude::any::<usize>(), 0u8..3, proptest::prelude::any::<u8>()),
                1..12,
            ),
        ) {
            let mut bytes = std::fs::read(DEFAULT_BINDINGS_FILE).expect("the shipped bindings");
            for (at, kind, byte) in edits {
                let at = at % (bytes.len() + 1);
                match kind {
                    0 if at < bytes.len() => bytes[at] = byte,
                    1 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, byte),
                }
            }
            let scratch = crate::scratch::Scratch::new("keys-prop");
            let dir = scratch.path().to_path_buf();
            let path = dir.join("input.ron");
            std::fs::write(&path, &bytes).expect("written");
            if let Err(problem) = KeyBindings::default().read_over(&path) {
                let place = problem
                    .strip_prefix(&format!("{}:", path.display()))
                    .and_then(|rest| {
                        let mut parts = rest.splitn(3, ':');
                        Some((parts.next()?.parse::<usize>().ok()?, parts.next()?.parse::<usize>().ok()?))
                    });
                proptest::prop_assert!(place.is_some_and(|(l, c)| l >= 1 && c >= 1), "{problem}");
            }
        }
    }
}
