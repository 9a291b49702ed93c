#!/usr/bin/env node
// Benchmark (not a test): does any level lose on time at 1 minute a side
// (issue 55, part 2)? For each machine and level, PISKRS plays the level
// against itself on the screen (`/PLAY 5 /CLOCK 1 /LEVEL L`, and WHITE=L in
// PISKRS.CFG for White's level) to a result, and this prints the result and both clocks. The machines are respond.js's:
// the reference 386 (cycles=fixed 3000) with PISKRS.COM and the 8088 setting
// (cputype=8086, cycles=fixed 330) with PISKRS86.COM. DOSBox-X keeps the BIOS
// tick at real time, so a game takes up to two minutes of wall time.
// Usage: `node clock_games.js` (both machines), `386` or `8088` (one);
// `SEEDS=1,2` for more games a level (default 1).
"use strict";

const fs = require("fs");
const path = require("path");
const h = require("./harness");

const REPO = path.resolve(__dirname, "..", "..");
const LEVELS = ["CLASSIC", "CHA", "STRONG"];
const MACHINES = {
    "386": { cputype: "386", cycles: 3000, com: "PISKRS.COM" },
    "8088": { cputype: "8086", cycles: 330, com: "PISKRS86.COM" },
};
const RESULT = /wins!|Draw|lost on time/;

/** Both clock faces on the panel (Black's on row 8, White's on row 9). */
const faces = (s) => [s.row(8).slice(74, 79).trim(), s.row(9).slice(74, 79).trim()];

/** The screen once the game has a result: the program reads F12 only while it waits. */
async function result(dos, timeoutMs) {
    const until = Date.now() + timeoutMs;
    for (;;) {
        try {
            const s = await dos.screen("result", { attempts: 1, retryMs: 1500 });
            if (h.isPiskrsGame(s) && RESULT.test(h.statusLine(s))) return s;
        } catch (e) {
            if (!(e instanceof Error) || e instanceof h.EmulatorDied) throw e;
        }
        if (Date.now() > until) throw new Error("no result within the time");
        await h.sleep(1000);
    }
}

async function game(m, level, seed) {
    const run = `PISKRS /SEED ${seed} /CLOCK 1 /LEVEL ${level} /PLAY 5`;
    return h.withPiskrs({
        run,
        name: `clock-games-${m.cputype}-${level}-${seed}`.toLowerCase(),
        // White plays at its own level (menu W, PISKRS.CFG's WHITE=): the same.
        files: {
            "PISKRS.COM": fs.readFileSync(path.join(REPO, "target", m.com)),
            "PISKRS.CFG": Buffer.from(`WHITE=${level}\r\n`, "latin1"),
        },
        cputype: m.cputype,
        cycles: m.cycles,
    }, async (dos) => {
        const s = await result(dos, 240000);
        return { status: h.statusLine(s).trim(), stones: Object.keys(h.boardStones(s)).length, clocks: faces(s) };
    });
}

async function main() {
    const pick = process.argv[2];
    const ids = pick ? [pick] : Object.keys(MACHINES);
    const seeds = (process.env.SEEDS || "1").split(",").map(Number);
    console.log("| Machine and file | level (both sides) | seed | result | stones | Black's clock | White's clock |");
    console.log("|---|---|---|---|---|---|---|");
    for (const id of ids) {
        const m = MACHINES[id];
        if (!m) throw new Error(`unknown machine ${id}: 386 or 8088`);
        for (const level of LEVELS) {
            for (const seed of seeds) {
                const r = await game(m, level, seed);
                console.log(`| ${id}, ${m.com} | ${level} | ${seed} | ${r.status} | ${r.stones} | ${r.clocks[0]} | ${r.clocks[1]} |`);
            }
        }
    }
}

main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
