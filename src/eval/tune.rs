//! What the tuner needs from the weight table: the `PARAMS` block of `params.rs` written
//! from any weights, laid out as the file has it.

use std::fmt::Write;

use super::params::{S, TERMS};

/// Weights per line of the written table.
const PER_LINE: usize = 8;

/// The `PARAMS` block, from `// BEGIN PARAMS` to `// END PARAMS`, for these weights.
pub fn params_block(weights: &[S]) -> String {
    let mut out = String::from(
        "// BEGIN PARAMS (tuning/tune.rs rewrites this block)\n#[rustfmt::skip]\npub const PARAMS: [S; NUM_TERMS] = [\n",
    );
    for &(name, start, len) in TERMS {
        let _ = writeln!(out, "    // {name}");
        for line in weights[start..start + len].chunks(PER_LINE) {
            let items: Vec<String> = line.iter().map(|s| format!("S({}, {}),", s.0, s.1)).collect();
            let _ = writeln!(out, "    {}", items.join(" "));
        }
    }
    out.push_str("];\n// END PARAMS\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::params::PARAMS;
    use super::*;

    #[test]
    fn the_written_table_is_the_one_in_params_rs() {
        let source = include_str!("params.rs");
        let start = source.find("// BEGIN PARAMS").unwrap();
        assert_eq!(params_block(&PARAMS), &source[start..]);
    }
}
