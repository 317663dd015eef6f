//! Tests: one per rule (quoting the amendment clause or the base reading
//! it checks), the base values, hidden information, the engine contract on
//! every scenario, and random playouts.

mod amendments;
mod base;
mod contract;
mod hidden_info;
mod secrecy;
pub(crate) mod util;
