//! Scalar-evolution expressions as plain Rust data: the bridge copies
//! LLVM's SCEV trees into this form so that SCoP detection can reason about
//! loop bounds and addresses without LLVM types (and be unit-tested with
//! hand-built expressions).
//!
//! `{start,+,step}<L>` ([`Scev::AddRec`]) is the value `start + step·k` in
//! iteration `k` of loop `L`, counting from 0: detection models every loop by
//! that normalized counter `k`.

use super::{LoopId, ValueId};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scev {
    /// An integer constant (at most 128 bits of the IR constant are kept;
    /// wider ones arrive as `Unsupported`).
    Const(i128),
    /// A value SCEV cannot look into: a parameter (argument, value defined
    /// before the region) or a non-affine value inside it.
    Unknown(ValueId),
    Add(Vec<Scev>),
    Mul(Vec<Scev>),
    /// Unsigned division.
    UDiv(Box<Scev>, Box<Scev>),
    AddRec { start: Box<Scev>, step: Box<Scev>, loop_: LoopId, flags: WrapFlags },
    SMax(Vec<Scev>),
    UMax(Vec<Scev>),
    SMin(Vec<Scev>),
    UMin(Vec<Scev>),
    /// Zero extension of a value of the given width (its arithmetic wraps
    /// at that width).
    ZExt(Box<Scev>, u32),
    /// Sign extension of a value of the given width.
    SExt(Box<Scev>, u32),
    /// Truncation to the given width.
    Trunc(Box<Scev>, u32),
    PtrToInt(Box<Scev>),
    /// SCEV gave up (e.g. an unknown trip count).
    CouldNotCompute,
    /// A SCEV kind Tessera does not model (vscale, sequential umin, huge constants).
    Unsupported(&'static str),
}

/// No-wrap flags of an add recurrence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WrapFlags {
    pub nsw: bool,
    pub nuw: bool,
}

impl Scev {
    pub fn add(terms: Vec<Scev>) -> Scev {
        Scev::Add(terms)
    }

    pub fn mul(factors: Vec<Scev>) -> Scev {
        Scev::Mul(factors)
    }

    pub fn addrec(start: Scev, step: Scev, loop_: LoopId) -> Scev {
        Scev::AddRec { start: Box::new(start), step: Box::new(step), loop_, flags: WrapFlags { nsw: true, nuw: false } }
    }

    /// The operands of an n-ary node, or of a unary one.
    pub fn children(&self) -> Vec<&Scev> {
        match self {
            Scev::Add(v) | Scev::Mul(v) | Scev::SMax(v) | Scev::UMax(v) | Scev::SMin(v) | Scev::UMin(v) => {
                v.iter().collect()
            }
            Scev::UDiv(a, b) => vec![a, b],
            Scev::AddRec { start, step, .. } => vec![start, step],
            Scev::ZExt(a, _) | Scev::SExt(a, _) | Scev::Trunc(a, _) | Scev::PtrToInt(a) => vec![a],
            Scev::Const(_) | Scev::Unknown(_) | Scev::CouldNotCompute | Scev::Unsupported(_) => vec![],
        }
    }

    /// Whether a truncation occurs outside any extension (an extension of
    /// a truncation reads the bits back as one integer; a bare one leaves
    /// them to be read modulo 2^bits, as address arithmetic does).
    pub fn has_bare_trunc(&self) -> bool {
        match self {
            Scev::Trunc(..) => true,
            Scev::ZExt(..) | Scev::SExt(..) => false,
            _ => self.children().iter().any(|c| c.has_bare_trunc()),
        }
    }

    /// Whether the expression mentions loop `l` (as an add recurrence).
    pub fn uses_loop(&self, l: LoopId) -> bool {
        match self {
            Scev::AddRec { loop_, .. } if *loop_ == l => true,
            _ => self.children().into_iter().any(|c| c.uses_loop(l)),
        }
    }
}

impl fmt::Display for Scev {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, name: &str, sep: &str, v: &[Scev]| -> fmt::Result {
            write!(f, "{name}(")?;
            for (i, x) in v.iter().enumerate() {
                if i > 0 {
                    f.write_str(sep)?;
                }
                write!(f, "{x}")?;
            }
            f.write_str(")")
        };
        match self {
            Scev::Const(c) => write!(f, "{c}"),
            Scev::Unknown(v) => write!(f, "%{}", v.0),
            Scev::Add(v) => list(f, "", " + ", v),
            Scev::Mul(v) => list(f, "", " * ", v),
            Scev::UDiv(a, b) => write!(f, "({a} /u {b})"),
            Scev::AddRec { start, step, loop_, .. } => write!(f, "{{{start},+,{step}}}<L{}>", loop_.0),
            Scev::SMax(v) => list(f, "smax", ", ", v),
            Scev::UMax(v) => list(f, "umax", ", ", v),
            Scev::SMin(v) => list(f, "smin", ", ", v),
            Scev::UMin(v) => list(f, "umin", ", ", v),
            Scev::ZExt(a, b) => write!(f, "zext(i{b} {a})"),
            Scev::SExt(a, b) => write!(f, "sext(i{b} {a})"),
            Scev::Trunc(a, b) => write!(f, "trunc{b}({a})"),
            Scev::PtrToInt(a) => write!(f, "ptrtoint({a})"),
            Scev::CouldNotCompute => f.write_str("***COULDNOTCOMPUTE***"),
            Scev::Unsupported(what) => write!(f, "unsupported({what})"),
        }
    }
}
