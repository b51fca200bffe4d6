//! The arithmetic of every rule, as plain functions over plain data.
//!
//! The ECS systems, the odds preview and the AI all call these: one
//! implementation of each rule.

pub mod action_dice;
pub mod advancement;
pub mod aftermath;
pub mod attack;
pub mod countdown;
pub mod damage;
pub mod defence;
pub mod dice;
pub mod gear;
pub mod injury;
pub mod movement;
pub mod numbers;
pub mod odds;
pub mod payment;
pub mod rolls;
pub mod special;
