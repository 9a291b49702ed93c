// End-to-end tests of the game clock and of the computer against itself
// (issue 55) in DOSBox-X: the menu's Clock line and /CLOCK, both sides' m:ss
// on the panel running down by the BIOS tick, a side that loses on time, the
// increment added after a move; a saved game's move times, and both clocks
// resumed from them when it is loaded; the computer against itself (menu 5)
// playing to a result, each side at its own level (C and W), and Esc
// stopping it.
// Emulated time follows the host's clock (DOSBox-X keeps the BIOS tick at
// 18.2 a second), so the one-minute game takes a minute.
"use strict";

const { describe, it } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");
const { piskrsForSuite, beginRun } = require("./suite");

const T = { timeout: 150000 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The clock faces on the panel: Black's on row 8, White's on row 9. */
function faces(s) {
    return [s.row(8).slice(74, 79), s.row(9).slice(74, 79)];
}

/** m:ss as seconds. */
function seconds(face) {
    const m = /^\s*(\d+):(\d\d)$/.exec(face);
    assert.ok(m, `not a clock face: '${face}'`);
    return Number(m[1]) * 60 + Number(m[2]);
}

const show = (s) => "\n" + s.toString();

/**
 * A screen once the computer, playing itself, has stopped to wait for a key
 * (the result, or a question): while it plays it reads no key, and an F12
 * pressed then is thrown away with the rest.
 */
async function screenWhenWaiting(dos, step, predicate, timeout) {
    const until = Date.now() + timeout;
    for (;;) {
        try {
            const s = await dos.screen(step, { attempts: 1, retryMs: 1500 });
            if (predicate(s) || Date.now() > until) return s;
        } catch (e) {
            if (Date.now() > until) throw e;
        }
        await sleep(500);
    }
}

describe("the clock: the menu's line and /CLOCK", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "clock-menu", [
        { run: "PISKRS /CLOCK 1+5" },
        { run: "PISKRS /CLOCK 100" },
    ], { menu: true });

    it("/CLOCK 1+5 shows on the Clock line; K steps to the next clock", T, async () => {
        let s = await dos.screen("menu");
        assert.equal(s.row(15).slice(22).trimEnd(), "K  Clock: 01+05", show(s));
        await dos.key("k");
        s = await dos.screenUntil("k", (t) => t.row(15).includes("05+00"));
        assert.equal(s.row(15).slice(22).trimEnd(), "K  Clock: 05+00", show(s));
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });

    it("/CLOCK 100 is refused, naming what the clock takes", T, async () => {
        const r = await dos.finished(2);
        assert.equal(r.output, "/CLOCK 100: the clock is m or m+s.\r\nPISKRS /? lists the switches.\r\n");
        assert.equal(r.errorlevel, 1);
    });
});

describe("a one-minute game: the clocks run down and Black loses on time", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "clock-flag", [{ run: "PISKRS /CLOCK 1 /PLAY 4" }], { game: true });

    it("Black's clock runs from 1:00, White's stands; at 0:00 Black has lost", T, async () => {
        let s = await dos.screen("start");
        let [black, white] = faces(s);
        assert.ok(seconds(black) >= 55 && seconds(black) <= 60, `Black ${black}` + show(s));
        assert.equal(white, " 1:00", show(s));
        await sleep(4000);
        s = await dos.screen("running");
        const later = faces(s);
        assert.ok(seconds(later[0]) <= seconds(black) - 3, `Black ${black} then ${later[0]}` + show(s));
        assert.equal(later[1], " 1:00", "White's clock stands" + show(s));
        s = await dos.screenUntil("flag", (t) => h.statusLine(t).includes("lost on time"), { timeout: 75000 });
        assert.equal(h.statusLine(s).trim(), "Black lost on time.", show(s));
        assert.ok(h.sidePanel(s).includes("White won"), show(s));
        assert.deepEqual(faces(s), [" 0:00", " 1:00"], show(s));
        await dos.key("3"); // the menu
        await dos.screenUntil("menu", h.isPiskrsMenu);
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

describe("1 minute + 5 s: a move adds the increment", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "clock-increment", [{ run: "PISKRS /CLOCK 1+5 /PLAY 4" }], { game: true });

    it("Black moves at once and has more than a minute; White's runs", T, async () => {
        await dos.key("enter");
        let s = await dos.screenUntil("moved", (t) => Object.keys(h.boardStones(t)).length === 1);
        const [black] = faces(s);
        assert.ok(seconds(black) > 60 && seconds(black) <= 65, `Black ${black}` + show(s));
        await sleep(3000);
        s = await dos.screen("white-runs");
        assert.equal(faces(s)[0], black, "Black's clock stands" + show(s));
        assert.ok(seconds(faces(s)[1]) <= 58, `White ${faces(s)[1]}` + show(s));
    });
});

