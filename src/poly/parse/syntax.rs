//! Tokenizer and recursive-descent parser producing a syntax tree.

use super::{PResult, ParseError};


#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Ident(String),
    Int(i64),
    Sym(&'static str),
}

const SYMS: [&str; 17] = ["->", "<=", ">=", "==", "<", ">", "=", "[", "]", "{", "}", "(", ")", ",", ":", ";", "+"];
const SYMS2: [&str; 4] = ["-", "*", "/", "%"];

pub(super) fn tokenize(s: &str) -> PResult<Vec<(Tok, usize)>> {
    let b = s.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    'outer: while i < b.len() {
        let c = b[i] as char;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let st = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let v: i64 = s[st..i].parse().map_err(|_| ParseError { msg: "integer too large".into(), pos: st })?;
            out.push((Tok::Int(v), st));
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'\'') {
                i += 1;
            }
            out.push((Tok::Ident(s[st..i].to_string()), st));
            continue;
        }
        for sym in SYMS.iter().chain(SYMS2.iter()) {
            if s[i..].starts_with(sym) {
                out.push((Tok::Sym(sym), i));
                i += sym.len();
                continue 'outer;
            }
        }
        return Err(ParseError { msg: format!("unexpected character {c:?}"), pos: i });
    }
    Ok(out)
}

