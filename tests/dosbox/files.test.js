// End-to-end tests of PISKRS.COM's files and adapters in DOSBox-X: saving and
// loading .psq records (S, L, /LOAD), files that cannot be read, saves that
// cannot be written, a monochrome adapter, and /BENCH against the host's
// self-play. Each describe is one emulator run; its steps depend on the steps
// before them, in order. PNGs of every step land in shots/.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const h = require("./harness");
const { piskrsForSuite, leaveToMenu, quitFromMenu, beginRun } = require("./suite");

const T = { timeout: 60000 };
const { boardCell: pt, boardStones: stones, boardAttr: attrAt, statusLine: status, sidePanel: panel } = h;
const isMenu = h.isPiskrsMenu;
const isGame = h.isPiskrsGame;
const show = (s) => "\n" + s.toString();
const count = (s) => Object.keys(stones(s)).length;
const turn = (s) => {
    const p = panel(s);
    const black = p.includes("Black (X) to move");
    const white = p.includes("White (O) to move");
    return black && !white ? "black" : white && !black ? "white" : "?";
};
const FIXTURE = path.join(__dirname, "fixtures", "seed1-opening.txt");
const PSQ_HEADER = "Piskvorky 19x19, 11:11, 0";
const VGA_LAST = [0xc0, 0xcf]; // the computer's last move on bright red
const MONO_ATTRS = [0x07, 0x0f, 0x70, 0x01, 0x09];

const startPiskrs = h.startPiskrs;

/** The .psq move line of board point "K10" without its time: column from the left, row from the top, both from 1. */
function psqLine(name) {
    const { c, r } = pt(name);
    return `${c + 1},${20 - r}`;
}

/** A .psq line with its move's time (x,y,ms) cut to x,y; other lines as they are. */
const withoutTime = (line) => line.replace(/^(\d+,\d+),\d+$/, "$1");

/** Click the test player's point and wait for the computer's reply; returns [yours, reply, screen]. */
async function playOne(dos, step) {
    const before = await dos.screen(step + "-before", { shot: false });
    const was = stones(before);
    const mine = h.choosePoint(was, "X", "O");
    const { x, y } = pt(mine);
    await dos.click(x, y);
    const s = await dos.screenUntil(`${step}-${mine}`, (t) => count(t) >= count(before) + 2);
    const now = stones(s);
    const fresh = Object.keys(now).filter((p) => !(p in was));
    assert.equal(now[mine], "X", `your stone on ${mine}` + show(s));
    assert.equal(fresh.length, 2, `your stone and the computer's reply` + show(s));
    const reply = fresh.find((p) => p !== mine);
    assert.equal(now[reply], "O", show(s));
    return [mine, reply, s];
}

/** The move list the side panel shows (N): ["X J10", "O I10", ...] (its first column: up to 10 moves). */
function moveList(s) {
    const out = [];
    for (let y = 12; y < 22; y++) {
        const m = /^\s*(\d+) ([XO]) ([A-S]\d{1,2})\s*$/.exec(s.row(y).slice(46, 57));
        if (!m) break;
        assert.equal(Number(m[1]), out.length + 1, "move numbers count up" + show(s));
        out.push(`${m[2]} ${m[3]}`);
    }
    return out;
}

/** Replace the file name the prompt offers (`oldName`) with `name`. */
async function typeName(dos, oldName, name) {
    assert.ok(h.canType(name), `the harness can type ${name}`);
    for (let i = 0; i < oldName.length; i++) await dos.key("backspace");
    await dos.type(name);
}