describe("a saved game keeps its times; a loaded one resumes both clocks from them", () => {
    let dos;
    // A record made elsewhere: Black took 20 s, White 45 s, Black 70 s (a
    // time past 65,535 ms), two players.
    const RECORD = "Piskvorky 19x19, 11:11, 0\r\n10,10,20000\r\n11,10,45000\r\n12,10,70000\r\n-1\r\npiskrs: game=PISKASM two players\r\n";
    piskrsForSuite((started) => { dos = started; }, "clock-save-load", [
        { run: "PISKRS /CLOCK 1 /PLAY 4" },
        { run: "PISKRS /CLOCK 1 /LOAD GAME.PSQ" },
        { run: "PISKRS /CLOCK 5+5 /LOAD TIMED.PSQ" },
    ], { game: true, files: { "TIMED.PSQ": Buffer.from(RECORD, "latin1") } });
    let times;

    it("Black thinks 4 s, White 3 s: the record's lines are x,y,ms with those times", T, async () => {
        await sleep(4000);
        await dos.key("enter");
        await dos.screenUntil("black", (t) => Object.keys(h.boardStones(t)).length === 1);
        await sleep(3000);
        await dos.key("up");
        await dos.key("enter");
        let s = await dos.screenUntil("white", (t) => Object.keys(h.boardStones(t)).length === 2);
        const shown = faces(s).map(seconds);
        await dos.key("s");
        await dos.screenUntil("save-prompt", (t) => h.statusLine(t).includes("Save as ("));
        await dos.key("enter");
        s = await dos.screenUntil("saved", (t) => h.statusLine(t).includes("Saved to"));
        const text = (await dos.readFile("GAME.PSQ")).toString("latin1");
        const lines = text.split("\r\n");
        const m1 = /^10,10,(\d+)$/.exec(lines[1]);
        const m2 = /^10,9,(\d+)$/.exec(lines[2]);
        assert.ok(m1 && m2, text);
        times = [Number(m1[1]), Number(m2[1])];
        assert.ok(times[0] >= 3500 && times[0] <= 9000, `Black's move took ${times[0]} ms\n${text}`);
        assert.ok(times[1] >= 2500 && times[1] <= 8000, `White's move took ${times[1]} ms\n${text}`);
        // The faces showed what the times say (m:ss rounded up).
        assert.equal(shown[0], Math.ceil((60000 - times[0]) / 1000), show(s));
        assert.equal(shown[1], Math.ceil((60000 - times[1]) / 1000), show(s));
        await dos.leaveToMenu("leave");
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });

    it("/LOAD GAME.PSQ: White's clock stands at its minute less its move's time, Black's runs from its own", T, async () => {
        await beginRun(dos, 2);
        const s = await dos.screenUntil("loaded", (t) => h.isPiskrsGame(t) && h.statusLine(t).includes("Loaded"));
        const [black, white] = faces(s).map(seconds);
        assert.equal(white, Math.ceil((60000 - times[1]) / 1000), show(s));
        assert.ok(black <= Math.ceil((60000 - times[0]) / 1000) && black >= 45, show(s));
        await dos.leaveToMenu("leave2");
        await dos.key("3");
        assert.equal((await dos.finished(2)).errorlevel, 0);
    });

    it("/CLOCK 5+5 /LOAD TIMED.PSQ: each side has 5 minutes, 5 s a move, less its moves' times", T, async () => {
        await beginRun(dos, 3);
        let s = await dos.screenUntil("timed", (t) => h.isPiskrsGame(t) && h.statusLine(t).includes("Loaded"));
        assert.equal(h.statusLine(s).trim(), "Loaded TIMED.PSQ: 3 moves. White to move.", show(s));
        const [black, white] = faces(s).map(seconds);
        assert.equal(black, 300 - 90 + 10, "Black: 5:00 - 20 s - 70 s + 2 x 5 s" + show(s));
        assert.ok(white <= 300 - 45 + 5 && white >= 300 - 45 + 5 - 10, "White: 5:00 - 45 s + 5 s, running" + show(s));
        // Saved again (over itself: the name offered is the file's), the
        // record keeps the times it was loaded with.
        await dos.key("s");
        await dos.screenUntil("save-prompt3", (t) => h.statusLine(t).includes("Save as ("));
        await dos.key("enter");
        await dos.screenUntil("replace3", (t) => h.statusLine(t).includes("Replace it?"));
        await dos.key("y");
        s = await dos.screenUntil("saved3", (t) => h.statusLine(t).includes("Saved to"));
        assert.equal(h.statusLine(s).trim(), "Saved to TIMED.PSQ.", show(s));
        const text = (await dos.readFile("TIMED.PSQ")).toString("latin1");
        assert.ok(text.startsWith("Piskvorky 19x19, 11:11, 0\r\n10,10,20000\r\n11,10,45000\r\n12,10,70000\r\n-1\r\n"), text);
        await dos.leaveToMenu("leave3");
        await dos.key("3");
        assert.equal((await dos.finished(3)).errorlevel, 0);
    });
});

