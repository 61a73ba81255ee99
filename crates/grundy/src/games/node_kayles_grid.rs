//! Node-Kayles on the free cells of a grid: the graph game of
//! [`NodeKayles`](super::NodeKayles) on a subgraph of a grid, held as a
//! [`Board`] instead of a graph.
//!
//! A vertex of a grid graph is a cell, and its neighbours are the cells
//! beside it, so a position met in Node-Kayles on a grid is a set of free
//! cells: a board. A board splits into its regions with the board's flood
//! and is made canonical under the eight symmetries of the square in a few
//! word operations, where a graph needs colour refinement to find an
//! isomorphism class; and a region of up to 57 cells is one word for the
//! table. The symmetries of the square are isomorphisms of the graph, so a
//! region and its canonical form have the same value. (Two regions whose
//! graphs are isomorphic but which are not congruent keep two canonical
//! boards: that costs a search, never a wrong value.)

use super::bits::Word;
use super::board::{Board, Simplify};
use super::node_kayles::Vertex;
use crate::search::{Codec, Game};

/// Node-Kayles on the free cells of a [`Board`]: a move takes a free cell
/// and every free cell beside it (sharing a side); whoever finds the board
/// empty loses. A move is named as the vertex
/// [`Graph::grid`](super::Graph::grid) gives the cell: `row × cols + col`.
///
/// ```
/// use grundy::games::{Board, NodeKaylesGrid};
/// use grundy::search::{self, Options, Search};
/// let mut search = Search::new(NodeKaylesGrid, Options::default());
/// // The 3 × 4 grid is lost (OEIS A316632), the 3 × 5 grid is *3.
/// assert_eq!(search.nimber(&Board::rectangle(3, 4)?, &mut search::silent)?.value(), 0);
/// assert_eq!(search.nimber(&Board::rectangle(3, 5)?, &mut search::silent)?.value(), 3);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NodeKaylesGrid;

/// The regions as they are: no cell of a Node-Kayles board is dropped
/// before splitting (a lone cell is a move, `*1`).
#[derive(Clone, Copy, Debug)]
struct EveryCell;

impl Simplify for EveryCell {
    fn simplify<W: Word>(&self, free: W, _: usize, _: usize) -> W {
        free
    }
}

impl NodeKaylesGrid {
    /// The board after the move on the free cell in row `row`, column
    /// `col`: that cell and the free cells beside it blocked.
    fn after(board: &Board, row: u32, col: u32) -> Board {
        let cols = board.cols() as usize;
        let i = row as usize * cols + col as usize;
        let mut taken = [i; 5];
        if row > 0 && board.is_free(row - 1, col) {
            taken[1] = i - cols;
        }
        if board.is_free(row + 1, col) {
            taken[2] = i + cols;
        }
        if col > 0 && board.is_free(row, col - 1) {
            taken[3] = i - 1;
        }
        if board.is_free(row, col + 1) {
            taken[4] = i + 1;
        }
        board
            .without(taken[0], taken[1])
            .without(taken[2], taken[3])
            .without(taken[4], taken[4])
    }
}

impl Game for NodeKaylesGrid {
    type Position = Board;
    type Move = Vertex;

    /// Every free cell, in reading order.
    fn moves(&self, board: &Board, out: &mut Vec<(Vertex, Board)>) {
        let cols = board.cols();
        for row in 0..board.rows() {
            for col in (0..cols).filter(|&c| board.is_free(row, c)) {
                out.push((Vertex(row * cols + col), Self::after(board, row, col)));
            }
        }
    }

    /// Cells near the middle of the board first: they cut it in pieces.
    fn move_rank(&self, board: &Board, v: &Vertex) -> u64 {
        let cols = board.cols().max(1);
        let (row, col) = (v.0 / cols, v.0 % cols);
        let dr = 2 * i64::from(row) - (i64::from(board.rows()) - 1);
        let dc = 2 * i64::from(col) - (i64::from(cols) - 1);
        dr.unsigned_abs() + dc.unsigned_abs()
    }

    /// The connected regions of free cells (a lone cell too), each cropped
    /// and turned to its canonical form.
    fn components(&self, board: &Board, out: &mut Vec<Board>) {
        board.regions(1, EveryCell, out);
    }

    /// Each move takes at least one cell.
    fn nimber_bound(&self, board: &Board) -> u32 {
        board.free_cells()
    }

