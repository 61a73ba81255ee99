//! Simple graphs of up to 128 vertices, with their connected components and
//! a canonical labelling.

use std::fmt;

use super::board::Board;
use crate::error::{Error, Result};

/// The most vertices a graph may have.
pub const MAX_VERTICES: u32 = 128;

/// A simple undirected graph (no loops, no repeated edges) on at most
/// [`MAX_VERTICES`] vertices, each with a name: the number it was given,
/// kept as other vertices are removed.
///
/// ```
/// use grundy::games::Graph;
/// let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3), (3, 0)])?;
/// assert_eq!(g, Graph::cycle(4)?);
/// assert_eq!((g.vertices(), g.edges()), (4, 4));
/// let rest = g.without(&[1])?;
/// assert_eq!(rest.names(), [0, 2, 3]);
/// assert_eq!(rest.edges(), 2);
/// assert!(Graph::from_edges(3, &[(1, 1)]).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    /// Bit `j` of `adjacent[i]`: vertices `i` and `j` are joined.
    adjacent: Vec<u128>,
    /// The name of each vertex.
    names: Vec<u32>,
}

impl Graph {
    /// The graph on vertices `0..vertices` with `edges`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput) for more
    /// than [`MAX_VERTICES`] vertices, an edge from a vertex to itself, or an
    /// edge naming a vertex past the last. An edge listed twice is one edge.
    pub fn from_edges(vertices: u32, edges: &[(u32, u32)]) -> Result<Graph> {
        if vertices > MAX_VERTICES {
            return Err(Error::input(format!(
                "the graph has {vertices} vertices; at most {MAX_VERTICES} are allowed"
            )));
        }
        let mut adjacent = vec![0u128; vertices as usize];
        for &(a, b) in edges {
            if a >= vertices || b >= vertices {
                return Err(Error::input(format!(
                    "the edge {a}-{b} names vertex {}, but the graph's vertices are 0 to {}",
                    a.max(b),
                    i64::from(vertices) - 1
                )));
            }
            if a == b {
                return Err(Error::input(format!(
                    "the edge {a}-{b} joins a vertex to itself; Node-Kayles graphs have no loops"
                )));
            }
            adjacent[a as usize] |= 1 << b;
            adjacent[b as usize] |= 1 << a;
        }
        Ok(Graph {
            adjacent,
            names: (0..vertices).collect(),
        })
    }

    /// The path of `n` vertices `0-1-…-(n−1)`.
    ///
    /// # Errors
    /// As [`Graph::from_edges`].
    pub fn path(n: u32) -> Result<Graph> {
        let edges: Vec<(u32, u32)> = (1..n).map(|i| (i - 1, i)).collect();
        Graph::from_edges(n, &edges)
    }

    /// The cycle of `n` vertices (for `n` of 3 or more; a path below).
    ///
    /// # Errors
    /// As [`Graph::from_edges`].
    pub fn cycle(n: u32) -> Result<Graph> {
        let mut edges: Vec<(u32, u32)> = (1..n).map(|i| (i - 1, i)).collect();
        if n >= 3 {
            edges.push((n - 1, 0));
        }
        Graph::from_edges(n, &edges)
    }

