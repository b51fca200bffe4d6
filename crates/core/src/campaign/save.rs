//! A campaign saved: the campaign in progress with its own dice, the file it
//! was begun from, the foes' AI level, and the members on the field of a
//! battle begun. Written whole with the copy before kept; read back with
//! every problem at its place, and checked against the campaign file
//! before it goes on.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::check::{LoadedCampaign, MOST_BATTLES, MOST_WEEKS};
use super::fielding::Field;
use super::progress::{CampaignState, Stage};
use crate::ai::AiLevel;
use crate::data::parse_ron;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceText};

/// The format this game writes and reads.
pub const FORMAT: &str = "swift-swords campaign 1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignSave {
    pub format: String,
    pub game_version: String,
    /// Seconds since 1970 when it was written.
    pub saved_at: u64,
    /// The campaign file's name in the campaigns folder.
    pub file: String,
    /// The AI level the warband's foes play at.
    pub foes: AiLevel,
    pub state: CampaignState,
    /// The members (warband indices, in place order) on the field of the
    /// battle begun; none before it is begun.
    #[serde(default)]
    pub fielded: Option<Vec<usize>>,
    /// The rival warband's members on the field, in a campaign for two.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rival_fielded: Vec<usize>,
}

impl CampaignSave {
    pub fn new(file: &str, foes: AiLevel, state: CampaignState) -> Self {
        Self {
            format: FORMAT.to_string(),
            game_version: env!("CARGO_PKG_VERSION").to_string(),
            saved_at: 0,
            file: file.to_string(),
            foes,
            state,
            fielded: None,
            rival_fielded: Vec::new(),
        }
    }

    /// Who is on the field of the battle begun, if one is.
    pub fn field(&self) -> Option<Field> {
        self.fielded.as_ref().map(|warband| Field {
            warband: warband.clone(),
            rival: self.rival_fielded.clone(),
        })
    }

    /// Puts `field` on the save, or nobody.
    pub fn set_field(&mut self, field: Option<Field>) {
        let (warband, rival) = field.map_or((None, Vec::new()), |f| (Some(f.warband), f.rival));
        self.fielded = warband;
        self.rival_fielded = rival;
    }

    pub fn to_ron(&self) -> Result<String, ron::Error> {
        let config = ron::ser::PrettyConfig::default()
            .depth_limit(4)
            .escape_strings(false);
        ron::ser::to_string_pretty(self, config).map(|text| text + "\n")
    }

