//! The campaign being played: begun or resumed from its save, its battles
//! put on the table with the warband fielded, each battle's end taken back
//! for the aftermath, and the weeks marched on. Every step is saved at once
//! into the campaign's own folder (the save whole, the one before kept),
//! and a campaign battle autosaves there too, never over Continue.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;

use crate::ai::AiLevel;
use crate::battle::engine::Engine;
use crate::battle::events::BattleEvent;
use crate::battle::state::BattleState;
use crate::campaign::advance::ChosenAdvance;
use crate::campaign::aftermath::EndChoices;
use crate::campaign::check::{LoadedCampaign, load_campaign};
use crate::campaign::end::BattleEnd;
use crate::campaign::events::CampaignEvent;
use crate::campaign::fielding::Field;
use crate::campaign::gear::GearChange;
use crate::campaign::progress::CampaignState;
use crate::campaign::save::CampaignSave;
use crate::campaign::trade::Deal;
use crate::data::Ruleset;
use crate::files::previous_copy;
use crate::game::session::campaign_slots::{CAMPAIGN_SAVE, campaign_saves};
use crate::game::session::match_setup::{
    LevelFolder, LevelLibrary, MatchSetup, PreparedBattle, to_the_table,
};
use crate::game::session::play_settings::PlaySettings;
use crate::game::session::saves::{Autosaver, SaveFolder, SeparateAutosave};
use crate::game::stage::Screen;
use crate::level::write::write_level;
use crate::replay::{Replay, text_hash};
use crate::rules::aftermath::AftermathRules;
use crate::rules::dice::Dice;
use crate::seat::{Seat, seated_level};

/// The game's campaigns folder.
pub fn campaigns_dir() -> PathBuf {
    crate::content::path("campaigns")
}

/// How a campaign of the player's own folder is named in a save and in the
/// list: `yours/` and its file name.
pub use crate::campaign::save::OWN_CAMPAIGN;

/// Where a campaign named `file` lies: the game's campaigns folder, or the
/// player's own ([`OWN_CAMPAIGN`]).
pub fn campaign_path(file: &str) -> PathBuf {
    match file.strip_prefix(OWN_CAMPAIGN) {
        Some(own) => crate::content::own_campaigns().join(own),
        None => campaigns_dir().join(file),
    }
}

/// The battle just over, waiting for its aftermath.
pub struct EndedBattle {
    pub state: BattleState,
    pub log: Vec<BattleEvent>,
}

/// The campaign in play.
#[derive(Resource)]
pub struct Campaigning {
    /// The campaign's own folder: its save and its battle's autosave.
    pub slot: PathBuf,
    pub loaded: LoadedCampaign,
    pub save: CampaignSave,
    pub ruleset: Arc<Ruleset>,
    pub rules: AftermathRules,
    pub ended: Option<EndedBattle>,
    /// What the last step brought (the aftermath, the weeks), to be read.
    pub news: Vec<CampaignEvent>,
    /// A save that failed, in words.
    pub problem: Option<String>,
}

impl Campaigning {
    pub fn state(&self) -> &CampaignState {
        &self.save.state
    }

    /// A member's name from its id (the id itself never shows): events
    /// name only members, of either warband, recruits and captives joined.
    pub fn member_name(&self, id: &str) -> String {
        self.state()
            .member(id)
            .map_or_else(|| "a member".to_string(), |m| m.spec.name.clone())
    }

    /// A battle's name: its level's.
    pub fn battle_name(&self, id: &str) -> String {
        self.loaded
            .levels
            .get(id)
            .map_or_else(|| "A battle".to_string(), |level| level.name.clone())
    }

    fn save_path(&self) -> PathBuf {
        self.slot.join(CAMPAIGN_SAVE)
    }

    /// Writes the save; a failure is kept to be shown.
    fn write(&mut self) {
        self.save.saved_at = crate::replay::now();
        self.problem = self.save.write(&self.save_path()).err().map(|error| {
            format!(
                "The campaign could not be saved in {}: {error}",
                self.slot.display()
            )
        });
    }