    /// A board that is its own image under the half turn, with no free
    /// cell at or beside its image, is lost: the second player answers
    /// each cell with its image, which the first move left free (it is
    /// neither the cell nor beside it), and the board is again its own
    /// image.
    fn nimber_known(&self, board: &Board) -> Option<u32> {
        board.lost_by_symmetry().then_some(0)
    }

    fn weight(&self, board: &Board) -> u64 {
        u64::from(board.free_cells())
    }

    fn heap_bytes(&self, board: &Board) -> usize {
        board.heap_bytes()
    }

    /// A board of at most 57 cells is one word: its facts take 16 bytes.
    fn key(&self, board: &Board) -> Option<u64> {
        board.key()
    }

    fn position_of_key(&self, key: u64) -> Option<Board> {
        Board::from_key(key)
    }
}

impl Codec for NodeKaylesGrid {
    fn name(&self) -> String {
        "node-kayles-grid".into()
    }

    fn encode(&self, board: &Board, out: &mut Vec<u8>) {
        board.encode(out);
    }

    fn decode(&self, bytes: &mut &[u8]) -> Option<Board> {
        Board::decode(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::NodeKaylesGrid;
    use crate::games::{Board, Graph, NodeKayles};
    use crate::search::{Game, Options, Search, naive, silent};

    fn graph_of(board: &Board) -> Graph {
        Graph::of_cells(board).unwrap()
    }

    #[test]
    fn a_move_takes_the_cell_and_its_free_neighbours() {
        let board: Board = "...\n.#.\n...".parse().unwrap();
        let mut moves = Vec::new();
        NodeKaylesGrid.moves(&board, &mut moves);
        let named: Vec<u32> = moves.iter().map(|(v, _)| v.0).collect();
        assert_eq!(named, [0, 1, 2, 3, 5, 6, 7, 8]);
        let after_corner = &moves[0].1;
        assert_eq!(after_corner.to_string(), "##.\n##.\n...");
        let after_edge = &moves[1].1;
        assert_eq!(after_edge.to_string(), "###\n.#.\n...");
    }

    /// Moves name the same vertices, and lead to the same positions, as
    /// the graph game on the grid's graph, on every board of up to 9 cells
    /// of three shapes.
    #[test]
    fn moves_are_the_graph_games_moves() {
        for (rows, cols) in [(3, 3), (2, 4), (1, 7)] {
            let n = rows * cols;
            for mask in 0u32..1 << n {
                let mut board = Board::rectangle(rows, cols).unwrap();
                for i in (0..n).filter(|i| mask >> i & 1 == 1) {
                    board = board.block(i / cols, i % cols).unwrap();
                }
                let (mut ours, mut theirs) = (Vec::new(), Vec::new());
                NodeKaylesGrid.moves(&board, &mut ours);
                NodeKayles.moves(&graph_of(&board), &mut theirs);
                assert_eq!(ours.len(), theirs.len(), "{board}");
                for ((v, after), (w, graph)) in ours.iter().zip(&theirs) {
                    assert_eq!(v, w, "{board}");
                    assert_eq!(graph_of(after), *graph, "{board} after {v}");
                }
            }
        }
    }

    /// Every board of up to 12 cells that the half-turn rule calls lost is
    /// lost by the definition (the naive twin).
    #[test]
    fn the_symmetry_rule_agrees_with_the_definition() {
        let mut lost = 0;
        for (rows, cols) in [(2, 4), (3, 4), (2, 6)] {
            let n = rows * cols;
            for mask in 0u32..1 << n {
                let mut board = Board::rectangle(rows, cols).unwrap();
                for i in (0..n).filter(|i| mask >> i & 1 == 1) {
                    board = board.block(i / cols, i % cols).unwrap();
                }
                if NodeKaylesGrid.nimber_known(&board).is_some() {
                    lost += 1;
                    let value =
                        naive::nimber(&NodeKaylesGrid, &board, Default::default(), &mut silent)
                            .unwrap();
                    assert!(value.is_zero(), "{board}");
                }
            }
        }
        assert!(lost > 20, "{lost} boards lost by symmetry");
        let mut search = Search::new(NodeKaylesGrid, Options::default());
        let v = search.nimber(&Board::rectangle(2, 6).unwrap(), &mut silent);
        assert!(v.unwrap().is_zero());
    }
}
