//! Integration tests of the `grundy` library: one binary, one module a topic.

mod counting;
mod period;
mod seeds;
