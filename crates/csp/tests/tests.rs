//! The csp tests: one binary, one module per part. Every solution a search
//! reports is checked by code that shares nothing with the model.

mod arith;
mod binary;
mod branch;
mod circuit;
mod constraints;
mod deadline;
mod disjunctive;
mod divide;
mod fingerprint;
mod globals;
mod hall;
mod hidato;
mod interval;
mod kakuro;
mod layers;
mod linear;
mod lns;
mod logic;
mod model;
mod objective;
mod parallel;
mod propagation;
mod puzzle;
mod regular;
mod restarts;
mod runner;
mod samurai;
mod schedule;
mod user;
mod wake;
