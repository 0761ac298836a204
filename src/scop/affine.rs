//! Affine expressions and constraints over loop counters and parameters:
//! the vocabulary of the SCoP model before it becomes `poly` sets.
//!
//! A loop counter is the normalized iteration number of a loop (0, 1, 2,
//! ...); a parameter is an integer value fixed for the whole region
//! (argument, value defined before it).

use crate::ir::{LoopId, ValueId};
use std::collections::BTreeMap;
use std::fmt;

/// A loop counter of a model: an IR loop's, or a pseudo-loop's (the
/// quotient that makes a parity affine, `model::PseudoLoop`), which no IR
/// loop holds. Every pseudo-loop orders after every IR loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Counter {
    Loop(LoopId),
    /// The model's pseudo-loop of this index (`Model::pseudo_loops`).
    Pseudo(u32),
}

impl Counter {
    /// The IR loop, unless this is a pseudo-loop.
    pub fn ir_loop(self) -> Option<LoopId> {
        match self {
            Counter::Loop(l) => Some(l),
            Counter::Pseudo(_) => None,
        }
    }

    pub fn is_pseudo(self) -> bool {
        matches!(self, Counter::Pseudo(_))
    }
}

impl From<LoopId> for Counter {
    fn from(l: LoopId) -> Counter {
        Counter::Loop(l)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sym {
    /// A loop's counter: a dimension of the statements inside the loop,
    /// or, for a loop around the region, a parameter (`model::Param`).
    Counter(Counter),
    Param(ValueId),
    /// The placeholder of a min/max that is part of some loop's start
    /// (`scop::polynomial::atom_sym`): it must cancel before a polynomial
    /// is used. Ordered after every parameter.
    Atom(u32),
}

impl Sym {
    /// The counter of IR loop `l`.
    pub fn loop_counter(l: LoopId) -> Sym {
        Sym::Counter(Counter::Loop(l))
    }
}

/// `Σ coeff·sym + constant`, with exact (checked) `i128` coefficients.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct AffExpr {
    pub coeffs: BTreeMap<Sym, i128>,
    pub constant: i128,
}

/// Coefficients beyond this magnitude are treated as an overflow: the
/// polyhedral core works on `i64` and needs headroom for products.
pub const COEFF_LIMIT: i128 = 1 << 40;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

impl AffExpr {
    pub fn constant(c: i128) -> AffExpr {
        AffExpr { coeffs: BTreeMap::new(), constant: c }
    }

    pub fn sym(s: Sym) -> AffExpr {
        AffExpr { coeffs: BTreeMap::from([(s, 1)]), constant: 0 }
    }

    pub fn is_constant(&self) -> bool {
        self.coeffs.is_empty()
    }

    pub fn coeff(&self, s: Sym) -> i128 {
        self.coeffs.get(&s).copied().unwrap_or(0)
    }

    pub fn syms(&self) -> impl Iterator<Item = Sym> + '_ {
        self.coeffs.keys().copied()
    }

    fn checked(v: i128) -> Result<i128, Overflow> {
        if v.abs() > COEFF_LIMIT {
            Err(Overflow)
        } else {
            Ok(v)
        }
    }

    pub fn add(&self, o: &AffExpr) -> Result<AffExpr, Overflow> {
        let mut r = self.clone();
        for (&s, &c) in &o.coeffs {
            let v = Self::checked(r.coeff(s) + c)?;
            if v == 0 {
                r.coeffs.remove(&s);
            } else {
                r.coeffs.insert(s, v);
            }
        }
        r.constant = Self::checked(r.constant + o.constant)?;
        Ok(r)
    }

    pub fn scale(&self, k: i128) -> Result<AffExpr, Overflow> {
        if k == 0 {
            return Ok(AffExpr::default());
        }
        let mut coeffs = BTreeMap::new();
        for (&s, &c) in &self.coeffs {
            coeffs.insert(s, Self::checked(c.checked_mul(k).ok_or(Overflow)?)?);
        }
        Ok(AffExpr { coeffs, constant: Self::checked(self.constant.checked_mul(k).ok_or(Overflow)?)? })
    }

    pub fn sub(&self, o: &AffExpr) -> Result<AffExpr, Overflow> {
        self.add(&o.scale(-1)?)
    }

