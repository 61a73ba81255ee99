//! A presentation of a misère quotient: generators and defining relations,
//! as the papers write them (Plambeck and Siegel, *Misère quotients for
//! impartial games*, JCTA 115 (2008), §3 and the tables of §6).
//!
//! - **Generators**: the heaps whose image is not a product of the images
//!   of smaller heaps, in order of size, named a, b, c, ….
//! - **Normal forms**: each element is written as its least word in the
//!   graded lexicographic order (fewest letters first; among words of one
//!   length, more of an earlier letter first: a² < ab < b²). This order is
//!   compatible with multiplication, so a divisor of a normal word is
//!   normal.
//! - **Relations**: w = v for each word w that is not normal while all its
//!   divisors by one letter are (finitely many, by Dickson's lemma), v the
//!   normal form of its element. Rewriting by them takes any word to the
//!   normal form of its element: the relations define the monoid (they are
//!   a complete rewriting system, not always a minimal one).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use super::quotient::{Element, Quotient};

/// A word in the generators: the exponent of each.
pub type Word = Vec<u32>;

/// Generators, normal forms and defining relations of a [`Quotient`].
///
/// ```
/// use grundy::{Ruleset, misere::{Presentation, Quotient}};
/// // Misère nim with heaps up to 3: T₂ = ⟨a, b | a² = 1, b³ = b⟩ (Plambeck
/// // and Siegel 2008, §2); heap 3 is a·b, no new generator.
/// let q = Quotient::compute(&Ruleset::Nim, 3, 1 << 26)?;
/// let p = Presentation::of(&q);
/// assert_eq!(p.generators(), &[1, 2]);
/// let relations: Vec<String> = p.relations().iter().map(|r| p.relation_text(r)).collect();
/// assert_eq!(relations, ["a^2 = 1", "b^3 = b"]);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    generators: Vec<u64>,
    normal: Vec<Word>,
    relations: Vec<(Word, Word)>,
}

impl Presentation {
    /// The presentation of `q`.
    ///
    /// # Complexity
    /// O(|Q| · generators²) products and word look-ups.
    pub fn of(q: &Quotient) -> Presentation {
        // Generators: heaps outside the submonoid of the smaller heaps.
        let mut generators: Vec<u64> = Vec::new();
        let mut images: Vec<Element> = Vec::new();
        let mut reached = vec![false; q.len()];
        reached[0] = true;
        for (h, &x) in q.heap_elements().iter().enumerate() {
            if reached[x as usize] {
                continue;
            }
            generators.push(h as u64);
            images.push(x);
            // Close the reached set under the new generator.
            let mut stack: Vec<Element> = (0..q.len() as Element)
                .filter(|&e| reached[e as usize])
                .collect();
            while let Some(e) = stack.pop() {
                for &g in &images {
                    let f = q.multiply(e, g);
                    if !reached[f as usize] {
                        reached[f as usize] = true;
                        stack.push(f);
                    }
                }
            }
        }
        let k = generators.len();
        let mut normal: Vec<Option<Word>> = vec![None; q.len()];
        normal[0] = Some(vec![0; k]);
        let mut normal_words: HashMap<Word, Element> = HashMap::new();
        normal_words.insert(vec![0; k], 0);
        let mut level: Vec<(Word, Element)> = vec![(vec![0; k], 0)];
        let mut relations = Vec::new();
        while !level.is_empty() {
            // Words one letter longer, each once, in graded lex order:
            // more of an earlier letter first.
            let mut next: BTreeMap<std::cmp::Reverse<Word>, Element> = BTreeMap::new();
            for (w, e) in &level {
                for (i, &g) in images.iter().enumerate() {
                    let mut v = w.clone();
                    v[i] += 1;
                    next.entry(std::cmp::Reverse(v))
                        .or_insert_with(|| q.multiply(*e, g));
                }
            }
            level = Vec::new();
            for (std::cmp::Reverse(w), e) in next {
                if normal[e as usize].is_none() {
                    normal[e as usize] = Some(w.clone());
                    normal_words.insert(w.clone(), e);
                    level.push((w, e));
                } else {
                    let minimal = (0..k).filter(|&i| w[i] > 0).all(|i| {
                        let mut d = w.clone();
                        d[i] -= 1;
                        normal_words.contains_key(&d)
                    });
                    if minimal {
                        let v = normal[e as usize].clone().expect("normal form");
                        relations.push((w, v));
                    }
                }
            }
        }
        Presentation {
            generators,
            normal: normal
                .into_iter()
                .map(|w| w.expect("every element is a product of generators"))
                .collect(),
            relations,
        }
    }

    /// The generators: heap sizes, in order; the i-th is named by
    /// [`Presentation::letter`].
    pub fn generators(&self) -> &[u64] {
        &self.generators
    }

    /// The defining relations, left = right.
    pub fn relations(&self) -> &[(Word, Word)] {
        &self.relations
    }

    /// The normal form of each element.
    pub fn normal_forms(&self) -> &[Word] {
        &self.normal
    }

    /// The name of generator `i`: a, b, …, z, then g27, g28, ….
    pub fn letter(i: usize) -> String {
        if i < 26 {
            char::from(b'a' + i as u8).to_string()
        } else {
            format!("g{}", i + 1)
        }
    }

    /// A word written out: `a^2 b`, or `1` for the empty word.
    pub fn word_text(word: &[u32]) -> String {
        let mut out = String::new();
        for (i, &e) in word.iter().enumerate() {
            if e == 0 {
                continue;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&Presentation::letter(i));
            if e > 1 {
                let _ = write!(out, "^{e}");
            }
        }
        if out.is_empty() { "1".to_string() } else { out }
    }

    /// A relation written out: `a^2 = 1`.
    pub fn relation_text(&self, relation: &(Word, Word)) -> String {
        format!(
            "{} = {}",
            Presentation::word_text(&relation.0),
            Presentation::word_text(&relation.1)
        )
    }

    /// The normal form of any word, by rewriting with the relations.
    pub fn rewrite(&self, word: &[u32]) -> Word {
        let mut w = word.to_vec();
        'again: loop {
            for (left, right) in &self.relations {
                if left.iter().zip(&w).all(|(l, x)| l <= x) {
                    for i in 0..w.len() {
                        w[i] = w[i] - left[i] + right[i];
                    }
                    continue 'again;
                }
            }
            return w;
        }
    }
}