describe("save, load from the menu (L), /LOAD at start, and play on", () => {
    let dos;
    let saved; // {moves, board, text}
    piskrsForSuite((started) => { dos = started; }, "files-save-load", [{ run: "PISKRS /SEED 5" }, { run: "PISKRS /SEED 5 /LOAD GAME.PSQ" }], { menu: true });

    it("S + Enter writes GAME.PSQ; its lines are the header, the moves on the screen in order, -1 and the marker", T, async () => {
        await dos.key("1");
        let s = await dos.screenUntil("game", (t) => isGame(t) && count(t) === 0);
        const moves = [];
        for (let i = 0; i < 3; i++) {
            const [mine, reply, after] = await playOne(dos, `play${i + 1}`);
            moves.push(mine, reply);
            s = after;
        }
        await dos.key("n");
        s = await dos.screenUntil("move-list", (t) => panel(t).includes("Moves:"));
        const listed = moveList(s);
        assert.deepEqual(listed, moves.map((p, i) => `${i % 2 ? "O" : "X"} ${p}`), "the move list" + show(s));
        const board = stones(s);
        await dos.key("s");
        s = await dos.screenUntil("save-prompt", (t) => status(t).includes("Save as ("));
        assert.equal(status(s).trim(), "Save as (Enter saves, Esc cancels): GAME.PSQ_", show(s));
        await dos.key("enter");
        s = await dos.screenUntil("saved", (t) => status(t).includes("Saved to"));
        assert.equal(status(s).trim(), "Saved to GAME.PSQ.", show(s));
        assert.deepEqual(stones(s), board, "saving changes nothing on the board" + show(s));
        assert.equal(turn(s), "black", show(s));

        const text = (await dos.readFile("GAME.PSQ")).toString("latin1");
        assert.ok(text.endsWith("\r\n"), JSON.stringify(text));
        const timed = text.slice(0, -2).split("\r\n");
        // Each move line is x,y,ms: the time its player took.
        for (const line of timed.slice(1, 1 + listed.length)) assert.match(line, /^\d+,\d+,\d+$/, text);
        const lines = timed.map(withoutTime);
        const want = [PSQ_HEADER, ...listed.map((m) => psqLine(m.slice(2))), "-1"];
        assert.equal(lines.length, want.length + 1, `line count of GAME.PSQ:\n${text}`);
        for (let i = 0; i < want.length; i++) assert.equal(lines[i], want[i], `GAME.PSQ line ${i + 1}:\n${text}`);
        // The last line: "piskrs: against the computer" (builds with game variants
        // name the game in between: "piskrs: game=PISKASM against the computer").
        assert.match(lines[want.length], /^piskrs: (game=[A-Z0-9]+ )?against the computer$/, `GAME.PSQ's last line:\n${text}`);
        // Every stone on the screen is in the file, with its colour by move parity.
        for (const [p, v] of Object.entries(board)) {
            const i = lines.indexOf(psqLine(p));
            assert.ok(i >= 1, `${p} is in the file`);
            assert.equal((i - 1) % 2 === 0 ? "X" : "O", v, `${p}'s colour`);
        }
        // No temporary file left: the save's own (named by DOS) is renamed to GAME.PSQ.
        const left = (await dos.listFiles()).map((f) => f.name).filter((f) => !/^(PISKRS\.COM|RUN\.BAT|GAME\.PSQ|PISKRS\.CFG|SCR\d{5}\.BIN|\.jsdos\/.*)$/i.test(f));
        assert.deepEqual(left, [], "no temporary file left");
        saved = { moves, board, text };
    });

    it("L on the menu loads GAME.PSQ: same stones, Black to move; the computer replies to the next move", T, async () => {
        assert.ok(saved, "the save step ran");
        await leaveToMenu(dos, "to-menu");
        await dos.key("l");
        let s = await dos.screenUntil("load-prompt", (t) => status(t).includes("Load (Enter loads, Esc cancels):"));
        assert.equal(status(s).trim(), "Load (Enter loads, Esc cancels): GAME.PSQ_", show(s));
        await dos.key("enter");
        s = await dos.screenUntil("loaded", (t) => status(t).includes("Loaded"));
        assert.equal(status(s).trim(), "Loaded GAME.PSQ: 6 moves. Black to move.", show(s));
        assert.ok(isGame(s), show(s));
        assert.deepEqual(stones(s), saved.board, show(s));
        assert.equal(turn(s), "black", show(s));
        assert.ok(panel(s).includes("You against the computer"), show(s));
        const last = saved.moves[saved.moves.length - 1];
        assert.ok(VGA_LAST.includes(attrAt(s, last)), `the computer's last stone ${last} is on red` + show(s));
        const [, reply, after] = await playOne(dos, "loaded-play");
        assert.equal(count(after), 8, show(after));
        assert.ok(status(after).includes(`The computer played ${reply}.`), show(after));
        await leaveToMenu(dos, "quit1");
        await quitFromMenu(dos);
    });

    it("PISKRS /LOAD GAME.PSQ starts in the saved game: same stones, Black (X) to move; play on", T, async () => {
        await beginRun(dos, 2);
        let s = await dos.screenUntil("slash-load", (t) => isGame(t) && count(t) > 0);
        assert.equal(status(s).trim(), "Loaded GAME.PSQ: 6 moves. Black to move.", show(s));
        assert.deepEqual(stones(s), saved.board, show(s));
        assert.equal(turn(s), "black", show(s));
        assert.ok(panel(s).includes("Black (X) to move"), show(s));
        assert.ok(panel(s).includes("Stones on the board: 6"), show(s));
        const [mine, reply, after] = await playOne(dos, "slash-load-play");
        assert.deepEqual(stones(after), { ...saved.board, [mine]: "X", [reply]: "O" }, show(after));
        assert.ok(status(after).includes(`The computer played ${reply}.`), show(after));
        assert.equal(turn(after), "black", show(after));
        await leaveToMenu(dos, "quit2");
        await quitFromMenu(dos, 2);
    });
});

