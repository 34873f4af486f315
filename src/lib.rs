//! rokade: a UCI chess engine. The binary speaks UCI (`src/uci`); the library holds
//! the rules wrapper, the search and the evaluation so that tests and benches reach them.

pub mod analysis;
pub mod bench;
pub mod book;
pub mod datagen;
pub mod eval;
pub mod fuzz;
pub mod genfens;
pub mod levels;
pub mod perft;
pub mod position;
pub mod puzzles;
pub mod search;
pub mod stoplatency;
pub mod uci;
