//! One question a file: each answers one question of the solver's face
//! ([`Solver`](crate::Solver)) from the solver's tables, the store and the
//! library, and returns its report. The face's methods only delegate here;
//! a question that needs one kind of game asks
//! [`Game::sum_of_heaps`](crate::Game::sum_of_heaps),
//! [`Game::multiheap`](crate::Game::multiheap),
//! [`Game::board`](crate::Game::board) or
//! [`Game::board_family`](crate::Game::board_family) first, and every limit it
//! checks is checked by [`limits`](crate::limits).

pub(crate) mod analyze;
pub(crate) mod answer;
pub(crate) mod board;
pub(crate) mod board_misere;
pub(crate) mod board_moves;
pub(crate) mod board_values;
pub(crate) mod catalogue_entry;
pub(crate) mod count;
pub(crate) mod frequencies;
pub(crate) mod genera;
pub(crate) mod heap_game;
pub(crate) mod misere_position;
pub(crate) mod moves;
pub(crate) mod moves_game;
pub(crate) mod p_positions;
pub(crate) mod p_positions_iter;
pub(crate) mod period;
pub(crate) mod position;
pub(crate) mod quotient;
pub(crate) mod values;
pub(crate) mod verify;
