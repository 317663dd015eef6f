//! Tests: worked examples, one per rule section, contract and playouts.

mod contract;
