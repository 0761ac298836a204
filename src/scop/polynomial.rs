//! Scalar evolutions as integer polynomials in counters and parameters.
//!
//! Addresses like `A + 8·(n·i + j)` are not affine (`n·i`), but they are
//! polynomials whose shape delinearization can explain (`A[i][j]` with an
//! inner size `n`). So every SCEV is first turned into a [`Polynomial`], then
//! either read as an [`AffExpr`] or delinearized.

use super::affine::{AffExpr, Sym, COEFF_LIMIT};
use super::model::PseudoLoop;
use super::reason::Reason;
use crate::ir::{LoopId, Scev, ValueId};
use std::collections::{BTreeMap, BTreeSet};

/// Monomials (sorted symbol lists, with repetition) to coefficients; the
/// empty monomial is the constant term.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Polynomial {
    pub terms: BTreeMap<Vec<Sym>, i128>,
}

/// Monomials of higher degree than this are rejected (no kernel needs them
/// and they only make coefficients explode).
const MAX_DEGREE: usize = 4;

/// A fact `lo <= e` (and `e <= hi` when given) the model must guarantee:
/// a value computed at a narrow width does not wrap.
pub type Range = (Polynomial, i128, Option<i128>);

/// What reading a SCEV as a polynomial found about the region's symbols
/// beyond the polynomial itself. Symbol resolution ([`SymEnv`]) only reads
/// its environment and writes here; the caller decides what to keep: the
/// parameters, enclosing loops and pseudo-loops become the model's, the
/// ranges its obligations, or a conversion is thrown away with all it
/// found.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// Values read as parameters.
    pub params: BTreeSet<ValueId>,
    /// Loops around the region whose counters appear (parameters too).
    pub outer: BTreeSet<LoopId>,
    /// Ranges of narrow arithmetic the polynomial is exact under.
    pub ranges: Vec<Range>,
    /// Pseudo-loops of parities named for the first time (see
    /// [`SymEnv::parity`]).
    pub pseudo: Vec<PseudoLoop>,
}

/// What a SCEV's leaves mean in the region being modelled. Resolution
/// reads the environment only; what it finds goes into `found`.
pub trait SymEnv {
    /// The symbol for a value SCEV could not look into: a parameter, or an
    /// error when the value changes inside the region.
    fn unknown(&self, v: ValueId, found: &mut Found) -> Result<Sym, Reason>;
    /// Whether a loop's counter may appear (the loop is in the region).
    fn counter(&self, l: LoopId, found: &mut Found) -> Result<Sym, Reason>;
    /// The polynomial of a value SCEV could not look into but detection
    /// could (a PHI merging equal values), if any.
    fn value(&self, _v: ValueId) -> Option<Polynomial> {
        None
    }
    /// The parameter standing for a value of parameters no polynomial
    /// holds (an unsigned division, see `quotient_facts`; a minimum or
    /// maximum, as `get_arg`-style clamping leaves a size) when an
    /// instruction before the region computes it, if any.
    fn computed_before(&self, _s: &Scev, _found: &mut Found) -> Option<Sym> {
        None
    }
    /// The parameter of an instruction before the region computing
    /// `x urem d`, if any: SCEV writes that remainder as `x - d·(x /u d)`,
    /// and a quotient with a multiple of `d` as its factor then reads as
    /// `(c/d)·(x - r)` (`n + 1 + n % 3` is `1 + n + r`).
    fn remainder(&self, _x: &Scev, _d: i128, _found: &mut Found) -> Option<Sym> {
        None
    }
    /// The counter `q` of a pseudo-loop standing for `floor(p / 2)`, for
    /// the parity `p mod 2 = p - 2q` of an affine sum `p` of counters (and
    /// parameters) with unit coefficients: red-black sweeps start their
    /// inner loop at `1 + (i + c) % 2`. See `Model::pseudo_loops`.
    fn parity(&self, _p: &AffExpr, _found: &mut Found) -> Result<Sym, Reason> {
        Err(Reason::NonAffineSubscript("parity (remainder of a division by 2)".into()))
    }
    /// For a loop whose counter starts at a min/max (`j = max(0, i - k)`),
    /// counted from that start rather than from 0: the start, over the
    /// placeholder symbols of its min/max parts (see [`SymEnv::atom`]).
    fn origin(&self, _l: LoopId) -> Option<Polynomial> {
        None
    }
    /// The placeholder symbol of a min/max that is part of some loop's
    /// start. Placeholders must cancel: a polynomial that keeps one is
    /// rejected.
    fn atom(&self, _s: &Scev) -> Option<Sym> {
        None
    }
}

