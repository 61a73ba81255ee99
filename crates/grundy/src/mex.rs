//! The minimum excludant: the least natural number missing from a set.

/// Reusable scratch space for computing many mexes without clearing memory.
///
/// Each call to [`Mex::start`] begins a new set; values are marked with a
/// generation stamp, so starting a new set costs O(1), not O(size).
///
/// ```
/// use grundy::mex::Mex;
/// let mut mex = Mex::new();
/// mex.start(4);
/// for v in [0, 1, 3] {
///     mex.insert(v);
/// }
/// assert_eq!(mex.finish(), 2);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Mex {
    stamp: Vec<u32>,
    generation: u32,
    cap: u64,
}

impl Mex {
    /// Empty scratch space.
    pub fn new() -> Self {
        Mex::default()
    }

    /// Begins a new set that will receive at most `options` insertions.
    ///
    /// The mex of a set of `options` numbers is at most `options`, so larger
    /// values are ignored and memory stays proportional to the option count.
    pub fn start(&mut self, options: u64) {
        let cap = options.saturating_add(1);
        self.cap = cap;
        let want = usize::try_from(cap).unwrap_or(usize::MAX);
        if self.stamp.len() < want {
            self.stamp.resize(want, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }

    /// Adds `value` to the current set.
    #[inline]
    pub fn insert(&mut self, value: u64) {
        if value < self.cap {
            self.stamp[value as usize] = self.generation;
        }
    }

    /// The least natural number not inserted since the last [`Mex::start`].
    ///
    /// # Complexity
    /// O(result).
    pub fn finish(&self) -> u64 {
        let mut v = 0;
        while v < self.cap && self.stamp[v as usize] == self.generation {
            v += 1;
        }
        v
    }
}

/// The mex of the values an iterator yields.
///
/// ```
/// assert_eq!(grundy::mex::mex([1, 2, 0, 5]), 3);
/// assert_eq!(grundy::mex::mex(std::iter::empty()), 0);
/// ```
///
/// # Complexity
/// O(k log k) for k values.
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}
