#!/usr/bin/env node
// Benchmark (not a test): `node tree_bench.js [BUDGET]` runs PISKTREE.COM (the
// tree's benchmark build, `cargo tree-com`) on the reference DOS machine of
// DESIGN.md - DOSBox-X with cputype=386, core=normal, cycles=fixed 3000 - and
// prints its report: the tree's move, nodes and time on each of /BENCH's
// positions within BUDGET nodes (140 if none), then the median, the worst and
// the nodes a second, in emulated time (the BIOS clock, 55 ms a tick).
// PISKTREE_COM=path benchmarks another build; BENCH_CYCLES another speed.
"use strict";

const fs = require("fs");
const path = require("path");
const h = require("./harness");

const CYCLES = Number(process.env.BENCH_CYCLES) || 3000;
const PISKTREE_COM = process.env.PISKTREE_COM
    ? path.resolve(process.env.PISKTREE_COM)
    : path.join(__dirname, "..", "..", "target", "PISKTREE.COM");

async function main() {
    if (!fs.existsSync(PISKTREE_COM)) throw new Error(`${PISKTREE_COM} does not exist: build it first (cargo tree-com)`);
    const budget = process.argv[2] || "";
    const started = Date.now();
    const r = await h.withDos({
        name: "tree-bench",
        files: { "PISKTREE.COM": fs.readFileSync(PISKTREE_COM) },
        steps: [{ run: `PISKTREE ${budget}`.trim() }],
        cycles: CYCLES,
    }, (dos) => dos.finished(1, { timeout: 4 * 60 * 60 * 1000 }));
    const lines = r.output.split(/\r?\n/).filter((l) => l.trim());
    if (r.errorlevel !== 0 || !lines.some((l) => l.startsWith("TIME TREE "))) {
        throw new Error(`PISKTREE failed (errorlevel ${r.errorlevel}); it printed:\n${r.output}`);
    }
    console.log(`machine: DOSBox-X (emulators ${require("emulators/package.json").version}), cputype=${h.DEFAULT_CPU}, core=normal, cycles=fixed ${CYCLES}`);
    console.log(`build:   ${PISKTREE_COM}`);
    for (const l of lines) console.log(l);
    console.log(`wall time: ${((Date.now() - started) / 1000).toFixed(1)} s (emulator start included)`);
}

main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