pub fn atom_sym(index: usize) -> Sym {
    Sym::Atom(index as u32)
}

fn is_atom(s: &Sym) -> bool {
    matches!(s, Sym::Atom(_))
}

/// The min/max an extension of one stands for, when the extension
/// changes no value: a sign extension, or a zero extension of a signed
/// maximum that has a constant operand >= 0 (`zext(smax(0, i - k))`, the
/// start of a loop, is the same number as the narrow `smax(0, i - k)` its
/// other recurrences use).
pub fn canonical_atom(s: &Scev) -> &Scev {
    match s {
        Scev::SExt(x, _) => canonical_atom(x),
        Scev::ZExt(x, _) if matches!(x.as_ref(), Scev::SMax(ops) if ops.iter().any(|o| matches!(o, Scev::Const(c) if *c >= 0))) => canonical_atom(x),
        _ => s,
    }
}

/// A min/max, or an extension of one: what a loop start's placeholder
/// stands for.
pub fn is_minmax_like(s: &Scev) -> bool {
    match s {
        Scev::SMax(_) | Scev::UMax(_) | Scev::SMin(_) | Scev::UMin(_) => true,
        Scev::ZExt(x, _) | Scev::SExt(x, _) => is_minmax_like(x),
        _ => false,
    }
}

fn overflow() -> Reason {
    Reason::Overflow("coefficient too large".into())
}

fn checked(v: Option<i128>) -> Result<i128, Reason> {
    match v {
        Some(x) if x.abs() <= COEFF_LIMIT => Ok(x),
        _ => Err(overflow()),
    }
}

/// The range a value extended from `bits` must lie in for the extension to
/// be the identity (`None`: no upper bound to check at 64 bits).
pub fn extension_range(signed: bool, bits: u32) -> Result<(i128, Option<i128>), Reason> {
    match bits {
        b if b >= 64 => Ok((if signed { i128::MIN } else { 0 }, None)),
        b if b >= 1 && b <= 32 => Ok(if signed {
            (-(1i128 << (b - 1)), Some((1i128 << (b - 1)) - 1))
        } else {
            (0, Some((1i128 << b) - 1))
        }),
        _ => Err(Reason::Overflow(format!("arithmetic at width {bits}"))),
    }
}

impl Polynomial {
    pub fn from_affine(e: &AffExpr) -> Result<Polynomial, Reason> {
        let mut r = Polynomial::constant(e.constant);
        for (&s, &c) in &e.coeffs {
            r = r.add(&Polynomial::sym(s).scale(c)?)?;
        }
        Ok(r)
    }

    pub fn constant(c: i128) -> Polynomial {
        let mut p = Polynomial::default();
        if c != 0 {
            p.terms.insert(vec![], c);
        }
        p
    }

    pub fn sym(s: Sym) -> Polynomial {
        Polynomial { terms: BTreeMap::from([(vec![s], 1)]) }
    }

    pub fn add(&self, o: &Polynomial) -> Result<Polynomial, Reason> {
        let mut r = self.clone();
        for (m, &c) in &o.terms {
            let v = checked(r.terms.get(m).copied().unwrap_or(0).checked_add(c))?;
            if v == 0 {
                r.terms.remove(m);
            } else {
                r.terms.insert(m.clone(), v);
            }
        }
        Ok(r)
    }

    pub fn mul(&self, o: &Polynomial) -> Result<Polynomial, Reason> {
        let mut r = Polynomial::default();
        for (m1, &c1) in &self.terms {
            for (m2, &c2) in &o.terms {
                let mut m: Vec<Sym> = m1.iter().chain(m2).copied().collect();
                if m.len() > MAX_DEGREE {
                    return Err(Reason::ParameterProduct("product of too many values".into()));
                }
                m.sort();
                let term = Polynomial { terms: BTreeMap::from([(m, checked(c1.checked_mul(c2))?)]) };
                r = r.add(&term)?;
            }
        }
        Ok(r)
    }