#[derive(Clone, Debug)]
pub(super) enum Expr {
    Int(i64),
    Var(String, usize),
    Add(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    Floor(Box<Expr>, i64),
    Mod(Box<Expr>, i64),
}

#[derive(Clone, Debug)]
pub(super) enum Formula {
    True,
    False,
    And(Vec<Formula>),
    Or(Vec<Formula>),
    Exists(Vec<String>, Box<Formula>),
    Chain(Vec<Expr>, Vec<&'static str>),
}

pub(super) struct Parser {
    pub(super) toks: Vec<(Tok, usize)>,
    pub(super) at: usize,
    pub(super) end: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|t| &t.0)
    }
    fn pos(&self) -> usize {
        self.toks.get(self.at).map_or(self.end, |t| t.1)
    }
    pub(super) fn err<T>(&self, msg: &str) -> PResult<T> {
        Err(ParseError { msg: msg.to_string(), pos: self.pos() })
    }
    pub(super) fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Some(Tok::Sym(x)) if *x == s)
    }
    fn is_kw(&self, s: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(x)) if x == s)
    }
    pub(super) fn eat(&mut self, s: &str) -> bool {
        if self.is_sym(s) || self.is_kw(s) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    pub(super) fn expect(&mut self, s: &str) -> PResult<()> {
        if self.eat(s) {
            Ok(())
        } else {
            self.err(&format!("expected `{s}`"))
        }
    }
    pub(super) fn ident(&mut self) -> PResult<String> {
        match self.peek().cloned() {
            Some(Tok::Ident(x)) => {
                self.at += 1;
                Ok(x)
            }
            _ => self.err("expected a name"),
        }
    }
    fn int(&mut self) -> PResult<i64> {
        let neg = self.eat("-");
        match self.peek().cloned() {
            Some(Tok::Int(v)) => {
                self.at += 1;
                Ok(if neg { -v } else { v })
            }
            _ => self.err("expected an integer"),
        }
    }

    fn expr(&mut self) -> PResult<Expr> {
        let mut e = self.term()?;
        loop {
            if self.eat("+") {
                e = Expr::Add(Box::new(e), Box::new(self.term()?));
            } else if self.eat("-") {
                e = Expr::Add(Box::new(e), Box::new(Expr::Neg(Box::new(self.term()?))));
            } else {
                return Ok(e);
            }
        }
    }
    fn term(&mut self) -> PResult<Expr> {
        if self.eat("-") {
            return Ok(Expr::Neg(Box::new(self.term()?)));
        }
        let mut e = self.factor()?;
        loop {
            if self.eat("*") {
                e = Expr::Mul(Box::new(e), Box::new(self.factor()?));
            } else if self.eat("mod") || self.eat("%") {
                e = Expr::Mod(Box::new(e), self.int()?);
            } else if matches!(e, Expr::Int(_)) && matches!(self.peek(), Some(Tok::Ident(x)) if !is_keyword(x)) {
                e = Expr::Mul(Box::new(e), Box::new(self.factor()?));
            } else if matches!(e, Expr::Int(_)) && self.is_sym("(") {
                e = Expr::Mul(Box::new(e), Box::new(self.factor()?));
            } else {
                return Ok(e);
            }
        }
    }
    fn factor(&mut self) -> PResult<Expr> {
        let pos = self.pos();
        match self.peek().cloned() {
            Some(Tok::Int(v)) => {
                self.at += 1;
                Ok(Expr::Int(v))
            }
            Some(Tok::Ident(x)) if x == "floor" => {
                self.at += 1;
                self.expect("(")?;
                let e = self.expr()?;
                self.expect("/")?;
                let d = self.int()?;
                self.expect(")")?;
                Ok(Expr::Floor(Box::new(e), d))
            }
            Some(Tok::Ident(x)) if !is_keyword(&x) => {
                self.at += 1;
                Ok(Expr::Var(x, pos))
            }
            Some(Tok::Sym("(")) => {
                self.at += 1;
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            _ => self.err("expected an expression"),
        }
    }

    pub(super) fn formula(&mut self) -> PResult<Formula> {
        let mut alts = vec![self.conj()?];
        while self.eat("or") {
            alts.push(self.conj()?);
        }
        Ok(if alts.len() == 1 { alts.pop().unwrap_or(Formula::True) } else { Formula::Or(alts) })
    }
    fn conj(&mut self) -> PResult<Formula> {
        let mut parts = vec![self.atom()?];
        while self.eat("and") {
            parts.push(self.atom()?);
        }
        Ok(if parts.len() == 1 { parts.pop().unwrap_or(Formula::True) } else { Formula::And(parts) })
    }
    fn atom(&mut self) -> PResult<Formula> {
        if self.eat("true") {
            return Ok(Formula::True);
        }
        if self.eat("false") {
            return Ok(Formula::False);
        }
        if self.eat("exists") {
            let paren = self.eat("(");
            let mut names = vec![self.ident()?];
            while self.eat(",") {
                names.push(self.ident()?);
            }
            self.expect(":")?;
            let body = if paren { self.formula()? } else { self.conj()? };
            if paren {
                self.expect(")")?;
            }
            return Ok(Formula::Exists(names, Box::new(body)));
        }
        if self.is_sym("(") {
            // Either a parenthesised formula or an expression starting a chain.
            let save = self.at;
            if let Ok(c) = self.chain() {
                return Ok(c);
            }
            self.at = save + 1;
            let f = self.formula()?;
            self.expect(")")?;
            return Ok(f);
        }
        self.chain()
    }
    fn chain(&mut self) -> PResult<Formula> {
        let mut es = vec![self.expr()?];
        let mut ops = vec![];
        loop {
            let op = match self.peek() {
                Some(Tok::Sym(s)) if ["<=", ">=", "<", ">", "=", "=="].contains(s) => *s,
                _ => break,
            };
            self.at += 1;
            ops.push(op);
            es.push(self.expr()?);
        }
        if ops.is_empty() {
            return self.err("expected a comparison");
        }
        Ok(Formula::Chain(es, ops))
    }
    pub(super) fn tuple(&mut self) -> PResult<(Option<String>, Vec<Expr>)> {
        let name = match self.peek() {
            Some(Tok::Ident(_)) => Some(self.ident()?),
            _ => None,
        };
        self.expect("[")?;
        let mut es = vec![];
        if !self.eat("]") {
            es.push(self.expr()?);
            while self.eat(",") {
                es.push(self.expr()?);
            }
            self.expect("]")?;
        }
        Ok((name, es))
    }
}

fn is_keyword(x: &str) -> bool {
    matches!(x, "and" | "or" | "exists" | "floor" | "mod" | "true" | "false")
}

