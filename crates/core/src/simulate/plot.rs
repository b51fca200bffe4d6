//! `simulate --plot`: the report's charts as an SVG file for a designer's
//! notes. A simulation draws each side's win rate, with its 95% interval,
//! as the battles add up, and how many rounds the battles lasted; a sweep
//! draws each side's win rate, with its interval, against the value swept.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::sweep::SweepPoint;
use super::{BattleResult, wilson};
use crate::level::Level;

const WIDTH: u32 = 900;
const CHART_HEIGHT: u32 = 380;

/// A side's colour from the level, darkened enough to read on white.
fn side_colour(level: &Level, side: usize) -> RGBColor {
    let (r, g, b) = level.sides.get(side).map_or((0.3, 0.3, 0.3), |s| s.colour);
    let channel = |c: f32| (c.clamp(0.0, 1.0) * 200.0) as u8;
    RGBColor(channel(r), channel(g), channel(b))
}

fn failed(path: &Path, error: impl std::fmt::Display) -> String {
    format!("{}:1:1: cannot draw the chart: {error}", path.display())
}

/// The win rate of each side, with its interval, after each battle, and
/// the battles' length in rounds.
pub fn write_simulation(
    path: &Path,
    level: &Level,
    results: &[BattleResult],
) -> Result<(), String> {
    let root = SVGBackend::new(path, (WIDTH, 2 * CHART_HEIGHT)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| failed(path, e))?;
    let (top, bottom) = root.split_vertically(CHART_HEIGHT);
    let series: Vec<(String, RGBColor, Vec<(f64, f64, f64, f64)>)> = level
        .sides
        .iter()
        .enumerate()
        .map(|(side, spec)| {
            let mut wins = 0;
            let points = results
                .iter()
                .enumerate()
                .map(|(k, result)| {
                    wins += usize::from(result.winner == Some(side));
                    let rate = wilson(wins, k + 1);
                    ((k + 1) as f64, rate.share, rate.low, rate.high)
                })
                .collect();
            (spec.name.clone(), side_colour(level, side), points)
        })
        .collect();
    rate_chart(
        &top,
        &format!("{}: wins as the battles add up", level.name),
        "battles played",
        &series,
        false,
    )
    .map_err(|e| failed(path, e))?;
    length_chart(&bottom, results).map_err(|e| failed(path, e))?;
    root.present().map_err(|e| failed(path, e))
}

/// Each side's win rate, with its interval, against the value swept.
pub fn write_sweep(
    path: &Path,
    level: &Level,
    swept: &str,
    points: &[SweepPoint],
) -> Result<(), String> {
    let root = SVGBackend::new(path, (WIDTH, CHART_HEIGHT + 40)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| failed(path, e))?;
    let series: Vec<(String, RGBColor, Vec<(f64, f64, f64, f64)>)> = level
        .sides
        .iter()
        .enumerate()
        .map(|(side, spec)| {
            let rates = points
                .iter()
                .map(|point| {
                    let rate = &point.report.sides[side].wins;
                    (point.value as f64, rate.share, rate.low, rate.high)
                })
                .collect();
            (spec.name.clone(), side_colour(level, side), rates)
        })
        .collect();
    rate_chart(
        &root,
        &format!("{}: wins against {swept}", level.name),
        swept,
        &series,
        true,
    )
    .map_err(|e| failed(path, e))?;
    root.present().map_err(|e| failed(path, e))
}

type Drawn = Result<(), DrawingAreaErrorKind<std::io::Error>>;