// Deterministic garbage: bytes of a small LCG (binary, no record in sight).
function garbage(n) {
    const out = new Uint8Array(n);
    let x = 12345;
    for (let i = 0; i < n; i++) { x = (x * 1103515245 + 12345) >>> 0; out[i] = x >>> 24; }
    return out;
}
const CUT = PSQ_HEADER + "\r\n10,10,0\r\n11,9,0\r\n9,1"; // stops in the middle of the third move line
const LOAD_REASONS = [
    "no such file", "no such directory or drive", "its board is not 15x15 or 19x19", "not a Piskvork .psq game record", "the board is not 19x19",
    "line 3 holds a bad move (corrupt?)", "more moves than points", "the file is cut off (truncated)",
    "a move after the game had ended (corrupt?)", "a move breaks the rules or follows the end (corrupt?)", "the file is too big for a game record",
];

describe("files that cannot be loaded: garbage, cut off, missing", () => {
    let dos;
    const cases = [
        ["GARBAGE.PSQ", null],
        ["CUT.PSQ", "the file is cut off (truncated)"],
        ["NOSUCH.PSQ", "no such file"],
    ];
    before(async () => {
        dos = await startPiskrs("files-bad", [
            { run: "PISKRS" },
            ...cases.map(([name]) => ({ run: `PISKRS /LOAD ${name}` })),
        ], { files: { "GARBAGE.PSQ": garbage(600), "CUT.PSQ": Buffer.from(CUT, "latin1") } });
        await dos.begun(1);
        const s = await dos.screenUntil("menu", isMenu);
        assert.ok(isMenu(s), show(s));
    });
    after(async () => { if (dos) await dos.exit(); });

    function checkFailure(s, name, reason) {
        const m = new RegExp(`^Could not load ${name.replace(".", "\\.")}: (.+)\\.$`).exec(status(s).trim());
        assert.ok(m, `"Could not load ${name}: reason."` + show(s));
        assert.ok(LOAD_REASONS.includes(m[1]), `a known reason: ${m[1]}` + show(s));
        if (reason) assert.equal(m[1], reason, show(s));
        return m[1];
    }

    it("L on the menu: each gives Could not load with a reason, and the menu stays", T, async () => {
        let offered = "GAME.PSQ";
        for (const [name, reason] of cases) {
            await dos.key("l");
            let s = await dos.screenUntil(`prompt-${name}`, (t) => status(t).includes("Load (Enter loads, Esc cancels):"));
            assert.equal(status(s).trim(), `Load (Enter loads, Esc cancels): ${offered}_`, show(s));
            await typeName(dos, offered, name);
            s = await dos.screenUntil(`typed-${name}`, (t) => status(t).includes(`${name}_`));
            assert.equal(status(s).trim(), `Load (Enter loads, Esc cancels): ${name}_`, show(s));
            await dos.key("enter");
            s = await dos.screenUntil(`failed-${name}`, (t) => status(t).includes("Could not load"));
            const why = checkFailure(s, name, reason);
            if (name === "GARBAGE.PSQ") console.log(`# binary garbage gives: ${why}`);
            assert.ok(isMenu(s), "still on the menu" + show(s));
            offered = name;
        }
        // The menu still works: a two-player game, then back and quit.
        await dos.key("4");
        const g = await dos.screenUntil("menu-usable", (t) => isGame(t));
        assert.ok(isGame(g), show(g));
        assert.deepEqual(stones(g), {}, show(g));
        await dos.key("enter");
        const placed = await dos.screenUntil("menu-usable-stone", (t) => count(t) === 1);
        assert.deepEqual(stones(placed), { J10: "X" }, show(placed));
        await leaveToMenu(dos, "after-failures");
        await quitFromMenu(dos);
    });

    for (let i = 0; i < cases.length; i++) {
        const [name, reason] = cases[i];
        it(`PISKRS /LOAD ${name}: the menu with Could not load and a reason; errorlevel 0`, T, async () => {
            await beginRun(dos, i + 2);
            let s = await dos.screenUntil(`slash-load-${name}`, (t) => status(t).includes("Could not load"));
            checkFailure(s, name, reason);
            assert.ok(isMenu(s), show(s));
            await dos.key("4");
            s = await dos.screenUntil(`slash-load-${name}-game`, isGame);
            assert.ok(isGame(s), show(s));
            await leaveToMenu(dos, `slash-load-${name}-back`);
            await quitFromMenu(dos, i + 2);
        });
    }
});