    pub fn add_const(&self, c: i128) -> Result<AffExpr, Overflow> {
        self.add(&AffExpr::constant(c))
    }

    /// Exact division of every coefficient, if `d` divides them all.
    pub fn div_exact(&self, d: i128) -> Option<AffExpr> {
        if d == 0 || self.constant % d != 0 || self.coeffs.values().any(|c| c % d != 0) {
            return None;
        }
        Some(AffExpr { coeffs: self.coeffs.iter().map(|(&s, &c)| (s, c / d)).collect(), constant: self.constant / d })
    }

    /// Writes the expression with `name` giving each symbol's text.
    pub fn fmt_with(&self, f: &mut dyn fmt::Write, name: &dyn Fn(Sym) -> String) -> fmt::Result {
        let mut first = true;
        for (&s, &c) in &self.coeffs {
            let (sign, mag) = if c < 0 { ("-", -c) } else { ("+", c) };
            if first {
                if c < 0 {
                    f.write_str("-")?;
                }
            } else {
                write!(f, " {sign} ")?;
            }
            if mag != 1 {
                write!(f, "{mag}")?;
            }
            f.write_str(&name(s))?;
            first = false;
        }
        if first {
            write!(f, "{}", self.constant)
        } else if self.constant != 0 {
            let (sign, mag) = if self.constant < 0 { ("-", -self.constant) } else { ("+", self.constant) };
            write!(f, " {sign} {mag}")
        } else {
            Ok(())
        }
    }
}

/// `expr >= 0` or `expr = 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    pub expr: AffExpr,
    pub is_eq: bool,
}

impl Constraint {
    pub fn ge0(expr: AffExpr) -> Constraint {
        Constraint { expr, is_eq: false }
    }

    pub fn eq0(expr: AffExpr) -> Constraint {
        Constraint { expr, is_eq: true }
    }

    /// `a <= b`.
    pub fn le(a: &AffExpr, b: &AffExpr) -> Result<Constraint, Overflow> {
        Ok(Constraint::ge0(b.sub(a)?))
    }

    /// `a < b` over the integers: `b - a - 1 >= 0`.
    pub fn lt(a: &AffExpr, b: &AffExpr) -> Result<Constraint, Overflow> {
        Ok(Constraint::ge0(b.sub(a)?.add_const(-1)?))
    }

    /// Writes `lhs >= rhs` / `lhs = rhs` with positive terms on the left.
    pub fn fmt_with(&self, f: &mut dyn fmt::Write, name: &dyn Fn(Sym) -> String) -> fmt::Result {
        let mut lhs = AffExpr::default();
        let mut rhs = AffExpr::default();
        for (&s, &c) in &self.expr.coeffs {
            if c > 0 {
                lhs.coeffs.insert(s, c);
            } else {
                rhs.coeffs.insert(s, -c);
            }
        }
        if lhs.coeffs.is_empty() && !rhs.coeffs.is_empty() {
            // Keep a symbol on the left: `n >= 3` rather than `0 >= 3 - n`.
            std::mem::swap(&mut lhs, &mut rhs);
            lhs.constant = 0;
            rhs.constant = self.expr.constant;
            lhs.fmt_with(f, name)?;
            f.write_str(if self.is_eq { " = " } else { " <= " })?;
            return rhs.fmt_with(f, name);
        }
        rhs.constant = -self.expr.constant;
        lhs.fmt_with(f, name)?;
        f.write_str(if self.is_eq { " = " } else { " >= " })?;
        rhs.fmt_with(f, name)
    }
}

/// A disjunction of conjunctions of constraints.
pub type Dnf = Vec<Vec<Constraint>>;

/// The conjunction of two DNFs (distributes the disjunctions).
pub fn dnf_and(a: &Dnf, b: &Dnf) -> Dnf {
    let mut out = Vec::with_capacity(a.len() * b.len());
    for x in a {
        for y in b {
            let mut c = x.clone();
            c.extend(y.iter().cloned());
            out.push(c);
        }
    }
    out
}

