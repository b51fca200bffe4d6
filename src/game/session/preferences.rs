//! The player's settings, remembered between runs in the platform's config
//! folder (`~/.config/swift-swords/settings.ron` on Linux). A broken file
//! gets a message and the defaults, and is left as it was until the player
//! saves new settings.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::battle::components::WoundChoice;
use crate::data::read_player_ron;

/// How the game's window is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindowChoice {
    Windowed {
        width: u32,
        height: u32,
    },
    /// The whole screen, without a border.
    FullScreen,
}

/// Which figures show their name over their head (all of them while Alt is
/// held, whatever the choice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nameplates {
    /// Those acting, selected, pointed at or under the pointer.
    InPlay,
    All,
    /// Only while Alt is held.
    None,
}

impl Nameplates {
    pub const ALL: [Self; 3] = [Self::InPlay, Self::All, Self::None];

    pub fn label(self) -> &'static str {
        match self {
            Self::InPlay => "those in play",
            Self::All => "every figure",
            Self::None => "only while Alt is held",
        }
    }
}

/// How much the table's picture costs (docs/DESIGNING.md, Graphics).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
pub enum GraphicsLevel {
    /// The lamp's light without shadows, no smoothing of edges: for a
    /// software renderer.
    Low,
    /// Shadows from the lamp, and edges smoothed.
    Medium,
    /// Sharper shadows, and ambient occlusion: shade where figures and
    /// scenery meet the ground.
    High,
}

impl GraphicsLevel {
    pub const ALL: [Self; 3] = [Self::Low, Self::Medium, Self::High];

    pub fn label(self) -> &'static str {
        match self {
            Self::Low => "Low",
            Self::Medium => "Medium",
            Self::High => "High",
        }
    }
}

/// The graphics chosen in the settings: a level, or the one the graphics
/// adapter suits (Low on a software renderer, Medium on any other), and
/// each effect on its own over what the level gives (none: the level's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GraphicsChoice {
    pub level: Option<GraphicsLevel>,
    pub shadows: Option<bool>,
    pub smooth_edges: Option<bool>,
    pub ambient_occlusion: Option<bool>,
    /// A shallow depth of field, as in a photograph of a miniature table:
    /// off unless chosen, at any level.
    pub depth_of_field: bool,
}

/// The window sizes offered.
pub const WINDOW_SIZES: [(u32, u32); 4] = [(1280, 800), (1440, 900), (1600, 900), (1920, 1080)];
/// The HUD's scale, least to most.
pub const UI_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;
/// The longest the figures take to move, in seconds.
pub const MOTION_SECONDS: std::ops::RangeInclusive<f32> = 0.0..=1.5;
/// The longest the AI waits between its actions, in seconds.
pub const AI_PACE_SECONDS: std::ops::RangeInclusive<f32> = 0.0..=3.0;
/// How long the figures take to move, and the AI waits, unless the player
/// says otherwise.
pub const DEFAULT_MOTION_SECONDS: f32 = 0.4;
pub const DEFAULT_AI_PACE_SECONDS: f32 = 0.6;
/// The window sizes a settings file may ask for: beyond them a window is
/// larger than any screen, and the renderer refuses it.
pub const WINDOW_WIDTHS: std::ops::RangeInclusive<u32> = 640..=7680;
pub const WINDOW_HEIGHTS: std::ops::RangeInclusive<u32> = 480..=4320;

#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub window: WindowChoice,
    pub ui_scale: f32,
    pub motion_seconds: f32,
    pub ai_pace_seconds: f32,
    pub nameplates: Nameplates,
    /// The standing choice the player's sides start a battle with: a State
    /// for each Wound they could soak (the rules' default) or a rank.
    pub wounds: WoundChoice,
    /// The AI level last chosen for a solo battle.
    pub solo_ai: crate::ai::AiLevel,
    pub sound: SoundLevels,
    /// The name shown to others online, and the server last joined.
    pub online: OnlineChoice,
    pub graphics: GraphicsChoice,
}

/// What the Online screen remembers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OnlineChoice {
    pub name: String,
    pub server: String,
}

impl Default for OnlineChoice {
    fn default() -> Self {
        Self {
            name: "Player".to_string(),
            server: "127.0.0.1:7878".to_string(),
        }
    }
}

