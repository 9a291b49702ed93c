// End-to-end tests of the Strong level in the real PISKRS.COM (DOSBox-X): a whole
// game against it by clicks, with the stack's high-water mark printed by /STACK at
// the end; and /BENCH, whose Strong lines (move and node count for each benchmark
// position) must equal what the host computes from the same core
// (fixtures/strong-bench.txt, kept honest by tests/strong_bench.rs).
"use strict";

const { describe, it } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const h = require("./harness");
const { playRound } = require("./moves");

const GAME_T = { timeout: 600000 };
const MAX_PLIES = 120;
const { boardStones: stones, statusLine: status, sidePanel: panel } = h;
const show = (s) => "\n" + s.toString();
const count = (s) => Object.keys(stones(s)).length;
const added = (was, now) => Object.keys(now).filter((p) => !(p in was)).sort();

describe("a game against Strong (/LEVEL STRONG /PLAY 1 /STACK)", () => {
    it("the computer answers every move with one legal O until the game ends; saved after 5 moves, loaded and played on; /STACK reports the high-water mark", GAME_T, async () => {
        await h.withPiskrs({
            name: "strong",
            run: "PISKRS /LEVEL STRONG /PLAY 1 /SEED 3 /STACK",
        }, async (dos) => {
            let s = await dos.screenUntil("game", h.isPiskrsGame);
            assert.ok(panel(s).includes("Level: Strong (tree search)"), show(s));
            let board = {};
            let result = null;
            const log = [];
            for (let ply = 0; ply < MAX_PLIES && !result; ply += 2) {
                const move = await playRound(dos, board, ply, log);
                s = move.s;
                board = move.now;
                result = move.winner;
                if (result === "X") break;
                if (log.length === 10) {
                    await dos.key("s");
                    await dos.screenUntil("save-prompt", (t) => status(t).includes("Save as ("));
                    await dos.key("enter");
                    const saved = await dos.screenUntil("saved", (t) => status(t).includes("Saved to"));
                    assert.equal(status(saved).trim(), "Saved to GAME.PSQ.", show(saved));
                }
            }
            assert.ok(result, `the game ended within ${MAX_PLIES} plies: ${log.join(" ")}` + show(s));
            // Who won is not asserted: one game says little about strength
            // (the arena measures it over hundreds); it is printed.
            await dos.key("esc"); // the game is over: any key, the menu
            await dos.screenUntil("menu", h.isPiskrsMenu);
            // Load the game saved after ten plies and play on against Strong.
            await dos.key("l");
            await dos.screenUntil("load-prompt", (t) => status(t).includes("Load (Enter loads, Esc cancels):"));
            await dos.key("enter");
            s = await dos.screenUntil("loaded", (t) => status(t).includes("Loaded"));
            assert.equal(status(s).trim(), "Loaded GAME.PSQ: 10 moves. Black to move.", show(s));
            assert.ok(panel(s).includes("Level: Strong (tree search)"), show(s));
            const before = stones(s);
            const mine = h.choosePoint(before, "X", "O");
            const { x, y } = h.boardCell(mine);
            await dos.click(x, y);
            s = await dos.screenUntil("loaded-reply", (t) => count(t) >= 12);
            assert.equal(added(before, stones(s)).length, 2, "your stone and Strong's reply" + show(s));
            await dos.leaveToMenu("leave");
            await dos.key("3"); // quit at once
            const r = await dos.finished(1, { timeout: 60000 });
            const m = /STACK high_water=(\d+) bytes/.exec(r.output);
            assert.ok(m, "the /STACK report: " + r.output);
            const reserve = h.stackReserve();
            console.log(`strong game: ${log.length} plies, winner ${result}; stack high-water ${m[1]} of the ${reserve} reserved`);
            assert.ok(Number(m[1]) < reserve, `stack ${m[1]} bytes, only ${reserve} reserved (link.x)`);
            assertEngineStack(r.output);
        });
    });
});

// /STACK's second figure: the tree's engine's stack (src/dos/tree_engine.rs), used
// at most and what its segment gives it. After Strong's searches it holds the
// search's plies (the tree itself, kept from move to move, is the engine's
// .bss: 7.2 KB measured after a game, 9.1 KB after /BENCH /TIME 10; its
// 14 KB frame held it before), and stays 100 bytes clear of its end (the
// interrupts' room).
function assertEngineStack(output) {
    const m = /STACK high_water=\d+ bytes; engine (\d+) of (\d+)/.exec(output);
    assert.ok(m, "the engine's /STACK figures: " + output);
    const [used, size] = [Number(m[1]), Number(m[2])];
    console.log(`the tree's engine: stack high-water ${used} of its ${size}`);
    assert.ok(used > 4000, `the engine's stack: only ${used} bytes used after its searches`);
    assert.ok(used + 100 < size, `the engine's stack: ${used} of ${size} bytes used`);
}

