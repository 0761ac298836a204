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

/// A fixed multiply-rotate hash of machine words, several times faster
/// than SipHash on integer keys (the solver's problems, hashed whole on
/// every query by [`crate::poly::answers`]); as fixed as SipHash's keys.
#[derive(Default, Clone, Copy)]
pub struct WordHasher(u64);

impl WordHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl std::hash::Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.add(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        for &b in words.remainder() {
            self.add(b as u64);
        }
    }
    #[inline]
    fn write_u64(&mut self, w: u64) {
        self.add(w);
    }
    #[inline]
    fn write_usize(&mut self, w: usize) {
        self.add(w as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A `HashMap` hashed by [`WordHasher`]: for keys made of integers.
pub type WordMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<WordHasher>>;

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

    /// Word-hashed maps keep apart keys that differ in one word, or only
    /// in how their words are split into vectors.
    #[test]
    fn word_map_tells_keys_apart() {
        let mut m: WordMap<Vec<Vec<i64>>, usize> = WordMap::default();
        let keys = [vec![vec![1, 2], vec![3]], vec![vec![1], vec![2, 3]], vec![vec![1, 2, 3]], vec![vec![1, 2], vec![4]]];
        for (i, k) in keys.iter().enumerate() {
            m.insert(k.clone(), i);
        }
        assert_eq!(m.len(), 4);
        assert!(keys.iter().enumerate().all(|(i, k)| m[k] == i));
    }
}
