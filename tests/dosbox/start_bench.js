#!/usr/bin/env node
// Benchmark (not a test): how long a person waits from typing PISKRS to the
// menu, as wall time measured from outside the program. `node start_bench.js`
// runs each machine of issue 51 RUNS times (3 by default):
//   - the 8088 setting: cputype=8086, cycles=fixed 330, target/PISKRS86.COM;
//   - the reference 386: cputype=386, cycles=fixed 3000, target/PISKRS.COM.
// The batch echoes a marker just before it runs PISKRS; from that stdout
// event on, the emulator's frame is taken as often as it can be and timed.
// Once the frame has not changed for SETTLE ms (longer than any quiet stretch
// of a start: the 8088's unpacking shows the DOS prompt for seconds), it is
// the menu: the start took until the first frame equal to it. Every run of a
// machine must end on the same frame. The figure holds to about a frame
// (14 ms) plus the time one screenshot takes (printed as `step`). It is
// what a person waits, not only the program's cycles: DOSBox-X ran a bare
// loop of 333,662 cycles at 330 a millisecond in 1.13 s, a tenth more than
// the cycles say (translator/examples/startcost.rs counts the cycles).
// PISKRS_COM / PISKRS86_COM point at other builds; `node start_bench.js 8088`
// or `386` runs one machine only.
"use strict";

const crypto = require("crypto");
const path = require("path");
const h = require("./harness");

const REPO = path.join(__dirname, "..", "..");
const RUNS = Number(process.env.RUNS) || 3;
const SETTLE = 12000; // ms without a change: the menu is up and stays
const LIMIT = 60000; // ms: no menu by then is an error

const MACHINES = {
    8088: {
        cputype: "8086", cycles: 330,
        com: process.env.PISKRS86_COM ? path.resolve(process.env.PISKRS86_COM) : path.join(REPO, "target", "PISKRS86.COM"),
    },
    386: {
        cputype: "386", cycles: 3000,
        com: process.env.PISKRS_COM ? path.resolve(process.env.PISKRS_COM) : path.join(REPO, "target", "PISKRS.COM"),
    },
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One start: ms from the marker to the menu's first frame, and the mean ms between frames taken. */
async function startToMenu(name, machine) {
    return h.withDos({
        name: `start-${name}`, cputype: machine.cputype, cycles: machine.cycles,
        files: { "PISKRS.COM": machine.com },
        // The marker, then at once the program (no errorlevel chain to wait for).
        batch: "@echo off\r\necho @@GO\r\nPISKRS\r\n",
    }, async (dos) => {
        await dos.waitForStdout("@@GO\r\n", { timeout: 30000 });
        const t0 = Date.now();
        const frames = []; // [ms since the marker, hash]
        let lastChange = 0;
        for (;;) {
            const img = await dos._call("screenshot");
            const t = Date.now() - t0;
            const hash = crypto.createHash("sha1").update(img.data).digest("hex");
            if (!frames.length || frames[frames.length - 1][1] !== hash) lastChange = t;
            frames.push([t, hash]);
            if (t - lastChange >= SETTLE) break;
            if (t > LIMIT) throw new Error(`${name}: the screen still changes after ${LIMIT} ms`);
            await sleep(1);
        }
        const menu = frames[frames.length - 1][1];
        const first = frames.find((f) => f[1] === menu)[0];
        return { ms: first, menu, step: frames[frames.length - 1][0] / frames.length };
    });
}

async function main() {
    const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(MACHINES).reverse();
    for (const name of chosen) {
        const machine = MACHINES[name];
        if (!machine) throw new Error(`unknown machine ${name}: 8088 or 386`);
        const times = [];
        let step = 0;
        let menu = null;
        for (let i = 0; i < RUNS; i++) {
            const r = await startToMenu(name, machine);
            times.push(r.ms);
            if (i > 0 && r.menu !== menu) throw new Error(`${name}: run ${i + 1} ended on another screen`);
            menu = r.menu;
            step = Math.max(step, r.step);
        }
        times.sort((a, b) => a - b);
        console.log(`${name}: cputype=${machine.cputype}, cycles=fixed ${machine.cycles}, ${path.basename(machine.com)} ` +
            `(${require("fs").statSync(machine.com).size} bytes): start to menu ${times.map((t) => (t / 1000).toFixed(2)).join(", ")} s; ` +
            `median ${(times[times.length >> 1] / 1000).toFixed(2)} s (step ${step.toFixed(0)} ms)`);
    }
}

main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
