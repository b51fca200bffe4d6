//! The `play` command's arguments (what the game starts on), and the
//! `figures` command's.

use std::path::PathBuf;

use crate::ai::AiLevel;
use crate::seat::Mode;

#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayArgs {
    /// The level file. Without one the game opens on the title screen.
    #[arg(value_name = "LEVEL")]
    pub level: Option<PathBuf>,
    /// The battle's seed (the level's own, or a random one, if not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Who plays: solo against the AI, hot-seat (the level's own human and
    /// AI sides, the default), or AI against AI.
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    /// In solo play, the side you play (its id); the first side by default.
    #[arg(long, value_name = "SIDE")]
    pub side: Option<String>,
    /// The sequence of play, instead of the level's own: countdown,
    /// side-turns, alternation, initiative-track or dex-ranks.
    #[arg(long, value_name = "NAME")]
    pub sequence: Option<crate::vocabulary::Sequence>,
    /// How well the AI sides play.
    #[arg(long, value_enum)]
    pub ai: Option<AiLevel>,
    /// Save a screenshot here once the table is drawn, then exit.
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// A campaign save whose warband's cards open at once
    /// (`campaign roster`).
    #[arg(skip)]
    pub cards: Option<PathBuf>,
    /// With --screenshot: wait until this many actions have been resolved
    /// (or a human must give an order or answer an attack).
    #[arg(long, value_name = "N", default_value_t = 0, requires = "screenshot")]
    pub screenshot_after_actions: u32,
    /// Measure the frame time of the battle screen and the level editor
    /// (Bevy's frame-time diagnostics, after a warm-up; the editor's apart
    /// while its Balance panel plays) and print each one's median, mean and
    /// 95th percentile on exit. With --screenshot, the shot waits for 200 measured frames.
    #[arg(long)]
    pub frame_time: bool,
    /// The folder for saves and the autosave (the platform's data folder by
    /// default: ~/.local/share/swift-swords/saves on Linux).
    #[arg(long, value_name = "DIR")]
    pub saves: Option<PathBuf>,
    /// Open this replay or save in the replay viewer.
    #[arg(long, value_name = "FILE", conflicts_with = "level")]
    pub replay: Option<PathBuf>,
    /// Resume the last battle from the autosave, as Continue does.
    #[arg(long = "continue", conflicts_with_all = ["level", "replay"])]
    pub resume: bool,
    /// The graphics this run, whatever the settings say: low (for a
    /// software renderer), medium or high.
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub graphics: Option<crate::game::session::preferences::GraphicsLevel>,
    /// No sound this run, whatever the settings say.
    #[arg(long)]
    pub mute: bool,
    /// No window: play the battle to its end with the game's own schedule
    /// (AI seats only), autosaving after every command.
    #[arg(long, conflicts_with_all = ["replay", "screenshot"])]
    pub headless: bool,
    /// With --headless: play over the network through the server at
    /// ADDR (host:port), the AI giving this seat's orders. Without --game,
    /// opens a game on LEVEL.
    #[arg(long, value_name = "ADDR", requires = "headless")]
    pub connect: Option<String>,
    /// With --connect: the game to join, by its number in the lobby.
    #[arg(long, value_name = "N", requires = "connect")]
    pub game: Option<u64>,
    /// With --connect: the seat to take, by side number from 1.
    #[arg(long, value_name = "N", requires = "connect", value_parser = clap::value_parser!(u64).range(1..=16))]
    pub seat: Option<u64>,
    /// With --connect and --game: watch instead of taking a seat.
    #[arg(long, requires = "game", conflicts_with = "seat")]
    pub watch: bool,
    /// With --connect: the name shown to the others.
    #[arg(long, value_name = "NAME", requires = "connect")]
    pub name: Option<String>,
    /// With --connect: the game's password, to open one or join one.
    #[arg(long, value_name = "TEXT", requires = "connect")]
    pub password: Option<String>,
    /// With --connect: keep the seat's token in this file, and when it
    /// already holds one, come back to that seat.
    #[arg(long, value_name = "FILE", requires = "connect")]
    pub token_file: Option<PathBuf>,
    /// With --connect: write the finished game here as a replay.
    #[arg(long, value_name = "FILE.ron", requires = "connect")]
    pub record: Option<PathBuf>,
    /// With --connect: give up on a game still going after this many seconds.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 1800,
        requires = "connect"
    )]
    pub give_up_after: u64,
}

/// `figures`: the figure sheet, every creature template on its base.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("what").required(true).multiple(true).args(["out", "json"])))]
pub struct FiguresArgs {
    /// Draw the sheet on the table and save it here.
    #[arg(long, value_name = "FILE.png")]
    pub out: Option<PathBuf>,
    /// Print what is on the sheet, and where, as JSON.
    #[arg(long)]
    pub json: bool,
    /// The graphics to draw it at: low, medium or high (by default, what
    /// the settings or the graphics adapter choose).
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub graphics: Option<crate::game::session::preferences::GraphicsLevel>,
    /// With --out: also save the sheet as seen with each common colour
    /// blindness, beside it (FILE-protanopia.png, -deuteranopia, -tritanopia).
    #[arg(long, requires = "out")]
    pub colour_blind: bool,
}
