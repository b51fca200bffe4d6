//! What an advance does to a member (RULES section 42): the value it
//! raises as the member stands, whether the member may take it, and the
//! gain put on its template and overrides.

use crate::data::CreatureTemplate;
use crate::level::UnitOverrides;
use crate::rules::action_dice::ActionDiceSpec;
use crate::rules::advancement::{AdvanceRule, Closed, Feat, Gain};
use crate::rules::injury::Injury;
use crate::vocabulary::Defence;

/// What `gain` reads on `template` (the member as it stands): the value
/// the advance raises, or whether it has the feat.
pub fn current(template: &CreatureTemplate, gain: Gain) -> Option<u8> {
    let rank = |r: i8| u8::try_from(r.max(0)).unwrap_or(0);
    match gain {
        Gain::Physical => Some(rank(template.physical)),
        Gain::Mental => Some(rank(template.mental)),
        Gain::Attack => Some(template.attack_dice),
        Gain::Defence(d) => Some(template.defences.get(&d).copied().unwrap_or(0)),
        Gain::ActionDie => match template.action_dice {
            ActionDiceSpec::Rolled(n) => Some(n),
            ActionDiceSpec::Fixed(_) => None,
        },
        Gain::Feat(feat) => Some(u8::from(has_feat(template, feat))),
    }
}

fn has_feat(template: &CreatureTemplate, feat: Feat) -> bool {
    match feat {
        Feat::Heroic => template.heroic,
        Feat::Wrestler => template.wrestler,
        Feat::DualWield => template.dual_wield,
        Feat::ParriesMissiles => template.parries_missiles,
    }
}

/// Whether one as `template` (a hero or not), carrying `injuries`, may take
/// `advance`.
pub fn check_advance(
    template: &CreatureTemplate,
    hero: bool,
    injuries: &[Injury],
    advance: &AdvanceRule,
) -> Result<(), Closed> {
    let limit = advance.limit.of(hero);
    if limit == 0 {
        return Err(Closed::NotFor { hero });
    }
    if let Some(injury) = injuries
        .iter()
        .find(|i| advance.closed_by.contains(&i.effect.kind()))
    {
        return Err(Closed::Injured(*injury));
    }
    let blocks_without_shield =
        advance.gain == Gain::Defence(Defence::Block) && template.shield.is_none();
    let Some(now) = current(template, advance.gain).filter(|_| !blocks_without_shield) else {
        return Err(Closed::CannotUse);
    };
    match advance.gain {
        Gain::Feat(_) if now > 0 => Err(Closed::Had),
        _ if now >= limit => Err(Closed::AtLimit(now)),
        _ => Ok(()),
    }
}

/// Puts `gain` on `template` and on the `overrides` that make it.
pub fn apply_gain(template: &mut CreatureTemplate, overrides: &mut UnitOverrides, gain: Gain) {
    match gain {
        Gain::Physical => {
            template.physical = template.physical.saturating_add(1);
            overrides.physical = Some(template.physical);
        }
        Gain::Mental => {
            template.mental = template.mental.saturating_add(1);
            overrides.mental = Some(template.mental);
        }
        Gain::Attack => {
            template.attack_dice = template.attack_dice.saturating_add(1);
            overrides.attack_dice = Some(template.attack_dice);
        }
        Gain::Defence(defence) => {
            let dice = template.defences.entry(defence).or_insert(0);
            *dice = dice.saturating_add(1);
            overrides.defences = Some(template.defences.clone());
        }
        Gain::ActionDie => {
            if let ActionDiceSpec::Rolled(n) = template.action_dice {
                template.action_dice = ActionDiceSpec::Rolled(n.saturating_add(1));
                overrides.action_dice = Some(template.action_dice.clone());
            }
        }
        Gain::Feat(feat) => {
            match feat {
                Feat::Heroic => template.heroic = true,
                Feat::Wrestler => template.wrestler = true,
                Feat::DualWield => template.dual_wield = true,
                Feat::ParriesMissiles => template.parries_missiles = true,
            }
            overrides.heroic = Some(template.heroic);
            overrides.wrestler = Some(template.wrestler);
            overrides.dual_wield = Some(template.dual_wield);
            overrides.parries_missiles = Some(template.parries_missiles);
        }
    }
}