    fn battle_autosave(&self) -> SaveFolder {
        SaveFolder(self.slot.clone())
    }
}

/// A new folder for a campaign begun from `file` with `seed`.
fn new_slot(folder: &SaveFolder, file: &str, seed: u64) -> PathBuf {
    let stem = Path::new(file)
        .file_stem()
        .map_or_else(|| "campaign".into(), |s| s.to_string_lossy().into_owned());
    let base = crate::game::session::saves::file_name_for(&format!("{stem} seed {seed}"));
    let base = base.trim_end_matches(".ron").to_string();
    let root = campaign_saves(folder);
    (1..)
        .map(|n| match n {
            1 => root.join(&base),
            _ => root.join(format!("{base} {n}")),
        })
        .find(|slot| !slot.exists())
        .unwrap_or_else(|| root.join(base))
}

fn ruleset_and_rules(world: &World) -> Result<(Arc<Ruleset>, AftermathRules), String> {
    let ruleset = world
        .resource::<LevelLibrary>()
        .ruleset
        .clone()
        .ok_or("the game's data could not be loaded")?;
    let data = world.resource::<PlaySettings>().data_dir.clone();
    let rules = crate::data::load_aftermath(Some(&data)).map_err(|p| p.to_string())?;
    Ok((ruleset, rules))
}

/// Begins the campaign in `file` (in the campaigns folder) with `seed`,
/// its foes at `foes`: saved at once, then on its first briefing.
pub fn begin_campaign(
    world: &mut World,
    file: &str,
    seed: u64,
    foes: AiLevel,
) -> Result<(), String> {
    let (ruleset, rules) = ruleset_and_rules(world)?;
    let loaded = load_campaign(&campaign_path(file), &ruleset).map_err(|p| p.to_string())?;
    let folder = world.resource::<SaveFolder>().clone();
    let state = CampaignState::new(loaded.campaign.clone(), seed);
    let mut campaigning = Campaigning {
        slot: new_slot(&folder, file, seed),
        loaded,
        save: CampaignSave::new(file, foes, state),
        ruleset,
        rules,
        ended: None,
        news: Vec::new(),
        problem: None,
    };
    campaigning.write();
    if let Some(problem) = campaigning.problem.take() {
        return Err(problem);
    }
    world.insert_resource(campaigning);
    Ok(())
}

/// Which of a campaign's saves to go on from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    Latest,
    /// The copy kept from before the last step, when the latest is damaged.
    Before,
}

/// The campaign a save goes on with: its file as it is now, or the copy
/// the save began with once the file has changed (and whether it is that).
fn campaign_of(save: &CampaignSave, ruleset: &Ruleset) -> Result<(LoadedCampaign, bool), String> {
    let path = campaign_path(&save.file);
    let loaded = load_campaign(&path, ruleset).map_err(|p| p.to_string())?;
    save.campaign_to_go_on(loaded, &path, ruleset)
}

/// Opens a campaign save (any file) to read: its warband's cards. Nothing
/// is written and no battle begun.
pub fn open_for_cards(world: &mut World, path: &Path) -> Result<(), String> {
    let save = CampaignSave::read(path).map_err(|p| p.to_string())?;
    let (ruleset, rules) = ruleset_and_rules(world)?;
    let (loaded, _) = campaign_of(&save, &ruleset)?;
    world.insert_resource(Campaigning {
        slot: path.parent().unwrap_or(Path::new(".")).to_path_buf(),
        loaded,
        save,
        ruleset,
        rules,
        ended: None,
        news: Vec::new(),
        problem: None,
    });
    Ok(())
}