describe("the computer against itself: White at a level of its own (W)", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "clock-white-level", [
        { run: "PISKRS /SEED 3 /LEVEL CLASSIC" },
    ], { menu: true });

    it("W steps White's level; the menu and PISKRS.CFG keep it; Classic against Cha plays to a result", T, async () => {
        let s = await dos.screen("menu");
        assert.equal(s.row(21).slice(22).trimEnd(), "W  White: Classic (Piskasm)", show(s));
        await dos.key("w");
        s = await dos.screenUntil("w", (t) => t.row(21).includes("Cha"));
        assert.equal(s.row(21).slice(22).trimEnd(), "W  White: Cha (Harry Cha's rules)", show(s));
        assert.equal(s.row(18).slice(22).trimEnd(), "C  Level: Classic (Piskasm)", "Black's level stays" + show(s));
        const cfg = (await dos.readFile("PISKRS.CFG")).toString("latin1");
        assert.match(cfg, /\r\nLEVEL=CLASSIC\r\n/, cfg);
        assert.match(cfg, /\r\nWHITE=CHA\r\n/, cfg);
        await dos.key("5");
        s = await screenWhenWaiting(dos, "result", (t) => h.isPiskrsGame(t) && /wins!|Draw/.test(h.statusLine(t)), 130000);
        assert.match(h.statusLine(s), /(Black|White) wins!|Draw/, show(s));
        assert.ok(Object.keys(h.boardStones(s)).length >= 9, show(s));
        await dos.key("3");
        await dos.screenUntil("menu", h.isPiskrsMenu);
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

describe("the computer against itself (menu 5)", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "clock-computers", [
        { run: "PISKRS /SEED 1 /CLOCK 5 /LEVEL CLASSIC" },
    ], { menu: true });

    it("Classic against Classic plays to a result on the clock", T, async () => {
        let s = await dos.screen("menu");
        assert.ok(s.row(13).includes("5  Computer against computer"), show(s));
        await dos.key("5");
        s = await screenWhenWaiting(dos, "result", (t) => h.isPiskrsGame(t) && /wins!|Draw|lost on time/.test(h.statusLine(t)), 130000);
        assert.match(h.statusLine(s), /(Black|White) wins!|Draw/, show(s));
        assert.ok(Object.keys(h.boardStones(s)).length >= 9, show(s));
        const [black, white] = faces(s).map(seconds);
        assert.ok(black > 0 && black <= 300 && white > 0 && white <= 300, show(s));
        await dos.key("3");
        await dos.screenUntil("menu", h.isPiskrsMenu);
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });

});

describe("the computer against itself: Esc", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "clock-computers-esc", [
        { run: "PISKRS /SEED 2 /CLOCK 5 /LEVEL STRONG /PLAY 5" },
    ]);

    it("Esc stops it: the play waits for the answer; Y leaves for the menu", T, async () => {
        await sleep(4000);
        await dos.key("esc");
        let s = await screenWhenWaiting(dos, "esc", (t) => h.statusLine(t).includes("Leave this game? Y/N"), 30000);
        assert.ok(h.statusLine(s).includes("Leave this game? Y/N"), show(s));
        const stones = Object.keys(h.boardStones(s)).length;
        assert.ok(stones >= 1, show(s));
        await sleep(3000);
        s = await dos.screen("still");
        assert.equal(Object.keys(h.boardStones(s)).length, stones, "no move while the question waits" + show(s));
        await dos.key("y");
        await dos.screenUntil("menu", h.isPiskrsMenu);
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});