/// How loud each part of the sound plays (0 silent, 1 full), and whether
/// all of it is muted.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SoundLevels {
    pub master: f32,
    /// The battle: dice, steps, blows, falls.
    pub effects: f32,
    /// The field under the table: wind, birds, water.
    pub field: f32,
    /// Clicks, a refused order, the turn coming to you.
    pub interface: f32,
    pub mute: bool,
}

impl Default for SoundLevels {
    fn default() -> Self {
        Self {
            master: 0.8,
            effects: 1.0,
            field: 0.5,
            interface: 0.6,
            mute: false,
        }
    }
}

/// A volume, from silent to full.
pub const VOLUMES: std::ops::RangeInclusive<f32> = 0.0..=1.0;

impl Default for Settings {
    fn default() -> Self {
        Self {
            window: WindowChoice::Windowed {
                width: 1280,
                height: 800,
            },
            ui_scale: 1.0,
            motion_seconds: DEFAULT_MOTION_SECONDS,
            ai_pace_seconds: DEFAULT_AI_PACE_SECONDS,
            nameplates: Nameplates::InPlay,
            wounds: WoundChoice::State,
            solo_ai: crate::ai::AiLevel::Normal,
            sound: SoundLevels::default(),
            online: OnlineChoice::default(),
            graphics: GraphicsChoice::default(),
        }
    }
}

/// A settings file that could not be used, shown on the settings screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct SettingsProblem(pub Option<String>);

/// Where the settings live.
#[derive(Resource, Debug, Clone)]
pub struct SettingsFile(pub PathBuf);

impl SettingsFile {
    pub fn platform_default() -> PathBuf {
        crate::files::config_dir().join("settings.ron")
    }
}

impl Settings {
    /// Reads the settings file; a missing file gives the defaults with no
    /// problem, a broken one the defaults and what is wrong with it (file,
    /// line, column, and what was expected).
    pub fn load(path: &Path) -> (Self, Option<String>) {
        let (read, text) = match read_player_ron::<Self>(path) {
            Ok(Some(read)) => read,
            Ok(None) => return (Self::default(), None),
            Err(problem) => return (Self::default(), Some(problem.to_string())),
        };
        match read.out_of_range() {
            None => (read, None),
            Some((field, problem)) => {
                // The place of the field in the file.
                let (line, column) = text
                    .lines()
                    .enumerate()
                    .find_map(|(k, l)| l.find(field).map(|c| (k + 1, c + 1)))
                    .unwrap_or((1, 1));
                (
                    Self::default(),
                    Some(format!("{}:{line}:{column}: {problem}", path.display())),
                )
            }
        }
    }