// Runs `command` (a /BENCH) and checks that it ends with errorlevel 0 and that
// its STRONG lines, the times left out, equal fixtures/`fixture`; returns its
// output and lines for the caller's own checks.
async function benchMatchesFixture(name, command, fixture) {
    const want = fs.readFileSync(path.join(__dirname, "fixtures", fixture), "utf8")
        .split(/\r?\n/).filter((l) => l.trim());
    let result;
    await h.withDos({
        name,
        files: { "PISKRS.COM": h.piskrsCom() },
        steps: [{ run: command }],
        cycles: 60000, // node counts do not depend on speed
    }, async (dos) => {
        const r = await dos.finished(1, { timeout: 540000 });
        assert.equal(r.errorlevel, 0, r.output);
        const lines = r.output.split(/\r?\n/).filter((l) => l.trim());
        const got = lines.filter((l) => l.startsWith("STRONG ")).map((l) => l.replace(/ ms=\d+$/, ""));
        assert.deepEqual(got, want, r.output);
        result = { output: r.output, lines };
    });
    return result;
}

describe("/BENCH: thinking times per level, and host and DOS agree on Strong", () => {
    it("prints TIME lines for CLASSIC, CHA and STRONG, and STRONG lines equal to fixtures/strong-bench.txt", GAME_T, async () => {
        const { output, lines } = await benchMatchesFixture("strong-bench", "PISKRS /BENCH", "strong-bench.txt");
        for (const level of ["CLASSIC", "CHA", "STRONG"]) {
            assert.ok(lines.some((l) => new RegExp(`^TIME ${level} positions=12 median_ms=\\d+ worst_ms=\\d+`).test(l)), `TIME ${level}: ` + output);
        }
    });
});

describe("/BENCH /TIME 10: Strong's tree on DOS agrees with the host at five times the budget", () => {
    it("prints STRONG lines equal to fixtures/strong-bench-10s.txt (2,350 nodes), and the stack's high-water mark stays below link.x's reserve", GAME_T, async () => {
        const { output, lines } = await benchMatchesFixture("strong-bench-10s", "PISKRS /BENCH /TIME 10 /STACK", "strong-bench-10s.txt");
        assert.ok(lines.some((l) => /^TIME STRONG positions=12 median_ms=\d+ worst_ms=\d+ budget=2350 /.test(l)), output);
        const m = /STACK high_water=(\d+) bytes/.exec(output);
        assert.ok(m, "the /STACK report: " + output);
        const reserve = h.stackReserve();
        console.log(`/BENCH /TIME 10: stack high-water ${m[1]} of the ${reserve} reserved`);
        assert.ok(Number(m[1]) < reserve, `stack ${m[1]} bytes, only ${reserve} reserved (link.x)`);
        assertEngineStack(output);
    });
});

// Strong is the tree, which runs in an engine of its own beyond the program's
// segment, with tables of about 200 KB beyond that (src/dos/tree_engine.rs): with
// too little free memory for them, the loader says how much it needs and the
// program ends at once, with errorlevel 1; it never plays a weaker Strong.
describe("Strong's tree needs its memory: less, and PISKRS refuses to start", () => {
    it("LOADFIX -300 (about 330 KB left): `PISKRS needs N KB of free memory.`, errorlevel 1", GAME_T, async () => {
        const r = await h.withDos({
            name: "strong-memory",
            files: { "PISKRS.COM": h.piskrsCom() },
            // LOADFIX with no program keeps its 300 KB until LOADFIX -F.
            steps: ["LOADFIX -300 > NUL", { run: "PISKRS /LEVEL STRONG" }],
        }, (dos) => dos.finished(1, { timeout: 120000 }));
        const m = /PISKRS needs (\d+) KB of free memory\./.exec(r.output);
        assert.ok(m, r.output);
        assert.ok(Number(m[1]) > 330 && Number(m[1]) < 640, r.output);
        assert.equal(r.errorlevel, 1, r.output);
    });
});

describe("Strong's thinking time: /TIME, the menu's T, PISKRS.CFG", () => {
    it("/TIME 0.5 shows on the menu; T T makes it 1.0 s then 2.0 s and PISKRS.CFG keeps TIME=2.0 for the next run", GAME_T, async () => {
        await h.withDos({
            name: "strong-time",
            files: { "PISKRS.COM": h.piskrsCom() },
            steps: [{ run: "PISKRS /TIME 0.5" }, { run: "PISKRS" }],
        }, async (dos) => {
            await dos.begun(1);
            let s = await dos.screenUntil("time-menu", h.isPiskrsMenu);
            assert.equal(s.row(20).trim(), "T  Time:  0.5 s (Strong)", show(s));
            await dos.key("t");
            s = await dos.screenUntil("time-t", (t) => t.row(20).includes("1.0 s"));
            assert.equal(s.row(20).trim(), "T  Time:  1.0 s (Strong)", show(s));
            await dos.key("t");
            s = await dos.screenUntil("time-tt", (t) => t.row(20).includes("2.0 s"));
            assert.equal(s.row(20).trim(), "T  Time:  2.0 s (Strong)", show(s));
            await dos.key("3");
            assert.equal((await dos.finished(1)).errorlevel, 0);
            const cfg = (await dos.readFile("PISKRS.CFG")).toString("latin1");
            assert.match(cfg, /\r\nTIME=2\.0\r\n/, cfg);
            await dos.begun(2);
            s = await dos.screenUntil("time-next-run", h.isPiskrsMenu);
            assert.equal(s.row(20).trim(), "T  Time:  2.0 s (Strong)", show(s));
            await dos.key("3");
            assert.equal((await dos.finished(2)).errorlevel, 0);
        });
    });
});