/// Win rates in percent against `x`, each with its interval as a band,
/// and the even line at 50%; `marked` puts a dot on each value measured.
fn rate_chart(
    area: &DrawingArea<SVGBackend, Shift>,
    caption: &str,
    x_name: &str,
    series: &[(String, RGBColor, Vec<(f64, f64, f64, f64)>)],
    marked: bool,
) -> Drawn {
    let xs = series
        .iter()
        .flat_map(|(_, _, points)| points.iter().map(|p| p.0));
    let (low, high) = xs.fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
    let (low, high) = if low < high {
        (low, high)
    } else {
        (low.min(0.0), low.max(0.0) + 1.0)
    };
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(low..high, 0.0..100.0)?;
    // Whole numbers on the x axis: battles, or the values of a sweep.
    let whole = |x: &f64| format!("{x:.0}");
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(x_name)
        .y_desc("wins (%), with the 95% interval")
        .x_label_formatter(&whole)
        .y_label_formatter(&whole);
    if marked {
        mesh.x_labels((high - low) as usize + 1);
    }
    mesh.draw()?;
    chart.draw_series(LineSeries::new(
        [(low, 50.0), (high, 50.0)],
        RGBColor(120, 120, 120).stroke_width(1),
    ))?;
    for (name, colour, points) in series {
        let band: Vec<(f64, f64)> = points
            .iter()
            .map(|p| (p.0, p.2 * 100.0))
            .chain(points.iter().rev().map(|p| (p.0, p.3 * 100.0)))
            .collect();
        chart.draw_series(std::iter::once(Polygon::new(band, colour.mix(0.18))))?;
        let colour = *colour;
        chart
            .draw_series(LineSeries::new(
                points.iter().map(|p| (p.0, p.1 * 100.0)),
                colour.stroke_width(2),
            ))?
            .label(name.as_str())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(2)));
        if marked {
            chart.draw_series(
                points
                    .iter()
                    .map(|p| Circle::new((p.0, p.1 * 100.0), 4, colour.filled())),
            )?;
        }
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .draw()
}

/// How many battles lasted each number of rounds.
fn length_chart(area: &DrawingArea<SVGBackend, Shift>, results: &[BattleResult]) -> Drawn {
    let longest = results.iter().map(|r| r.rounds).max().unwrap_or(1).max(1);
    let mut counts = vec![0u32; longest as usize + 1];
    for result in results {
        counts[result.rounds as usize] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1);
    let mut chart = ChartBuilder::on(area)
        .caption("Battle length", ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d((0..longest).into_segmented(), 0..most + most / 10 + 1)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("rounds")
        .y_desc("battles")
        .draw()?;
    chart.draw_series(
        Histogram::vertical(&chart)
            .style(RGBColor(70, 110, 160).filled())
            .margin(2)
            .data(results.iter().map(|r| (r.rounds, 1))),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::Arc;

    use super::*;
    use crate::data::Ruleset;
    use crate::level::load_level;
    use crate::simulate::{SimConfig, run_all, summarise};

    fn duel_config(battles: usize) -> SimConfig {
        let ruleset = Ruleset::embedded().expect("the built-in data");
        let level = load_level(&crate::content::project("levels/duel.ron"), &ruleset)
            .expect("the duel")
            .level;
        SimConfig {
            level,
            ruleset: Arc::new(ruleset),
            battles,
            seed: 3,
            ai: BTreeMap::new(),
            jobs: 1,
            swap: false,
        }
    }

    #[test]
    fn the_simulation_chart_draws_each_sides_rate_and_the_battles_length() {
        let config = duel_config(12);
        let results = run_all(&config, &|| {});
        let scratch = crate::scratch::Scratch::new("plot");
        let path = scratch.join("file.svg");
        write_simulation(&path, &config.level, &results).expect("drawn");
        let svg = std::fs::read_to_string(&path).expect("the chart");
        for words in [
            "The Duel: wins as the battles add up",
            "Roland",
            "The Black Knight",
            "Battle length",
            "rounds",
        ] {
            assert!(svg.contains(words), "{words} is missing");
        }
    }

    #[test]
    fn the_sweep_chart_marks_each_value_swept() {
        let config = duel_config(4);
        let results = run_all(&config, &|| {});
        let report = summarise(&config, &results);
        let points: Vec<SweepPoint> = (2..=4)
            .map(|value| SweepPoint {
                value,
                report: report.clone(),
            })
            .collect();
        let scratch = crate::scratch::Scratch::new("sweep");
        let path = scratch.join("file.svg");
        write_sweep(&path, &config.level, "roland.attack_dice", &points).expect("drawn");
        let svg = std::fs::read_to_string(&path).expect("the chart");
        assert!(svg.contains("The Duel: wins against roland.attack_dice"));
        // A dot for each value and side.
        assert_eq!(svg.matches("<circle").count(), 6);
    }

    #[test]
    fn a_chart_that_cannot_be_written_names_its_file() {
        let config = duel_config(2);
        let results = run_all(&config, &|| {});
        let path = Path::new("/no/such/folder/chart.svg");
        let problem = write_simulation(path, &config.level, &results).expect_err("no folder");
        assert!(
            problem.starts_with("/no/such/folder/chart.svg:1:1: cannot draw the chart"),
            "{problem}"
        );
    }
}
