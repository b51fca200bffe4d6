//! The loading screens and hot reload, run headless through the game's own
//! loading app ([`super::test_battles`]).

mod loading {
    use std::path::Path;

    use bevy::prelude::*;

    use crate::game::screens::loading::LoadErrors;
    use crate::game::stage::Screen;
    use crate::game::test_battles::{loading_app, settle};

    /// Runs the game's own loading screens, headless, on a level file
    /// holding `text`, until they settle; returns the screen reached and the
    /// problems the error screen lists.
    fn load_level_file(name: &str, text: &str) -> (Screen, Vec<String>) {
        let (mut app, _dir) = loading_app(name, text);
        let screen = settle(&mut app);
        (screen, app.world().resource::<LoadErrors>().0.clone())
    }

    fn duel_with(from: &str, to: &str) -> String {
        let duel = std::fs::read_to_string(Path::new("levels/duel.ron")).expect("the duel");
        assert!(duel.contains(from));
        duel.replacen(from, to, 1)
    }

    #[test]
    fn a_level_with_an_unknown_template_reaches_the_error_screen_with_its_place() {
        let (screen, problems) = load_level_file(
            "unknown_template.ron",
            &duel_with(r#"template: "veteran""#, r#"template: "gobbo""#),
        );
        assert_eq!(screen, Screen::LoadFailed);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].ends_with("unknown_template.ron:22:40: unit `black_knight`: unknown template `gobbo`, expected one of: bandit, bandit_archer, barbarian, barrow_wight, chariot_archer, charioteer, duellist, four_horse_team, giant_eagle, goblin, goblin_slinger, harpy, hedge_wizard, hero_archer, hero_swordsman, hero_warrior, ogre, rat, skeleton, soldier, spearman, two_horse_team, veteran, warhorse, wolf"),
            "{problems:?}"
        );
    }

    #[test]
    fn a_level_that_does_not_parse_reaches_the_error_screen_without_a_backtrace() {
        let (screen, problems) = load_level_file(
            "unclosed.ron",
            &duel_with("seed: Some(1),\n)", "seed: Some(1),\n"),
        );
        assert_eq!(screen, Screen::LoadFailed);
        assert_eq!(problems.len(), 1, "{problems:?}");
        // file:line:col, then what was expected.
        let place = problems[0]
            .split("unclosed.ron:")
            .nth(1)
            .expect("the file named");
        let mut parts = place.splitn(3, ':');
        let (line, column) = (parts.next(), parts.next());
        assert!(
            line.and_then(|l| l.parse::<u32>().ok()).is_some(),
            "{problems:?}"
        );
        assert!(
            column.and_then(|c| c.parse::<u32>().ok()).is_some(),
            "{problems:?}"
        );
        assert!(!problems[0].contains("backtrace") && !problems[0].contains("panicked"));
    }
}

mod hot_reload {
    use bevy::prelude::*;

    use crate::battle::command::{Command, Order};
    use crate::battle::engine::Engine;
    use crate::data::parse_ron;
    use crate::game::assets::{DataFile, LevelFile, TableAssets};
    use crate::game::hot_reload::ReloadNotice;
    use crate::game::stage::Screen;
    use crate::game::steps::CommandQueue;
    use crate::game::test_battles::{loading_app, settle};
    use crate::replay::Replay;
    use crate::vocabulary::ZoneCoord;

    fn duel() -> String {
        std::fs::read_to_string("levels/duel.ron").expect("the duel")
    }

    /// Puts `text` in place of the level's file as the file watcher would
    /// after a save: the loader's asset changes, and Bevy says so.
    fn save_level(app: &mut App, text: &str) {
        let handle = app.world().resource::<TableAssets>().level.clone();
        let path = std::path::PathBuf::from("duel.ron");
        let level = parse_ron(&path, text).map_err(|e| crate::diagnostics::Diagnostics(vec![e]));
        let mut files = app.world_mut().resource_mut::<Assets<LevelFile>>();
        let mut file = files.get_mut(&handle).expect("the level's asset");
        *file = LevelFile {
            text: text.to_string(),
            level,
        };
    }

    /// Gives a command through the queue, as the HUD and the AI do.
    fn give(app: &mut App, unit: &str, order: Order) {
        app.world_mut()
            .resource_mut::<CommandQueue>()
            .order(Command::new(unit, order));
        app.update();
    }

    fn roland_zone(app: &App) -> ZoneCoord {
        let table = app.world().resource::<Engine>().state();
        table.units()[table.unit_index("roland").expect("Roland")]
            .placement
            .zone
    }