/// `d` with the disjunctions that paths through a guard leave behind
/// merged back: `C ∧ e >= 0` and `C ∧ e <= -1` (over the integers, the
/// two sides of one condition) become `C`, and a conjunction that another
/// one's constraints imply goes.
/// Exact. A time loop around several nests, each behind its own
/// zero-trip guard (`if (m > 0) for j ...`), otherwise doubles the
/// disjuncts of every block after each guard.
pub fn dnf_coalesce(mut d: Dnf) -> Dnf {
    'again: loop {
        for x in 0..d.len() {
            for y in x + 1..d.len() {
                if let Some(merged) = merge_complements(&d[x], &d[y]) {
                    d[x] = merged;
                    d.remove(y);
                    continue 'again;
                }
            }
        }
        return d;
    }
}

/// `x ∨ y` as one conjunction when one's constraints are among the
/// other's (the union is the looser one) or they are the same constraints
/// except one pair of complementary inequalities.
fn merge_complements(x: &[Constraint], y: &[Constraint]) -> Option<Vec<Constraint>> {
    let only_x: Vec<&Constraint> = x.iter().filter(|c| !y.contains(c)).collect();
    let only_y: Vec<&Constraint> = y.iter().filter(|c| !x.contains(c)).collect();
    match (only_x.as_slice(), only_y.as_slice()) {
        ([], _) => Some(x.to_vec()),
        (_, []) => Some(y.to_vec()),
        ([a], [b]) if !a.is_eq && !b.is_eq && a.expr.add(&b.expr).ok() == Some(AffExpr::constant(-1)) => {
            Some(x.iter().filter(|c| c != a).cloned().collect())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n() -> Sym {
        Sym::Param(ValueId(0))
    }
    fn i() -> Sym {
        Sym::loop_counter(LoopId(0))
    }
    fn name(s: Sym) -> String {
        match s {
            Sym::Param(_) => "n".into(),
            Sym::Counter(_) => "i".into(),
            Sym::Atom(_) => "a".into(),
        }
    }

    #[test]
    fn arithmetic_cancels_terms() {
        let a = AffExpr::sym(i()).add(&AffExpr::sym(n())).unwrap();
        let b = a.sub(&AffExpr::sym(i())).unwrap();
        assert_eq!(b, AffExpr::sym(n()));
        assert_eq!(b.coeff(i()), 0);
    }

    #[test]
    fn overflow_is_reported() {
        let big = AffExpr::sym(i()).scale(COEFF_LIMIT).unwrap();
        assert_eq!(big.scale(2), Err(Overflow));
        assert_eq!(big.add(&big), Err(Overflow));
    }

    #[test]
    fn constraints_print_readably() {
        let c = Constraint::lt(&AffExpr::sym(i()), &AffExpr::sym(n())).unwrap();
        let mut s = String::new();
        c.fmt_with(&mut s, &name).unwrap();
        assert_eq!(s, "n >= i + 1");
        let c = Constraint::le(&AffExpr::constant(0), &AffExpr::sym(i())).unwrap();
        let mut s = String::new();
        c.fmt_with(&mut s, &name).unwrap();
        assert_eq!(s, "i >= 0");
    }

    #[test]
    fn dnf_distributes() {
        let c = |k| vec![Constraint::ge0(AffExpr::constant(k))];
        let a = vec![c(1), c(2)];
        let b = vec![c(3)];
        assert_eq!(dnf_and(&a, &b).len(), 2);
    }

    /// `n >= 1 ∧ i >= 0`, `n <= 0 ∧ i >= 0` and a repeat of the first
    /// merge to `i >= 0` (the repeat is then implied by it); `i >= 0` and `i <= 0` (not complements over the
    /// integers: both hold at 0) stay apart.
    #[test]
    fn complementary_paths_merge() {
        let ge = |e: AffExpr| Constraint::ge0(e);
        let i0 = ge(AffExpr::sym(i()));
        let n1 = ge(AffExpr::sym(n()).add_const(-1).unwrap());
        let not_n1 = ge(AffExpr::sym(n()).scale(-1).unwrap());
        let d = vec![vec![n1.clone(), i0.clone()], vec![i0.clone(), not_n1.clone()], vec![n1.clone(), i0.clone()]];
        assert_eq!(dnf_coalesce(d), vec![vec![i0.clone()]]);
        let le0 = ge(AffExpr::sym(i()).scale(-1).unwrap());
        let d = vec![vec![i0.clone()], vec![le0.clone()]];
        assert_eq!(dnf_coalesce(d.clone()), d);
    }
}
