//! Profile-guided parameter specialization (SPolly): which regions to
//! instrument, the profile file, and which recorded values to specialize
//! for. Pure Rust over the LLVM-free view; the driver does the IR work.
//!
//! A candidate region is a top-level loop nest that is not a SCoP for a
//! reason parameters can cause (a parameter product, a non-affine bound,
//! subscript or condition) and that reads a few integer values defined
//! before it. The instrumented build records those values at each entry;
//! the profile-use build clones the nest with the hot values as constants.
//!
//! File format (written by `runtime.c`, documented in the README):
//!
//! ```text
//! tessera-profile 1
//! # comment lines
//! region <function>/<index>/<hash> <nparams> <entries> # <description>
//! <count> <value 1> ... <value nparams>
//! end
//! checksum <FNV-1a 64 of every byte before this line, 16 hex digits>
//! ```

pub mod candidates;

use crate::stable::HashMap;

pub use candidates::{candidates, Candidate, MAX_PARAMS};

/// One region's record: how often it was entered and with which values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionProfile {
    /// `<function>/<index>/<hash>`.
    pub key: String,
    pub hash: String,
    pub description: String,
    pub nparams: usize,
    pub entries: u64,
    /// (count, values), most frequent first.
    pub tuples: Vec<(u64, Vec<i64>)>,
}

/// A parsed profile, by region site (`<function>/<index>`).
#[derive(Clone, Debug, Default)]
pub struct Profile {
    pub regions: HashMap<String, RegionProfile>,
}

/// FNV-1a, 64 bits: the file's checksum and the regions' IR hashes.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// The site part of a key: `<function>/<index>`.
pub fn site(function: &str, index: usize) -> String {
    format!("{function}/{index}")
}

/// The full key of a region.
pub fn key(function: &str, index: usize, hash: u64) -> String {
    format!("{}/{hash:016x}", site(function, index))
}

impl Profile {
    /// Parses the file's text; the error says what is wrong with it.
    pub fn parse(text: &str) -> Result<Profile, String> {
        let body_end = text.find("\nchecksum ").ok_or("no checksum line (truncated?)")? + 1;
        if !text.starts_with("tessera-profile ") {
            return Err("not a Tessera profile (no 'tessera-profile' header)".into());
        }
        let version = text.lines().next().unwrap_or_default().trim_start_matches("tessera-profile ").trim();
        if version != "1" {
            return Err(format!("profile format version {version}, this Tessera reads version 1"));
        }
        let sum_line = text[body_end..].lines().next().unwrap_or_default();
        let want = u64::from_str_radix(sum_line.trim_start_matches("checksum ").trim(), 16).map_err(|_| "malformed checksum line")?;
        if fnv1a(&text.as_bytes()[..body_end]) != want {
            return Err("checksum mismatch (the file was modified or truncated)".into());
        }
        let mut profile = Profile::default();
        let mut current: Option<RegionProfile> = None;
        for (n, line) in text[..body_end].lines().enumerate().skip(1) {
            let bad = |what: &str| format!("line {}: {what}", n + 1);
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if let Some(rest) = line.strip_prefix("region ") {
                if current.is_some() {
                    return Err(bad("region without 'end' before it"));
                }
                let (fields, description) = rest.split_once(" # ").unwrap_or((rest, ""));
                let f: Vec<&str> = fields.split_whitespace().collect();
                let [key, nparams, entries] = f[..] else { return Err(bad("malformed region line")) };
                let (_, hash) = key.rsplit_once('/').ok_or_else(|| bad("malformed region key"))?;
                let nparams: usize = nparams.parse().map_err(|_| bad("malformed parameter count"))?;
                if nparams == 0 || nparams > MAX_PARAMS {
                    return Err(bad("parameter count out of range"));
                }
                current = Some(RegionProfile {
                    key: key.to_string(),
                    hash: hash.to_string(),
                    description: description.to_string(),
                    nparams,
                    entries: entries.parse().map_err(|_| bad("malformed entry count"))?,
                    tuples: vec![],
                });
            } else if line == "end" {
                let r = current.take().ok_or_else(|| bad("'end' outside a region"))?;
                let site = r.key.rsplit_once('/').map(|(s, _)| s.to_string()).unwrap_or_default();
                profile.regions.insert(site, r);
            } else {
                let r = current.as_mut().ok_or_else(|| bad("values outside a region"))?;
                let nums: Vec<&str> = line.split_whitespace().collect();
                if nums.len() != r.nparams + 1 {
                    return Err(bad("wrong number of values"));
                }
                let count: u64 = nums[0].parse().map_err(|_| bad("malformed count"))?;
                let values = nums[1..].iter().map(|v| v.parse::<i64>()).collect::<Result<Vec<_>, _>>().map_err(|_| bad("malformed value"))?;
                r.tuples.push((count, values));
            }
        }
        if current.is_some() {
            return Err("region without 'end'".into());
        }
        for r in profile.regions.values_mut() {
            r.tuples.sort_by(|a, b| b.0.cmp(&a.0));
        }
        Ok(profile)
    }
}

