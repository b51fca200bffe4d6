//! Spoils and gear on the aftermath's page: the stash as it will stand,
//! each member's weapons and shield, what to give it from the stash (those
//! it may not carry greyed with why) and what to put back. The changes wait
//! in `choices.gear` (the AI commander's to start) and are made as the
//! warband marches on.

use bevy_egui::egui;

use super::Choices;
use crate::campaign::format::Band;
use crate::campaign::format::WayOn;
use crate::campaign::gear::{GearChange, blocked_blow_odds, blow_odds, carried, check_give};
use crate::campaign::progress::CampaignState;
use crate::campaign::progress::Stage;
use crate::campaign::warband::Member;
use crate::campaign::warband::Whereabouts;
use crate::campaign::words::join_names;
use crate::data::{ArmourPiece, CreatureTemplate, Ruleset, Weapon};
use crate::game::hud::percent;
use crate::game::session::campaigning::Campaigning;
use crate::level::{UnitSpec, apply_overrides};
use crate::vocabulary::Defence;

/// The section, when the stash holds anything or a change is waiting.
pub fn gear_section(ui: &mut egui::Ui, campaigning: &Campaigning, choices: &mut Choices) {
    let ruleset = &campaigning.ruleset;
    let rules = &campaigning.rules.gear;
    // The warband as the road, the deals and the changes chosen would
    // leave it.
    let (traded, _) = after_deals(campaigning, choices);
    let mut after = traded.clone();
    if let Err(why) = after.change_gear(&choices.gear, (ruleset, rules)) {
        ui.colored_label(egui::Color32::LIGHT_RED, why);
        choices.gear.clear();
        after = traded;
    }
    let campaign = after.campaign();
    for band in campaign.bands() {
        if after.stash(band).is_empty() && !choices.gear.iter().any(|c| band_of(c) == band) {
            continue;
        }
        ui.add_space(8.0);
        let whose = match (band, campaign.warband_of(band)) {
            (Band::Rival, Some(rival)) => format!("{}'s stash", rival.name),
            _ => "The stash".to_string(),
        };
        ui.label(egui::RichText::new(format!("Spoils and gear: {whose}")).strong());
        ui.label(stash_words(after.stash(band), ruleset));
        members_gear(ui, &after, band, ruleset, choices, campaigning);
    }
}

fn band_of(change: &GearChange) -> Band {
    match change {
        GearChange::Give { band, .. } | GearChange::Stow { band, .. } => *band,
    }
}

/// A row a member with the warband: what it carries, a list to give it
/// from the stash, and a button to put back each weapon.
fn members_gear(
    ui: &mut egui::Ui,
    after: &CampaignState,
    band: Band,
    ruleset: &Ruleset,
    choices: &mut Choices,
    campaigning: &Campaigning,
) {
    let rules = &campaigning.rules.gear;
    let foe = next_foe(after, campaigning);
    let mut stash: Vec<&String> = after.stash(band).iter().collect();
    stash.sort();
    stash.dedup();
    egui::Grid::new(("gear", band))
        .striped(true)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for member in after.members_of(band) {
                if member.whereabouts != Whereabouts::WithWarband {
                    continue;
                }
                let (weapons, shield) = carried(member, ruleset);
                ui.label(&member.spec.name);
                let mut names: Vec<String> = weapons.iter().map(|w| name(w, ruleset)).collect();
                names.extend(shield.iter().map(|s| name(s, ruleset)));
                names.extend(member.worn(ruleset).map(|a| name(&a, ruleset)));
                ui.label(names.join(", "));
                egui::ComboBox::from_id_salt(("give", band, &member.spec.id))
                    .selected_text("Give from the stash")
                    .width(220.0)
                    .show_ui(ui, |ui| {
                        for item in &stash {
                            let open = check_give(member, item, (ruleset, rules));
                            let words = item_words(member, item, foe.as_ref(), ruleset);
                            let response = ui.add_enabled(open.is_ok(), egui::Button::new(words));
                            let response = match &open {
                                Err(why) => response.on_disabled_hover_text(why),
                                Ok(()) => response,
                            };
                            if response.clicked() {
                                choices.gear.push(GearChange::Give {
                                    band,
                                    member: member.spec.id.clone(),
                                    item: (*item).clone(),
                                });
                            }
                        }
                    });
                ui.horizontal(|ui| {
                    // The last weapon is kept: no button puts it back.
                    if weapons.len() > 1 {
                        ui.label("Put back:");
                    }
                    for weapon in weapons.iter().filter(|_| weapons.len() > 1) {
                        let button = ui
                            .small_button(name(weapon, ruleset))
                            .on_hover_text("Into the stash, for another to take");
                        if button.clicked() {
                            choices.gear.push(GearChange::Stow {
                                band,
                                member: member.spec.id.clone(),
                                item: weapon.clone(),
                            });
                        }
                    }
                });
                ui.end_row();
            }
        });
    if !choices.gear.is_empty() && ui.button("Undo the changes of gear").clicked() {
        choices.gear.clear();
    }
}

