//! The colouring [`Problem`] in DSATUR order, and its greedy run.

use backtrack::{Optimize, Problem};

use super::{ColoringError, Graph, MAX_COLOURS};

/// A colour given to a vertex: the choice of the colouring [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Paint {
    /// The vertex.
    pub vertex: u32,
    /// The colour, from 0.
    pub colour: u8,
}

/// The colours open at a vertex, ascending, as a bitset.
#[derive(Clone, Copy, Debug)]
pub struct Colours {
    vertex: u32,
    colours: u128,
}

impl Iterator for Colours {
    type Item = Paint;

    #[inline]
    fn next(&mut self) -> Option<Paint> {
        if self.colours == 0 {
            return None;
        }
        let colour = self.colours.trailing_zeros() as u8;
        self.colours &= self.colours - 1;
        Some(Paint {
            vertex: self.vertex,
            colour,
        })
    }
}

const NONE: Colours = Colours {
    vertex: 0,
    colours: 0,
};

/// The colours `0..k` as a bitset.
fn first(k: usize) -> u128 {
    if k >= 128 { u128::MAX } else { (1 << k) - 1 }
}

/// Colouring a graph with `k` colours, as a search [`Problem`].
///
/// Made by [`Coloring::new`], every proper colouring with the colours
/// `0..k` is a solution. Made by [`Coloring::classes`], colourings that
/// differ only by a renaming of the colours are found once: a colour may be
/// used only once every lower colour is, so each class is found in the
/// form that introduces its colours in ascending order along the search.
///
/// The next vertex is DSATUR's: the uncoloured one whose neighbours show
/// the most distinct colours, then the one with the most uncoloured
/// neighbours, then the lowest number; its colours are tried ascending.
/// A state where some uncoloured vertex has no colour left is a dead end
/// at once.
///
/// As an [`Optimize`] problem the cost is the number of colours used:
/// after [`set_bound`](Optimize::set_bound)`(b)` only colourings with
/// fewer than `b` colours are searched for.
///
/// # Complexity
///
/// `choices` scans the vertices: O(V); `apply` and `undo` touch the
/// neighbours of one vertex. Memory is O(V k + E).
///
/// # Example
///
/// ```
/// use puzzles::coloring::{Coloring, Graph};
///
/// let square = Graph::cycle(4);
/// // 2 colours: vertices 0 and 2 take one colour, 1 and 3 the other.
/// assert_eq!(backtrack::count(Coloring::new(&square, 2)?), 2);
/// assert_eq!(backtrack::count(Coloring::classes(&square, 2)?), 1);
/// // (k-1)^n + (-1)^n (k-1) colourings of C_n with k colours.
/// assert_eq!(backtrack::count(Coloring::new(&square, 3)?), 18);
/// # Ok::<(), puzzles::coloring::ColoringError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Coloring<'g> {
    /// The graph's neighbour lists, a slot per vertex.
    neighbours: Vec<&'g [u32]>,
    k: usize,
    classes: bool,
    /// The colour of each vertex, or [`UNCOLOURED`].
    colours: Vec<u8>,
    /// How many neighbours of vertex `v` have colour `c`, at `v * k + c`.
    seen: Vec<u32>,
    /// The colours among each vertex's neighbours.
    taken: Vec<u128>,
    /// The number of uncoloured neighbours of each vertex.
    free_degree: Vec<u32>,
    /// The number of vertices of each colour.
    class_size: Vec<u32>,
    /// The colours in use: with `classes`, always `0..used`.
    used: usize,
    uncoloured: usize,
    /// The uncoloured vertices first (`pending[..uncoloured]`), the
    /// coloured ones after them in the order they were coloured.
    pending: Vec<u32>,
    /// Where each vertex is in `pending`.
    position: Vec<u32>,
    /// Solutions must use fewer colours than this.
    bound: usize,
    /// A lower bound on the colours any solution uses.
    floor: Option<usize>,
}

const UNCOLOURED: u8 = u8::MAX;

