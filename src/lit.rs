//! Variables and literals as `u32` newtypes, the representation MiniSat and varisat made
//! standard.
//!
//! A [`Var`] is a 0-based index. A [`Lit`] packs a variable and a sign into one code,
//! `code = 2·index + negated`, so that `!lit` flips bit 0 and a literal indexes per-literal
//! tables (watch lists, assignments) directly. Only [`Var::from_dimacs`],
//! [`Lit::from_dimacs`] and their inverses cross the 1-based, signed DIMACS boundary.

use std::fmt;
use std::ops::Not;

/// A propositional variable, numbered from 0 (DIMACS variable `v` is `Var` index `v - 1`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(u32);

/// A variable or its negation. Positive means "the variable is true".
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit(u32);

impl Var {
    /// The largest DIMACS variable number we accept: 2^30 - 1. Keeping two spare bits
    /// leaves `2·index + 1` and per-literal tables comfortably inside `u32` indexing.
    pub const MAX_DIMACS: u32 = (1 << 30) - 1;

    /// The variable with 0-based index `index`.
    ///
    /// ```
    /// use sudosat::Var;
    /// assert_eq!(Var::from_index(0).to_dimacs(), 1);
    /// ```
    #[inline]
    pub const fn from_index(index: usize) -> Var {
        debug_assert!(index < Var::MAX_DIMACS as usize);
        Var(index as u32)
    }

    /// The variable numbered `number` in DIMACS (1-based). `None` for 0 or numbers above
    /// [`Var::MAX_DIMACS`].
    #[inline]
    pub fn from_dimacs(number: u32) -> Option<Var> {
        (1..=Var::MAX_DIMACS)
            .contains(&number)
            .then(|| Var(number - 1))
    }

    /// The 0-based index, for per-variable tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The DIMACS number (1-based).
    #[inline]
    pub const fn to_dimacs(self) -> u32 {
        self.0 + 1
    }

    /// The literal of this variable with the given polarity (`true` = positive).
    #[inline]
    pub const fn lit(self, positive: bool) -> Lit {
        Lit(self.0 << 1 | (!positive) as u32)
    }

    /// The positive literal of this variable.
    #[inline]
    pub const fn positive(self) -> Lit {
        self.lit(true)
    }

    /// The negative literal of this variable.
    #[inline]
    pub const fn negative(self) -> Lit {
        self.lit(false)
    }
}

impl Lit {
    /// The literal written `number` in DIMACS (`3` or `-3`). `None` for 0 and for variables
    /// above [`Var::MAX_DIMACS`].
    ///
    /// ```
    /// use sudosat::Lit;
    /// let lit = Lit::from_dimacs(-3).unwrap();
    /// assert_eq!(lit.to_dimacs(), -3);
    /// assert_eq!((!lit).to_dimacs(), 3);
    /// assert_eq!(lit.var().index(), 2);
    /// assert!(Lit::from_dimacs(0).is_none());
    /// ```
    #[inline]
    pub fn from_dimacs(number: i64) -> Option<Lit> {
        let magnitude = u32::try_from(number.unsigned_abs()).ok()?;
        Var::from_dimacs(magnitude).map(|var| var.lit(number > 0))
    }

    /// The signed DIMACS form of this literal.
    #[inline]
    pub const fn to_dimacs(self) -> i64 {
        let number = self.var().to_dimacs() as i64;
        if self.is_negative() {
            -number
        } else {
            number
        }
    }

    /// The literal with the given code (`2·index + negated`), the inverse of [`Lit::code`].
    #[inline]
    pub const fn from_code(code: usize) -> Lit {
        Lit(code as u32)
    }

    /// The code `2·index + negated`, for per-literal tables such as watch lists.
    #[inline]
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    /// The variable of this literal.
    #[inline]
    pub const fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// True for a negated variable.
    #[inline]
    pub const fn is_negative(self) -> bool {
        self.0 & 1 == 1
    }

    /// True for an unnegated variable.
    #[inline]
    pub const fn is_positive(self) -> bool {
        !self.is_negative()
    }
}

impl Not for Lit {
    type Output = Lit;

    #[inline]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Debug for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

/// Literals written as DIMACS numbers, for the unit tests of every module.
#[cfg(test)]
pub(crate) mod testing {
    use super::Lit;

    /// The literal `n` (`3`, `-3`); panics on 0, which no test means to write.
    pub(crate) fn lit(n: i64) -> Lit {
        Lit::from_dimacs(n).expect("a non-zero test literal")
    }

    /// The literals `numbers`, in order.
    pub(crate) fn lits(numbers: &[i64]) -> Vec<Lit> {
        numbers.iter().map(|&n| lit(n)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimacs_round_trip_and_negation() {
        for number in [1i64, -1, 2, -2, 729, -729, Var::MAX_DIMACS as i64] {
            let lit = Lit::from_dimacs(number).unwrap();
            assert_eq!(lit.to_dimacs(), number);
            assert_eq!((!lit).to_dimacs(), -number);
            assert_eq!(!!lit, lit);
            assert_eq!(Lit::from_code(lit.code()), lit);
        }
    }

    #[test]
    fn out_of_range_numbers_are_rejected() {
        assert!(Lit::from_dimacs(0).is_none());
        assert!(Lit::from_dimacs(Var::MAX_DIMACS as i64 + 1).is_none());
        assert!(Lit::from_dimacs(i64::MIN).is_none());
        assert!(Var::from_dimacs(0).is_none());
    }

    #[test]
    fn codes_pair_up_per_variable() {
        let var = Var::from_index(5);
        assert_eq!(var.positive().code(), 10);
        assert_eq!(var.negative().code(), 11);
        assert!(var.positive().is_positive());
        assert!(var.negative().is_negative());
    }
}
