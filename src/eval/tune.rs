//! What a tuner needs from the weight table: every number in a fixed order, and the table
//! written back as the Rust source of `params.rs`.

use std::fmt::Write;

use super::params::{EvalParams, S};

fn pair(f: &mut impl FnMut(&mut i32), s: &mut S) {
    f(&mut s.0);
    f(&mut s.1);
}

fn pairs(f: &mut impl FnMut(&mut i32), list: &mut [S]) {
    list.iter_mut().for_each(|s| pair(f, s));
}

impl EvalParams {
    /// Visits every weight, always in the same order.
    pub fn for_each_mut(&mut self, mut f: impl FnMut(&mut i32)) {
        let f = &mut f;
        pairs(f, &mut self.piece_value);
        self.psqt.iter_mut().for_each(|table| pairs(f, table));
        pairs(f, &mut self.knight_mobility);
        pairs(f, &mut self.bishop_mobility);
        pairs(f, &mut self.rook_mobility);
        pairs(f, &mut self.queen_mobility);
        pairs(f, &mut self.passed_pawn);
        for s in [
            &mut self.doubled_pawn,
            &mut self.isolated_pawn,
            &mut self.bishop_pair,
            &mut self.rook_open_file,
            &mut self.rook_semi_open_file,
            &mut self.king_shield,
        ] {
            pair(f, s);
        }
        pairs(f, &mut self.king_zone_attack);
        self.king_attackers_scale.iter_mut().for_each(&mut *f);
        pair(f, &mut self.tempo);
        f(&mut self.mop_up_edge);
        f(&mut self.mop_up_distance);
    }

    pub fn to_vec(&self) -> Vec<i32> {
        let mut copy = self.clone();
        let mut out = Vec::new();
        copy.for_each_mut(|x| out.push(*x));
        out
    }

    pub fn set_from(&mut self, values: &[i32]) {
        let mut it = values.iter();
        self.for_each_mut(|x| *x = *it.next().expect("one value per weight"));
    }

    /// The `PARAMS` constant as Rust source, laid out as `params.rs` has it.
    pub fn to_rust(&self) -> String {
        let list = |items: &[S], per_line: usize, indent: &str| {
            items
                .chunks(per_line)
                .map(|c| {
                    format!(
                        "{indent}{}",
                        c.iter().map(|s| format!("S({}, {}),", s.0, s.1)).collect::<Vec<_>>().join(" ")
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let names = ["pawn", "knight", "bishop", "rook", "queen", "king"];
        let mut out = String::from("#[rustfmt::skip]\npub const PARAMS: EvalParams = EvalParams {\n");
        let pv: Vec<String> = self.piece_value.iter().map(|s| format!("S({}, {})", s.0, s.1)).collect();
        let _ = writeln!(out, "    piece_value: [{}],", pv.join(", "));
        out.push_str("    psqt: [\n");
        for (name, table) in names.iter().zip(&self.psqt) {
            let _ = writeln!(out, "        // {name}\n        [\n{}\n        ],", list(table, 8, "            "));
        }
        out.push_str("    ],\n");
        for (name, items) in [
            ("knight_mobility", &self.knight_mobility[..]),
            ("bishop_mobility", &self.bishop_mobility[..]),
            ("rook_mobility", &self.rook_mobility[..]),
            ("queen_mobility", &self.queen_mobility[..]),
            ("passed_pawn", &self.passed_pawn[..]),
        ] {
            let _ = writeln!(out, "    {name}: [\n{}\n    ],", list(items, 8, "        "));
        }
        for (name, s) in [
            ("doubled_pawn", self.doubled_pawn),
            ("isolated_pawn", self.isolated_pawn),
            ("bishop_pair", self.bishop_pair),
            ("rook_open_file", self.rook_open_file),
            ("rook_semi_open_file", self.rook_semi_open_file),
            ("king_shield", self.king_shield),
        ] {
            let _ = writeln!(out, "    {name}: S({}, {}),", s.0, s.1);
        }
        let kz: Vec<String> = self.king_zone_attack.iter().map(|s| format!("S({}, {})", s.0, s.1)).collect();
        let _ = writeln!(out, "    king_zone_attack: [{}],", kz.join(", "));
        let scale: Vec<String> = self.king_attackers_scale.iter().map(i32::to_string).collect();
        let _ = writeln!(out, "    king_attackers_scale: [{}],", scale.join(", "));
        let _ = writeln!(out, "    tempo: S({}, {}),", self.tempo.0, self.tempo.1);
        let _ = writeln!(out, "    mop_up_edge: {},", self.mop_up_edge);
        let _ = writeln!(out, "    mop_up_distance: {},", self.mop_up_distance);
        out.push_str("};");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::PARAMS;

    #[test]
    fn the_written_table_is_the_one_in_params_rs() {
        let source = include_str!("params.rs");
        let start = source.find("#[rustfmt::skip]\npub const PARAMS").unwrap();
        let end = source.find("// END PARAMS").unwrap();
        assert_eq!(PARAMS.to_rust(), source[start..end].trim_end());
    }

    #[test]
    fn values_round_trip() {
        let values = PARAMS.to_vec();
        let mut copy = PARAMS.clone();
        copy.set_from(&values);
        assert_eq!(copy.to_vec(), values);
        assert!(values.len() > 800);
    }
}