describe("saves that fail: a missing directory, an absent drive", () => {
    let dos;
    let good; // GAME.PSQ as saved before the failures
    piskrsForSuite((started) => { dos = started; }, "files-save-fail", [{ run: "PISKRS /SEED 3" }], { menu: true });
    before(async () => {
        await dos.key("1");
        await dos.screenUntil("game", isGame);
    });

    it("a good save first: GAME.PSQ", T, async () => {
        await playOne(dos, "play1");
        await playOne(dos, "play2");
        await dos.keys("s", "enter");
        const s = await dos.screenUntil("saved", (t) => status(t).includes("Saved to"));
        assert.equal(status(s).trim(), "Saved to GAME.PSQ.", show(s));
        good = await dos.readFile("GAME.PSQ");
        assert.equal(good.toString("latin1").split("\r\n")[0], PSQ_HEADER);
        await playOne(dos, "play3"); // the game now differs from the file
    });

    for (const [name, previous] of [["NODIR\\GAME.PSQ", "GAME.PSQ"], ["Q:GAME.PSQ", "NODIR\\GAME.PSQ"]]) {
        it(`S to ${name}: Could not save with a reason; the game and GAME.PSQ are unchanged`, T, async () => {
            assert.ok(good, "the good save ran");
            const before = await dos.screen(`before-${name}`);
            const filesBefore = (await dos.listFiles()).map((f) => f.name).filter((f) => !/^SCR\d{5}\.BIN$/i.test(f)).sort();
            await dos.key("s");
            let s = await dos.screenUntil(`prompt-${name}`, (t) => status(t).includes("Save as ("));
            assert.equal(status(s).trim(), `Save as (Enter saves, Esc cancels): ${previous}_`, show(s));
            await typeName(dos, previous, name);
            s = await dos.screenUntil(`typed-${name}`, (t) => status(t).includes(`${name}_`));
            assert.equal(status(s).trim(), `Save as (Enter saves, Esc cancels): ${name}_`, "the name as typed (backslash, colon)" + show(s));
            await dos.key("enter");
            s = await dos.screenUntil(`failed-${name}`, (t) => status(t).includes("Could not save"));
            const m = /^Could not save (.+): (.+)\. The game goes on\.$/.exec(status(s).trim());
            assert.ok(m, show(s));
            assert.equal(m[1], name, show(s));
            console.log(`# save to ${name}: ${m[2]}`);
            assert.ok(["no such directory or drive", "no such file", "access denied (read-only?)", "the disk is full", "DOS reported an error"].includes(m[2]), show(s));
            assert.ok(isGame(s), show(s));
            assert.deepEqual(stones(s), stones(before), "the board is unchanged" + show(s));
            for (const p of Object.keys(stones(s))) assert.equal(attrAt(s, p), attrAt(before, p), `attribute of ${p}`);
            assert.equal(turn(s), "black", show(s));
            assert.deepEqual(await dos.readFile("GAME.PSQ"), good, "GAME.PSQ is not damaged");
            const files = (await dos.listFiles()).map((f) => f.name).filter((f) => !/^SCR\d{5}\.BIN$/i.test(f)).sort();
            assert.deepEqual(files, filesBefore, "no stray file");
        });
    }

    it("the game goes on after the failed saves; errorlevel 0 at the end", T, async () => {
        const [mine, reply, s] = await playOne(dos, "play-on");
        assert.ok(status(s).includes(`The computer played ${reply}.`), `after ${mine}` + show(s));
        await leaveToMenu(dos, "end");
        await quitFromMenu(dos);
        assert.deepEqual(await dos.readFile("GAME.PSQ"), good, "GAME.PSQ is still the good save");
    });
});

