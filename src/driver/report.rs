//! `-tessera-report`: counts of loops in SCoPs and of rejection reasons,
//! over the whole compilation, printed when the process exits.

use std::collections::BTreeMap;
use std::sync::{Mutex, Once};

static COUNTS: Mutex<BTreeMap<String, usize>> = Mutex::new(BTreeMap::new());

/// Adds one to a line of the report.
pub fn count(key: &str) {
    if let Ok(mut c) = COUNTS.lock() {
        *c.entry(key.to_string()).or_insert(0) += 1;
    }
}

/// Arranges for the report to be printed at exit (once per process).
pub fn print_at_exit() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        crate::bridge::at_exit(print_report);
    });
}

extern "C" fn print_report() {
    // Nothing may unwind out of an exit handler.
    let _ = std::panic::catch_unwind(|| {
        let Ok(c) = COUNTS.lock() else { return };
        let mut out = String::from("tessera report:\n");
        for (k, v) in c.iter() {
            out += &format!("  {v:>6}  {k}\n");
        }
        eprint!("{out}");
    });
}