    pub fn scale(&self, k: i128) -> Result<Polynomial, Reason> {
        self.mul(&Polynomial::constant(k))
    }

    /// The polynomial with every occurrence of `s` replaced by `by`.
    pub fn substitute(&self, s: Sym, by: &Polynomial) -> Result<Polynomial, Reason> {
        let mut r = Polynomial::default();
        for (m, &c) in &self.terms {
            let mut term = Polynomial::constant(c);
            for &x in m {
                let factor = if x == s { by.clone() } else { Polynomial::sym(x) };
                term = term.mul(&factor)?;
            }
            r = r.add(&term)?;
        }
        Ok(r)
    }

    pub fn constant_term(&self) -> i128 {
        self.terms.get(&vec![]).copied().unwrap_or(0)
    }

    /// The polynomial as an affine expression, if every monomial has degree <= 1.
    pub fn to_affine(&self) -> Option<AffExpr> {
        let mut e = AffExpr::default();
        for (m, &c) in &self.terms {
            match m.as_slice() {
                [] => e.constant = c,
                [s] => {
                    e.coeffs.insert(*s, c);
                }
                _ => return None,
            }
        }
        Some(e)
    }

    /// Exact division by `d`, if `d` divides every coefficient.
    pub fn div_exact(&self, d: i128) -> Option<Polynomial> {
        if d == 0 || self.terms.values().any(|c| c % d != 0) {
            return None;
        }
        Some(Polynomial { terms: self.terms.iter().map(|(m, c)| (m.clone(), c / d)).collect() })
    }

    /// Writes the polynomial (`n*i0 + i1 - 1`) with `name` giving each
    /// symbol's text.
    pub fn fmt_with(&self, f: &mut dyn std::fmt::Write, name: &dyn Fn(Sym) -> String) -> std::fmt::Result {
        let mut first = true;
        // Monomials of higher degree first, the constant last.
        let mut terms: Vec<(&Vec<Sym>, i128)> = self.terms.iter().map(|(m, &c)| (m, c)).collect();
        terms.sort_by_key(|(m, _)| std::cmp::Reverse(m.len()));
        for (m, c) in terms {
            let mag = c.abs();
            match (first, c < 0) {
                (true, true) => f.write_str("-")?,
                (true, false) => {}
                (false, neg) => f.write_str(if neg { " - " } else { " + " })?,
            }
            let factors: Vec<String> = m.iter().map(|&s| name(s)).collect();
            match (mag, factors.is_empty()) {
                (_, true) => write!(f, "{mag}")?,
                (1, false) => f.write_str(&factors.join("*"))?,
                _ => write!(f, "{mag}*{}", factors.join("*"))?,
            }
            first = false;
        }
        if first {
            f.write_str("0")?;
        }
        Ok(())
    }

    pub fn from_scev(s: &Scev, env: &dyn SymEnv, found: &mut Found) -> Result<Polynomial, Reason> {
        let p = Self::with_atoms(s, env, found)?;
        if p.has_atoms() {
            return Err(Reason::NonAffineSubscript("min/max".into()));
        }
        Ok(p)
    }

    /// `c·(x /u d)` with `d | c` and no quotient instruction before the
    /// region but a remainder `r = x urem d`: `(c/d)·(x - r)`, which is the
    /// same number modulo 2^bits (`x = d·(x /u d) + x urem d` there), as
    /// every sum SCEV writes is.
    fn via_remainder(fs: &[Scev], env: &dyn SymEnv, found: &mut Found) -> Result<Option<Polynomial>, Reason> {
        let [Scev::Const(c), q @ Scev::UDiv(x, by)] = fs else { return Ok(None) };
        let Scev::Const(d) = by.as_ref() else { return Ok(None) };
        if *d < 2 || c % d != 0 || env.computed_before(q, found).is_some() {
            return Ok(None);
        }
        let Some(r) = env.remainder(x, *d, found) else { return Ok(None) };
        let x = Self::with_atoms(x, env, found)?;
        Ok(Some(x.add(&Polynomial::sym(r).scale(-1)?)?.scale(c / d)?))
    }

