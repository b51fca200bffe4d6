//! Each battle event in words, with the display names of its combatants,
//! sides, weapons and spells.

use super::{Names, counted, dice_of, exposure_dice, faces, ranks_left, state_name, successes_of};
use crate::battle::events::{BattleEvent, Outcome};
use crate::rules::movement::FlightKind;

pub(super) struct Narrated<'a>(pub &'a BattleEvent, pub &'a Names<'a>);

impl std::fmt::Display for Narrated<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use BattleEvent::*;
        let Narrated(event, names) = self;
        match event {
            BattleStarted { level, seed } => write!(f, "{level} begins (seed {seed})"),
            Surprise { side } => {
                let side = names.side(side);
                write!(f, "{side} have surprise: the others get no dice")
            }
            SurpriseOver => write!(f, "the surprise is over"),
            RoundStarted { round } => write!(f, "round {round} begins"),
            ActionDiceRolled {
                unit,
                rolled,
                extra,
            } => {
                let unit = names.unit(unit);
                write!(f, "{unit} rolls {}", faces(rolled))?;
                if !extra.is_empty() {
                    write!(f, " and gains {} for sixes", faces(extra))?;
                }
                Ok(())
            }
            NoActionDice { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is caught unprepared: no dice")
            }
            DicePaid { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit} pays {}", faces(dice))
            }
            Held { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} holds its action")
            }
            Passed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} passes for the round")
            }
            EffortSpent { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} spends a 1 on Effort: +1 die")
            }
            RankRestored { unit, remaining } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} is healed: a rank restored, {}",
                    ranks_left(*remaining)
                )
            }
            WoundsChosen { units, take } if units.is_empty() => {
                write!(f, "wounded, they already {}", take.name())
            }
            WoundsChosen { units, take } => {
                let units: Vec<String> = units.iter().map(|u| names.unit(u)).collect();
                write!(f, "{} will {} when wounded", units.join(", "), take.name())
            }
            DieRaised { unit, from, to } => {
                let unit = names.unit(unit);
                write!(f, "{unit} spends a 1 to raise a {from} to {to}")
            }
            Moved { unit, from, to } => {
                let unit = names.unit(unit);
                write!(f, "{unit} moves {from} to {to}")
            }
            Charged { unit, target, to } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(f, "{unit} charges {target} in {to}")
            }
            Withdrew { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} withdraws from the melee")
            }
            JoinedGroup { unit, with } => {
                let unit = names.unit(unit);
                let with = names.unit(with);
                write!(f, "{unit} joins {with}")
            }
            LeftGroup { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} leaves its group")
            }
            DragRolled {
                unit,
                target,
                dice,
                successes,
                resist_dice,
                resisted,
                dragged,
            } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} tries to drag {target} into the melee: {} against {} ({successes} to {resisted}), {}",
                    faces(dice),
                    faces(resist_dice),
                    if *dragged { "dragged in" } else { "resisted" }
                )
            }
            StatusChanged { unit, status } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is now {}", status.words())
            }
            LeftTable { unit, edge } => {
                let unit = names.unit(unit);
                write!(f, "{unit} leaves the table to the {}", edge.name())
            }
            AttackRolled {
                attacker,
                target,
                weapon,
                dice,
                superiority_level,
                hits,
                exposure_used,
                advantage_dice,
            } => {
                let attacker = names.unit(attacker);
                let target = names.unit(target);
                let weapon = names.weapon(weapon);
                write!(
                    f,
                    "{attacker} attacks {target} with {weapon}: {} hitting on {superiority_level}+, {}",
                    faces(dice),
                    counted(*hits, "hit", "hits")
                )?;
                if *exposure_used > 0 {
                    write!(f, ", {exposure_used} from exposure")?;
                }
                if *advantage_dice > 0 {
                    write!(f, ", {advantage_dice} for advantage")?;
                }
                Ok(())
            }
            Missed { attacker, target } => {
                let attacker = names.unit(attacker);
                let target = names.unit(target);
                write!(f, "{attacker} misses {target}")
            }
            Exposed { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is left with {}", exposure_dice(*dice))
            }
            Fumbled { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} fumbles: more 1s than hits")
            }
            Damaged {
                unit,
                damage,
                armour,
            } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes {damage} damage (armour {armour})")
            }
            DamageStopped { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s armour stops the blow")
            }
            StateTaken { unit, state } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes {}", state_name(*state))
            }
            RankLost { unit, remaining } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses a rank ({})", ranks_left(*remaining))
            }
            Trauma { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} suffers a Trauma")
            }
            KillingBlow { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes a Killing Blow")
            }
            MassiveDamage { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes Massive damage")
            }
            OutOfAction { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is out of action")
            }
            BodyRoll {
                unit,
                dice,
                survived,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls BODY {}: {}",
                    faces(dice),
                    if *survived { "survives" } else { "fails" }
                )
            }
            Killed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is killed")
            }
            RecoveryRoll {
                unit,
                state,
                dice,
                passed,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls to shake off {} {}: {}",
                    state_name(*state),
                    faces(dice),
                    if *passed { "passed" } else { "failed" }
                )
            }
            StateCleared { unit, state } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is free of {}", state_name(*state))
            }
            ActionLost { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses the action")
            }
            RefreshCalled { by: Some(unit) } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is done for the round: refresh")
            }
            RefreshCalled { by: None } => write!(f, "nobody can act: refresh"),
            DieKept { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} keeps a die for the next round")
            }
            RoundClosed { round } => write!(f, "round {round} ends"),
            ZoneHeld { side, zone, rounds } => {
                let side = names.side(side);
                write!(f, "{side} hold {zone} ({rounds} round(s))")
            }
            BattleEnded {
                outcome: Outcome::Victory { side, how },
            } => write!(f, "Victory: {} ({how})", names.side(side)),
            BattleEnded {
                outcome: Outcome::Draw { reason },
            } => write!(f, "A draw ({reason})"),
            AttackDeclared {
                attacker,
                target,
                weapon,
            } => {
                let attacker = names.unit(attacker);
                let target = names.unit(target);
                let weapon = names.weapon(weapon);
                write!(f, "{attacker} attacks {target} with {weapon}: a defence?")
            }
            DefenceRolled {
                unit,
                defence,
                dice,
                successes,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls {} {}: {}",
                    defence.name(),
                    faces(dice),
                    successes_of(*successes)
                )
            }
            Dodged {
                unit,
                dice_removed,
                exposures,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} dodges away {} of the attack",
                    dice_of(*dice_removed)
                )?;
                if *exposures > 0 {
                    write!(f, ", {exposures} left over as exposures")?;
                }
                Ok(())
            }
            Parried { unit, turned } => {
                let unit = names.unit(unit);
                write!(f, "{unit} parries {turned} miss(es) into 1s")
            }
            Blocked {
                unit,
                shield_armour,
                exposures,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit}'s block holds: shield armour +{shield_armour}, {exposures} exposure(s) on the attacker"
                )
            }
            BlockOverwhelmed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s block is swept aside")
            }
            DefencePool {
                unit,
                defence,
                dice,
            } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s {} pool: {}", defence.name(), dice_of(*dice))
            }
            DefencePoolLost { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses its defence pool")
            }
            MentalRankLost { unit, remaining } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses a mental rank ({})", ranks_left(*remaining))
            }
            Crossover { unit, to } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s loss crosses over: a {} rank too", to.name())
            }
            CrossoverRegained {
                unit,
                side,
                remaining,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit}'s crossed-over {} rank comes back with the healing, {}",
                    side.name(),
                    ranks_left(*remaining)
                )
            }
            RankHeld { unit, side } => {
                let unit = names.unit(unit);
                write!(f, "{unit} stands at {} 9: no rank is lost", side.name())
            }
            ActionPoolBuilt { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s action pool: {}", dice_of(*dice))
            }
            ActionPoolLost { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses its action pool")
            }
            AimUsed { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes aim: +{dice} dice")
            }
            SpellDeclared {
                unit,
                spell,
                target,
            } => {
                let unit = names.unit(unit);
                let target = names.unit(target);
                write!(f, "{unit} casts {spell} at {target}: a defence?")
            }
            SpellCast {
                unit,
                spell,
                target,
                dice,
                successes,
            } => {
                let spell = names.spell(spell);
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} casts {spell} at {target}: {} {}",
                    faces(dice),
                    successes_of(*successes)
                )
            }
            BonusRanks { unit, side, bonus } => {
                let unit = names.unit(unit);
                let ranks = if *bonus == 1 { "rank" } else { "ranks" };
                write!(f, "{unit} now has {bonus} bonus {} {ranks}", side.name())
            }
            Squashed { attacker, unit } => {
                let (attacker, unit) = (names.unit(attacker), names.unit(unit));
                write!(
                    f,
                    "{attacker} defeats {unit} outright: at rank 0, the attack needs no roll"
                )
            }
            Riposte { unit, dice } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes {} to strike back", exposure_dice(*dice))
            }
            Injured {
                unit,
                location_dice,
                location,
                effect_roll,
                effect,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} is injured: {} hits the {}, effect {effect_roll}: {}",
                    faces(location_dice),
                    location.name(),
                    effect.name()
                )
            }
            InjuryRoll { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls to stay in action {}: {}",
                    faces(dice),
                    if *passed { "passed" } else { "failed" }
                )
            }
            DiceBurned { unit, dice } => {
                let unit = names.unit(unit);
                let burnt = counted(*dice, "action die", "action dice");
                write!(f, "{unit}'s wounds burn {burnt}")
            }
            DiceDiscarded { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses every action die left")
            }
            Bleeding {
                unit,
                location,
                dice,
                passed,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} bleeds from the {} {}: {}",
                    location.name(),
                    faces(dice),
                    if *passed { "holds on" } else { "a rank lost" }
                )
            }
            FootingRoll { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls for footing {}: {}",
                    faces(dice),
                    if *passed { "stays up" } else { "falls" }
                )
            }
            FatigueRoll {
                unit,
                characteristic,
                dice,
                passed,
            } => {
                let unit = names.unit(unit);
                let roll = match characteristic {
                    crate::vocabulary::RankSide::Physical => "BODY",
                    crate::vocabulary::RankSide::Mental => "WILL",
                };
                write!(
                    f,
                    "{unit} rolls {roll} against fatigue {}: {}",
                    faces(dice),
                    if *passed { "fresh" } else { "tired" }
                )
            }
            FellProne { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} falls prone")
            }
            StoodUp { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} stands up")
            }
            Dropped { unit, items } => {
                let items: Vec<String> = items.iter().map(|i| names.weapon(i)).collect();
                let unit = names.unit(unit);
                write!(f, "{unit} drops {}", items.join(", "))
            }
            MentalDamage { unit, damage } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes {damage} mental damage")
            }
            Panicked { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} panics and must flee")
            }
            Crushed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is crushed and falls to its knees")
            }
            RallyRoll { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls SPIRIT to rally {}: {}",
                    faces(dice),
                    if *passed { "passed" } else { "failed" }
                )
            }
            Rallied { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} rallies")
            }
            Intercepted { unit, by } => {
                let by = names.unit(by);
                let unit = names.unit(unit);
                write!(f, "{by} intercepts {unit}")
            }
            TookCover { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes cover")
            }
            FollowUp { unit, target } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(f, "{unit} follows up on {target}")
            }
            ClosedIn { unit, with } => {
                let unit = names.unit(unit);
                let with = names.unit(with);
                write!(f, "{unit} closes with {with}: InClose")
            }
            WrestleRoll {
                unit,
                dice,
                successes,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} wrestles {}: {}",
                    faces(dice),
                    successes_of(*successes)
                )
            }
            HoldTaken {
                unit,
                target,
                level,
            } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(f, "{unit} holds {target} ({} hold)", level.name())
            }
            HoldReleased { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is free of the hold")
            }
            SubdualDamage { unit, damage } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "the hold does {damage} subdual damage to {unit}, against its BODY roll"
                )
            }
            Subdued { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is subdued")
            }
            Yielded { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} yields")
            }
            OpportunityAttack { unit, target } => {
                let target = names.unit(target);
                let unit = names.unit(unit);
                write!(f, "{unit} strikes at {target} as it leaves the melee")
            }
            Special {
                attacker,
                target,
                special,
            } => {
                let attacker = names.unit(attacker);
                let target = names.unit(target);
                write!(
                    f,
                    "{attacker}'s extra successes buy {} on {target}",
                    special.name()
                )
            }
            Resisted { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls BODY to resist {}: {}",
                    faces(dice),
                    if *passed { "resisted" } else { "failed" }
                )
            }
            WeaponBroken { unit, item } => {
                let item = names.weapon(item);
                let unit = names.unit(unit);
                write!(f, "{unit}'s {item} breaks")
            }
            ActionDieLost { unit, face } => {
                let unit = names.unit(unit);
                write!(f, "{unit} loses an action die ({face})")
            }
            ArmourRemoved { unit, armour } => {
                let unit = names.unit(unit);
                write!(f, "{unit}'s armour is torn away: {armour} left")
            }
            KnockedBack { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is knocked out of the melee")
            }
            Hamstrung { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is hamstrung")
            }
            FearTest {
                unit,
                source,
                level,
                dice,
                passed,
            } => {
                let source = names.unit(source);
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} tests against {source}'s {} {}: {}",
                    level.name(),
                    faces(dice),
                    if *passed { "unafraid" } else { "afraid" }
                )
            }
            Flew {
                unit,
                from,
                to,
                facing,
                kind,
            } => {
                let unit = names.unit(unit);
                let how = match kind {
                    FlightKind::Cruise => "flies".to_string(),
                    FlightKind::Dive => "dives".to_string(),
                    FlightKind::Fall { beyond_control } => {
                        format!("plummets {beyond_control} zone(s) beyond its dive")
                    }
                };
                if from == to {
                    write!(f, "{unit} circles in {to}, facing {}", facing.name())
                } else {
                    write!(
                        f,
                        "{unit} {how} from {from} to {to}, facing {}",
                        facing.name()
                    )
                }
            }
            Hovering { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} hovers: melee can reach it")
            }
            TookOff { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} takes off")
            }
            Landed { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} lands")
            }
            Fell {
                unit,
                zones,
                dice,
                successes,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} falls ({}) {}: {} of damage",
                    counted(*zones, "zone", "zones"),
                    faces(dice),
                    successes_of(*successes)
                )
            }
            StruckFlyer { unit, flyer } => {
                let flyer = names.unit(flyer);
                let unit = names.unit(unit);
                write!(f, "{unit} strikes at {flyer} with its held action")
            }
            Drove {
                chariot,
                from,
                to,
                facing,
            } => {
                let chariot = names.unit(chariot);
                write!(
                    f,
                    "{chariot} drives from {from} to {to}, facing {}",
                    facing.name()
                )
            }
            DrivingRoll {
                unit,
                dice,
                penalty,
                passed,
                fumble,
            } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls to drive (-{penalty}) {}: {}",
                    faces(dice),
                    if *fumble {
                        "fumbled"
                    } else if *passed {
                        "passed"
                    } else {
                        "failed"
                    }
                )
            }
            TurnMissed { chariot } => {
                let chariot = names.unit(chariot);
                write!(f, "{chariot} fails the turn and runs on straight")
            }
            Balked { chariot, at } => {
                let chariot = names.unit(chariot);
                write!(f, "{chariot} balks at the ground of {at}")
            }
            Overturned { chariot } => {
                let chariot = names.unit(chariot);
                write!(f, "{chariot} overturns")
            }
            AtTheFront { chariot, unit } => {
                let chariot = names.unit(chariot);
                let unit = names.unit(unit);
                write!(f, "{unit} is at {chariot}'s front")
            }
            Mounted { unit, on } => {
                let on = names.unit(on);
                let unit = names.unit(unit);
                write!(f, "{unit} gets onto {on}")
            }
            Dismounted { unit, from } => {
                let from = names.unit(from);
                let unit = names.unit(unit);
                write!(f, "{unit} gets off {from}")
            }
            RidingRoll { unit, dice, passed } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} rolls BODY to keep its seat {}: {}",
                    faces(dice),
                    if *passed { "steady" } else { "thrown" }
                )
            }
            Galloped { unit, from, to } => {
                let unit = names.unit(unit);
                write!(
                    f,
                    "{unit} gallops from {from} to {to}: its rider cannot act"
                )
            }
            WarbandWeakened { unit, tier } => {
                let unit = names.unit(unit);
                match tier {
                    Some(tier) => write!(f, "{unit} is weakened to a {}", tier.name()),
                    None => write!(f, "{unit} is weakened to a single figure"),
                }
            }
            WarbandRouted { unit } => {
                let unit = names.unit(unit);
                write!(f, "{unit} is routed: it flees")
            }
        }
    }
}
