//! The tools around the engine: the bench, perft and genfens (also UCI commands), the
//! training-data generator, the strength levels' listing, and the development tools (the UCI
//! fuzzer, the stop-latency measurement), and `cli`, the command line that names them all.

pub mod bench;
pub mod cli;
pub mod datagen;
pub mod fuzz;
pub mod genfens;
pub mod levels;
pub mod perft;
pub mod stoplatency;
