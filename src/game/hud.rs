//! A plain text panel: the level, the round, whose turn it is and the latest
//! events from the battle log.

use bevy::prelude::*;

use super::Screen;
use super::screens::EnterBattle;
use crate::battle::table::{Battle, BattleLog, Table};

/// The panel's width in logical pixels; the table is drawn to its right.
pub(super) const PANEL_WIDTH: f32 = 440.0;

/// How many of the latest events the panel shows.
const EVENTS_SHOWN: usize = 12;

#[derive(Component)]
struct BattlePanel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        spawn_panel.in_set(EnterBattle::Draw),
    );
    app.add_systems(Update, update_panel.run_if(in_state(Screen::Battle)));
}

fn spawn_panel(mut commands: Commands) {
    // The UI gets its own full-window camera, drawn over the table's.
    commands.spawn((
        Camera2d,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        IsDefaultUiCamera,
        DespawnOnExit(Screen::Battle),
    ));
    commands.spawn((
        DespawnOnExit(Screen::Battle),
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            bottom: px(0),
            padding: UiRect::all(px(10)),
            width: px(PANEL_WIDTH),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.05, 0.08, 0.75)),
        children![(BattlePanel, Text::new(""), TextFont::from_font_size(13.0))],
    ));
}

fn update_panel(world: &mut World) {
    let changed = world
        .get_resource_ref::<BattleLog>()
        .is_some_and(|log| log.is_changed())
        || world
            .get_resource_ref::<Battle>()
            .is_some_and(|battle| battle.is_changed());
    if !changed {
        return;
    }
    let Some(table) = Table::capture(world) else {
        return;
    };
    let battle = &table.battle;
    let mut lines = vec![
        format!("{}  (seed {})", battle.level.name, battle.seed),
        format!("Round {} of {}", battle.round, battle.round_limit),
    ];
    match &battle.outcome {
        Some(outcome) => lines.push(format!("Ended: {outcome:?}")),
        None => lines.push(format!("To act: {}", table.turn_units().join(", "))),
    }
    lines.push(String::new());
    for unit in &table.units {
        lines.push(format!(
            "{:<14} {:<8} {:?} {:?} dice {:?} ranks {}/{}",
            unit.unit.name,
            table.side_id(unit.unit.side),
            unit.fate,
            unit.status,
            unit.pool.dice,
            unit.ranks.physical.remaining(),
            unit.ranks.mental.remaining()
        ));
    }
    lines.push(String::new());
    let log = &world.resource::<BattleLog>().0;
    for event in &log[log.len().saturating_sub(EVENTS_SHOWN)..] {
        lines.push(format!("{event:?}"));
    }
    let text = lines.join("\n");
    let mut panels = world.query_filtered::<&mut Text, With<BattlePanel>>();
    for mut panel in panels.iter_mut(world) {
        panel.0.clone_from(&text);
    }
}