    /// The `rows × cols` grid, vertex `r·cols + c` in row `r`, column `c`,
    /// joined to the vertices beside, above and below it.
    ///
    /// # Errors
    /// As [`Graph::from_edges`].
    pub fn grid(rows: u32, cols: u32) -> Result<Graph> {
        let n = u64::from(rows) * u64::from(cols);
        let vertices = u32::try_from(n).unwrap_or(u32::MAX);
        if vertices > MAX_VERTICES {
            return Err(Error::input(format!(
                "a {rows} × {cols} grid has {n} vertices; at most {MAX_VERTICES} are allowed"
            )));
        }
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let v = r * cols + c;
                if c + 1 < cols {
                    edges.push((v, v + 1));
                }
                if r + 1 < rows {
                    edges.push((v, v + cols));
                }
            }
        }
        Graph::from_edges(vertices, &edges)
    }

    /// The graph of the free cells of `board`: each free cell `(r, c)` is
    /// the vertex `r·cols + c`, as [`Graph::grid`] numbers it, joined to
    /// the free cells beside, above and below it.
    ///
    /// ```
    /// use grundy::games::{Board, Graph};
    /// let board: Board = "..#\n...".parse()?;
    /// let graph = Graph::of_cells(&board)?;
    /// assert_eq!(graph, Graph::grid(2, 3)?.without(&[2])?);
    /// assert_eq!(graph.grid_cells(), Some(board));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput) for a
    /// board of more than [`MAX_VERTICES`] cells.
    pub fn of_cells(board: &Board) -> Result<Graph> {
        let (rows, cols) = (board.rows(), board.cols());
        let grid = Graph::grid(rows, cols)?;
        let blocked: Vec<u32> = (0..rows * cols)
            .filter(|&i| !board.is_free(i / cols, i % cols))
            .collect();
        grid.without(&blocked)
    }

    /// The board whose free cells are this graph, where there is one: the
    /// graph is the grid's graph on the cells its names number, for some
    /// number of columns (vertex `r·cols + c` in row `r`, column `c`, as
    /// [`Graph::grid`] and [`Graph::of_cells`] number them), every other
    /// cell blocked. Node-Kayles on the graph is then Node-Kayles on the
    /// board's free cells, vertex for cell, and [`Graph::of_cells`] gives
    /// the graph back. `None` for a graph that is not such, for one
    /// without vertices, and for one whose names pass 127.
    ///
    /// ```
    /// use grundy::games::Graph;
    /// let grid = Graph::grid(3, 4)?;
    /// let board = grid.grid_cells().unwrap();
    /// assert_eq!((board.rows(), board.cols(), board.free_cells()), (3, 4, 12));
    /// let rest = grid.without(&[5, 6])?;
    /// assert_eq!(rest.grid_cells().unwrap().to_string(), "....\n.##.\n....");
    /// assert_eq!(Graph::cycle(5)?.grid_cells(), None);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn grid_cells(&self) -> Option<Board> {
        let names = &self.names;
        let last = *names.last()? as usize;
        if last >= 128 || names.windows(2).any(|w| w[0] >= w[1]) {
            return None;
        }
        let present: u128 = names.iter().fold(0, |set, &a| set | 1 << a);
        // Each vertex's neighbours, as a set of names.
        let joined: Vec<u128> = self
            .adjacent
            .iter()
            .map(|&adj| ones(adj).fold(0, |set, j| set | 1 << names[j]))
            .collect();
        let fits = |cols: usize| {
            names.iter().zip(&joined).all(|(&a, &joined)| {
                let a = a as usize;
                let mut beside = 0u128;
                if a >= cols {
                    beside |= 1 << (a - cols);
                }
                if a + cols < 128 {
                    beside |= 1 << (a + cols);
                }
                if !a.is_multiple_of(cols) {
                    beside |= 1 << (a - 1);
                }
                if a % cols != cols - 1 && a + 1 < 128 {
                    beside |= 1 << (a + 1);
                }
                beside & present == joined
            })
        };
        let cols = (1..=last + 1).find(|&cols| fits(cols))?;
        let rows = last / cols + 1;
        let mut board = Board::rectangle(rows as u32, cols as u32).ok()?;
        for i in (0..rows * cols).filter(|&i| present >> i & 1 == 0) {
            board = board.block((i / cols) as u32, (i % cols) as u32).ok()?;
        }
        Some(board)
    }

    /// Reads a graph from an edge list: one edge a line, two vertex numbers
    /// separated by spaces, a comma or a dash (`0 1`, `0,1`, `0-1`); a line
    /// `vertices N` declares vertices that may have no edge; `#` starts a
    /// comment. Vertices are numbered from 0; without `vertices`, the graph
    /// has the vertices up to the largest number named.
    ///
    /// ```
    /// use grundy::games::Graph;
    /// let g = Graph::parse_edges("# a triangle and a lone vertex\nvertices 4\n0 1\n1-2\n2,0\n")?;
    /// assert_eq!((g.vertices(), g.edges()), (4, 3));
    /// assert!(Graph::parse_edges("0 1\n1 x\n").unwrap_err().to_string().contains("line 2"));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput) naming the
    /// line that is not an edge, and as [`Graph::from_edges`].
    pub fn parse_edges(text: &str) -> Result<Graph> {
        let mut declared: Option<u32> = None;
        let mut edges = Vec::new();
        let bad = |i: usize, line: &str| {
            Error::input(format!(
                "line {} of the edge list, {}, is not an edge: write two vertex numbers such as `0 1`, or `vertices N`",
                i + 1,
                crate::quote::quoted(line)
            ))
        };
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if let Some(n) = line.strip_prefix("vertices") {
                let n: u32 = n.trim().parse().map_err(|_| bad(i, line))?;
                declared = Some(n);
                continue;
            }
            let parts: Vec<&str> = line
                .split(|c: char| c.is_whitespace() || c == ',' || c == '-')
                .filter(|p| !p.is_empty())
                .collect();
            let [a, b] = parts[..] else {
                return Err(bad(i, line));
            };
            let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) else {
                return Err(bad(i, line));
            };
            edges.push((a, b));
        }
        let named = edges.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap_or(0);
        Graph::from_edges(declared.unwrap_or(named), &edges)
    }

    /// Vertices left.
    pub fn vertices(&self) -> u32 {
        self.adjacent.len() as u32
    }

    /// Edges left.
    pub fn edges(&self) -> u32 {
        self.adjacent.iter().map(|a| a.count_ones()).sum::<u32>() / 2
    }

    /// The names of the vertices left, in order.
    pub fn names(&self) -> &[u32] {
        &self.names
    }

    /// The neighbours of the vertex at `index` (an index into
    /// [`Graph::names`]), as indices.
    pub fn neighbours(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        ones(self.adjacent.get(index).copied().unwrap_or(0))
    }

    /// The graph without the vertices named `names`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidInput`](crate::ErrorKind::InvalidInput) when a
    /// name is not a vertex of the graph.
    pub fn without(&self, names: &[u32]) -> Result<Graph> {
        let mut removed = 0u128;
        for name in names {
            let Some(i) = self.names.iter().position(|n| n == name) else {
                return Err(Error::input(format!(
                    "vertex {name} is not in the graph (vertices left: {})",
                    list(&self.names)
                )));
            };
            removed |= 1 << i;
        }
        Ok(self.keep(!removed))
    }

    /// The subgraph induced on the vertices of `keep` (bits by index),
    /// numbered in their order.
    pub(crate) fn keep(&self, keep: u128) -> Graph {
        let kept: Vec<usize> = ones(keep).filter(|&i| i < self.adjacent.len()).collect();
        let adjacent = kept
            .iter()
            .map(|&i| compress(self.adjacent[i], &kept))
            .collect();
        Graph {
            adjacent,
            names: kept.iter().map(|&i| self.names[i]).collect(),
        }
    }

    /// The closed neighbourhood of vertex `index`: it and its neighbours.
    pub(crate) fn closed_neighbourhood(&self, index: usize) -> u128 {
        self.adjacent[index] | 1 << index
    }

    /// Every vertex, as bits.
    pub(crate) fn all(&self) -> u128 {
        if self.adjacent.len() == 128 {
            u128::MAX
        } else {
            (1 << self.adjacent.len()) - 1
        }
    }

    /// The connected components of the vertices in `within`, as bits.
    pub(crate) fn components_within(&self, within: u128, out: &mut Vec<u128>) {
        let mut left = within;
        while left != 0 {
            let mut component = left & left.wrapping_neg();
            let mut frontier = component;
            while frontier != 0 {
                let mut reached = 0;
                for v in ones(frontier) {
                    reached |= self.adjacent[v];
                }
                frontier = reached & left & !component;
                component |= frontier;
            }
            left &= !component;
            out.push(component);
        }
    }

    /// Bytes the graph holds on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.adjacent.capacity() * 16 + self.names.capacity() * 4
    }

    /// A canonical form of the graph: the graph relabelled by an order
    /// found from its structure, names dropped.
    ///
    /// The order comes from colour refinement (vertices coloured by degree,
    /// then by the colours of their neighbours, until no colour splits)
    /// and, where colours tie, from trying each vertex of the first tied
    /// colour in turn (individualisation), keeping the least adjacency
    /// found. The result is always the graph itself, relabelled, so equal
    /// forms mean isomorphic graphs; isomorphic graphs get equal forms
    /// whenever the search over ties is complete, which it is for all but
    /// very symmetric graphs (past [`MAX_LEAVES`] tries it keeps the best so
    /// far).
    pub(crate) fn canonical(&self) -> Graph {
        let n = self.adjacent.len();
        let mut best: Option<Vec<u128>> = None;
        let mut leaves = 0;
        let colours = self.refine(self.adjacent.iter().map(|a| a.count_ones()).collect());
        self.individualise(colours, &mut best, &mut leaves);
        Graph {
            adjacent: best.unwrap_or_default(),
            names: (0..n as u32).collect(),
        }
    }

    /// Refines `colours` (small numbers, equal for vertices alike) until
    /// stable: two vertices keep one colour only if they had one colour and
    /// the same multiset of neighbours' colours. A multiset is told by a
    /// sum of mixed colours, so that no vertex needs a list of its own:
    /// two different multisets may, rarely, sum alike, which only leaves
    /// the colours coarser — the refinement is still a function of the
    /// structure alone. Colours are renumbered 0.. in an order that depends
    /// only on the structure.
    fn refine(&self, mut colours: Vec<u32>) -> Vec<u32> {
        let n = colours.len();
        let mut classes = usize::MAX;
        let mut signatures: Vec<(u32, u64, usize)> = Vec::with_capacity(n);
        loop {
            signatures.clear();
            signatures.extend((0..n).map(|v| {
                let around = ones(self.adjacent[v])
                    .map(|u| mix(u64::from(colours[u])))
                    .fold(0u64, u64::wrapping_add);
                (colours[v], around, v)
            }));
            signatures.sort_unstable();
            let mut colour = 0;
            for i in 0..n {
                if i > 0
                    && signatures[i].0 == signatures[i - 1].0
                    && signatures[i].1 == signatures[i - 1].1
                {
                    colours[signatures[i].2] = colour;
                } else {
                    if i > 0 {
                        colour += 1;
                    }
                    colours[signatures[i].2] = colour;
                }
            }
            let now = if n == 0 { 0 } else { colour as usize + 1 };
            if now == classes {
                return colours;
            }
            classes = now;
        }
    }

    fn individualise(&self, colours: Vec<u32>, best: &mut Option<Vec<u128>>, leaves: &mut usize) {
        let n = colours.len();
        // The first colour (in colour order) shared by several vertices.
        let mut count = vec![0usize; n];
        for &c in &colours {
            count[c as usize] += 1;
        }
        let Some(tied) = (0..n).find(|&c| count[c] > 1) else {
            *leaves += 1;
            let relabelled = self.relabel(&colours);
            if best.as_ref().is_none_or(|b| relabelled < *b) {
                *best = Some(relabelled);
            }
            return;
        };
        for v in (0..n).filter(|&v| colours[v] as usize == tied) {
            if *leaves >= MAX_LEAVES {
                return;
            }
            // v alone keeps the tied colour's place, before the others.
            let split: Vec<u32> = colours
                .iter()
                .enumerate()
                .map(|(u, &c)| 2 * c + u32::from(c as usize == tied && u != v))
                .collect();
            let refined = self.refine(split);
            self.individualise(refined, best, leaves);
        }
    }

    /// The adjacency with vertex `v` renumbered `order[v]` (a permutation).
    fn relabel(&self, order: &[u32]) -> Vec<u128> {
        let mut adjacent = vec![0u128; order.len()];
        for (v, &a) in self.adjacent.iter().enumerate() {
            adjacent[order[v] as usize] = ones(a).fold(0, |acc, u| acc | 1 << order[u]);
        }
        adjacent
    }
}

