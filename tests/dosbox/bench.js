#!/usr/bin/env node
// Benchmark (not a test): `node bench.js` runs `PISKRS /BENCH` on the
// reference DOS machine of DESIGN.md - DOSBox-X with cputype=386, core=normal,
// cycles=fixed 3000 - and prints the program's report and the time per reply.
//
// /BENCH plays 8 games of the Classic AI against itself (seeds 1..8) and times
// them with the BIOS clock, i.e. in emulated time: 3000 cycles a millisecond
// stand for the slow 386. One ply costs what one computer reply costs in a
// game (Update for the other side's stone, PCMove, Update for its own).
// PISKRS_COM=path benchmarks another build; further arguments are added to
// the command line (`node bench.js /TIME 10`: Strong at that thinking time).
"use strict";

const h = require("./harness");

// BENCH_CYCLES and PISKRS_CPU (the harness's) set another machine: e.g. an
// 8088 at 4.77 MHz, about 0.33 MIPS: PISKRS_CPU=8086 BENCH_CYCLES=330 (DOSBox
// counts 3000 cycles as 3 MIPS).
const CYCLES = Number(process.env.BENCH_CYCLES) || 3000;
const TICK_US = 54925; // one BIOS tick: 65536 / 1193182 s

async function main() {
    const started = Date.now();
    const r = await h.withDos({
        name: "bench",
        files: { "PISKRS.COM": h.piskrsCom() },
        steps: [{ run: ["PISKRS /BENCH", ...process.argv.slice(2)].join(" ") }],
        cycles: CYCLES, // the harness's conf already says core=normal, cputype=386
    }, (dos) => dos.finished(1, { timeout: 60 * 60 * 1000 }));
    const wall = (Date.now() - started) / 1000;
    const lines = r.output.split(/\r?\n/).filter((l) => l.trim());
    const report = lines.find((l) => l.startsWith("BENCH "));
    if (r.errorlevel !== 0 || !report) {
        throw new Error(`PISKRS /BENCH failed (errorlevel ${r.errorlevel}); it printed:\n${r.output}`);
    }
    const m = /plies=(\d+) ticks=(\d+) us_per_reply=(\d+)/.exec(report);
    const [plies, ticks, usPerReply] = m.slice(1).map(Number);
    console.log(`machine: DOSBox-X (emulators ${require("emulators/package.json").version}), cputype=${h.DEFAULT_CPU}, core=normal, cycles=fixed ${CYCLES}`);
    console.log(`build:   ${h.PISKRS_COM}`);
    for (const l of lines) console.log(l);
    console.log(`ms per reply: ${(usPerReply / 1000).toFixed(1)} (${plies} plies in ${ticks} ticks = ${(ticks * TICK_US / 1e6).toFixed(2)} s emulated; ` +
        `a tick is 54.9 ms, so the figure is +-${(TICK_US / plies / 1000).toFixed(2)} ms)`);
    console.log(`wall time: ${wall.toFixed(1)} s (emulator start included)`);
}

main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
