//! Tests: the contract on random games, every chart line, the worked notes,
//! hidden information, and each section's rules.

mod charts;
mod contract;
mod hidden;
mod secrecy;
mod sections;
mod util;