    #[test]
    fn a_saved_change_mid_battle_begins_it_again_and_gives_the_commands_that_stay_legal() {
        let (mut app, _dir) = loading_app("duel.ron", &duel());
        assert_eq!(settle(&mut app), Screen::Battle);
        // The Black Knight has the first turn with seed 1.
        give(&mut app, "black_knight", Order::Hold);
        give(
            &mut app,
            "roland",
            Order::Move {
                to: ZoneCoord(2, 1),
                pay: None,
            },
        );
        assert_eq!(app.world().resource::<Replay>().steps(), 2);
        // The Black Knight loses a die: both commands still stand.
        save_level(
            &mut app,
            &duel().replacen("attack_dice: Some(5)", "attack_dice: Some(4)", 1),
        );
        assert_eq!(settle_after_reload(&mut app), Screen::Battle);
        let notice = app.world().resource::<ReloadNotice>().clone();
        assert!(notice.taken);
        assert_eq!(
            notice.lines[0],
            "The Duel was changed: the battle began again with the same seed."
        );
        assert_eq!(notice.lines[1], "All 2 commands were given again.");
        assert_eq!(app.world().resource::<Replay>().steps(), 2);
        assert_eq!(roland_zone(&app), ZoneCoord(2, 1));
        // Roland now starts two zones away: his move is refused.
        save_level(
            &mut app,
            &duel().replacen("zone: (1, 1)", "zone: (0, 1)", 1),
        );
        assert_eq!(settle_after_reload(&mut app), Screen::Battle);
        let notice = app.world().resource::<ReloadNotice>().clone();
        assert!(
            notice.lines[1].starts_with(
                "1 of 2 commands were given again; it stopped at step 2 (Roland: Move to (2, 1))"
            ),
            "{notice:?}"
        );
        assert_eq!(app.world().resource::<Replay>().steps(), 1);
        assert_eq!(roland_zone(&app), ZoneCoord(0, 1));
    }

    #[test]
    fn a_saved_change_with_problems_leaves_the_battle_and_lists_them() {
        let (mut app, _dir) = loading_app("duel.ron", &duel());
        assert_eq!(settle(&mut app), Screen::Battle);
        give(&mut app, "black_knight", Order::Hold);
        give(
            &mut app,
            "roland",
            Order::Move {
                to: ZoneCoord(2, 1),
                pay: None,
            },
        );
        save_level(
            &mut app,
            &duel().replacen(r#"template: "veteran""#, r#"template: "gobbo""#, 1),
        );
        app.update();
        app.update();
        let notice = app.world().resource::<ReloadNotice>().clone();
        assert!(!notice.taken);
        assert!(
            notice.lines[1]
                .contains("duel.ron:22:40: unit `black_knight`: unknown template `gobbo`"),
            "{notice:?}"
        );
        assert_eq!(app.world().resource::<Replay>().steps(), 2);
        assert_eq!(roland_zone(&app), ZoneCoord(2, 1));
    }

    #[test]
    fn a_broken_level_fixed_and_saved_starts_its_battle() {
        for broken in [
            duel().replacen(r#"template: "veteran""#, r#"template: "gobbo""#, 1),
            duel().replacen("seed: Some(1),\n)", "seed: Some(1),\n", 1),
        ] {
            let (mut app, _dir) = loading_app("duel.ron", &broken);
            assert_eq!(settle(&mut app), Screen::LoadFailed);
            save_level(&mut app, &duel());
            assert_eq!(settle_after_reload(&mut app), Screen::Battle);
            assert!(app.world().contains_resource::<Engine>());
        }
    }

    #[test]
    fn a_saved_change_to_the_data_is_checked_and_taken_up_like_the_levels() {
        let (mut app, _dir) = loading_app("duel.ron", &duel());
        assert_eq!(settle(&mut app), Screen::Battle);
        give(&mut app, "black_knight", Order::Hold);
        let handle = app.world().resource::<TableAssets>().ruleset.clone();
        let good = app
            .world()
            .resource::<Assets<DataFile>>()
            .get(&handle)
            .cloned();
        let mut ruleset = good.expect("the data").0.expect("valid data");
        let problem = crate::diagnostics::Diagnostic::new(
            std::path::Path::new("actions.ron"),
            (8, 15),
            "Move: a cost of 0 pips".to_string(),
        );
        let broken = DataFile(Err(crate::diagnostics::Diagnostics(vec![problem])));
        *app.world_mut()
            .resource_mut::<Assets<DataFile>>()
            .get_mut(&handle)
            .expect("the data") = broken;
        app.update();
        app.update();
        let notice = app.world().resource::<ReloadNotice>().clone();
        assert_eq!(notice.lines[1], "actions.ron:8:15: Move: a cost of 0 pips");
        assert!(!notice.taken);
        // Moving costs 2 pips now: the battle begins again on the new data.
        if let Some(info) = ruleset
            .actions
            .actions
            .get_mut(&crate::data::ActionKind::Move)
        {
            info.cost = crate::rules::payment::Cost::Pips(2);
        }
        *app.world_mut()
            .resource_mut::<Assets<DataFile>>()
            .get_mut(&handle)
            .expect("the data") = DataFile(Ok(ruleset));
        assert_eq!(settle_after_reload(&mut app), Screen::Battle);
        let notice = app.world().resource::<ReloadNotice>().clone();
        assert!(notice.taken);
        assert_eq!(
            notice.lines[0],
            "The game's data was changed: the battle began again with the same seed."
        );
        assert_eq!(notice.lines[1], "The one command was given again.");
        let engine = app.world().resource::<Engine>();
        assert_eq!(
            engine
                .state()
                .ruleset()
                .action_cost(crate::data::ActionKind::Move),
            crate::rules::payment::Cost::Pips(2)
        );
    }

    /// Updates through the change and the loading screen it passes.
    fn settle_after_reload(app: &mut App) -> Screen {
        app.update();
        app.update();
        settle(app)
    }
}
