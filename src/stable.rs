//! Hash maps and sets that iterate in the same order in every process.
//!
//! The standard `HashMap` seeds its hasher at random per process, so any
//! walk over one (the order of emitted checks, of statements, of names)
//! could differ from one compilation to the next. The same source and
//! flags must give the same object file on every run and machine
//! (reproducible builds and build caches depend on it), so Tessera uses
//! these, keyed by a fixed-key SipHash, everywhere. Hash flooding is no
//! concern: the keys come from the program being compiled.

use std::collections::hash_map::DefaultHasher;
use std::hash::BuildHasherDefault;

/// A `HashMap` with a fixed hasher: build it with `HashMap::default()`.
pub type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<DefaultHasher>>;
/// A `HashSet` with a fixed hasher: build it with `HashSet::default()`.
pub type HashSet<T> = std::collections::HashSet<T, BuildHasherDefault<DefaultHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    /// Two maps filled the same way iterate the same way (the standard
    /// map's per-instance random seeds would make this fail sometimes).
    #[test]
    fn iteration_order_is_fixed() {
        let fill = || (0..200).map(|i| (format!("k{i}"), i)).collect::<HashMap<_, _>>();
        let orders: Vec<Vec<String>> = (0..8).map(|_| fill().into_keys().collect()).collect();
        assert!(orders.windows(2).all(|w| w[0] == w[1]));
        let set: HashSet<u32> = (0..50).collect();
        assert_eq!(set.len(), 50);
    }
}
