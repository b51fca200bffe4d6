//! A member's story in the campaign, a line a battle, for its card: where
//! it fought and how that went, who it put down, how it fell, the wounds
//! it kept and the advances it took after (members and battles named by
//! the caller).

use super::events::{CampaignEvent, Deed};
use super::progress::Chapter;
use super::words::{injury_words, result_words};

/// The member's battles, a line each: "Ambush on the Forest Road, won:
/// put down Bandit 1 and Bandit 2; wounded: Hand (left arm); advanced:
/// Toughness."
pub fn member_history(
    chapters: &[Chapter],
    member: &str,
    battle_name: &dyn Fn(&str) -> String,
) -> Vec<String> {
    chapters
        .iter()
        .filter(|c| {
            c.fielded
                .iter()
                .chain(&c.rival_fielded)
                .any(|m| m == member)
        })
        .map(|chapter| {
            let parts = parts_of(&chapter.events, member);
            let head = format!(
                "{}, {}",
                battle_name(&chapter.battle),
                result_words(chapter.result)
            );
            match parts.is_empty() {
                true => format!("{head}."),
                false => format!("{head}: {}.", parts.join("; ")),
            }
        })
        .collect()
}

/// What the chapter's events say of `member`, in a few words each.
fn parts_of(events: &[CampaignEvent], member: &str) -> Vec<String> {
    let mut foes = Vec::new();
    let mut fates = Vec::new();
    let mut wounds = Vec::new();
    let mut advances = Vec::new();
    for event in events {
        use CampaignEvent as E;
        match event {
            E::DeedDone {
                member: by,
                deed: Deed::PutDown { foe },
                ..
            } if by == member => foes.push(foe.clone()),
            E::Recovered { member: m } if m == member => fates.push("carried off the field".into()),
            E::Captured { member: m } if m == member => fates.push("captured".into()),
            E::LeftBehind { member: m } if m == member => fates.push("left behind".into()),
            E::FellIntoComa { member: m } if m == member => fates.push("fell into a coma".into()),
            E::Died { member: m } if m == member => fates.push("died of its wounds".into()),
            E::Freed { member: m } if m == member => fates.push("freed".into()),
            E::EscapeRoll {
                member: m,
                escaped: true,
                ..
            } if m == member => fates.push("escaped its captors".into()),
            E::WoundLasts {
                member: m, injury, ..
            } if m == member => wounds.push(injury_words(*injury)),
            E::Advanced { member: m, advance } if m == member => advances.push(advance.clone()),
            _ => {}
        }
    }
    let mut parts = Vec::new();
    if !foes.is_empty() {
        parts.push(format!("put down {}", foes.join(", ")));
    }
    parts.extend(fates);
    if !wounds.is_empty() {
        parts.push(format!("wounded: {}", wounds.join(", ")));
    }
    if !advances.is_empty() {
        parts.push(format!("advanced: {}", advances.join(", ")));
    }
    parts
}
