//! Parsing the isl-like notation printed by [`super::print`].
//!
//! Running example:
//! `[n] -> { S[i, j] : 0 <= i < n and (j = 0 or j = i) and i mod 2 = 0 }`.
//!
//! 1. A small tokenizer, then a recursive-descent parser builds a syntax
//!    tree: tuples, chained comparisons (`0 <= i < n`), `and`, `or`,
//!    `not`-free formulas, `exists (e : ...)`, and affine expressions with
//!    `floor(expr / d)`, `expr mod d`, integer multiplication (`2i`, `2*i`).
//! 2. The formula is converted to disjunctive normal form while building
//!    basic sets: `or` splits into several basic sets (the example gives
//!    two), `exists` adds plain existential locals, and each `floor`/`mod`
//!    adds a division local `q = floor(e/d)` (`i mod 2` is `i - 2q`).
//! 3. Tuple entries that are not fresh names (`S[i, 0]`, `A[i + 1]`) get an
//!    anonymous dimension and an equality.
//!
//! [`parse_set`] requires one space (relations included); [`parse_union`]
//! accepts parts in different spaces and groups them.

mod syntax;

use super::basic_set::{BasicSet, Local};
use super::error::PolyError;
use super::int;
use super::row::Row;
use super::set::Set;
use super::space::{Space, Tuple};
use crate::stable::HashMap;
use std::fmt;
use syntax::{tokenize, Expr, Formula, Parser};

/// A syntax error, with the byte offset where it was noticed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What went wrong.
    pub msg: String,
    /// Byte offset in the input.
    pub pos: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "parse error at {}: {}", self.pos, self.msg)
    }
}

impl std::error::Error for ParseError {}

impl From<PolyError> for ParseError {
    fn from(e: PolyError) -> Self {
        ParseError { msg: e.to_string(), pos: 0 }
    }
}

type PResult<T> = Result<T, ParseError>;

fn perr<T>(msg: &str, pos: usize) -> PResult<T> {
    Err(ParseError { msg: msg.to_string(), pos })
}

/// Pads an affine row to the current width of `b` (new columns are always
/// locals appended just before the constant).
fn pad(mut r: Row, b: &BasicSet) -> Row {
    while r.len() < b.width() {
        let k = r.len() - 1;
        r.insert(k, 0);
    }
    r
}

type Scope = HashMap<String, usize>;

/// The affine row of `e`, adding division locals to `b` as needed.
fn affine(e: &Expr, b: &mut BasicSet, scope: &Scope) -> PResult<Row> {
    Ok(match e {
        Expr::Int(v) => {
            let mut r = vec![0; b.width()];
            r[b.n_cols()] = *v;
            r
        }
        Expr::Var(name, pos) => {
            let Some(&c) = scope.get(name) else {
                return perr(&format!("unknown name `{name}`"), *pos);
            };
            let mut r = vec![0; b.width()];
            r[c] = 1;
            r
        }
        Expr::Add(x, y) => {
            let x = affine(x, b, scope)?;
            let y = affine(y, b, scope)?;
            let x = pad(x, b);
            x.iter().zip(pad(y, b)).map(|(a, c)| int::add(*a, c)).collect::<Result<_, _>>()?
        }
        Expr::Neg(x) => affine(x, b, scope)?.iter().map(|&a| int::neg(a)).collect::<Result<_, _>>()?,
        Expr::Mul(x, y) => {
            let x = affine(x, b, scope)?;
            let y = pad(affine(y, b, scope)?, b);
            let x = pad(x, b);
            let konst = |r: &Row| r[..r.len() - 1].iter().all(|&v| v == 0);
            let (k, other) = if konst(&x) {
                (x[x.len() - 1], y)
            } else if konst(&y) {
                (y[y.len() - 1], x)
            } else {
                return perr("non-affine product", 0);
            };
            other.iter().map(|&a| int::mul(a, k)).collect::<Result<_, _>>()?
        }
        Expr::Floor(x, d) | Expr::Mod(x, d) => {
            if *d == 0 {
                return perr("division by zero", 0);
            }
            let mut num = affine(x, b, scope)?;
            if *d < 0 && matches!(e, Expr::Floor(..)) {
                num = num.iter().map(|&a| int::neg(a)).collect::<Result<_, _>>()?;
            }
            let den = d.abs();
            let num = pad(num, b);
            let q = b.add_div(num.clone(), den)?;
            let mut r = vec![0; b.width()];
            r[q] = 1;
            if matches!(e, Expr::Floor(..)) {
                r
            } else {
                // x mod d = x - d·floor(x / d)
                let mut m = pad(num, b);
                m[q] = int::neg(den)?;
                m
            }
        }
    })
}