    /// `x mod 2` (its lowest bit) as `c + s·(p - 2q)`: `p` is the sum of
    /// the symbols with an odd coefficient in `x` (even multiples and the
    /// sign do not change a parity), `q` the pseudo-loop counter of `p`,
    /// and an odd constant flips the bit (`(p + 1) mod 2 = 1 - p mod 2`).
    /// Exact even when `x` wraps at its width, a power of two.
    fn parity_of(x: &Scev, env: &dyn SymEnv, found: &mut Found) -> Result<Polynomial, Reason> {
        let na = || Reason::NonAffineSubscript("parity of a non-affine value".into());
        let e = Self::with_atoms(x, env, found)?.to_affine().ok_or_else(na)?;
        Self::parity(&e, env, found)
    }

    /// `e mod 2` (see `parity_of`), 0 or 1.
    pub fn parity(e: &AffExpr, env: &dyn SymEnv, found: &mut Found) -> Result<Polynomial, Reason> {
        let mut p = AffExpr::constant(0);
        for (&s, &c) in &e.coeffs {
            if c % 2 != 0 {
                p.coeffs.insert(s, 1);
            }
        }
        if p.coeffs.is_empty() {
            return Ok(Polynomial::constant(e.constant.rem_euclid(2)));
        }
        let q = env.parity(&p, found)?;
        let mut bit = Polynomial::from_affine(&p)?.add(&Polynomial::sym(q).scale(-2)?)?;
        if e.constant.rem_euclid(2) == 1 {
            bit = Polynomial::constant(1).add(&bit.scale(-1)?)?;
        }
        Ok(bit)
    }

    fn has_atoms(&self) -> bool {
        self.terms.keys().flatten().any(is_atom)
    }

    /// Like [`Polynomial::from_scev`], but the min/max parts of loop starts
    /// stay as placeholders.
    pub fn with_atoms(s: &Scev, env: &dyn SymEnv, found: &mut Found) -> Result<Polynomial, Reason> {
        let na = |what: &str| Reason::NonAffineSubscript(what.to_string());
        if is_minmax_like(s) {
            if let Some(a) = env.atom(s) {
                return Ok(Polynomial::sym(a));
            }
        }
        match s {
            Scev::Const(c) => Ok(Polynomial::constant(checked(Some(*c))?)),
            Scev::Unknown(v) => match env.value(*v) {
                Some(p) => Ok(p),
                None => Ok(Polynomial::sym(env.unknown(*v, found)?)),
            },
            Scev::Add(ts) => ts.iter().try_fold(Polynomial::default(), |acc, t| acc.add(&Self::with_atoms(t, env, found)?)),
            Scev::Mul(fs) => match Self::via_remainder(fs, env, found)? {
                Some(p) => Ok(p),
                None => fs.iter().try_fold(Polynomial::constant(1), |acc, t| acc.mul(&Self::with_atoms(t, env, found)?)),
            },
            Scev::AddRec { start, step, loop_, .. } => {
                let k = Polynomial::sym(env.counter(*loop_, found)?);
                let (start, step) = (Self::with_atoms(start, env, found)?, Self::with_atoms(step, env, found)?);
                match env.origin(*loop_) {
                    None => start.add(&step.mul(&k)?),
                    // Counted from its start o: the value after k - o steps.
                    Some(o) => start.add(&step.mul(&k.add(&o.scale(-1)?)?)?),
                }
            }
            // An extension is transparent when the narrow value it extends
            // is exact: it neither wrapped at its width nor, for zext, was
            // negative. Those ranges become obligations of the model.
            // A one-bit value is the parity of its integer polynomial (SCEV
            // folds `(i + c) & 1` into `zext i1 {c+1,+,1}`, arithmetic
            // modulo 2), read as 0 or 1 (zext) or 0 or -1 (sext).
            Scev::ZExt(x, 1) => Self::parity_of(x, env, found),
            Scev::SExt(x, 1) => Self::parity_of(x, env, found)?.scale(-1),
            Scev::ZExt(x, _) if matches!(x.as_ref(), Scev::Trunc(_, 1)) => Self::with_atoms(x, env, found),
            Scev::Trunc(x, 1) => Self::parity_of(x, env, found),
            Scev::SExt(x, bits) | Scev::ZExt(x, bits) => {
                // An extension of a truncation to its own width reads the
                // truncated value's bits as one integer: the value itself
                // when it lies in the extension's range.
                let p = match x.as_ref() {
                    Scev::Trunc(y, tb) if tb == bits => Self::with_atoms(y, env, found)?,
                    _ => Self::with_atoms(x, env, found)?,
                };
                if p.has_atoms() {
                    // A range fact cannot be stated over a placeholder.
                    return Err(na("min/max"));
                }
                let (lo, hi) = extension_range(matches!(s, Scev::SExt(..)), *bits)?;
                if lo != i128::MIN || hi.is_some() {
                    found.ranges.push((p.clone(), lo, hi));
                }
                Ok(p)
            }
            // A truncation's bits are the value modulo 2^bits: read as a
            // signed integer, they are the value itself when it lies in
            // the signed range (where no two values share their bits).
            Scev::Trunc(x, bits) if (8..=32).contains(bits) => {
                let p = Self::from_scev(x, env, found)?;
                found.ranges.push((p.clone(), -(1i128 << (bits - 1)), Some((1i128 << (bits - 1)) - 1)));
                Ok(p)
            }
            Scev::Trunc(..) => Err(na("truncation")),
            // A division of counters and constants alone (not computed
            // before the region) stays one for any parameter values: no
            // profile lifts it.
            Scev::UDiv(..) => env.computed_before(s, found).map(Polynomial::sym).ok_or_else(|| {
                if has_unknown(s) {
                    na("division")
                } else {
                    Reason::NonAffineCounters("a division of counters by a constant".into())
                }
            }),
            Scev::SMax(_) | Scev::UMax(_) | Scev::SMin(_) | Scev::UMin(_) => env.computed_before(s, found).map(Polynomial::sym).ok_or_else(|| na("min/max")),
            Scev::PtrToInt(_) => Err(na("pointer-to-integer cast")),
            Scev::CouldNotCompute => Err(na("not computable")),
            Scev::Unsupported(what) => Err(na(what)),
        }
    }
}