/// Opens the campaign saved in `slot` where it stood: a battle begun goes
/// on from its autosave, on the battle screen. Going on from the copy kept
/// before makes it the campaign's save again.
pub fn resume_campaign(world: &mut World, slot: &Path, which: Which) -> Result<(), String> {
    let path = match which {
        Which::Latest => slot.join(CAMPAIGN_SAVE),
        Which::Before => previous_copy(&slot.join(CAMPAIGN_SAVE)),
    };
    let save = CampaignSave::read(&path).map_err(|p| p.to_string())?;
    let (ruleset, rules) = ruleset_and_rules(world)?;
    let (loaded, own_copy) = campaign_of(&save, &ruleset)?;
    let begun = save.fielded.is_some();
    // What the last step brought is read again on going on.
    let news = save
        .state
        .chronicle()
        .last()
        .map(|chapter| chapter.events.clone())
        .unwrap_or_default();
    let mut campaigning = Campaigning {
        slot: slot.to_path_buf(),
        loaded,
        save,
        ruleset,
        rules,
        ended: None,
        news,
        problem: None,
    };
    if which == Which::Before {
        campaigning.write();
        if let Some(problem) = campaigning.problem.take() {
            return Err(problem);
        }
    }
    // Said, not refused: the campaign goes on as it began.
    campaigning.problem = own_copy.then(|| {
        "The campaign's file has changed since this campaign began: it goes on as it began."
            .to_string()
    });
    world.insert_resource(campaigning);
    if begun { start_battle(world) } else { Ok(()) }
}

/// Fields `chosen` (each warband's members, in place order) in the next
/// battle and puts it on the table.
pub fn take_the_field(world: &mut World, chosen: Field) -> Result<(), String> {
    let mut campaigning = world.resource_mut::<Campaigning>();
    campaigning
        .state()
        .field(&campaigning.loaded.levels, &chosen, &campaigning.ruleset)?;
    campaigning.save.set_field(Some(chosen));
    campaigning.write();
    if let Some(problem) = campaigning.problem.clone() {
        campaigning.save.set_field(None);
        return Err(problem);
    }
    start_battle(world)
}

/// The battle of the members fielded, on the battle screen: rebuilt from
/// the campaign's battle autosave when that is this battle, else begun.
fn start_battle(world: &mut World) -> Result<(), String> {
    let campaigning = world.resource::<Campaigning>();
    let state = campaigning.state();
    let battle = state
        .next_battle()
        .cloned()
        .ok_or("the campaign is not before a battle")?;
    let fielded = campaigning
        .save
        .field()
        .ok_or("nobody has taken the field")?;
    let level = state.field(&campaigning.loaded.levels, &fielded, &campaigning.ruleset)?;
    // Each warband's side is a player's; in a campaign for two they pass
    // the machine between turns.
    let players: Vec<usize> = state
        .campaign()
        .bands()
        .into_iter()
        .filter_map(|band| battle.as_fought_by(band))
        .filter_map(|fought| level.side_index(&fought.side))
        .collect();
    let seats: Vec<Seat> = (0..level.sides.len())
        .map(|s| {
            if players.contains(&s) {
                Seat::Human
            } else {
                Seat::Ai(campaigning.save.foes)
            }
        })
        .collect();
    let seed = state.battle_seed();
    let text = write_level(&level);
    let ruleset = campaigning.ruleset.clone();
    let saver = campaigning.battle_autosave();
    let resumed = saver
        .continue_from()
        .and_then(|path| Replay::read(&path).ok())
        .filter(|r| r.level_hash == text_hash(&text) && r.seed == seed && r.seats == seats)
        .and_then(|r| {
            let engine = r.rebuild(&level, ruleset.clone(), r.steps()).ok()?;
            Some((r, engine))
        });
    let (replay, engine) = match resumed {
        Some(found) => found,
        None => {
            let engine = Engine::start(
                &seated_level(&level, &seats),
                ruleset.clone(),
                seed,
                Dice::seeded(seed),
            );
            let mut replay = Replay::begin(&battle.id, &text, &ruleset, &seats, &engine);
            replay.saved_at = crate::replay::now();
            (replay, engine)
        }
    };
    world.insert_resource(SeparateAutosave(Autosaver::start(saver)));
    let setup = MatchSetup {
        level_file: battle.id.clone(),
        folder: LevelFolder::Library,
        seed,
        seats,
        handover: players.len() > 1,
        sequence: None,
    };
    let prepared = PreparedBattle {
        engine,
        replay: Some(replay),
    };
    to_the_table(world, setup, prepared);
    Ok(())
}