/// Adds the formula to `b`, splitting on `or`: the result is a DNF.
fn dnf(f: &Formula, b: BasicSet, scope: &mut Scope) -> PResult<Vec<BasicSet>> {
    match f {
        Formula::True => Ok(vec![b]),
        Formula::False => Ok(vec![]),
        Formula::Or(fs) => {
            let mut out = vec![];
            for f in fs {
                out.extend(dnf(f, b.clone(), scope)?);
            }
            Ok(out)
        }
        Formula::And(fs) => {
            let mut cur = vec![b];
            for f in fs {
                let mut next = vec![];
                for c in cur {
                    next.extend(dnf(f, c, scope)?);
                }
                cur = next;
            }
            Ok(cur)
        }
        Formula::Exists(names, body) => {
            let mut b = b;
            let saved: Vec<(String, Option<usize>)> = names.iter().map(|n| (n.clone(), scope.get(n).copied())).collect();
            for n in names {
                let c = b.push_local(Local::Exists);
                scope.insert(n.clone(), c);
            }
            let out = dnf(body, b, scope);
            for (n, old) in saved {
                match old {
                    Some(c) => scope.insert(n, c),
                    None => scope.remove(&n),
                };
            }
            out
        }
        Formula::Chain(es, ops) => {
            let mut b = b;
            let mut rows = vec![];
            for (k, op) in ops.iter().enumerate() {
                let l = affine(&es[k], &mut b, scope)?;
                let r = affine(&es[k + 1], &mut b, scope)?;
                rows.push((l, *op, r));
            }
            for (l, op, r) in rows {
                let (l, r) = (pad(l, &b), pad(r, &b));
                let diff = |x: &Row, y: &Row, k: i64| -> PResult<Row> {
                    let mut d: Row = x.iter().zip(y).map(|(a, c)| int::sub(*a, *c)).collect::<Result<_, _>>()?;
                    let n = d.len() - 1;
                    d[n] = int::sub(d[n], k)?;
                    Ok(d)
                };
                match op {
                    "<=" => b.add_ineq(diff(&r, &l, 0)?)?,
                    "<" => b.add_ineq(diff(&r, &l, 1)?)?,
                    ">=" => b.add_ineq(diff(&l, &r, 0)?)?,
                    ">" => b.add_ineq(diff(&l, &r, 1)?)?,
                    _ => b.add_eq(diff(&l, &r, 0)?)?,
                }
            }
            Ok(vec![b])
        }
    }
}

/// Builds the basic sets of one `tuple [-> tuple] [: formula]` part.
fn part(p: &mut Parser, params: &[String]) -> PResult<(Space, Vec<BasicSet>)> {
    let mut tuples = vec![];
    if p.is_sym(":") {
        tuples.push((None, vec![]));
    } else {
        tuples.push(p.tuple()?);
        if p.eat("->") {
            tuples.push(p.tuple()?);
        }
    }
    let mut scope: Scope = params.iter().enumerate().map(|(i, n)| (n.clone(), i)).collect();
    let mut named: Vec<Tuple> = vec![];
    let mut pending: Vec<(usize, Expr)> = vec![];
    let mut col = params.len();
    for (name, entries) in &tuples {
        let mut dims = vec![];
        for e in entries {
            match e {
                Expr::Var(x, _) if !scope.contains_key(x) => {
                    scope.insert(x.clone(), col);
                    dims.push(x.clone());
                }
                _ => {
                    pending.push((col, e.clone()));
                    dims.push(String::new());
                }
            }
            col += 1;
        }
        named.push(Tuple { name: name.clone(), dims });
    }
    let space = match named.len() {
        1 => Space::from_tuple(params.to_vec(), named.remove(0)),
        _ => {
            let out = named.remove(1);
            Space { params: params.to_vec(), input: Some(named.remove(0)), output: out }
        }
    };
    let mut b = BasicSet::universe(space);
    for (c, e) in pending {
        let mut r = affine(&e, &mut b, &scope)?;
        r = pad(r, &b);
        r[c] = int::sub(r[c], 1)?;
        b.add_eq(r)?;
    }
    let f = if p.eat(":") { p.formula()? } else { Formula::True };
    let space = b.space.clone();
    Ok((space, dnf(&f, b, &mut scope)?.into_iter().map(|b| b.detect_divs()).collect()))
}

/// Parses a union of (basic) sets or relations; parts are grouped by
/// compatible space, in order of first appearance.
pub fn parse_union(text: &str) -> PResult<Vec<Set>> {
    let toks = tokenize(text)?;
    let mut p = Parser { toks, at: 0, end: text.len() };
    let mut params = vec![];
    if p.eat("[") {
        if !p.eat("]") {
            params.push(p.ident()?);
            while p.eat(",") {
                params.push(p.ident()?);
            }
            p.expect("]")?;
        }
        p.expect("->")?;
    }
    p.expect("{")?;
    let mut groups: Vec<Set> = vec![];
    let mut first_part = true;
    while !p.is_sym("}") {
        if !first_part {
            p.expect(";")?;
        }
        first_part = false;
        let (space, parts) = part(&mut p, &params)?;
        match groups.iter_mut().find(|g| g.space.compatible(&space)) {
            Some(g) => g.parts.extend(parts),
            None => groups.push(Set { space, parts }),
        }
    }
    p.expect("}")?;
    if p.at != p.toks.len() {
        return p.err("trailing input");
    }
    Ok(groups)
}

/// Parses a set or relation whose parts all live in one space.
pub fn parse_set(text: &str) -> PResult<Set> {
    let mut g = parse_union(text)?;
    match g.len() {
        1 => Ok(g.remove(0)),
        0 => perr("empty union has no space; write `{ S[i] : false }`", 0),
        _ => perr("parts live in different spaces; use parse_union", 0),
    }
}

/// Parses a single basic set (exactly one disjunct).
pub fn parse_basic_set(text: &str) -> PResult<BasicSet> {
    let s = parse_set(text)?;
    match s.parts.len() {
        1 => Ok(s.parts.into_iter().next().unwrap_or_else(|| BasicSet::universe(s.space.clone()))),
        0 => Ok(BasicSet::empty(s.space)),
        _ => perr("more than one disjunct", 0),
    }
}
