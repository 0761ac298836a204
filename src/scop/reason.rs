//! Why a loop is not part of a SCoP: the reasons users read in
//! `-Rpass-analysis=tessera` remarks and the `-tessera-report` table.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// An array subscript that is not affine in counters and parameters.
    NonAffineSubscript(String),
    /// A loop bound (trip count) that is not affine, or not computable.
    NonAffineBound(String),
    /// A branch condition that is not affine.
    NonAffineCondition(String),
    /// A subscript, bound or condition that depends on a value loaded
    /// inside the nest (indirect indexing, a row pointer read from memory):
    /// no parameter values make it affine, so no profile can lift it.
    DataDependent(String),
    /// A subscript, bound or condition computed inside the nest from its
    /// counters and constants alone, not affinely (a product of two
    /// counters, a remainder by a constant): no parameter values make it
    /// affine, so no profile can lift it.
    NonAffineCounters(String),
    /// An address Tessera cannot read as one array's cell: mixed element
    /// sizes, no single base pointer, arithmetic on the base pointer, an
    /// access not aligned to its element, a narrow (truncated) pointer.
    /// Parameter values change none of these: no profile lifts them.
    UnsupportedAddress(String),
    /// A product of parameters with counters that delinearization cannot
    /// explain (profile-guided specialization may lift it).
    ParameterProduct(String),
    /// A call that may read or write memory, not return, or throw.
    UnsupportedCall(String),
    /// Control flow Tessera does not model: multiple exits, switch, break...
    ComplexControlFlow(String),
    /// An instruction Tessera does not model (volatile, atomic, alloca...).
    UnsupportedInstruction(String),
    /// More parameters than the model allows.
    TooManyParameters(usize),
    /// Coefficients beyond what exact arithmetic allows.
    Overflow(String),
    /// The region's model could not be built within the solver's budget.
    Budget(String),
    /// A loop carries a pragma of the user's that a rewrite would override
    /// (`#pragma clang loop vectorize(disable)`, `#pragma unroll`, ...).
    UserPragma(String),
}

impl Reason {
    /// A short key for statistics tables.
    pub fn key(&self) -> &'static str {
        match self {
            Reason::NonAffineSubscript(_) => "non-affine subscript",
            Reason::NonAffineBound(_) => "non-affine bound",
            Reason::NonAffineCondition(_) => "non-affine condition",
            Reason::DataDependent(_) => "data-dependent",
            Reason::NonAffineCounters(_) => "non-affine in counters",
            Reason::UnsupportedAddress(_) => "unsupported address",
            Reason::ParameterProduct(_) => "parameter product",
            Reason::UnsupportedCall(_) => "unsupported call",
            Reason::ComplexControlFlow(_) => "complex control flow",
            Reason::UnsupportedInstruction(_) => "unsupported instruction",
            Reason::TooManyParameters(_) => "too many parameters",
            Reason::Overflow(_) => "overflow",
            Reason::Budget(_) => "budget",
            Reason::UserPragma(_) => "loop pragma",
        }
    }

    fn detail(&self) -> String {
        match self {
            Reason::NonAffineSubscript(d)
            | Reason::NonAffineBound(d)
            | Reason::NonAffineCondition(d)
            | Reason::DataDependent(d)
            | Reason::NonAffineCounters(d)
            | Reason::UnsupportedAddress(d)
            | Reason::ParameterProduct(d)
            | Reason::UnsupportedCall(d)
            | Reason::ComplexControlFlow(d)
            | Reason::UnsupportedInstruction(d)
            | Reason::Overflow(d)
            | Reason::Budget(d)
            | Reason::UserPragma(d) => d.clone(),
            Reason::TooManyParameters(n) => format!("{n} parameters"),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.detail();
        if d.is_empty() {
            f.write_str(self.key())
        } else {
            write!(f, "{}: {d}", self.key())
        }
    }
}
