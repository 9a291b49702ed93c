//! The interprocedural liveness of r12-r15 (`translator::argument_use`):
//! what a call reads and what a return's callers read, and the status
//! register's demand that follows from them.

mod common;
use common::*;
use std::collections::HashSet;
use translator::argument_use;
use translator::decoded::Decoded;
use translator::program::decode_code;

/// The snippet decoded and split into functions where `starts` (labels)
/// begin, its calls' targets from the relocations.
fn functions(a: &Asm, starts: &[&str]) -> Vec<Vec<Decoded>> {
    let (words, relocs, labels) = a.finish();
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let entries: Vec<u16> = starts.iter().map(|l| labels[l]).collect();
    let list = decode_code(&code, AT, &relocs, &mut HashSet::new()).expect("decodes");
    let mut out: Vec<Vec<Decoded>> = Vec::new();
    for (i, decoded) in list.into_iter().enumerate() {
        if i == 0 || entries.contains(&decoded.address) {
            out.push(Vec::new());
        }
        out.last_mut().unwrap().push(decoded);
    }
    out
}

/// `g` turns a flag into a value in r14 (`mov r2, r14`) and returns with
/// it there; its only caller overwrites r14 after the call. So g's return
/// reads r12, r13 and r15 (its caller, a root, returns them), not r14, and
/// only C of SR is computed: before, a return read r12-r15 whole and took
/// the whole SR. And a call of `g` reads r12 and r13, what g reads.
#[test]
fn a_return_reads_what_its_callers_read() {
    let mut a = Asm::default();
    a.call("g")
        .w(MOV, S::Cg(0), D::R(14))
        .ret()
        .label("g")
        .w(CMP, S::R(13), D::R(12))
        .w(MOV, S::R(2), D::R(14))
        .value_of_bit0(14, 12, "x")
        .ret();
    let mut code = functions(&a, &["g"]);
    argument_use::mark_calls(&mut code);
    argument_use::mark_returns(&mut code, &[], &[AT]);
    assert_eq!(code[0][0].call_use.reads, 0x3000, "g reads r12 and r13");
    let g_return = code[1].last().unwrap();
    assert_eq!(
        g_return.return_reads, 0xB000,
        "g's callers read r12, r13, r15"
    );
    let (live_after, _) = translator::flags::liveness(&code[1]);
    let labels = code[1].iter().map(|d| d.address).collect();
    let demand = translator::flags::status_demand(&code[1], &live_after, &labels);
    assert_eq!(
        demand.get(&code[1][1].address),
        Some(&1),
        "only C of SR is read"
    );
}
