//! Integration tests of the solver layer: one binary, one module a topic.

mod boards;
mod frequencies;
mod from_the_period;
mod hostile_store;
mod house;
mod misere_charged;
mod misere_play;
mod multiheap;
mod options;
mod rogalski;
mod sharing;
mod stopping;
mod storing;
mod threads;
mod waiting_for_itself;
mod windowed;
mod wire;
