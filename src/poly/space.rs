//! Spaces: the names and arities of the columns of a set or relation.
//!
//! A set space is `[n] -> { S[i, j] }`: parameters `n`, an optional tuple
//! name `S` and dimension names `i, j`. A relation (map) space
//! `[n] -> { S[i, j] -> A[a, b] }` has an input and an output tuple. A map
//! is stored exactly like a set whose dimensions are the input dimensions
//! followed by the output dimensions; only the space tells them apart.
//!
//! Dimension names are cosmetic (used for printing); two spaces are
//! *compatible* when parameters, tuple names and arities agree.

use std::fmt;

/// A named tuple `S[i, j]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Tuple {
    /// Optional tuple name (`S`).
    pub name: Option<String>,
    /// Dimension names (`i`, `j`).
    pub dims: Vec<String>,
}

impl Tuple {
    /// A tuple with a name and dimension names.
    pub fn new(name: Option<&str>, dims: &[&str]) -> Tuple {
        Tuple { name: name.map(str::to_string), dims: dims.iter().map(|s| s.to_string()).collect() }
    }

    /// An anonymous tuple with `n` dimensions named `i0, i1, ...`.
    pub fn anon(n: usize, prefix: &str) -> Tuple {
        Tuple { name: None, dims: (0..n).map(|k| format!("{prefix}{k}")).collect() }
    }

    fn compatible(&self, o: &Tuple) -> bool {
        self.name == o.name && self.dims.len() == o.dims.len()
    }
}

/// Parameters plus one tuple (a set) or two tuples (a relation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Space {
    /// Parameter names.
    pub params: Vec<String>,
    /// Input tuple; `None` for a set.
    pub input: Option<Tuple>,
    /// The set tuple, or the output tuple of a relation.
    pub output: Tuple,
}

impl Space {
    /// A set space.
    pub fn set(params: &[&str], name: Option<&str>, dims: &[&str]) -> Space {
        Space { params: params.iter().map(|s| s.to_string()).collect(), input: None, output: Tuple::new(name, dims) }
    }

    /// A relation space.
    pub fn map(params: &[&str], input: Tuple, output: Tuple) -> Space {
        Space { params: params.iter().map(|s| s.to_string()).collect(), input: Some(input), output }
    }

    /// A set space from owned parts.
    pub fn from_tuple(params: Vec<String>, t: Tuple) -> Space {
        Space { params, input: None, output: t }
    }

    /// A relation space from a domain and a range set space (params of `dom`).
    pub fn join(dom: &Space, ran: &Space) -> Space {
        Space { params: dom.params.clone(), input: Some(dom.output.clone()), output: ran.output.clone() }
    }

    /// Number of parameters.
    pub fn n_param(&self) -> usize {
        self.params.len()
    }

    /// Number of input dimensions (0 for a set).
    pub fn n_in(&self) -> usize {
        self.input.as_ref().map_or(0, |t| t.dims.len())
    }

    /// Number of output (set) dimensions.
    pub fn n_out(&self) -> usize {
        self.output.dims.len()
    }

    /// Total number of dimensions (`n_in + n_out`).
    pub fn n_dim(&self) -> usize {
        self.n_in() + self.n_out()
    }

    /// Whether this is a relation space.
    pub fn is_map(&self) -> bool {
        self.input.is_some()
    }

    /// Names of all dimensions, inputs first.
    pub fn dim_names(&self) -> Vec<String> {
        let mut v = self.input.as_ref().map_or(vec![], |t| t.dims.clone());
        v.extend(self.output.dims.iter().cloned());
        v
    }

    /// Same parameters, tuple names and arities.
    pub fn compatible(&self, o: &Space) -> bool {
        self.params == o.params
            && self.output.compatible(&o.output)
            && match (&self.input, &o.input) {
                (None, None) => true,
                (Some(a), Some(b)) => a.compatible(b),
                _ => false,
            }
    }

    /// The domain of a relation as a set space (the set itself for a set).
    pub fn domain(&self) -> Space {
        match &self.input {
            Some(t) => Space::from_tuple(self.params.clone(), t.clone()),
            None => self.clone(),
        }
    }

    /// The range of a relation as a set space.
    pub fn range(&self) -> Space {
        Space::from_tuple(self.params.clone(), self.output.clone())
    }

    /// Input and output swapped (a set is unchanged).
    pub fn reverse(&self) -> Space {
        match &self.input {
            Some(t) => Space { params: self.params.clone(), input: Some(self.output.clone()), output: t.clone() },
            None => self.clone(),
        }
    }
}

impl fmt::Display for Tuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.name.as_deref().unwrap_or(""), self.dims.join(", "))
    }
}
