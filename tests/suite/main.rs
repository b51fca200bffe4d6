//! Every integration test, in one binary (one link of Bevy instead of one per
//! file). Each module pins one family of rules with fixed dice; `scripts`
//! runs the rules scripts in `tests/scripts/`.

mod common;

mod ai;
mod ai_flyers_and_cover;
mod ai_objectives;
mod by_file;
mod campaign_advances;
mod campaign_captives;
mod campaign_for_two;
mod campaign_format;
mod campaign_gear;
mod campaign_roads;
mod campaign_saves;
mod campaign_trade;
mod campaign_weeks;
mod campaigns;
mod chariots;
mod cover;
mod defences;
mod endings;
mod expert;
mod flyers;
mod game;
mod hostile;
mod inclose;
mod injuries;
mod install;
mod layers;
mod melee;
mod mind;
mod mobs;
mod mounts;
mod mutants;
mod network;
mod network_binary;
mod pools;
mod properties;
mod ranks;
mod readers;
mod relay_load;
mod relay_strangers;
mod replays;
mod rules;
mod saves;
mod scripts;
mod sequences;
mod sound;
mod specials;
mod strangers;
mod swarms;
mod tactics;
mod warbands;
mod wielding;
mod words;
