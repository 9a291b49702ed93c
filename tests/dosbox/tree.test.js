// End-to-end tests of the tree's benchmark build, target/PISKTREE.COM (`cargo
// tree-com`; not shipped), and in the 8086 suite (npm run test:86) of its 8086
// twin target/PISKTR86.COM on an emulated 8086: with its tables in far memory
// (src/dos/far_tree.rs), the tree's move and node count on each of /BENCH's
// positions, and in its game against Classic where it goes on from search to
// search, must equal what the host computes with its tables on the heap
// (fixtures/tree-bench.txt and tree-game.txt, kept honest by
// tests/tree_bench.rs); and when DOS
// cannot give the memory the tables need, the program says so and ends with
// errorlevel 1 before anything else.
"use strict";

const { describe, it } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const h = require("./harness");

const T = { timeout: 600000 };
// The file under test, run as PISKTREE.COM either way; and its CPU.
const FILE = h.BUILD_86 ? "PISKTR86.COM" : "PISKTREE.COM";
const PISKTREE_COM = path.join(__dirname, "..", "..", "target", FILE);
const CPU = h.BUILD_86 ? "8086" : "386";

function pisktree() {
    if (!fs.existsSync(PISKTREE_COM)) throw new Error(`${PISKTREE_COM} does not exist: build it first (cargo tree-com)`);
    return fs.readFileSync(PISKTREE_COM);
}

describe(`the tree on DOS (${FILE} on a ${CPU})`, () => {
    it("PISKTREE 400: a TREE line a position equal to fixtures/tree-bench.txt, then the TIME line, then the GAME lines of fixtures/tree-game.txt and their TIME line; errorlevel 0", T, async () => {
        const r = await h.withDos({
            name: "tree-bench",
            files: { "PISKTREE.COM": pisktree() },
            steps: [{ run: "PISKTREE 400" }],
            cputype: CPU,
            cycles: 20000,
        }, (dos) => dos.finished(1, { timeout: 540000 }));
        assert.equal(r.errorlevel, 0, r.output);
        const lines = r.output.split(/\r?\n/);
        const moves = lines.filter((l) => l.startsWith("TREE ")).map((l) => l.replace(/ ms=\d+$/, "")).join("\n") + "\n";
        const fixture = fs.readFileSync(path.join(__dirname, "fixtures", "tree-bench.txt"), "latin1");
        assert.equal(moves, fixture, r.output);
        assert.match(r.output, /^TIME TREE positions=12 median_ms=\d+ worst_ms=\d+ budget=400 nodes=\d+ nodes_per_s=\d+\r?$/m, r.output);
        // Its game against Classic, its tree going on from search to search.
        const game = lines.filter((l) => l.startsWith("GAME ")).map((l) => l.replace(/ ms=\d+$/, "")).join("\n") + "\n";
        assert.equal(game, fs.readFileSync(path.join(__dirname, "fixtures", "tree-game.txt"), "latin1"), r.output);
        assert.match(r.output, /^TIME GAME replies=8 median_ms=\d+ worst_ms=\d+\r?$/m, r.output);
    });

    it("with too little free memory for its tables (LOADFIX -400 leaves about 230 KB) it says how much it needs and ends with errorlevel 1", T, async () => {
        const r = await h.withDos({
            name: "tree-memory",
            files: { "PISKTREE.COM": pisktree() },
            // LOADFIX with no program keeps its 400 KB until LOADFIX -F.
            steps: ["LOADFIX -400 > NUL", { run: "PISKTREE 400" }],
            cputype: CPU,
        }, (dos) => dos.finished(1, { timeout: 120000 }));
        assert.match(r.output, /PISKRS needs \d+ KB of free memory\./, r.output);
        assert.doesNotMatch(r.output, /TREE /, r.output);
        assert.equal(r.errorlevel, 1, r.output);
    });
});
