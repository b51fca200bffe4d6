//! The roads after a battle (RULES section 44): the player's choice among
//! those the campaign offers and the choice an AI commander makes (the
//! weeks and way on each gives are `CampaignBattle::by_road`; the campaign
//! check checks the roads, the towns and the map).

use super::format::{Between, Road, WayOn};
use super::progress::{CampaignState, Stage};

impl CampaignState {
    /// The roads on offer now: after a battle whose result leads on to
    /// another, those the battle offers; else none.
    pub fn roads(&self) -> &[Road] {
        match &self.stage {
            Stage::After {
                battle,
                next: WayOn::Battle(_),
            } => self.campaign.battle(battle).map_or(&[], |b| &b.roads),
            _ => &[],
        }
    }

    /// The road chosen (the first on offer until one is chosen).
    pub fn road(&self) -> Option<usize> {
        (!self.roads().is_empty()).then_some(self.road.unwrap_or(0))
    }

    /// Chooses the road to march on by, among [`Self::roads`].
    pub fn choose_road(&mut self, road: usize) -> Result<(), String> {
        let roads = self.roads();
        if roads.is_empty() {
            return Err("there is no road to choose here".into());
        }
        if road >= roads.len() {
            return Err(format!(
                "road {} chosen, but there are {}",
                road + 1,
                roads.len()
            ));
        }
        self.road = Some(road);
        Ok(())
    }
}

/// The road an AI commander takes (and the player's default until one is
/// chosen): with anyone hurt, the one that heals most (a healer, then the
/// most weeks without travel); else the one with the fewest weeks; the
/// first among equals.
pub fn choose_road(state: &CampaignState) -> Option<usize> {
    let roads = state.roads();
    if roads.is_empty() {
        return None;
    }
    let hurt = state
        .members()
        .iter()
        .chain(state.rival())
        .any(|m| m.counts() && (m.hurt() || m.coma));
    let resting = |a: &Between| {
        let still = if a.week.travel { 0 } else { a.weeks };
        (a.healer.is_some(), still.saturating_add(a.rest_weeks))
    };
    (0..roads.len()).min_by_key(|&i| {
        let after = &roads[i].after;
        match hurt {
            true => {
                let (healer, still) = resting(after);
                (u8::from(!healer), u8::MAX - still)
            }
            false => (0, after.weeks),
        }
    })
}