impl<'g> Coloring<'g> {
    /// Every proper colouring of `graph` with the colours `0..k`.
    ///
    /// # Errors
    ///
    /// [`ColoringError::TooManyColours`] if `k` exceeds [`MAX_COLOURS`].
    pub fn new(graph: &'g Graph, k: usize) -> Result<Coloring<'g>, ColoringError> {
        if k > MAX_COLOURS {
            return Err(ColoringError::TooManyColours(k));
        }
        let n = graph.vertices();
        Ok(Coloring {
            neighbours: (0..n).map(|v| graph.neighbour_list(v)).collect(),
            k,
            classes: false,
            colours: vec![UNCOLOURED; n],
            seen: vec![0; n * k],
            taken: vec![0; n],
            free_degree: (0..n).map(|v| graph.degree(v) as u32).collect(),
            class_size: vec![0; k],
            used: 0,
            uncoloured: n,
            pending: (0..n as u32).collect(),
            position: (0..n as u32).collect(),
            bound: usize::MAX,
            floor: None,
        })
    }

    /// The proper colourings of `graph` with at most `k` colours, one per
    /// class of colourings equal up to a renaming of the colours.
    ///
    /// # Errors
    ///
    /// [`ColoringError::TooManyColours`] if `k` exceeds [`MAX_COLOURS`].
    pub fn classes(graph: &'g Graph, k: usize) -> Result<Coloring<'g>, ColoringError> {
        Ok(Coloring {
            classes: true,
            ..Coloring::new(graph, k)?
        })
    }

    /// Tells the search that no colouring uses fewer than `floor` colours
    /// (the size of a clique, say): a colouring with that many ends a
    /// [`backtrack::minimize`] at once, proved optimal.
    pub fn with_lower_bound(mut self, floor: usize) -> Self {
        self.floor = Some(floor);
        self
    }

    /// The colour of each vertex so far (`None` while uncoloured).
    pub fn colour(&self, vertex: usize) -> Option<usize> {
        let colour = self.colours[vertex];
        (colour != UNCOLOURED).then_some(colour as usize)
    }

    /// The colour of every vertex; meaningful at a solution, where every
    /// vertex is coloured (an uncoloured vertex shows as `usize::MAX`).
    pub fn colouring(&self) -> Vec<usize> {
        (0..self.colours.len())
            .map(|v| self.colour(v).unwrap_or(usize::MAX))
            .collect()
    }

    /// The number of distinct colours used so far.
    pub fn colours_used(&self) -> usize {
        self.used
    }
}

impl Problem for Coloring<'_> {
    type Choice = Paint;
    type Choices = Colours;

    fn choices(&self) -> Colours {
        // The colours a solution may still use.
        let cap = self.k.min(self.bound.saturating_sub(1));
        if self.used > cap {
            return NONE;
        }
        let open = first(cap);
        // One word per vertex, compared at once: the saturation, then the
        // uncoloured neighbours, then the lower number (vertices and
        // degrees are below 2^32, saturations at most 128).
        let mut best = 0u128;
        for &v in &self.pending[..self.uncoloured] {
            let taken = self.taken[v as usize];
            if open & !taken == 0 {
                return NONE;
            }
            let key = u128::from(taken.count_ones()) << 96
                | u128::from(self.free_degree[v as usize]) << 64
                | u128::from(u32::MAX - v);
            best = best.max(key);
        }
        if self.uncoloured == 0 {
            return NONE;
        }
        let v = (u32::MAX - best as u32) as usize;
        let limit = if self.classes {
            cap.min(self.used + 1)
        } else {
            cap
        };
        Colours {
            vertex: v as u32,
            colours: first(limit) & !self.taken[v],
        }
    }

    fn apply(&mut self, paint: Paint) {
        let (v, c) = (paint.vertex as usize, paint.colour as usize);
        self.colours[v] = paint.colour;
        self.uncoloured -= 1;
        // Swap v to the end of the uncoloured part; undo swaps it back.
        let (at, last) = (self.position[v] as usize, self.uncoloured);
        let moved = self.pending[last];
        self.pending.swap(at, last);
        self.position[moved as usize] = at as u32;
        self.position[v] = last as u32;
        if self.class_size[c] == 0 {
            self.used += 1;
        }
        self.class_size[c] += 1;
        for &w in self.neighbours[v] {
            let w = w as usize;
            let seen = &mut self.seen[w * self.k + c];
            *seen += 1;
            if *seen == 1 {
                self.taken[w] |= 1 << c;
            }
            self.free_degree[w] -= 1;
        }
    }

    fn undo(&mut self, paint: Paint) {
        let (v, c) = (paint.vertex as usize, paint.colour as usize);
        for &w in self.neighbours[v] {
            let w = w as usize;
            let seen = &mut self.seen[w * self.k + c];
            *seen -= 1;
            if *seen == 0 {
                self.taken[w] &= !(1 << c);
            }
            self.free_degree[w] += 1;
        }
        self.class_size[c] -= 1;
        if self.class_size[c] == 0 {
            self.used -= 1;
        }
        // v sits at `uncoloured`, where apply put it: the applies since
        // then are undone. Back in the uncoloured part, its place there
        // does not matter: `choices` ranks vertices by a key alone.
        debug_assert_eq!(self.position[v] as usize, self.uncoloured);
        self.uncoloured += 1;
        self.colours[v] = UNCOLOURED;
    }

    fn is_solution(&self) -> bool {
        self.uncoloured == 0
    }
}

/// Branch and bound on the number of colours.
impl Optimize for Coloring<'_> {
    type Cost = usize;

    fn cost(&self) -> usize {
        self.used
    }

    fn set_bound(&mut self, best: usize) {
        self.bound = self.bound.min(best);
    }

    fn lower_bound(&self) -> Option<usize> {
        self.floor
    }
}

/// DSATUR's greedy colouring: each vertex in DSATUR order takes the lowest
/// colour its neighbours leave free. No backtracking, any number of colours.
pub(crate) fn greedy(graph: &Graph) -> Vec<usize> {
    let n = graph.vertices();
    let mut colour = vec![usize::MAX; n];
    let mut neighbour_colours: Vec<Vec<usize>> = vec![Vec::new(); n];
    for _ in 0..n {
        let v = (0..n)
            .filter(|&v| colour[v] == usize::MAX)
            .max_by_key(|&v| (neighbour_colours[v].len(), graph.degree(v), usize::MAX - v))
            .unwrap_or_default();
        let taken = &neighbour_colours[v];
        let c = (0..)
            .find(|c| taken.binary_search(c).is_err())
            .unwrap_or_default();
        colour[v] = c;
        for w in graph.neighbours(v) {
            if let Err(at) = neighbour_colours[w].binary_search(&c) {
                neighbour_colours[w].insert(at, c);
            }
        }
    }
    colour
}
