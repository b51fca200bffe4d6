//! The campaign's events and the warband's wounds in a player's words, for
//! the aftermath screen, the chronicle and the campaign's report. Members
//! are named by the caller (ids never reach the player).

use super::events::{CampaignEvent, Deed, MagicUse};
use super::format::{CampaignBattle, WayOn};
use super::warband::LastingWound;
use crate::rules::aftermath::{Lasting, SideResult, Week};
use crate::rules::injury::Injury;

/// An injury as the tables print it, with its place: "Fracture (left leg)".
pub fn injury_words(injury: Injury) -> String {
    format!("{} ({})", injury.effect.name(), injury.location.name())
}

/// A lasting wound and how long it has left.
pub fn wound_words(wound: &LastingWound) -> String {
    let left = match (wound.bleeding, wound.weeks_left) {
        (true, _) => "bleeding".to_string(),
        (false, None) => "only magic heals it".to_string(),
        (false, Some(1)) => "1 week to heal".to_string(),
        (false, Some(weeks)) => format!("{weeks} weeks to heal"),
    };
    format!("{}, {left}", injury_words(wound.injury))
}

/// What a member did, after its name: "put down Bandit Chief".
fn deed_words(deed: &Deed) -> String {
    match deed {
        Deed::PutDown { foe } => format!("put down {foe}"),
        Deed::WoundsSurvived => "fell and lived".into(),
        Deed::Escaped => "got away off the table".into(),
        Deed::HeldTheField => "held the field".into(),
        Deed::Rescued => "won the rescue".into(),
    }
}

pub fn result_words(result: SideResult) -> &'static str {
    match result {
        SideResult::Won => "won",
        SideResult::Drew => "drawn",
        SideResult::Lost => "lost",
    }
}

/// Where a battle's result leads, in a player's words, naming battles by
/// `battle_name`: "on to the Ford", "the campaign is won".
pub fn way_on_words(way: &WayOn, battle_name: impl Fn(&str) -> String) -> String {
    match way {
        WayOn::Battle(next) => format!("on to {}", battle_name(next)),
        WayOn::Won => "the campaign is won".to_string(),
        WayOn::Lost => "the campaign is lost".to_string(),
    }
}

/// What each result of `battle` leads to, for its briefing: "Won: on to
/// the Ford. Lost: the campaign is lost. Drawn: the campaign is lost."
pub fn stakes_words(battle: &CampaignBattle, battle_name: impl Fn(&str) -> String) -> String {
    [
        ("Won", &battle.victory),
        ("Lost", &battle.defeat),
        ("Drawn", &battle.draw),
    ]
    .map(|(result, way)| format!("{result}: {}.", way_on_words(way, &battle_name)))
    .join(" ")
}

fn week_words(week: Week) -> String {
    let mut lacking = Vec::new();
    if !week.food {
        lacking.push("no good food");
    }
    if !week.water {
        lacking.push("no clean water");
    }
    let travel = if week.travel {
        "on the road"
    } else {
        "at rest"
    };
    if lacking.is_empty() {
        travel.to_string()
    } else {
        format!("{travel}, {}", lacking.join(" and "))
    }
}

fn dice_words(dice: &[u8]) -> String {
    let faces: Vec<String> = dice.iter().map(u8::to_string).collect();
    match faces.len() {
        0 => "no dice".to_string(),
        _ => format!("rolled {}", faces.join(", ")),
    }
}

/// The events as lines, each with the event it begins: a sentence an
/// event, but a member's deeds in a row are one line ("Sir Roland put down
/// Bandit 1 and Bandit 2, and held the field: 3 deeds."), and so are the
/// things sold in a row, and those bought ("Sold Dagger (2) and Bow for 8
/// coins.").
pub fn event_lines<'a>(
    events: &'a [CampaignEvent],
    name: &dyn Fn(&str) -> String,
    battle: &dyn Fn(&str) -> String,
) -> Vec<(&'a CampaignEvent, String)> {
    let mut lines = Vec::new();
    let mut at = 0;
    while let Some(event) = events.get(at) {
        if let Some((line, taken)) = deals_line(&events[at..]) {
            lines.push((event, line));
            at += taken;
            continue;
        }
        let CampaignEvent::DeedDone { member, .. } = event else {
            lines.push((event, event_words(event, name, battle)));
            at += 1;
            continue;
        };
        let deeds: Vec<(&Deed, u8)> = events[at..]
            .iter()
            .map_while(|e| match e {
                CampaignEvent::DeedDone {
                    member: by,
                    deed,
                    worth,
                } if by == member => Some((deed, *worth)),
                _ => None,
            })
            .collect();
        at += deeds.len();
        lines.push((event, deeds_line(&name(member), &deeds)));
    }
    lines
}

