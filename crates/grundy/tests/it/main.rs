//! Integration tests of the `grundy` library: one binary, one module a topic.

mod multiheap;
mod seeds;
