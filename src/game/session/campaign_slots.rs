//! The campaigns begun, one folder each in the saves folder: listed with
//! where each stands (the finished apart, for their chronicle), and deleted
//! when the player asks and confirms.

use std::path::{Path, PathBuf};

use crate::campaign::progress::Stage;
use crate::campaign::save::CampaignSave;
use crate::files::previous_copy;
use crate::game::session::saves::SaveFolder;
use crate::replay::Replay;

/// The save inside a campaign's folder.
pub const CAMPAIGN_SAVE: &str = "campaign.ron";

/// The folder that holds one folder per campaign begun.
pub fn campaign_saves(folder: &SaveFolder) -> PathBuf {
    folder.0.join("campaigns")
}

/// A campaign begun, as the list of saved campaigns shows it.
#[derive(Debug, Clone)]
pub struct SavedCampaign {
    pub slot: PathBuf,
    /// The campaign and where it stands, or what is wrong with the save.
    pub summary: Result<String, String>,
    /// When it was last played: its save, or its battle's autosave.
    pub saved_at: u64,
    /// Where a save that cannot be read was before its last step, if the
    /// copy kept of it reads.
    pub before: Option<String>,
    /// Won or lost: listed with the finished campaigns, for their chronicle.
    pub finished: bool,
}

/// Every campaign begun, newest first.
pub fn list_campaigns(folder: &SaveFolder) -> Vec<SavedCampaign> {
    let mut found: Vec<SavedCampaign> = std::fs::read_dir(campaign_saves(folder))
        .map(|dir| {
            dir.flatten()
                .map(|e| e.path())
                // A slot whose save is damaged past reading (a pipe, a
                // folder, a link to nowhere) is listed too, with what is
                // wrong and the save before it.
                .filter(|p| {
                    let save = p.join(CAMPAIGN_SAVE);
                    p.is_dir()
                        && (std::fs::symlink_metadata(&save).is_ok()
                            || std::fs::symlink_metadata(previous_copy(&save)).is_ok())
                })
                .map(|slot| match CampaignSave::read(&slot.join(CAMPAIGN_SAVE)) {
                    Ok(save) => SavedCampaign {
                        summary: Ok(summary_of(&save)),
                        // A battle left midway was played after the save.
                        saved_at: Replay::read(&SaveFolder(slot.clone()).autosave())
                            .map_or(save.saved_at, |battle| battle.saved_at.max(save.saved_at)),
                        before: None,
                        finished: matches!(save.state.stage(), Stage::Ended { .. }),
                        slot,
                    },
                    Err(problems) => SavedCampaign {
                        summary: Err(problems.to_string()),
                        saved_at: 0,
                        before: CampaignSave::read(&previous_copy(&slot.join(CAMPAIGN_SAVE)))
                            .ok()
                            .map(|save| summary_of(&save)),
                        finished: false,
                        slot,
                    },
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then(a.slot.cmp(&b.slot)));
    found
}

fn summary_of(save: &CampaignSave) -> String {
    let state = &save.state;
    let stands = match &state.stage() {
        Stage::Ended { won: true } => "won".to_string(),
        Stage::Ended { won: false } => "lost".to_string(),
        Stage::Before { .. } if save.fielded.is_some() => format!(
            "week {}, in battle {}",
            state.week(),
            state.chronicle().len() + 1
        ),
        Stage::Before { .. } => format!(
            "week {}, before battle {}",
            state.week(),
            state.chronicle().len() + 1
        ),
        Stage::After { .. } => format!(
            "week {}, after battle {}",
            state.week(),
            state.chronicle().len()
        ),
    };
    let first = &state.campaign().warband.name;
    match &state.campaign().rival {
        // A campaign for two is won or lost by the first warband.
        Some(rival) => {
            let stands = match state.stage() {
                Stage::Ended { won: true } => format!("won by {first}"),
                Stage::Ended { won: false } => format!("lost by {first}"),
                _ => stands,
            };
            format!(
                "{}: {first} against {}, {stands}",
                state.campaign().name,
                rival.name
            )
        }
        None => format!("{}: {first}, {stands}", state.campaign().name),
    }
}

/// Deletes the campaign begun in `slot`, its save, the save before it and
/// its battle's autosaves, once the player has confirmed. Only a folder of
/// the campaign saves folder, named plainly, is ever removed.
pub fn delete_campaign(folder: &SaveFolder, slot: &Path) -> Result<(), String> {
    let saves = campaign_saves(folder);
    let plain = slot
        .file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| !name.starts_with('.') && !name.is_empty());
    let inside = slot.parent() == Some(saves.as_path());
    let a_folder = std::fs::symlink_metadata(slot).is_ok_and(|meta| meta.is_dir());
    if !(plain && inside && a_folder) {
        return Err("That is not a campaign of the saves folder: nothing was deleted.".into());
    }
    std::fs::remove_dir_all(slot)
        .map_err(|error| format!("The campaign could not be deleted: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiLevel;
    use crate::campaign::check::load_campaign;
    use crate::campaign::progress::CampaignState;
    use crate::data::Ruleset;

    /// A saves folder with two campaigns begun: one going on, one won.
    fn two_campaigns(name: &str) -> (crate::scratch::Scratch, SaveFolder) {
        let scratch = crate::scratch::Scratch::new(&format!("slots-{name}"));
        let folder = scratch.path().to_path_buf();
        let ruleset = Ruleset::embedded().expect("the built-in data");
        let loaded = load_campaign(Path::new("campaigns/barrow_road.ron"), &ruleset)
            .expect("the shipped campaign loads");
        let saves = SaveFolder(folder);
        for (slot, won) in [("going", false), ("won", true)] {
            let mut state = CampaignState::new(loaded.campaign.clone(), 7);
            if won {
                *state.set_up().stage = Stage::Ended { won: true };
            }
            let save = CampaignSave::new("barrow_road.ron", AiLevel::Normal, state);
            let at = campaign_saves(&saves).join(slot);
            std::fs::create_dir_all(&at).expect("the slot");
            save.write(&at.join(CAMPAIGN_SAVE)).expect("written");
        }
        (scratch, saves)
    }

    #[test]
    fn a_finished_campaign_is_listed_as_finished() {
        let (_scratch, saves) = two_campaigns("finished");
        let listed = list_campaigns(&saves);
        let finished: Vec<(bool, &str)> = listed
            .iter()
            .map(|c| {
                let name = c.slot.file_name().and_then(|n| n.to_str()).unwrap_or("");
                (c.finished, name)
            })
            .collect();
        assert!(finished.contains(&(true, "won")), "{finished:?}");
        assert!(finished.contains(&(false, "going")), "{finished:?}");
    }

    #[test]
    fn deleting_a_campaign_removes_its_folder_and_nothing_outside_the_campaign_saves() {
        let (_scratch, saves) = two_campaigns("delete");
        let slots = campaign_saves(&saves);
        let outside = saves.0.join("elsewhere");
        std::fs::create_dir_all(&outside).expect("a folder outside");
        std::os::unix::fs::symlink(&outside, slots.join("linked")).expect("linked");
        for refused in [
            slots.clone(),
            saves.0.clone(),
            outside.clone(),
            slots.join("linked"),
            slots.join("going/../won"),
            slots.join("missing"),
        ] {
            assert!(
                delete_campaign(&saves, &refused).is_err(),
                "{} was deleted",
                refused.display()
            );
        }
        assert!(outside.is_dir() && slots.join("won").is_dir());
        delete_campaign(&saves, &slots.join("won")).expect("deleted");
        assert!(!slots.join("won").exists());
        let left: Vec<PathBuf> = list_campaigns(&saves).into_iter().map(|c| c.slot).collect();
        assert_eq!(left, [slots.join("going")]);
    }
}
