//! Integration tests of the `grundy` library: one binary, one module a topic.

mod common;
mod judge;
mod laws;
mod literal;
mod multiheap;
mod properties;
mod seeds;
mod specs;