fn name(id: &str, ruleset: &Ruleset) -> String {
    ruleset.thing_name(id)
}

/// A thing of the stash as the list offers it to `member`: what it is and
/// what it would change against `foe`.
fn item_words(member: &Member, item: &str, foe: Option<&Foe>, ruleset: &Ruleset) -> String {
    if let Some(piece) = ruleset.armour.pieces.get(item) {
        let odds = foe.and_then(|foe| armour_odds_words(member, item, foe, ruleset));
        let change = dressed_words(member, item, ruleset).unwrap_or_else(|| worn_words(piece));
        return format!("{}: {change}{}", piece.name, odds.unwrap_or_default());
    }
    ruleset.weapons.get(item).map_or_else(String::new, |w| {
        let odds = foe.and_then(|foe| odds_words(member, w, foe, ruleset));
        format!("{}: {}{}", w.name, what(w), odds.unwrap_or_default())
    })
}

/// What a piece of armour does, in a few words: "armour 2, one Dodge die
/// less to one who dodges".
fn worn_words(piece: &ArmourPiece) -> String {
    match piece.hinders {
        0 => format!("armour {}", piece.armour),
        1 => format!(
            "armour {}, one Dodge die less to one who dodges",
            piece.armour
        ),
        n => format!(
            "armour {}, {n} Dodge dice less to one who dodges",
            piece.armour
        ),
    }
}

/// What a thing of the market or the stash does, in a few words.
pub fn about(item: &str, ruleset: &Ruleset) -> String {
    match (ruleset.armour.pieces.get(item), ruleset.weapons.get(item)) {
        (Some(piece), _) => worn_words(piece),
        (None, Some(weapon)) => what(weapon),
        (None, None) => String::new(),
    }
}

/// `member` as it would be in the armour `item`.
fn dressed(member: &Member, item: &str) -> Member {
    let mut dressed = member.clone();
    dressed.spec.worn = Some(item.to_string());
    dressed
}

/// What wearing `item` changes on `member`: "armour 2 (now 1), Dodge 3
/// (now 4)"; its Dodge only where it changes.
fn dressed_words(member: &Member, item: &str, ruleset: &Ruleset) -> Option<String> {
    let now = member.template(ruleset)?;
    let then = dressed(member, item).template(ruleset)?;
    let dodge = |t: &CreatureTemplate| t.defences.get(&Defence::Dodge).copied().unwrap_or(0);
    let mut words = format!("armour {} (now {})", then.armour, now.armour);
    if dodge(&then) != dodge(&now) {
        words.push_str(&format!(", Dodge {} (now {})", dodge(&then), dodge(&now)));
    }
    Some(words)
}

/// The chance the foe's blow, unanswered, harms `member` wearing `item`,
/// beside its chance now.
fn armour_odds_words(member: &Member, item: &str, foe: &Foe, ruleset: &Ruleset) -> Option<String> {
    let weapon = foe.weapon.as_ref()?;
    let harms = |member: &Member| {
        let me = member.template(ruleset)?;
        Some(1.0 - blow_odds(&foe.template, weapon, &me, ruleset).nothing)
    };
    Some(format!(
        ". A {}'s blow, unanswered, harms {} {} of the time (now {})",
        foe.name,
        member.spec.name,
        percent(harms(&dressed(member, item))?),
        percent(harms(member)?)
    ))
}

/// What a weapon or shield does, in a few words: "Heavy, two hands",
/// "Block +2, armour +1 while it holds".
pub fn what(weapon: &Weapon) -> String {
    if let Some(shield) = weapon.shield {
        return format!(
            "Block +{}, armour +{} while it holds",
            shield.block, shield.armour
        );
    }
    let mut parts = vec![format!("{} damage", weapon.weight.name())];
    if weapon.hands == 2 {
        parts.push("two hands".into());
    }
    if weapon.reach {
        parts.push("strikes from Alone".into());
    }
    if let Some(range) = weapon.range {
        parts.push(format!("range {range} zones"));
    }
    parts.join(", ")
}

/// The stash in words: "In the stash: Short sword (3), Dagger and Medium
/// shield.", or that it is empty.
fn stash_words(stash: &[String], ruleset: &Ruleset) -> String {
    if stash.is_empty() {
        return "The stash is empty.".into();
    }
    let names: Vec<String> = stash.iter().map(|id| name(id, ruleset)).collect();
    format!("In the stash: {}.", join_names(&names))
}

