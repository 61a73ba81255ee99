//! Node-Kayles: players in turn choose a vertex of a graph and remove it
//! with its neighbours; whoever finds the graph empty loses.
//!
//! On a path, a move removes one, two or three adjacent vertices, splitting
//! the rest in two: the octal game 0.137, Dawson's chess.

use std::fmt;

use super::graph::Graph;
use crate::search::{Codec, Game};

/// Node-Kayles on a [`Graph`].
///
/// ```
/// use grundy::games::{Graph, NodeKayles};
/// use grundy::search::{self, Options, Search};
/// let mut search = Search::new(NodeKayles, Options::default());
/// // A star is won in one move: take its centre.
/// let star = Graph::from_edges(5, &[(0, 1), (0, 2), (0, 3), (0, 4)])?;
/// assert_ne!(search.nimber(&star, &mut search::silent)?.value(), 0);
/// // A cycle of 6 is lost: every move leaves a path of 3, which is won.
/// assert_eq!(search.nimber(&Graph::cycle(6)?, &mut search::silent)?.value(), 0);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NodeKayles;

/// A vertex, by the name it was given in the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex(pub u32);

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Game for NodeKayles {
    type Position = Graph;
    type Move = Vertex;

    fn moves(&self, graph: &Graph, out: &mut Vec<(Vertex, Graph)>) {
        let all = graph.all();
        for (i, &name) in graph.names().iter().enumerate() {
            let left = all & !graph.closed_neighbourhood(i);
            out.push((Vertex(name), graph.keep(left)));
        }
    }

    /// The connected components, each relabelled canonically.
    fn components(&self, graph: &Graph, out: &mut Vec<Graph>) {
        let mut parts = Vec::new();
        graph.components_within(graph.all(), &mut parts);
        out.extend(parts.into_iter().map(|p| graph.keep(p).canonical()));
    }

    /// Each move removes at least one vertex.
    fn nimber_bound(&self, graph: &Graph) -> u32 {
        graph.vertices()
    }

    fn weight(&self, graph: &Graph) -> u64 {
        u64::from(graph.vertices())
    }

    fn heap_bytes(&self, graph: &Graph) -> usize {
        graph.heap_bytes()
    }
}

impl Codec for NodeKayles {
    fn name(&self) -> String {
        "node-kayles".into()
    }

    fn encode(&self, graph: &Graph, out: &mut Vec<u8>) {
        graph.encode(out);
    }

    fn decode(&self, bytes: &mut &[u8]) -> Option<Graph> {
        Graph::decode(bytes)
    }
}
