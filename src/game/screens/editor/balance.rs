//! Live balance: AI-against-AI battles on the draft, each side's win rate
//! with its 95% interval as it narrows, the battles' length and who
//! survives; started again on every edit while it runs.

use super::*;

/// Live balance: AI-against-AI battles on the draft, each side's win rate
/// with its 95% interval as it narrows, the battles' length and who
/// survives; started again on every edit while it runs.
pub(super) fn balance_panel(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    ruleset: &Arc<Ruleset>,
    commands: &mut Commands,
) {
    let playable = editor.problems.is_empty();
    // An edit starts the run again on the new draft (or stops it, if the
    // draft has problems).
    if editor.balance.is_some() && editor.balance_version != editor.draft.version() {
        editor.balance = None;
        if playable {
            editor.balance = Some(start_balance(editor, ruleset));
        }
    }
    let width = editor.balance_within * 2.0 / 100.0;
    let shown = editor.balance.as_ref().map(|run| run.report(width));
    if let (Some(run), Some(shown)) = (&editor.balance, &shown)
        && shown.narrowed
    {
        run.stop();
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Balance").strong());
        let running = editor.balancing();
        if running {
            if ui.button("Stop").clicked()
                && let Some(run) = &editor.balance
            {
                run.stop();
            }
        } else if ui
            .add_enabled(playable, egui::Button::new("Play AI against AI"))
            .on_hover_text("Normal AI on each side, the sides swapped every other battle")
            .on_disabled_hover_text("Mend the problems listed first.")
            .clicked()
        {
            editor.balance = Some(start_balance(editor, ruleset));
        }
        ui.add(
            egui::Slider::new(&mut editor.balance_within, 1.0..=15.0)
                .text("stop at ± points")
                .fixed_decimals(0),
        );
        ui.add(
            egui::Slider::new(&mut editor.balance_cap, 50..=10_000)
                .text("or battles")
                .logarithmic(true),
        );
    });
    let Some(Shown {
        report, results, ..
    }) = shown
    else {
        ui.label("Plays battles between AIs on the draft to show how even it is. Any edit starts it again.");
        return;
    };
    // Side colours light enough to read on the dark panel: they are the
    // charts' legend.
    let colours: Vec<egui::Color32> = editor
        .draft
        .level
        .sides
        .iter()
        .map(|s| {
            let c = colour(s.colour);
            let light = u16::from(c.r()) + u16::from(c.g()) + u16::from(c.b());
            if light < 240 {
                c.lerp_to_gamma(egui::Color32::WHITE, 0.55)
            } else {
                c
            }
        })
        .collect();
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(240.0);
            let took = editor
                .balance
                .as_ref()
                .map_or(0.0, |r| r.elapsed().as_secs_f64());
            ui.label(format!("{} battles in {took:.1} s", report.battles));
            for (k, side) in report.sides.iter().enumerate() {
                let colour = colours.get(k).copied().unwrap_or(egui::Color32::WHITE);
                ui.colored_label(colour, format!("{}: {}", side.name, side.wins));
            }
            ui.label(format!("Draws: {:.1}%", report.draws.share * 100.0));
            ui.label(format!(
                "Length: {:.1} rounds on average ({:.0} median)",
                report.rounds_mean, report.rounds_median
            ));
            let survival: Vec<String> = report
                .survival_by_template
                .iter()
                .map(|(template, share)| {
                    let name = ruleset
                        .creatures
                        .get(template)
                        .map_or(template.as_str(), |c| c.name.as_str());
                    format!("{name} {:.0}%", share * 100.0)
                })
                .collect();
            ui.label(format!(
                "Still standing at the end: {}",
                survival.join(", ")
            ));
            // The surprising battles, to watch in the replay viewer.
            if let Some(run) = &editor.balance {
                ui.horizontal(|ui| {
                    for (choice, shown) in [
                        (ReplayChoice::Upsets, "Watch an upset"),
                        (ReplayChoice::Draws, "Watch a draw"),
                    ] {
                        let picked = choice.pick(&results);
                        let button = egui::Button::new(format!("{shown} ({})", picked.len()));
                        if ui.add_enabled(!picked.is_empty(), button).clicked()
                            && let Some(result) = picked.first()
                        {
                            watch_battle(commands, run, &editor.file, result, ruleset);
                        }
                    }
                });
            }
        });
        balance_charts(ui, &report, &results, &colours);
    });
}

