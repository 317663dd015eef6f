//! The crate's tests that span sections: the contract on every scenario
//! and option, hidden information, the rulebook's numbers and examples.

pub mod util;

mod contract;
mod hidden;
mod secrecy;
mod sections;