/// Whether `s` names a value SCEV cannot look into (a parameter, or a
/// value computed in the region).
fn has_unknown(s: &Scev) -> bool {
    match s {
        Scev::Unknown(_) | Scev::CouldNotCompute | Scev::Unsupported(_) => true,
        Scev::Const(_) => false,
        Scev::Add(xs) | Scev::Mul(xs) | Scev::SMax(xs) | Scev::UMax(xs) | Scev::SMin(xs) | Scev::UMin(xs) => xs.iter().any(has_unknown),
        Scev::UDiv(a, b) | Scev::AddRec { start: a, step: b, .. } => has_unknown(a) || has_unknown(b),
        Scev::ZExt(x, _) | Scev::SExt(x, _) | Scev::Trunc(x, _) | Scev::PtrToInt(x) => has_unknown(x),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scop::affine::Counter;

    struct Env;
    impl SymEnv for Env {
        fn unknown(&self, v: ValueId, _: &mut Found) -> Result<Sym, Reason> {
            if v.0 < 10 {
                Ok(Sym::Param(v))
            } else {
                Err(Reason::NonAffineSubscript("loaded in the loop".into()))
            }
        }
        fn counter(&self, l: LoopId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::loop_counter(l))
        }
    }

    /// The polynomial of `s` with no facts kept.
    fn poly(s: &Scev, env: &dyn SymEnv) -> Result<Polynomial, Reason> {
        Polynomial::from_scev(s, env, &mut Found::default())
    }

    /// Loop 1 is counted from its start smax(0, v0).
    struct Origins(Scev);
    impl SymEnv for Origins {
        fn unknown(&self, v: ValueId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::Param(v))
        }
        fn counter(&self, l: LoopId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::loop_counter(l))
        }
        fn origin(&self, l: LoopId) -> Option<Polynomial> {
            (l == LoopId(1)).then(|| Polynomial::sym(atom_sym(0)))
        }
        fn atom(&self, s: &Scev) -> Option<Sym> {
            (*s == self.0).then(|| atom_sym(0))
        }
    }

    #[test]
    fn counters_from_a_min_max_start_cancel_it() {
        let start = Scev::SMax(vec![Scev::Const(0), Scev::Unknown(ValueId(0))]);
        let env = Origins(start.clone());
        // {A + 8·smax(0, v0), +, 8}<L1> = A + 8·k1
        let addr = Scev::addrec(Scev::Add(vec![Scev::Unknown(ValueId(5)), Scev::Mul(vec![Scev::Const(8), start.clone()])]), Scev::Const(8), LoopId(1));
        let p = poly(&addr, &env).unwrap().to_affine().unwrap();
        assert_eq!((p.coeff(Sym::loop_counter(LoopId(1))), p.coeff(Sym::Param(ValueId(5))), p.coeffs.len()), (8, 1, 2));
        // {0, +, 1}<L1> counts iterations: k1 - smax(0, v0), not affine.
        let from_zero = Scev::addrec(Scev::Const(0), Scev::Const(1), LoopId(1));
        assert!(matches!(poly(&from_zero, &env), Err(Reason::NonAffineSubscript(_))));
        // The start itself, outside its loop, is no polynomial either.
        assert!(poly(&start, &env).is_err());
        // Other loops count from 0 as before.
        let other = Scev::addrec(start.clone(), Scev::Const(1), LoopId(0));
        assert!(poly(&other, &env).is_err());
        assert_eq!(poly(&Scev::addrec(Scev::Const(2), Scev::Const(1), LoopId(0)), &env).unwrap().to_affine().unwrap().constant, 2);
    }

    /// v1 is `v0 urem 3`, computed before the region.
    struct Remainder;
    impl SymEnv for Remainder {
        fn unknown(&self, v: ValueId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::Param(v))
        }
        fn counter(&self, l: LoopId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::loop_counter(l))
        }
        fn remainder(&self, x: &Scev, d: i128, _: &mut Found) -> Option<Sym> {
            (*x == Scev::Unknown(ValueId(0)) && d == 3).then_some(Sym::Param(ValueId(1)))
        }
    }

    #[test]
    fn multiples_of_a_quotient_read_through_its_remainder() {
        let q = |by: i128| Scev::UDiv(Box::new(Scev::Unknown(ValueId(0))), Box::new(Scev::Const(by)));
        // n + 1 + n % 3 = 1 + 2n - 3·(n /u 3), for n from 0 to 99.
        let m = Scev::Add(vec![Scev::Const(1), Scev::Mul(vec![Scev::Const(2), Scev::Unknown(ValueId(0))]), Scev::Mul(vec![Scev::Const(-3), q(3)])]);
        let p = poly(&m, &Remainder).unwrap().to_affine().unwrap();
        for n in 0..100i128 {
            let at = p.constant + p.coeff(Sym::Param(ValueId(0))) * n + p.coeff(Sym::Param(ValueId(1))) * (n % 3);
            assert_eq!(at, n + 1 + n % 3, "{n}");
        }
        // 6·(n /u 3) is 2·(n - r) too; 2·(n /u 3), n /u 3 and a quotient by
        // another divisor are no polynomial.
        let six = poly(&Scev::Mul(vec![Scev::Const(6), q(3)]), &Remainder).unwrap().to_affine().unwrap();
        assert_eq!((six.coeff(Sym::Param(ValueId(0))), six.coeff(Sym::Param(ValueId(1)))), (2, -2));
        assert!(poly(&Scev::Mul(vec![Scev::Const(2), q(3)]), &Remainder).is_err());
        assert!(poly(&q(3), &Remainder).is_err());
        assert!(poly(&Scev::Mul(vec![Scev::Const(-5), q(5)]), &Remainder).is_err());
    }

    /// Parities of sums get pseudo-loop counters, one per sum.
    struct Parities;
    impl SymEnv for Parities {
        fn unknown(&self, v: ValueId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::Param(v))
        }
        fn counter(&self, l: LoopId, _: &mut Found) -> Result<Sym, Reason> {
            Ok(Sym::loop_counter(l))
        }
        fn parity(&self, p: &AffExpr, found: &mut Found) -> Result<Sym, Reason> {
            let known = &mut found.pseudo;
            let at = known.iter().position(|q| q.half_of == *p).unwrap_or_else(|| {
                known.push(PseudoLoop { id: Counter::Pseudo(known.len() as u32), half_of: p.clone(), inside: LoopId(0) });
                known.len() - 1
            });
            Ok(Sym::Counter(Counter::Pseudo(at as u32)))
        }
    }

    #[test]
    fn one_bit_values_are_parities_of_sums() {
        // zext(trunc1(a·k + b·n + c)) for small a, b, c: the polynomial,
        // with each q at floor(p / 2) of its sum p, is the lowest bit.
        let (k, n) = (Sym::loop_counter(LoopId(0)), Sym::Param(ValueId(1)));
        for a in -3..=3i128 {
            for b in -2..=2i128 {
                for c in -3..=3i128 {
                    let x = Scev::Add(vec![
                        Scev::Const(c),
                        Scev::addrec(Scev::Const(0), Scev::Const(a), LoopId(0)),
                        Scev::Mul(vec![Scev::Const(b), Scev::Unknown(ValueId(1))]),
                    ]);
                    let mut found = Found::default();
                    let bit = Polynomial::from_scev(&Scev::ZExt(Box::new(Scev::Trunc(Box::new(x), 1)), 1), &Parities, &mut found).unwrap();
                    let sums: Vec<AffExpr> = found.pseudo.iter().map(|q| q.half_of.clone()).collect();
                    for kv in 0..6i128 {
                        for nv in -3..4i128 {
                            let value = |s: &Sym| match s {
                                s if *s == k => kv,
                                s if *s == n => nv,
                                Sym::Counter(Counter::Pseudo(id)) => {
                                    let p = &sums[*id as usize];
                                    (p.coeff(k) * kv + p.coeff(n) * nv + p.constant).div_euclid(2)
                                }
                                _ => unreachable!(),
                            };
                            let got: i128 = bit.terms.iter().map(|(m, c)| c * m.iter().map(value).product::<i128>()).sum();
                            assert_eq!(got, (a * kv + b * nv + c).rem_euclid(2), "{a}k + {b}n + {c} at k={kv}, n={nv}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn addrec_becomes_start_plus_step_times_counter() {
        // {3,+,2}<L0> = 3 + 2 k0
        let s = Scev::addrec(Scev::Const(3), Scev::Const(2), LoopId(0));
        let p = poly(&s, &Env).unwrap();
        let a = p.to_affine().unwrap();
        assert_eq!(a.constant, 3);
        assert_eq!(a.coeff(Sym::loop_counter(LoopId(0))), 2);
    }

    #[test]
    fn parametric_stride_is_a_product() {
        // {0,+,%n}<L0> = n k0: a polynomial, not affine.
        let s = Scev::addrec(Scev::Const(0), Scev::Unknown(ValueId(1)), LoopId(0));
        let p = poly(&s, &Env).unwrap();
        assert!(p.to_affine().is_none());
        assert_eq!(p.terms.len(), 1);
    }

    #[test]
    fn values_computed_in_the_loop_are_rejected() {
        let s = Scev::Add(vec![Scev::Unknown(ValueId(11)), Scev::Const(1)]);
        assert!(matches!(poly(&s, &Env), Err(Reason::NonAffineSubscript(_))));
    }

    #[test]
    fn zext_records_a_nonnegativity_assumption() {
        let mut found = Found::default();
        let s = Scev::ZExt(Box::new(Scev::Unknown(ValueId(2))), 64);
        Polynomial::from_scev(&s, &Env, &mut found).unwrap();
        assert_eq!(found.ranges[0].1, 0);
        assert_eq!(found.ranges[0].2, None);
    }

    #[test]
    fn narrow_extensions_record_their_range() {
        // zext i3 x: 0 <= x <= 7 (the i3 arithmetic must not have wrapped)
        let mut found = Found::default();
        Polynomial::from_scev(&Scev::ZExt(Box::new(Scev::Unknown(ValueId(2))), 3), &Env, &mut found).unwrap();
        Polynomial::from_scev(&Scev::SExt(Box::new(Scev::Unknown(ValueId(2))), 32), &Env, &mut found).unwrap();
        let r = &found.ranges;
        assert_eq!((r[0].1, r[0].2), (0, Some(7)));
        assert_eq!((r[1].1, r[1].2), (-(1 << 31), Some((1 << 31) - 1)));
    }

    #[test]
    fn huge_coefficients_overflow() {
        let s = Scev::Mul(vec![Scev::Const(1 << 39), Scev::Const(1 << 39)]);
        assert!(matches!(poly(&s, &Env), Err(Reason::Overflow(_))));
    }
}