/// The campaign as the road and deals chosen would leave it, before the
/// gear: the state the gear section works on. Deals that no longer hold
/// (another road chosen) are dropped, with why.
pub fn after_deals(
    campaigning: &Campaigning,
    choices: &mut Choices,
) -> (CampaignState, Option<String>) {
    let on_road = on_road(campaigning.state(), choices.road);
    let mut after = on_road.clone();
    match after.trade(&choices.deals, (&campaigning.ruleset, &campaigning.rules)) {
        Ok(_) => (after, None),
        Err(why) => {
            choices.deals.clear();
            (on_road, Some(why))
        }
    }
}

/// `state` with `road` chosen, where it offers roads.
pub fn on_road(state: &CampaignState, road: Option<usize>) -> CampaignState {
    let mut state = state.clone();
    if let Some(road) = road {
        // A road the page offered: it is on offer.
        let _ = state.choose_road(road);
    }
    state
}

/// The foe the odds are shown against: the commonest of the next battle's
/// foes (the first among equals), by its creature's name, as it takes the
/// field, with the weapon it strikes with.
struct Foe {
    name: String,
    template: CreatureTemplate,
    weapon: Option<Weapon>,
}

/// [`Foe`] of the battle the road chosen in `state` leads to, if it leads
/// to one.
fn next_foe(state: &CampaignState, campaigning: &Campaigning) -> Option<Foe> {
    let Stage::After { battle, next } = state.stage() else {
        return None;
    };
    let (_, WayOn::Battle(next)) = state.campaign().battle(battle)?.by_road(next, state.road())
    else {
        return None;
    };
    let battle = state.campaign().battle(&next)?;
    let level = campaigning.loaded.levels.get(&next)?;
    let ruleset = &campaigning.ruleset;
    let foes: Vec<&UnitSpec> = level
        .units
        .iter()
        .filter(|u| u.side != battle.side && ruleset.creatures.contains_key(&u.template))
        .collect();
    let commonest = foes.iter().max_by_key(|u| {
        let count = foes.iter().filter(|f| f.template == u.template).count();
        // The first among equals: max_by_key keeps the last.
        (
            count,
            std::cmp::Reverse(foes.iter().position(|f| f.template == u.template)),
        )
    })?;
    let mut template = ruleset.creatures.get(&commonest.template)?.clone();
    apply_overrides(&mut template, &commonest.overrides);
    let weapon = template
        .weapons
        .first()
        .and_then(|id| ruleset.weapons.get(id))
        .cloned();
    Some(Foe {
        name: template.name.clone(),
        template,
        weapon,
    })
}

/// What `item` would change against `foe`, as the battle's odds count it:
/// for a weapon, the chances a blow of the member's harms the foe and
/// deals it a Trauma or worse (its best weapon's now); for a shield, the
/// chance the foe's blow harms the member when it blocks (with its own
/// shield now). None where it changes neither.
fn odds_words(member: &Member, item: &Weapon, foe: &Foe, ruleset: &Ruleset) -> Option<String> {
    let me = member.template(ruleset)?;
    if item.shield.is_some() {
        let weapon = foe.weapon.as_ref()?;
        me.defences.get(&Defence::Block)?;
        let own = me.shield.as_ref().and_then(|id| ruleset.weapons.get(id));
        let harms =
            |shield| 1.0 - blocked_blow_odds(&foe.template, weapon, (&me, shield), ruleset).nothing;
        return Some(format!(
            ". A {}'s blow, blocked, harms {} {} of the time (now {})",
            foe.name,
            member.spec.name,
            percent(harms(Some(item))),
            percent(harms(own))
        ));
    }
    // Harmed at all, and a Trauma or worse.
    let shares = |w: &Weapon| {
        let odds = blow_odds(&me, w, &foe.template, ruleset);
        (
            1.0 - odds.nothing,
            odds.trauma + odds.killing_blow + odds.massive,
        )
    };
    let (weapons, _) = carried(member, ruleset);
    let now = weapons
        .iter()
        .filter_map(|id| ruleset.weapons.get(id))
        .map(shares)
        .fold((0.0, 0.0), |best, it| {
            if it.1 > best.1 || (it.1 == best.1 && it.0 > best.0) {
                it
            } else {
                best
            }
        });
    let then = shares(item);
    Some(format!(
        ". Against a {}: harms {}, a Trauma or worse {} (its best now: {}, {})",
        foe.name,
        percent(then.0),
        percent(then.1),
        percent(now.0),
        percent(now.1)
    ))
}
