//! Tests: the rulebook's worked examples, one test (or more) per rule
//! section quoting what it checks, the engine contract on every scenario,
//! and random playouts.

mod audit;
mod contract;
mod examples;
mod fuzz;
mod secrecy;
mod sections;
pub(crate) mod util;
