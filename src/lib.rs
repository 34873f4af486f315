//! rokade: a UCI chess engine. The binary speaks UCI (`src/uci`); the library holds
//! the rules wrapper, the search and the evaluation so that tests and benches reach them.

pub mod analysis;
pub mod book;
pub mod eval;
pub mod position;
pub mod puzzles;
pub mod search;
pub mod tools;
pub mod uci;