describe("a monochrome adapter (machine=hercules)", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "mono", [{ run: "PISKRS /SEED 2" }], { conf: "[dosbox]\nmachine=hercules" });

    function checkMono(s) {
        const seen = new Set();
        for (let y = 0; y < 25; y++) for (let x = 0; x < 80; x++) seen.add(s.attr(x, y));
        const bad = [...seen].filter((a) => !MONO_ATTRS.includes(a)).map((a) => "0x" + a.toString(16));
        assert.deepEqual(bad, [], "only 07h 0Fh 70h 01h 09h" + show(s));
        return seen;
    }

    it("the menu appears with mono attributes only", T, async () => {
        const s = await dos.screenUntil("menu", isMenu);
        assert.ok(isMenu(s), show(s));
        checkMono(s);
        assert.equal(s.attr(1, 0), 0x70, "the title bar is reverse video");
    });

    it("a stone placed with the keyboard; the computer's reply is underlined; mono attributes only", T, async () => {
        await dos.key("1");
        let s = await dos.screenUntil("game", isGame);
        checkMono(s);
        await dos.key("enter");
        s = await dos.screenUntil("placed", (t) => count(t) === 2);
        const all = stones(s);
        assert.equal(all.J10, "X", show(s));
        const [reply] = Object.keys(all).filter((p) => p !== "J10");
        assert.equal(all[reply], "O", show(s));
        checkMono(s);
        assert.equal(attrAt(s, "J10"), 0x0f, "a black stone is bright");
        assert.equal(attrAt(s, reply), 0x09, "the computer's last move is bright underlined (issue 19: O as bright as X)");
        await leaveToMenu(dos, "leave");
        await quitFromMenu(dos);
    });
});

describe("the same core on host and DOS: /BENCH's seed 1 opening", () => {
    it("PISKRS /BENCH prints the opening recorded by the host test (fixtures/seed1-opening.txt)", T, async () => {
        if (!fs.existsSync(FIXTURE)) {
            assert.fail(`${FIXTURE} is missing: it is written by the host test (tests/classic_ai.rs, SEED_1_OPENING); ` +
                "restore it from git or regenerate it there - this test computes nothing itself");
        }
        const opening = fs.readFileSync(FIXTURE, "latin1").trim();
        assert.match(opening, /^([A-S]\d{1,2} ){11}[A-S]\d{1,2}$/, `${FIXTURE} holds 12 points`);
        await h.withDos({ name: "bench-seed1", files: { "PISKRS.COM": h.piskrsCom() }, steps: [{ run: "PISKRS /BENCH" }], cycles: 20000 }, async (dos) => {
            const r = await dos.finished(1, { timeout: 120000 });
            assert.equal(r.errorlevel, 0, r.output);
            const line = r.output.split("\r\n").find((l) => l.startsWith("seed 1: "));
            assert.ok(line, "a seed 1 line:\n" + r.output);
            assert.equal(line, `seed 1: ${opening} ...`);
            assert.match(r.output, /^BENCH games=8 plies=\d+ ticks=\d+ us_per_reply=\d+\r$/m, r.output);
            console.log("# " + r.output.trim().split("\r\n").join(" | "));
        });
    });
});

describe("a file name with * or ? is refused with a message, not changed behind the typist's back", () => {
    const WILDCARDS = "No * or ? (DOS wildcards) in a file name: ";
    let dos;
    piskrsForSuite((started) => { dos = started; }, "wildcards", [{ run: "PISKRS /LOAD GAME?.PSQ" }], { files: { "GAME1.PSQ": Buffer.from(`${PSQ_HEADER}\r\n10,10,0\r\n-1\r\n`, "latin1") } });

    it("/LOAD GAME?.PSQ: the menu says why, and no game is loaded (GAME1.PSQ would match)", T, async () => {
        const s = await dos.screenUntil("load-wildcard", (t) => isMenu(t) && status(t).includes("No * or ?"));
        assert.ok(isMenu(s), "the menu, not a loaded game" + show(s));
        assert.equal(status(s).trim(), WILDCARDS + "GAME?.PSQ", show(s));
    });

    it("L, then * typed at the prompt: the message; the name typed so far is kept and typing goes on", T, async () => {
        await dos.key("l");
        let s = await dos.screenUntil("load-prompt", (t) => status(t).includes("Load (Enter loads, Esc cancels): "));
        const offered = status(s).trim().replace("Load (Enter loads, Esc cancels): ", "").replace(/_$/, "");
        for (let i = 0; i < offered.length; i++) await dos.key("backspace");
        await dos.type("AB");
        await dos.screenUntil("typed-ab", (t) => status(t).includes("Load (Enter loads, Esc cancels): AB_"));
        await dos.type("*");
        s = await dos.screenUntil("typed-star", (t) => status(t).includes("No * or ?"));
        assert.equal(status(s).trim(), WILDCARDS + "AB_", "the message, and the name typed so far" + show(s));
        await dos.type("C");
        s = await dos.screenUntil("typed-c", (t) => status(t).includes("Load (Enter loads, Esc cancels): ABC_"));
        assert.equal(status(s).trim(), "Load (Enter loads, Esc cancels): ABC_", "the * left no trace in the name" + show(s));
        await dos.key("esc");
        s = await dos.screenUntil("cancelled", (t) => isMenu(t) && status(t).includes("Cancelled."));
        await quitFromMenu(dos);
    });
});