/// Which recorded tuples get a specialized version: the most frequent ones
/// until they cover `coverage` of the entries, at most `max_versions`, and
/// each at least `min_share` of the entries (a rare tuple is not worth the
/// code).
pub fn hot_tuples(r: &RegionProfile, max_versions: usize, coverage: f64, min_share: f64) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    let mut covered = 0u64;
    if r.entries == 0 {
        return out;
    }
    for (count, values) in &r.tuples {
        if out.len() >= max_versions || covered as f64 >= coverage * r.entries as f64 {
            break;
        }
        if (*count as f64) < min_share * r.entries as f64 {
            break;
        }
        covered += count;
        out.push(values.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(body: &str) -> String {
        let body = format!("tessera-profile 1\n{body}");
        format!("{body}checksum {:016x}\n", fnv1a(body.as_bytes()))
    }

    #[test]
    fn parses_regions_and_sorts_tuples() {
        let p = Profile::parse(&file("# c\nregion mm/0/00ff 1 10 # mm (a.c:3)\n3 500\n7 1000\nend\n")).unwrap();
        let r = &p.regions["mm/0"];
        assert_eq!(r.hash, "00ff");
        assert_eq!(r.description, "mm (a.c:3)");
        assert_eq!(r.entries, 10);
        assert_eq!(r.tuples, vec![(7, vec![1000]), (3, vec![500])]);
    }

    #[test]
    fn rejects_corruption() {
        let good = file("region f/0/1 1 1\n1 5\nend\n");
        let flipped = good.replacen("1 5", "1 6", 1);
        assert!(Profile::parse(&flipped).unwrap_err().contains("checksum"));
        assert!(Profile::parse(&good[..good.len() - 10]).is_err());
        assert!(Profile::parse("garbage").is_err());
        assert!(Profile::parse(&file("region f/0/1 2 1\n1 5\nend\n")).unwrap_err().contains("wrong number"));
        let v2 = good.replacen("tessera-profile 1", "tessera-profile 2", 1);
        assert!(Profile::parse(&v2).is_err());
    }

    #[test]
    fn hot_tuples_cover_ninety_percent() {
        let r = RegionProfile {
            key: "f/0/1".into(),
            hash: "1".into(),
            description: String::new(),
            nparams: 1,
            entries: 100,
            tuples: vec![(80, vec![1]), (15, vec![2]), (5, vec![3])],
        };
        assert_eq!(hot_tuples(&r, 4, 0.9, 0.01), vec![vec![1], vec![2]]);
        assert_eq!(hot_tuples(&r, 1, 0.9, 0.01), vec![vec![1]]);
        assert_eq!(hot_tuples(&r, 4, 0.9, 0.5), vec![vec![1]]);
    }
}