impl Graph {
    /// Appends the graph as bytes: vertices, adjacency rows, names.
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.adjacent.len() as u32).to_le_bytes());
        for a in &self.adjacent {
            out.extend_from_slice(&a.to_le_bytes());
        }
        for n in &self.names {
            out.extend_from_slice(&n.to_le_bytes());
        }
    }

    /// Reads a graph written by [`Graph::encode`]; `None` if the bytes are
    /// not a simple graph of at most [`MAX_VERTICES`] vertices.
    pub(crate) fn decode(bytes: &mut &[u8]) -> Option<Graph> {
        use crate::search::codec::{read_u32, read_words};
        let n = read_u32(bytes)?;
        if n > MAX_VERTICES {
            return None;
        }
        let words = read_words(bytes, 2 * n as usize)?;
        let adjacent: Vec<u128> = words
            .chunks_exact(2)
            .map(|w| u128::from(w[0]) | u128::from(w[1]) << 64)
            .collect();
        let names = (0..n)
            .map(|_| read_u32(bytes))
            .collect::<Option<Vec<u32>>>()?;
        let graph = Graph { adjacent, names };
        let all = graph.all();
        let simple = graph.adjacent.iter().enumerate().all(|(i, &a)| {
            a & !all == 0 && a >> i & 1 == 0 && ones(a).all(|j| graph.adjacent[j] >> i & 1 == 1)
        });
        simple.then_some(graph)
    }
}