/// The Balance panel's two charts side by side, in what the text leaves:
/// each side's win rate narrowing with its 95% interval, and how long the
/// battles lasted.
fn balance_charts(
    ui: &mut egui::Ui,
    report: &crate::simulate::Report,
    results: &[BattleResult],
    colours: &[egui::Color32],
) {
    // Two charts share what the text leaves, so the panel never
    // spills under the problems list.
    let gap = ui.spacing().item_spacing.x;
    let width = ((ui.available_width() - 2.0 * gap) / 2.0).max(100.0);
    ui.vertical(|ui| {
        ui.set_width(width);
        egui_plot::Plot::new("balance wins")
            .height(170.0)
            .include_y(0.0)
            .include_y(100.0)
            .allow_zoom(false)
            .allow_drag(false)
            .x_axis_label("battles")
            .y_axis_label("wins (%)")
            .show(ui, |plot| {
                plot.hline(egui_plot::HLine::new("even", 50.0).color(egui::Color32::GRAY));
                for (side, name) in report.sides.iter().map(|s| &s.name).enumerate() {
                    let colour = colours.get(side).copied().unwrap_or(egui::Color32::WHITE);
                    let (mut xs, mut lows, mut highs, mut shares) =
                        (vec![], vec![], vec![], vec![]);
                    let mut wins = 0;
                    for (k, result) in results.iter().enumerate() {
                        wins += usize::from(result.winner == Some(side));
                        let rate = crate::simulate::wilson(wins, k + 1);
                        xs.push((k + 1) as f64);
                        lows.push(rate.low * 100.0);
                        highs.push(rate.high * 100.0);
                        shares.push([(k + 1) as f64, rate.share * 100.0]);
                    }
                    plot.add(
                        egui_plot::FilledArea::new(format!("{name}, 95%"), &xs, &lows, &highs)
                            .fill_color(colour.gamma_multiply(0.25)),
                    );
                    plot.line(egui_plot::Line::new(name.clone(), shares).color(colour));
                }
            });
    });
    ui.vertical(|ui| {
        ui.set_width(width);
        let longest = results.iter().map(|r| r.rounds).max().unwrap_or(0);
        let bars: Vec<egui_plot::Bar> = (0..=longest)
            .map(|rounds| {
                let count = results.iter().filter(|r| r.rounds == rounds).count();
                egui_plot::Bar::new(f64::from(rounds), count as f64).width(0.8)
            })
            .collect();
        egui_plot::Plot::new("balance length")
            .height(170.0)
            .allow_zoom(false)
            .allow_drag(false)
            .x_axis_label("rounds")
            .y_axis_label("battles")
            .show(ui, |plot| {
                plot.bar_chart(egui_plot::BarChart::new("battle length", bars));
            });
    });
}

/// Opens one battle of a balance run in the replay viewer.
pub(super) fn watch_battle(
    commands: &mut Commands,
    run: &BalanceRun,
    file: &str,
    result: &BattleResult,
    ruleset: &Arc<Ruleset>,
) {
    let seats: Vec<Seat> = result.levels.iter().map(|&l| Seat::Ai(l)).collect();
    let replay = Replay::of_commands(
        file,
        &run.text,
        &run.config.level,
        ruleset.clone(),
        result.seed,
        &seats,
        &result.commands,
    );
    let (level, ruleset) = (run.config.level.clone(), ruleset.clone());
    commands.queue(move |world: &mut World| match replay {
        Ok(replay) => crate::game::screens::viewer::watch(world, replay, level, ruleset),
        Err(divergence) => {
            world.resource_mut::<Editor>().notice = Some((
                format!("The battle could not be rebuilt at {divergence}."),
                false,
            ));
        }
    });
}

/// A run on the draft over all cores but one (the editor stays smooth).
pub(super) fn start_balance(editor: &mut Editor, ruleset: &Arc<Ruleset>) -> BalanceRun {
    editor.balance_version = editor.draft.version();
    let text = editor.draft.text();
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1));
    let seed = editor.draft.level.seed.unwrap_or(1);
    BalanceRun::start(
        editor.draft.level.clone(),
        text,
        ruleset.clone(),
        editor.balance_cap,
        jobs,
        seed,
    )
}