/// The campaign battle on the table is over: its end is kept for the
/// aftermath and its autosave written out; on to the campaign's screen.
pub fn battle_over(world: &mut World) {
    if let Some(saver) = world.remove_resource::<SeparateAutosave>()
        && let Err(problem) = saver.0.finish()
    {
        eprintln!("{problem}");
    }
    let ended = world.get_resource::<Engine>().map(|engine| EndedBattle {
        state: engine.state().clone(),
        log: engine.log().to_vec(),
    });
    if let Some(mut campaigning) = world.get_resource_mut::<Campaigning>() {
        campaigning.ended = ended;
    }
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Campaign);
}

/// Leaves a campaign battle for the title: the battle stays in its autosave.
pub fn leave_battle(world: &mut World) {
    if let Some(saver) = world.remove_resource::<SeparateAutosave>()
        && let Err(problem) = saver.0.finish()
    {
        eprintln!("{problem}");
    }
    world.remove_resource::<Campaigning>();
}

/// The fallen of the battle just over tended with `choices` (each
/// warband's): the aftermath is played, saved, and its events become the
/// news.
pub fn tend_the_fallen(world: &mut World, choices: &[EndChoices]) -> Result<(), String> {
    let mut campaigning = world.resource_mut::<Campaigning>();
    let campaigning = &mut *campaigning;
    let (Some(ended), Some(fielded)) = (&campaigning.ended, campaigning.save.field()) else {
        return Err("there is no battle to tend the fallen of".into());
    };
    let side = campaigning
        .state()
        .next_battle()
        .and_then(|b| {
            ended
                .state
                .battle()
                .sides
                .iter()
                .position(|s| s.id == b.side)
        })
        .ok_or("the battle has no side for the warband")?;
    let end = BattleEnd {
        state: &ended.state,
        log: &ended.log,
        side,
    };
    let news = campaigning
        .save
        .state
        .finish_battle(
            &fielded,
            &end,
            choices,
            (&campaigning.ruleset, &campaigning.rules),
        )?
        .to_vec();
    campaigning.news = news;
    campaigning.ended = None;
    campaigning.save.set_field(None);
    campaigning.write();
    // The battle is in the chronicle now: its autosave is done with.
    let saver = campaigning.battle_autosave();
    for path in [saver.autosave(), saver.previous_autosave()] {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// What the player chose after a battle, made as the warband marches on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marching {
    /// More weeks of rest.
    pub rest: u8,
    pub advances: Vec<ChosenAdvance>,
    /// Deals at the market of the road chosen.
    pub deals: Vec<Deal>,
    pub gear: Vec<GearChange>,
    /// The road, where the battle offers roads.
    pub road: Option<usize>,
}

/// The road, the advances, the deals at its market and the changes of gear
/// chosen, then the weeks after the battle with more weeks of rest: played,
/// saved, and their events become the news. Refused whole if any is
/// refused.
pub fn march_on(world: &mut World, marching: &Marching) -> Result<(), String> {
    let mut campaigning = world.resource_mut::<Campaigning>();
    let campaigning = &mut *campaigning;
    let (ruleset, rules) = (&campaigning.ruleset, &campaigning.rules);
    let mut state = campaigning.save.state.clone();
    if let Some(road) = marching.road {
        state.choose_road(road)?;
    }
    let mut news = state
        .take_advances(&marching.advances, (ruleset, &rules.advancement))?
        .to_vec();
    news.extend(state.trade(&marching.deals, (ruleset, rules))?);
    news.extend(state.change_gear(&marching.gear, (ruleset, &rules.gear))?);
    news.extend_from_slice(state.march_on(marching.rest, (ruleset, rules))?);
    campaigning.save.state = state;
    campaigning.news = news;
    campaigning.write();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::play::play_out;
    use crate::battle::record::Fingerprint;
    use crate::campaign::progress::Stage;
    use crate::campaign::run::choose_field;
    use crate::game::session::campaign_slots::list_campaigns;
    use crate::game::session::saves::write_autosave;

    /// A world with what the campaign's steps read: the data, the game's
    /// folders and a saves folder of its own.
    fn world_with_saves(name: &str) -> (World, crate::scratch::Scratch) {
        let scratch = crate::scratch::Scratch::new(&format!("campaigning-{name}"));
        let saves = scratch.path().to_path_buf();
        let mut world = World::new();
        let ruleset = Ruleset::embedded().expect("the built-in data loads");
        world.insert_resource(LevelLibrary {
            dir: PathBuf::from("levels"),
            own: None,
            entries: Vec::new(),
            ruleset: Some(Arc::new(ruleset)),
        });
        world.insert_resource(PlaySettings {
            data_dir: PathBuf::from("assets/data"),
            levels_dir: PathBuf::from("levels"),
            // The player's own levels, and the editor's, never the project's.
            own_levels_dir: saves.join("own levels"),
            editor_dir: saves.join("own levels"),
            named_dir: PathBuf::from("levels"),
            screenshot: None,
            screenshot_after_actions: 0,
            report_frame_time: false,
        });
        world.insert_resource(SaveFolder(saves.to_path_buf()));
        world.init_resource::<NextState<Screen>>();
        (world, scratch)
    }

    fn field_as_the_ai_would(world: &mut World) -> Field {
        let campaigning = world.resource::<Campaigning>();
        choose_field(
            campaigning.state(),
            &campaigning.loaded,
            &campaigning.ruleset,
        )
    }

    fn on_disk(world: &World) -> CampaignSave {
        let slot = &world.resource::<Campaigning>().slot;
        CampaignSave::read(&slot.join(CAMPAIGN_SAVE)).expect("the campaign's save reads")
    }

    #[test]
    fn a_campaign_is_saved_at_every_step_from_briefing_through_battle_aftermath_and_weeks() {
        let (mut world, saves) = world_with_saves("steps");
        begin_campaign(&mut world, "barrow_road.ron", 5, AiLevel::Normal).expect("begins");
        assert_eq!(on_disk(&world), world.resource::<Campaigning>().save);
        let chosen = field_as_the_ai_would(&mut world);
        take_the_field(&mut world, chosen.clone()).expect("takes the field");
        assert_eq!(on_disk(&world).field(), Some(chosen));
        assert!(world.contains_resource::<SeparateAutosave>());

        let PreparedBattle { mut engine, .. } = world
            .remove_resource::<PreparedBattle>()
            .expect("the battle is ready");
        play_out(&mut engine, |_| AiLevel::Normal, 20_000, |_, _, _| {}).expect("plays out");
        assert!(engine.ended() && engine.log().len() > 50, "a whole battle");
        world.insert_resource(engine);
        battle_over(&mut world);
        assert!(world.resource::<Campaigning>().ended.is_some());
        assert!(!world.contains_resource::<SeparateAutosave>());

        let choices = {
            let campaigning = world.resource::<Campaigning>();
            let ended = campaigning.ended.as_ref().expect("ended");
            let battle = campaigning.state().next_battle().expect("before").clone();
            let side = ended
                .state
                .battle()
                .sides
                .iter()
                .position(|s| s.id == battle.side);
            let end = BattleEnd {
                state: &ended.state,
                log: &ended.log,
                side: side.expect("the warband's side"),
            };
            campaigning
                .state()
                .default_choices(&end, &campaigning.rules)
        };
        tend_the_fallen(&mut world, &choices).expect("tends the fallen");
        let saved = on_disk(&world);
        assert!(matches!(saved.state.stage(), Stage::After { .. }));
        assert_eq!((saved.fielded, saved.state.chronicle().len()), (None, 1));
        let slot = world.resource::<Campaigning>().slot.clone();
        assert!(slot.join("campaign.previous.ron").is_file());
        assert!(
            !slot.join("autosave.ron").exists(),
            "the battle is done with"
        );

        march_on(&mut world, &Marching::default()).expect("marches on");
        let saved = on_disk(&world);
        assert_eq!(saved, world.resource::<Campaigning>().save);
        assert!(!matches!(saved.state.stage(), Stage::After { .. }));

        // Going on from the save gives the same campaign.
        let kept = world
            .remove_resource::<Campaigning>()
            .expect("in play")
            .save;
        resume_campaign(&mut world, &slot, Which::Latest).expect("goes on");
        assert_eq!(world.resource::<Campaigning>().save.state, kept.state);
        assert!(
            !saves.join("autosave.ron").exists(),
            "Continue is untouched"
        );
    }

    /// Listed by when last played: its battle's autosave, after its save.
    #[test]
    fn a_campaign_battle_left_midway_goes_on_exactly_from_its_own_autosave() {
        let (mut world, saves) = world_with_saves("midway");
        begin_campaign(&mut world, "barrow_road.ron", 9, AiLevel::Easy).expect("begins");
        let chosen = field_as_the_ai_would(&mut world);
        take_the_field(&mut world, chosen).expect("takes the field");
        let PreparedBattle { mut engine, replay } = world
            .remove_resource::<PreparedBattle>()
            .expect("the battle is ready");
        let mut replay = replay.expect("a battle played on keeps its replay");
        for _ in 0..6 {
            let command = crate::ai::choose(engine.state(), AiLevel::Normal).expect("a command");
            engine.submit(&command).expect("legal");
            replay.push(command, &engine);
        }
        let campaigning = world.resource::<Campaigning>();
        let (slot, saved_at) = (campaigning.slot.clone(), campaigning.save.saved_at);
        replay.saved_at = saved_at + 3600;
        write_autosave(&SaveFolder(slot.clone()), &replay).expect("autosaved");
        let listed = list_campaigns(&SaveFolder(saves.to_path_buf()));
        assert_eq!(listed[0].saved_at, saved_at + 3600);
        leave_battle(&mut world);
        assert!(!world.contains_resource::<Campaigning>());

        resume_campaign(&mut world, &slot, Which::Latest).expect("goes on");
        let resumed = world
            .remove_resource::<PreparedBattle>()
            .expect("the battle is back on the table");
        assert_eq!(Fingerprint::of(&resumed.engine), Fingerprint::of(&engine));
        assert_eq!(resumed.replay.map(|r| r.steps()), Some(6));
        assert!(
            !saves.join("autosave.ron").exists(),
            "Continue is untouched"
        );
    }

    #[test]
    fn a_damaged_campaign_save_is_refused_and_the_save_before_offered_and_taken_up() {
        let (mut world, saves) = world_with_saves("damaged");
        begin_campaign(&mut world, "barrow_road.ron", 4, AiLevel::Normal).expect("begins");
        let chosen = field_as_the_ai_would(&mut world);
        take_the_field(&mut world, chosen.clone()).expect("takes the field");
        let slot = world.resource::<Campaigning>().slot.clone();
        leave_battle(&mut world);
        let save = slot.join(CAMPAIGN_SAVE);
        let text = std::fs::read_to_string(&save).expect("saved");
        std::fs::write(&save, &text[..text.len() / 3]).expect("damaged");

        let listed = list_campaigns(&SaveFolder(saves.to_path_buf()));
        let problem = listed[0].summary.as_ref().expect_err("refused");
        assert!(problem.contains("the file is cut short"), "{problem}");
        assert_eq!(
            listed[0].before.as_deref(),
            Some("The Road to the Barrow: Roland's Company, week 0, before battle 1")
        );
        assert!(resume_campaign(&mut world, &slot, Which::Latest).is_err());
        resume_campaign(&mut world, &slot, Which::Before).expect("goes on from before");
        assert_eq!(world.resource::<Campaigning>().save.fielded, None);
        let again = CampaignSave::read(&save).expect("the save is whole again");
        assert_eq!(again.state, world.resource::<Campaigning>().save.state);
    }

    /// A save in the place of which stands a pipe, a folder, a link to
    /// itself or a link to a device is listed as one that cannot be
    /// opened, at its place, with the save before it offered.
    #[cfg(unix)]
    #[test]
    fn a_campaign_save_that_cannot_be_opened_is_listed_with_the_save_before_it() {
        let (mut world, saves) = world_with_saves("unopened");
        begin_campaign(&mut world, "barrow_road.ron", 4, AiLevel::Normal).expect("begins");
        let chosen = field_as_the_ai_would(&mut world);
        take_the_field(&mut world, chosen).expect("takes the field");
        let slot = world.resource::<Campaigning>().slot.clone();
        let save = slot.join(CAMPAIGN_SAVE);
        let damages: [(&str, &dyn Fn()); 4] = [
            ("a pipe", &|| {
                let made = std::process::Command::new("mkfifo").arg(&save).status();
                assert!(made.is_ok_and(|status| status.success()), "mkfifo");
            }),
            ("a folder", &|| {
                std::fs::create_dir_all(&save).expect("a folder")
            }),
            ("a link to itself", &|| {
                std::os::unix::fs::symlink(&save, &save).expect("linked");
            }),
            ("a device", &|| {
                std::os::unix::fs::symlink("/dev/zero", &save).expect("linked");
            }),
        ];
        for (what, damage) in damages {
            std::fs::remove_dir_all(&save)
                .or_else(|_| std::fs::remove_file(&save))
                .expect("the save taken away");
            damage();
            let listed = list_campaigns(&SaveFolder(saves.to_path_buf()));
            assert_eq!(listed.len(), 1, "{what} is listed");
            let problem = listed[0].summary.as_ref().expect_err(what);
            assert!(problem.contains("campaign.ron:1:1"), "{what}: {problem}");
            assert_eq!(
                listed[0].before.as_deref(),
                Some("The Road to the Barrow: Roland's Company, week 0, before battle 1"),
                "{what}"
            );
        }
    }

    #[test]
    fn a_campaign_of_the_players_own_is_read_from_the_players_folder() {
        assert_eq!(
            campaign_path("barrow_road.ron"),
            PathBuf::from("campaigns/barrow_road.ron")
        );
        assert_eq!(
            campaign_path("yours/mine.ron"),
            crate::content::own_campaigns().join("mine.ron")
        );
    }

    #[test]
    fn a_campaign_for_two_seats_both_warbands_at_the_table_and_tends_both() {
        let (mut world, _saves) = world_with_saves("for-two");
        begin_campaign(&mut world, "crossroads_feud.ron", 3, AiLevel::Normal).expect("begins");
        let chosen = field_as_the_ai_would(&mut world);
        assert_eq!((chosen.warband.len(), chosen.rival.len()), (4, 4));
        take_the_field(&mut world, chosen.clone()).expect("takes the field");
        assert_eq!(on_disk(&world).field(), Some(chosen));
        let setup = world.resource::<MatchSetup>().clone();
        assert_eq!(setup.seats, vec![Seat::Human, Seat::Human]);
        assert!(setup.handover, "the machine passes between the players");

        let PreparedBattle { mut engine, .. } = world
            .remove_resource::<PreparedBattle>()
            .expect("the battle is ready");
        play_out(&mut engine, |_| AiLevel::Normal, 20_000, |_, _, _| {}).expect("plays out");
        world.insert_resource(engine);
        battle_over(&mut world);
        let choices = {
            let campaigning = world.resource::<Campaigning>();
            let ended = campaigning.ended.as_ref().expect("ended");
            let end = BattleEnd {
                state: &ended.state,
                log: &ended.log,
                side: 0,
            };
            campaigning
                .state()
                .default_choices(&end, &campaigning.rules)
        };
        assert_eq!(choices.len(), 2, "a choice for each warband");
        tend_the_fallen(&mut world, &choices).expect("tends the fallen");
        let saved = on_disk(&world);
        let chapter = &saved.state.chronicle()[0];
        assert_eq!((chapter.fielded.len(), chapter.rival_fielded.len()), (4, 4));
        assert!(
            chapter
                .events
                .iter()
                .any(|e| matches!(e, CampaignEvent::FoughtFor { warband, .. } if warband == "The Eastern Company")),
            "the rival's aftermath follows the first's"
        );
        assert_eq!(saved.rival_fielded, Vec::<usize>::new());
        march_on(&mut world, &Marching::default()).expect("marches on");
        assert_eq!(
            *on_disk(&world).state.stage(),
            Stage::Before {
                battle: "champions".into()
            }
        );
    }
}