/// Tries of tied vertices a canonical labelling may make.
pub const MAX_LEAVES: usize = 64;

/// The indices of the bits set in `bits`.
fn ones(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// The bits of `row` at the positions `kept`, packed down.
fn compress(row: u128, kept: &[usize]) -> u128 {
    kept.iter()
        .enumerate()
        .fold(0, |acc, (j, &i)| acc | (row >> i & 1) << j)
}

/// A colour spread over 64 bits (SplitMix64's finaliser), so that sums of
/// mixed colours tell multisets apart.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn list(names: &[u32]) -> String {
    let shown: Vec<String> = names.iter().take(20).map(u32::to_string).collect();
    let more = if names.len() > 20 { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

impl fmt::Display for Graph {
    /// The edges by vertex name, `0-1 1-2`, and `(N vertices)` when some have
    /// no edge.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (i, &a) in self.adjacent.iter().enumerate() {
            for j in ones(a).filter(|&j| j > i) {
                if !first {
                    f.write_str(" ")?;
                }
                first = false;
                write!(f, "{}-{}", self.names[i], self.names[j])?;
            }
        }
        if self.adjacent.contains(&0) {
            if !first {
                f.write_str(" ")?;
            }
            write!(f, "({} vertices)", self.adjacent.len())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Graph({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::Graph;

    fn shuffled(g: &Graph, seed: u64) -> Graph {
        let n = g.vertices() as usize;
        let mut order: Vec<usize> = (0..n).collect();
        let mut state = seed;
        for i in (1..n).rev() {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            order.swap(i, (state >> 33) as usize % (i + 1));
        }
        let mut edges = Vec::new();
        for i in 0..n {
            for j in g.neighbours(i).filter(|&j| j > i) {
                edges.push((order[i] as u32, order[j] as u32));
            }
        }
        Graph::from_edges(n as u32, &edges).unwrap()
    }

    #[test]
    fn isomorphic_graphs_share_a_canonical_form() {
        let graphs = [
            Graph::path(9).unwrap(),
            Graph::cycle(10).unwrap(),
            Graph::grid(3, 4).unwrap(),
            Graph::grid(4, 4).unwrap(),
            Graph::from_edges(6, &[(0, 1), (1, 2), (2, 0), (3, 4)]).unwrap(),
        ];
        for g in &graphs {
            let c = g.canonical();
            assert_eq!(c.edges(), g.edges());
            for seed in 0..10 {
                assert_eq!(shuffled(g, seed).canonical(), c, "{g}");
            }
        }
        assert_ne!(graphs[0].canonical(), Graph::cycle(9).unwrap().canonical());
    }

    #[test]
    fn components_are_connected_and_cover_the_graph() {
        let g = Graph::from_edges(7, &[(0, 1), (2, 3), (3, 4), (5, 2)]).unwrap();
        let mut parts = Vec::new();
        g.components_within(g.all(), &mut parts);
        assert_eq!(parts, [0b11, 0b111100, 0b1000000]);
    }

    #[test]
    fn bad_graphs_are_refused() {
        assert!(Graph::from_edges(2, &[(0, 2)]).is_err());
        assert!(Graph::from_edges(200, &[]).is_err());
        assert!(Graph::grid(12, 12).is_err());
        assert!(Graph::parse_edges("0 1 2").is_err());
        assert!(Graph::parse_edges("vertices x").is_err());
        assert!(Graph::path(3).unwrap().without(&[7]).is_err());
    }
}
