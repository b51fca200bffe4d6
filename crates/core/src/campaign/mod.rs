//! Campaigns: a warband that lives from battle to battle. The format and
//! its check, the aftermath of each battle and the weeks of healing after
//! it, and the campaign's progress, played by a player or by the AI.

pub mod advance;
pub mod aftermath;
pub mod captives;
pub mod check;
pub mod deeds;
pub mod end;
pub mod events;
pub mod fielding;
pub mod format;
pub mod gains;
pub mod gear;
pub mod healing;
pub mod history;
pub mod progress;
pub mod record;
pub mod roads;
pub mod run;
pub mod save;
pub mod spoils;
pub mod trade;
pub mod warband;
pub mod words;
