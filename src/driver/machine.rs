//! The machine tile sizes are computed for: the vector register width the
//! target has (LLVM's TTI), and its L1, L2 and L3 cache sizes, L1
//! associativity and L1 data TLB, each taken from the first source that
//! knows it:
//! 1. the options `-tessera-l1-cache-kib`, `-tessera-l2-cache-kib`,
//!    `-tessera-l3-cache-kib` (sizes only);
//! 2. the compiling machine's caches (Linux's sysfs; the TLB from the
//!    processor's own description, `cpuid`, where it gives one: AMD's),
//!    but only when the function is compiled for the host's own CPU
//!    (`-march=native`), so that without it the object file does not
//!    depend on the machine that compiled it;
//! 3. the target's description (TTI; x86's gives the same sizes for
//!    every CPU; it has no TLB and no L3);
//! 4. 32 KiB, 256 KiB and 8 MiB, 8 ways, 64 TLB entries (the first-level
//!    data TLB of most x86 cores of the last decade; the L3 of a
//!    four-core part).

use crate::bridge::{Options, TargetFacts};
use crate::tile::TileConfig;
use std::sync::OnceLock;

/// `base` with the machine's vector width and cache sizes.
pub fn tile_config(target: TargetFacts, options: &Options, base: TileConfig) -> TileConfig {
    let host = if target.host_cpu { *host_caches() } else { HostCaches::default() };
    let pick = |option: u64, host: u64, tti: u64, default: i64| -> i64 {
        [option, host, tti].into_iter().find(|&b| b > 0).map_or(default, |b| b.min(i64::MAX as u64) as i64)
    };
    TileConfig {
        l1_bytes: pick(options.l1_bytes, host.l1_bytes, target.l1_bytes, 32 * 1024),
        l2_bytes: pick(options.l2_bytes, host.l2_bytes, target.l2_bytes, 256 * 1024),
        l3_bytes: pick(options.l3_bytes, host.l3_bytes, 0, 8 << 20),
        l1_ways: pick(0, host.l1_ways, u64::from(target.l1_ways), 8),
        dtlb_entries: pick(0, host.dtlb_entries, 0, 64),
        // A target without vector registers: one element at a time.
        vector_bits: if target.vector_bits > 0 { i64::from(target.vector_bits) } else { 64 },
        wide_vector_bits: i64::from(target.wide_vector_bits.max(target.vector_bits)).max(64),
        // TTI's count; unknown, the default's (x86's without AVX-512).
        vector_regs: if target.vector_regs > 0 { i64::from(target.vector_regs) } else { base.vector_regs },
        ..base
    }
}

/// What sysfs says of the host's caches (0 where unknown).
#[derive(Clone, Copy, Debug, Default)]
struct HostCaches {
    l1_bytes: u64,
    l2_bytes: u64,
    l3_bytes: u64,
    l1_ways: u64,
    dtlb_entries: u64,
}

/// The host's caches; read once per process.
fn host_caches() -> &'static HostCaches {
    static CACHES: OnceLock<HostCaches> = OnceLock::new();
    CACHES.get_or_init(|| {
        let mut found = HostCaches { dtlb_entries: crate::bridge::host_dtlb_entries(), ..HostCaches::default() };
        for index in 0..8 {
            let dir = format!("/sys/devices/system/cpu/cpu0/cache/index{index}");
            let read = |f: &str| std::fs::read_to_string(format!("{dir}/{f}")).map(|s| s.trim().to_string()).ok();
            let (Some(level), Some(kind), Some(size)) = (read("level"), read("type"), read("size")) else { continue };
            let Some(bytes) = parse_size(&size) else { continue };
            match (level.as_str(), kind.as_str()) {
                ("1", "Data" | "Unified") => {
                    found.l1_bytes = bytes;
                    found.l1_ways = read("ways_of_associativity").and_then(|s| s.parse().ok()).unwrap_or(0);
                }
                ("2", "Data" | "Unified") => found.l2_bytes = bytes,
                ("3", "Data" | "Unified") => found.l3_bytes = bytes,
                _ => {}
            }
        }
        found
    })
}

/// `32K`, `1024K`, `32M`, `65536` as bytes.
fn parse_size(s: &str) -> Option<u64> {
    let (digits, unit) = match s.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => s.split_at(i),
        None => (s, ""),
    };
    let n: u64 = digits.parse().ok()?;
    let scale = match unit {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        _ => return None,
    };
    n.checked_mul(scale)
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sysfs_sizes() {
        assert_eq!(parse_size("32K"), Some(32 * 1024));
        assert_eq!(parse_size("1024K"), Some(1 << 20));
        assert_eq!(parse_size("32M"), Some(32 << 20));
        assert_eq!(parse_size("65536"), Some(65536));
        assert_eq!(parse_size("12Q"), None);
        assert_eq!(parse_size(""), None);
    }
}