/// The things sold (or bought) in a row at the start of `events`, in a
/// line, and how many events it tells; none for one deal or none.
fn deals_line(events: &[CampaignEvent]) -> Option<(String, usize)> {
    let deal = |e: &CampaignEvent| match e {
        CampaignEvent::Sold { item, coin } => Some((false, item.clone(), *coin)),
        CampaignEvent::Bought { item, coin } => Some((true, item.clone(), *coin)),
        _ => None,
    };
    let (bought, _, _) = deal(events.first()?)?;
    let run: Vec<(String, u32)> = events
        .iter()
        .map_while(|e| {
            deal(e)
                .filter(|d| d.0 == bought)
                .map(|(_, item, coin)| (item, coin))
        })
        .collect();
    if run.len() < 2 {
        return None;
    }
    let names: Vec<String> = run.iter().map(|(item, _)| item.clone()).collect();
    let coin = run.iter().map(|(_, coin)| coin).sum();
    let verb = if bought { "Bought" } else { "Sold" };
    Some((
        format!(
            "{verb} {} for {}.",
            join_names(&names),
            counted(coin, "coin")
        ),
        run.len(),
    ))
}

/// A member's deeds of one battle in a line: the foes it put down
/// together, then the rest, and what they are worth.
fn deeds_line(member: &str, deeds: &[(&Deed, u8)]) -> String {
    let foes: Vec<&str> = deeds
        .iter()
        .filter_map(|(deed, _)| match deed {
            Deed::PutDown { foe } => Some(foe.as_str()),
            _ => None,
        })
        .collect();
    let mut parts = Vec::new();
    if !foes.is_empty() {
        parts.push(format!("put down {}", and_list(&foes)));
    }
    parts.extend(
        deeds
            .iter()
            .filter(|(deed, _)| !matches!(deed, Deed::PutDown { .. }))
            .map(|(deed, _)| deed_words(deed)),
    );
    let worth: u32 = deeds.iter().map(|(_, w)| u32::from(*w)).sum();
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    format!("{member} {}: {}.", and_list(&parts), counted(worth, "deed"))
}

