//! The order a new schedule puts a SCoP's instances in, as relations: for
//! two statements `s` and `t`, the pairs of instances `(s[x], t[y])`
//! that the schedule runs `s[x]` first, within the domains. Asked by the
//! live-range check (`legality::live` reads it as `θ'(s) ≺ θ'(t)`) and by
//! [`super::same_order`] (two schedules with the same relations for
//! every pair run the same total order).

use super::relations::{ordered_at, precedes, product, sched_map};
use crate::poly::{PolyResult, Set};
use crate::schedule::SchedRow;
use crate::scop::poly_scop::StmtId;
use crate::scop::PolyScop;
use std::cell::RefCell;
use std::collections::BTreeMap;

pub struct NewOrder<'a> {
    scop: &'a PolyScop,
    maps: Vec<Set>,
    /// [`NewOrder::before`] of the pairs asked so far: the three
    /// conditions ask for the same pairs for every access, flow and cell.
    known: RefCell<BTreeMap<(StmtId, StmtId), Set>>,
}

impl<'a> NewOrder<'a> {
    /// The order of schedule `rows` (per statement).
    pub fn of(scop: &'a PolyScop, rows: &[Vec<SchedRow>]) -> PolyResult<NewOrder<'a>> {
        let maps = scop
            .statements
            .iter()
            .zip(rows)
            .map(|(s, r)| sched_map(&scop.params, &s.domain.space().output, r))
            .collect::<PolyResult<Vec<_>>>()?;
        Ok(NewOrder { scop, maps, known: RefCell::default() })
    }

    /// `{ s -> t : θ'(s) ≺ θ'(t) }` within the domains.
    pub fn before(&self, s: StmtId, t: StmtId) -> PolyResult<Set> {
        if let Some(r) = self.known.borrow().get(&(s, t)) {
            return Ok(r.clone());
        }
        let st = &self.scop.statements;
        let r = precedes(&self.maps[s.index()], &self.maps[t.index()])?.intersect(&product(&st[s.index()].domain, &st[t.index()].domain, &self.scop.context)?)?;
        self.known.borrow_mut().insert((s, t), r.clone());
        Ok(r)
    }

    /// `{ s -> t : θ'(s) = θ'(t) }` within the domains: the pairs of
    /// instances the schedule runs at the same time.
    pub fn ties(&self, s: StmtId, t: StmtId) -> PolyResult<Set> {
        let st = &self.scop.statements;
        let (a, b) = (&self.maps[s.index()], &self.maps[t.index()]);
        let all = a.space().n_out().min(b.space().n_out());
        ordered_at(a, b, all)?.intersect(&product(&st[s.index()].domain, &st[t.index()].domain, &self.scop.context)?)
    }
}
