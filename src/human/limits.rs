//! The search limits of the techniques in one table, as `solver::cdcl::Options` holds
//! the CDCL's: how long a chain may grow, how many fins a fish may have, how much work
//! one finder may do before it gives up. Each bound keeps a hint's time bounded on
//! boards full of candidates; none changes what a step says, only which steps are found.
//!
//! The finders read [`LIMITS`]; a limit lives here and nowhere else, so that two
//! finders that share a bound (the chain length of X-Chains and of nice loops) cannot
//! drift apart, and one that differs says why beside its field.

/// The limits of the finders (see the module docs). [`Limits::DEFAULT`] is what they use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest chain searched by the chain finders of one link kind and of mixed links
    /// (X-Chain, XY-Chain, Remote Pair, nice loops and AICs), in links.
    pub chain_links: u32,
    /// Longest static implication chain followed by the cell and region forcing chains,
    /// in links: longer than [`Limits::chain_links`], as a forcing chain's branches
    /// each need their own chain to the common fact.
    pub forcing_links: u32,
    /// Most fins a finned fish may have (HoDoKu's default search is similar).
    pub fins: u32,
    /// The longest unique loop looked for, in cells. Sudoku Explainer sets no bound;
    /// loops beyond 12 cells are rare.
    pub unique_loop_cells: usize,
    /// Cells visited per starting cell before the unique-loop walk from it gives up.
    pub unique_loop_nodes: usize,
    /// When every nested forcing chain is asked for (the rater's choice of the
    /// shortest), the search stops after this many contradictions: each costs a nested
    /// propagation over the board, and the shortest of the first few is within a tenth
    /// of SE's value in the puzzles tried.
    pub nested_contradictions: usize,
    /// [`Limits::nested_contradictions`] on boards with run lines, where each costs
    /// several times more (a hard Hanidoku took 11 s to rate with 8): the rater takes
    /// the first, as the tutor does.
    pub nested_contradictions_runs: usize,
    /// Cells the template enumeration may look at for one digit (each node scans the
    /// places of every region that needs the digit) before it gives up on that digit:
    /// about 10 ms, which bounds a board of 36 digits near a third of a second.
    pub template_work: usize,
    /// Guesses the search rung may make per refuted candidate before it stops counting.
    pub search_guesses: u64,
}

impl Limits {
    /// The limits every finder uses.
    pub const DEFAULT: Limits = Limits {
        chain_links: 20,
        forcing_links: 30,
        fins: 5,
        unique_loop_cells: 14,
        unique_loop_nodes: 20_000,
        nested_contradictions: 8,
        nested_contradictions_runs: 1,
        template_work: 2_000_000,
        search_guesses: 500,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// The limits the finders read.
pub const LIMITS: Limits = Limits::DEFAULT;
