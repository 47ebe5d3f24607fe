//! The engine's tests: one binary, one module per part of the engine.

mod engine;
mod estimate;
mod optimize;
mod pace;
mod shared;
mod split;
mod toys;
mod trace;
mod turns;
mod value;
mod work;