    /// The first value outside what the game offers: its field, and what
    /// is wrong in words.
    fn out_of_range(&self) -> Option<(&'static str, String)> {
        let outside = |name: &'static str, value: f32, range: &std::ops::RangeInclusive<f32>| {
            (!range.contains(&value)).then(|| {
                (
                    name,
                    format!(
                        "{name} is {value}, expected {} to {}",
                        range.start(),
                        range.end()
                    ),
                )
            })
        };
        let window = match self.window {
            WindowChoice::Windowed { width, height }
                if !WINDOW_WIDTHS.contains(&width) || !WINDOW_HEIGHTS.contains(&height) =>
            {
                Some((
                    "window",
                    format!(
                        "the window is {width} by {height}, expected {} to {} wide and {} to {} high",
                        WINDOW_WIDTHS.start(),
                        WINDOW_WIDTHS.end(),
                        WINDOW_HEIGHTS.start(),
                        WINDOW_HEIGHTS.end()
                    ),
                ))
            }
            _ => None,
        };
        let name = crate::names::name_problem(&self.online.name, crate::names::MOST_PLAYER_CHARS)
            .map(|problem| ("name", format!("the online name {problem}")));
        window
            .or(name)
            .or_else(|| outside("ui_scale", self.ui_scale, &UI_SCALES))
            .or_else(|| outside("motion_seconds", self.motion_seconds, &MOTION_SECONDS))
            .or_else(|| outside("ai_pace_seconds", self.ai_pace_seconds, &AI_PACE_SECONDS))
            .or_else(|| outside("master", self.sound.master, &VOLUMES))
            .or_else(|| outside("effects", self.sound.effects, &VOLUMES))
            .or_else(|| outside("field", self.sound.field, &VOLUMES))
            .or_else(|| outside("interface", self.sound.interface, &VOLUMES))
    }

    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(2);
        ron::ser::to_string_pretty(self, pretty).unwrap_or_default()
    }

    /// Writes the settings, whole or not at all, keeping the file before.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        crate::files::write_keeping_previous(path, &(self.to_ron() + "\n"))
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> crate::scratch::Scratch {
        crate::scratch::Scratch::new(&format!("settings-{name}"))
    }

    #[test]
    fn settings_saved_are_read_back_the_same() {
        let scratch = folder("round-trip");
        let path = scratch.join("config").join("settings.ron");
        let settings = Settings {
            window: WindowChoice::FullScreen,
            ui_scale: 1.25,
            motion_seconds: 0.0,
            ai_pace_seconds: 1.5,
            nameplates: Nameplates::All,
            wounds: WoundChoice::Rank,
            solo_ai: crate::ai::AiLevel::Hard,
            sound: SoundLevels {
                master: 0.5,
                effects: 0.25,
                field: 0.0,
                interface: 1.0,
                mute: true,
            },
            online: OnlineChoice {
                name: "Ada".to_string(),
                server: "example.org:7878".to_string(),
            },
            graphics: GraphicsChoice {
                level: Some(GraphicsLevel::High),
                shadows: Some(false),
                smooth_edges: None,
                ambient_occlusion: Some(true),
                depth_of_field: true,
            },
        };
        settings.save(&path).expect("saved");
        assert_eq!(Settings::load(&path), (settings, None));
        // No file yet: the defaults, and nothing to say.
        let scratch = folder("missing");
        let missing = scratch.join("settings.ron");
        assert_eq!(Settings::load(&missing), (Settings::default(), None));
    }

    #[test]
    fn a_broken_settings_file_gives_the_defaults_and_says_where() {
        let scratch = folder("broken");
        let path = scratch.join("settings.ron");
        std::fs::write(&path, "(\n    ui_scale: big,\n)\n").expect("written");
        let (settings, problem) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        let problem = problem.expect("a problem");
        assert!(problem.contains("settings.ron:2:"), "{problem}");
        std::fs::write(&path, "(\n    nameplates: All,\n    ui_scale: 9.0,\n)\n").expect("written");
        let (settings, problem) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        assert_eq!(
            problem.expect("a problem"),
            format!("{}:3:5: ui_scale is 9, expected 0.75 to 2", path.display())
        );
    }

    #[test]
    fn a_volume_outside_silent_to_full_is_refused_with_its_place() {
        let scratch = folder("volume");
        let path = scratch.join("settings.ron");
        std::fs::write(&path, "(\n    sound: (\n        field: 1.5,\n    ),\n)\n")
            .expect("written");
        let (settings, problem) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        assert_eq!(
            problem.expect("a problem"),
            format!("{}:3:9: field is 1.5, expected 0 to 1", path.display())
        );
        // A file from before the sound reads with the default volumes.
        std::fs::write(&path, "(\n    ui_scale: 1.25,\n)\n").expect("written");
        let (settings, problem) = Settings::load(&path);
        assert_eq!((settings.sound, problem), (SoundLevels::default(), None));
    }

    #[test]
    fn a_window_no_screen_can_show_is_refused_and_never_applied() {
        let scratch = folder("window");
        let path = scratch.join("settings.ron");
        std::fs::write(&path, "(window: Windowed(width: 65536, height: 800))").expect("written");
        let (settings, problem) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        assert_eq!(
            problem.expect("a problem"),
            format!(
                "{}:1:2: the window is 65536 by 800, expected 640 to 7680 wide and 480 to 4320 high",
                path.display()
            )
        );
        std::fs::write(&path, "(window: Windowed(width: 1600, height: 900))").expect("written");
        assert_eq!(Settings::load(&path).1, None);
    }

    #[test]
    fn a_settings_file_that_is_not_text_is_reported_where_it_breaks() {
        let scratch = folder("not-text");
        let path = scratch.join("settings.ron");
        std::fs::write(&path, b"(\n    ui_scale: 1\xff.0,\n)\n").expect("written");
        let (settings, problem) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        let problem = problem.expect("a problem");
        assert!(
            problem.contains("settings.ron:2:16: the file is not UTF-8 text"),
            "{problem}"
        );
    }
}
