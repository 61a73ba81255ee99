//! Integration tests of the `grundy` library: one binary, one module a topic.

mod certificate;
mod counting;
mod period;
mod seeds;
