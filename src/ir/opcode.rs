//! The LLVM instructions detection models by what they compute (integer
//! operators, floating-point arithmetic, casts, GEPs), as one enum: the
//! recognizers match on variants, not on opcode names, so a misspelt
//! name cannot silently match nothing. Instructions outside this list
//! are either given their own `Op` (loads, stores, calls, PHIs, compares,
//! selects) or are unsupported, and keep only their name for the remark.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opcode {
    // Integer operators (`Op::Binary`).
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    // Floating-point arithmetic, casts, GEPs, fcmp (`Op::Pure`).
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
    FNeg,
    Trunc,
    ZExt,
    SExt,
    FPToUI,
    FPToSI,
    UIToFP,
    SIToFP,
    FPTrunc,
    FPExt,
    PtrToInt,
    IntToPtr,
    BitCast,
    GetElementPtr,
    FCmp,
    Freeze,
}

impl Opcode {
    /// LLVM's name of the instruction, as the IR prints it.
    pub fn name(self) -> &'static str {
        use Opcode::*;
        match self {
            Add => "add",
            Sub => "sub",
            Mul => "mul",
            UDiv => "udiv",
            SDiv => "sdiv",
            URem => "urem",
            SRem => "srem",
            Shl => "shl",
            LShr => "lshr",
            AShr => "ashr",
            And => "and",
            Or => "or",
            Xor => "xor",
            FAdd => "fadd",
            FSub => "fsub",
            FMul => "fmul",
            FDiv => "fdiv",
            FRem => "frem",
            FNeg => "fneg",
            Trunc => "trunc",
            ZExt => "zext",
            SExt => "sext",
            FPToUI => "fptoui",
            FPToSI => "fptosi",
            UIToFP => "uitofp",
            SIToFP => "sitofp",
            FPTrunc => "fptrunc",
            FPExt => "fpext",
            PtrToInt => "ptrtoint",
            IntToPtr => "inttoptr",
            BitCast => "bitcast",
            GetElementPtr => "getelementptr",
            FCmp => "fcmp",
            Freeze => "freeze",
        }
    }

    /// Whether the instruction is one of the integer operators, which
    /// the view holds as `Op::Binary` (the others are `Op::Pure`).
    pub fn is_integer_operator(self) -> bool {
        use Opcode::*;
        matches!(self, Add | Sub | Mul | UDiv | SDiv | URem | SRem | Shl | LShr | AShr | And | Or | Xor)
    }

    /// Whether the instruction reads or produces a floating-point value
    /// in floating-point registers: arithmetic, `fcmp`, and the casts from
    /// a floating-point type (not those to one, which read an integer).
    pub fn reads_float(self) -> bool {
        use Opcode::*;
        matches!(self, FAdd | FSub | FMul | FDiv | FRem | FNeg | FPToUI | FPToSI | FPTrunc | FPExt | FCmp)
    }
}

impl fmt::Display for Opcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Opcode;

    /// The names are LLVM's (the remarks and the printed plans quote
    /// them), and `reads_float` is exactly the names that start with `f`
    /// but `freeze`: what the matrix-product recognizer refused by name.
    #[test]
    fn names_are_llvms() {
        use Opcode::*;
        let all = [
            Add, Sub, Mul, UDiv, SDiv, URem, SRem, Shl, LShr, AShr, And, Or, Xor, FAdd, FSub, FMul, FDiv, FRem, FNeg, Trunc, ZExt, SExt, FPToUI,
            FPToSI, UIToFP, SIToFP, FPTrunc, FPExt, PtrToInt, IntToPtr, BitCast, GetElementPtr, FCmp, Freeze,
        ];
        for op in all {
            assert_eq!(op.name(), format!("{op:?}").to_lowercase());
            assert_eq!(op.reads_float(), op.name().starts_with('f') && op != Freeze, "{op}");
        }
        assert_eq!(all.iter().filter(|o| o.is_integer_operator()).count(), 13);
    }
}
