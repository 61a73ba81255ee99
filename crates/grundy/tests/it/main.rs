//! Integration tests of the `grundy` library: one binary, one module a topic.

mod bitsets;
mod boards;
mod cancel;
mod certificate;
mod common;
mod counting;
mod heap_game;
mod judge;
mod laws;
mod literal;
mod mirror;
mod misere;
mod misere_certificate;
mod misere_limits;
mod misere_period;
mod misere_published;
mod misere_strategy;
mod multiheap;
mod period;
mod properties;
mod rules;
mod search_window;
mod seeds;
mod sparse;
mod specs;
mod vectors;