/// Names in a list, the same ones counted: "Dagger (3) and Spear".
pub fn join_names(names: &[String]) -> String {
    let mut counted: Vec<(&str, usize)> = Vec::new();
    for name in names {
        match counted.iter_mut().find(|(n, _)| n == name) {
            Some((_, count)) => *count += 1,
            None => counted.push((name, 1)),
        }
    }
    let parts: Vec<String> = counted
        .into_iter()
        .map(|(name, count)| match count {
            1 => name.to_string(),
            n => format!("{name} ({n})"),
        })
        .collect();
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    and_list(&parts)
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// One event as a sentence. `name` gives a member's name from its id and
/// `battle` a battle's name from its id.
fn event_words(
    event: &CampaignEvent,
    name: &dyn Fn(&str) -> String,
    battle: &dyn Fn(&str) -> String,
) -> String {
    use CampaignEvent as E;
    match event {
        E::BattleFought { battle: id, result } => {
            format!("{}: the battle is {}.", battle(id), result_words(*result))
        }
        E::FoughtFor {
            battle: id,
            warband,
            result,
        } => format!(
            "{}: for {warband}, the battle is {}.",
            battle(id),
            result_words(*result)
        ),
        E::Recovered { member } => format!("{} is carried off the field.", name(member)),
        E::Captured { member } => format!("{} is taken captive.", name(member)),
        E::LeftBehind { member } => {
            format!("{} is left behind and lost to the warband.", name(member))
        }
        E::Dying { member } => format!("{} is dying.", name(member)),
        E::MagicSpent { member, on } => {
            let what = match on {
                MagicUse::SavedTheDying => "saves a life".to_string(),
                MagicUse::WokeFromComa => "wakes them from a coma".to_string(),
                MagicUse::HealedWound(injury) => format!("heals {}", injury_words(*injury)),
                MagicUse::StoppedBleeding(injury) => {
                    format!("stops the bleeding of {}", injury_words(*injury))
                }
            };
            format!("A magical healing on {}: it {what}.", name(member))
        }
        E::Tended {
            member,
            dice,
            saved,
        } => format!(
            "The healer tends {} ({}): {}.",
            name(member),
            dice_words(dice),
            if *saved { "saved" } else { "not enough" }
        ),
        E::DeathRoll {
            member,
            dice,
            survived,
        } => format!(
            "{} rolls for their life ({}): {}.",
            name(member),
            dice_words(dice),
            if *survived { "lives" } else { "fails" }
        ),
        E::FellIntoComa { member } => format!("{} falls into a coma.", name(member)),
        E::Died { member } => format!("{} dies.", name(member)),
        E::WoundLasts {
            member,
            injury,
            lasting,
        } => {
            let how = match lasting {
                Lasting::Passes => "passes with the battle".to_string(),
                Lasting::Bleeds => "bleeds until it is tended and rested".to_string(),
                Lasting::Heals { weeks: 1 } => "needs a week to heal".to_string(),
                Lasting::Heals { weeks } => format!("needs {weeks} weeks to heal"),
                Lasting::Permanent => "will not heal without magic".to_string(),
            };
            format!("{}'s {} {how}.", name(member), injury_words(*injury))
        }
        E::FirstAid { member } => format!(
            "{} is bandaged after the battle: the one rank lost is whole again.",
            name(member)
        ),
        E::RanksLost { member, ranks } => format!(
            "{} carries {} out of the battle.",
            name(member),
            counted(u32::from(*ranks), "wounded rank")
        ),
        E::FoesDefeated { member, count } => format!(
            "{} put {} out of the fight.",
            name(member),
            counted(*count, "foe")
        ),
        E::DeedDone {
            member,
            deed,
            worth,
        } => format!(
            "{} {} ({}).",
            name(member),
            deed_words(deed),
            counted(u32::from(*worth), "deed")
        ),
        E::Spoils { taken, left, coin } => spoils_words(taken, *left, *coin),
        E::Bought { item, coin } => format!("Bought a {item} for {}.", counted(*coin, "coin")),
        E::Sold { item, coin } => format!("Sold a {item} for {}.", counted(*coin, "coin")),
        E::GearGiven { member, item } => format!("{} takes the {item}.", name(member)),
        E::GearStowed { member, item } => {
            format!("{} puts the {item} in the stash.", name(member))
        }
        E::RoadTaken { road, town: None } => format!("The warband takes {road}."),
        E::RoadTaken {
            road,
            town: Some(town),
        } => format!("The warband takes {road}, by way of {town}."),
        E::Advanced { member, advance } => {
            format!("{} advances: {advance}.", name(member))
        }
        E::Freed { member } => format!("{} is freed.", name(member)),
        E::Recruited { member } => format!("{} joins the warband.", name(member)),
        E::NoRoom { member, cap } => {
            format!("{member} cannot join: the warband already has {cap}, its most.")
        }
        E::CaptiveReleased { name: foe } => format!("{foe}, taken captive, is let go."),
        E::CaptiveRansomed { name: foe, coin } => {
            format!(
                "{foe}, taken captive, is ransomed for {}.",
                counted(*coin, "coin")
            )
        }
        E::CaptiveExchanged { name: foe, freed } => format!(
            "{foe}, taken captive, is exchanged: {} is free again.",
            name(freed)
        ),
        E::CaptiveJoined { member } => {
            format!("{}, taken captive, joins the warband.", name(member))
        }
        E::WeekBegan {
            week,
            conditions,
            chosen,
        } => format!(
            "Week {week}: {}{}.",
            week_words(*conditions),
            if *chosen {
                ", a week of rest taken"
            } else {
                ""
            }
        ),
        E::Bled { member, dice, held } => format!(
            "{} bleeds on the road ({}): {}.",
            name(member),
            dice_words(dice),
            if *held { "holds up" } else { "a rank is lost" }
        ),
        E::BleedingStopped { member, injury } => format!(
            "{}'s {} stops bleeding.",
            name(member),
            injury_words(*injury)
        ),
        E::HealingRoll {
            member,
            dice,
            passed,
        } => format!(
            "The healer works on {} ({}): {}.",
            name(member),
            dice_words(dice),
            if *passed { "it helps" } else { "no better" }
        ),
        E::Healed { member, ranks } => format!(
            "{} heals {}.",
            name(member),
            counted(u32::from(*ranks), "rank")
        ),
        E::InjuryHealed { member, injury } => {
            format!("{}'s {} has healed.", name(member), injury_words(*injury))
        }
        E::WakeRoll { member, dice, woke } => format!(
            "{} fights to wake ({}): {}.",
            name(member),
            dice_words(dice),
            if *woke { "awake" } else { "still asleep" }
        ),
        E::EscapeRoll {
            member,
            dice,
            escaped,
        } => format!(
            "{} tries to escape the enemy ({}): {}.",
            name(member),
            dice_words(dice),
            if *escaped {
                "free, and back with the warband"
            } else {
                "still held"
            }
        ),
        E::CampaignEnded { won: true } => "The campaign is won.".to_string(),
        E::CampaignEnded { won: false } => "The campaign is lost.".to_string(),
    }
}

pub(crate) fn counted(count: u32, thing: &str) -> String {
    if count == 1 {
        format!("1 {thing}")
    } else {
        format!("{count} {thing}s")
    }
}

/// The spoils in words: "Spoils for the stash: Dagger (2) and Spear; 9
/// coin in the foes' purses."
fn spoils_words(taken: &[String], left: u32, coin: u32) -> String {
    let mut parts = Vec::new();
    if !taken.is_empty() {
        parts.push(format!("Spoils for the stash: {}", join_names(taken)));
    }
    if left > 0 {
        parts.push(format!(
            "{left} more left on the field, the stash being full"
        ));
    }
    if coin > 0 {
        parts.push(format!("{} in the foes' purses", counted(coin, "coin")));
    }
    parts.join("; ") + "."
}