    /// Writes the save whole, the one before kept beside it.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let text = self.to_ron().map_err(std::io::Error::other)?;
        crate::files::write_keeping_previous(path, &text)
    }

    /// Reads a campaign save: a file too large, not text, cut short, in
    /// another format or damaged is refused at its place.
    pub fn read(path: &Path) -> Result<Self, Diagnostics> {
        let text = crate::files::read_text(path, crate::files::FileKind::CampaignSave)
            .map_err(|problem| Diagnostics(vec![problem]))?;
        Self::parse(path, &text)
    }

    /// [`Self::read`] on text already read.
    pub fn parse(path: &Path, text: &str) -> Result<Self, Diagnostics> {
        let one = |at, message: String| Diagnostics(vec![Diagnostic::new(path, at, message)]);
        if text.trim().is_empty() {
            return Err(one((1, 1), "not a campaign save: the file is empty".into()));
        }
        let source = SourceText::new(text);
        let Some(format_at) = source.find_key("format", 0) else {
            return Err(one(
                (1, 1),
                format!("not a campaign save: expected a format field saying \"{FORMAT}\""),
            ));
        };
        let save: Self = parse_ron(path, text).map_err(|mut error| {
            // Cut short: the parser stopped at the text's very end, or on
            // its last line with a bracket still open.
            let kept = text.trim_end();
            let last_line = kept.lines().count();
            let last_width = kept.lines().last().map_or(0, |l| l.chars().count());
            let at_end = error.line >= last_line && error.col >= last_width;
            error.message = if at_end || (error.line >= last_line && !kept.ends_with(')')) {
                format!("the file is cut short ({})", plain(&error.message))
            } else {
                format!(
                    "the save is damaged, or was written by another build of the game ({})",
                    plain(&error.message)
                )
            };
            Diagnostics(vec![error])
        })?;
        if save.format != FORMAT {
            return Err(one(
                format_at,
                format!(
                    "this file is in the format \"{}\"; this game reads \"{FORMAT}\"",
                    save.format
                ),
            ));
        }
        if let Some(problem) = campaign_file_problem(&save.file) {
            let at = source.find_key("file", 0).unwrap_or((1, 1));
            return Err(one(at, problem));
        }
        if let Err(problem) = save.sound() {
            let at = source.find_key("state", 0).unwrap_or((1, 1));
            return Err(one(at, problem));
        }
        Ok(save)
    }

    /// The save holds together: its stage names a battle of its campaign,
    /// no more weeks have passed than its battles could take, and the
    /// members fielded are members, each once.
    fn sound(&self) -> Result<(), String> {
        let state = &self.state;
        let most_weeks = MOST_BATTLES as u32 * 2 * u32::from(MOST_WEEKS);
        if state.week > most_weeks {
            return Err(format!(
                "the campaign is at week {}, more than {most_weeks}, the most its battles \
                 and weeks after could take",
                state.week
            ));
        }
        let battle = match &state.stage {
            Stage::Before { battle } | Stage::After { battle, .. } => Some(battle),
            Stage::Ended { .. } => None,
        };
        if let Some(battle) = battle
            && state.campaign.battle(battle).is_none()
        {
            return Err(format!("the campaign has no battle \"{battle}\""));
        }
        for (fielded, members) in [
            (self.fielded.as_deref().unwrap_or_default(), &state.members),
            (&self.rival_fielded[..], &state.rival),
        ] {
            let mut seen = std::collections::BTreeSet::new();
            if fielded
                .iter()
                .any(|&i| i >= members.len() || !seen.insert(i))
            {
                return Err("the members on the field are not the warband's".into());
            }
        }
        Ok(())
    }

    /// The campaign this save goes on with: the file at `path` as it is
    /// now (`loaded`) while it is the campaign the save began with; once the
    /// file has changed (a newer copy of a shipped campaign, say), the copy
    /// the save carries, its levels read from `path`'s folder as they are
    /// now. Whether it is the save's own copy comes with it.
    pub fn campaign_to_go_on(
        &self,
        loaded: LoadedCampaign,
        path: &Path,
        ruleset: &crate::data::Ruleset,
    ) -> Result<(LoadedCampaign, bool), String> {
        if self.matches(&loaded).is_ok() {
            return Ok((loaded, false));
        }
        let text = ron::to_string(&self.state.campaign).map_err(|e| e.to_string())?;
        let own = super::check::parse_campaign(path, &text, ruleset).map_err(|problems| {
            format!(
                "the campaign file {} has changed since this campaign began, and the copy it began with no longer loads: {problems}",
                self.file
            )
        })?;
        self.matches(&own)?;
        Ok((own, true))
    }

    /// The campaign file as it is now still is the campaign this save began
    /// with; if not, the save cannot go on.
    pub fn matches(&self, loaded: &LoadedCampaign) -> Result<(), String> {
        if loaded.campaign == self.state.campaign {
            Ok(())
        } else {
            Err(format!(
                "the campaign file {} has changed since this campaign began, so it cannot go on",
                self.file
            ))
        }
    }
}

/// The folder of the player's own campaigns, as a save names it.
pub const OWN_CAMPAIGN: &str = "yours/";

/// Why a save's campaign `file` is not a campaign's plain name (`name.ron`,
/// or `yours/name.ron` for the player's own): a save never names a path,
/// so a save from elsewhere opens nothing outside the campaign folders.
pub fn campaign_file_problem(file: &str) -> Option<String> {
    let name = file.strip_prefix(OWN_CAMPAIGN).unwrap_or(file);
    let plain = name.ends_with(".ron")
        && !name.starts_with('.')
        && !name.contains(['/', '\\', ':'])
        && crate::names::name_problem(name, crate::names::MOST_NAME_CHARS).is_none();
    (!plain).then(|| {
        "the save names its campaign by a path; a campaign is named by its file's plain name \
         in the campaigns folder (name.ron, or yours/name.ron)"
            .to_string()
    })
}

/// A reader's complaint in a player's words: names in plain quotes, and
/// without the long list of what was expected instead.
fn plain(message: &str) -> String {
    let short = message.split(", expected one of").next().unwrap_or(message);
    short.replace('`', "\"")
}
