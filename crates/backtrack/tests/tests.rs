//! The engine's tests: one binary, one module per part of the engine.

mod engine;
mod optimize;
mod split;
mod toys;
mod work;
