//! A small deterministic random number generator: SplitMix64 (Steele, Lea & Flood,
//! "Fast splittable pseudorandom number generators", OOPSLA 2014).
//!
//! Used where reproducibility matters more than statistical strength: random test
//! formulas (a failure reproduces from its seed) and, later, puzzle generation. Not for
//! anything security-related.

/// SplitMix64: 64 bits of state, one addition and two multiply-xorshift rounds per number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    ///
    /// ```
    /// use sudosat::rng::SplitMix64;
    /// let mut a = SplitMix64(42);
    /// let mut b = SplitMix64(42);
    /// assert_eq!(a.next(), b.next());
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0). The modulo bias is below 2^-32 for bounds under
    /// 2^32, far below what tests and generators can notice.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    /// A `usize` in `0..bound` (`bound` > 0).
    pub fn index(&mut self, bound: usize) -> usize {
        self.below(bound as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_sequence() {
        // The first outputs for seed 0 from the paper's reference implementation.
        let mut rng = SplitMix64(0);
        assert_eq!(rng.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn bounded_values_stay_in_range_and_vary() {
        let mut rng = SplitMix64(7);
        let values: Vec<usize> = (0..1000).map(|_| rng.index(10)).collect();
        assert!(values.iter().all(|&v| v < 10));
        for digit in 0..10 {
            assert!(values.contains(&digit));
        }
    }
}
