// Input that matches what a person did (issue 51): a burst of arrow keys
// stops moving the cursor when the keys stop; a click made while the computer
// thinks is not played; a click in flight when the computer's reply ends the
// game leaves the result on the screen. The cursor is read from the
// emulator's frame (outside the program, which may still be busy), not from
// an F12 dump, which would wait in the program's queue behind the arrows.
"use strict";

const { describe, it } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");

const T = { timeout: 180000 };
const { boardCell: pt, boardStones: stones, statusLine: status } = h;
const show = (s) => "\n" + s.toString();
const isGame = h.isPiskrsGame;
// The machine a person would feel it on: the reference 386, or the 8088
// setting for the 8086 build.
const SLOW_CYCLES = h.DEFAULT_CPU === "8086" ? 330 : 3000;

/** The cursor's board column in a frame: where `[` stands in yellow on brown (attribute 6Eh), plus one. */
async function cursorColumn(dos) {
    const img = await h.frame(dos);
    for (let y = 1; y <= 19; y++) {
        for (let x = 3; x < 44; x++) {
            const a = h.cellAttrInFrame(img, x, y);
            if (a.bg === 6 && a.fg === 14 && h.cellAttrInFrame(img, x + 2, y).fg === 14) return (x + 1 - 4) / 2;
        }
    }
    return null;
}

/** Waits until the frame shows the cursor, and gives its column. */
async function waitForCursor(dos, timeout = 30000) {
    const until = Date.now() + timeout;
    for (;;) {
        const col = await cursorColumn(dos);
        if (col !== null || Date.now() > until) return col;
        await h.sleep(100);
    }
}

/**
 * Two players (/PLAY 4) at the slow machine's speed, the run named `name`
 * (more h.withPiskrs options in `more`): `play` runs once the game shows,
 * the cursor on J10.
 */
function onSlowGame(name, more, play) {
    return h.withPiskrs({ name, run: "PISKRS /PLAY 4", cycles: SLOW_CYCLES, ...more }, async (dos) => {
        assert.equal(await waitForCursor(dos), 9, "the game, the cursor on J10");
        await play(dos);
    });
}

describe("input that matches what a person did", () => {
    it("a burst of arrow keys stops moving the cursor when the keys stop", T, async () => {
        await onSlowGame("input-arrows", {}, async (dos) => {
            const start = 9; // J10's column, where onSlowGame saw the cursor
            // Eight quick taps, 40 ms apart (a held key's auto-repeat is
            // about as fast).
            for (let i = 0; i < 8; i++) {
                await dos._call("keyEvent", { code: h.KEY.left, pressed: true });
                await h.sleep(20);
                await dos._call("keyEvent", { code: h.KEY.left, pressed: false });
                await h.sleep(20);
            }
            // A person lets go: the cursor must be still within a second.
            await h.sleep(1000);
            const settled = await cursorColumn(dos);
            await h.sleep(2000);
            const later = await cursorColumn(dos);
            assert.equal(later, settled, `the cursor ran on after the keys stopped (${settled} -> ${later})`);
            assert.ok(later < start && later >= start - 8, `the cursor moved left, at most 8 points (at ${later})`);
        });
    });

    it("a click while the computer thinks is not played; Esc then still asks to leave", T, async () => {
        await h.withPiskrs({
            name: "input-thinking",
            run: "PISKRS /LEVEL STRONG /TIME 10 /FIXED /PLAY 1",
        }, async (dos) => {
            await waitForCursor(dos);
            await dos.key("enter"); // Black on J10; Strong thinks for seconds
            await h.sleep(300);
            await dos.click(pt("C3").x, pt("C3").y);
            await dos.key("esc");
            const s = await dos.screenUntil("reply", (t) => Object.keys(stones(t)).length >= 2, { timeout: 120000 });
            await h.sleep(1500);
            const after = await dos.screen("after-reply");
            const placed = stones(after);
            assert.equal(placed.J10, "X", show(after));
            assert.equal(placed.C3, undefined, "the click made while the computer thought was played" + show(after));
            assert.equal(Object.keys(placed).length, 2, show(after));
            assert.ok(status(after).includes("Leave this game? Y/N"), "Esc asks to leave" + show(after));
            assert.ok(isGame(s));
        });
    });

    it("a click in flight when the computer's reply ends the game leaves the result up", T, async () => {
        // White (the computer) has an open four K10-N10; Black, to move, plays elsewhere.
        const record = h.psqRecord(["A1", "K10", "A3", "L10", "A5", "M10", "A7", "N10"]);
        await h.withDos({
            name: "input-in-flight",
            files: { "PISKRS.COM": h.piskrsCom(), "FOUR.PSQ": record },
            steps: [{ run: "PISKRS /LOAD FOUR.PSQ" }],
            cycles: SLOW_CYCLES,
        }, async (dos) => {
            await dos.begun(1);
            await dos.screenUntil("loaded", isGame, { timeout: 60000 });
            await dos.click(pt("A9").x, pt("A9").y);
            await h.sleep(50);
            await dos.click(pt("C9").x, pt("C9").y); // in flight
            const s = await dos.screenUntil("won", (t) => status(t).includes("won") || status(t).includes("wins"), { timeout: 60000 });
            await h.sleep(1500);
            const after = await dos.screen("after");
            assert.ok(isGame(after), "the result is still on the screen" + show(after));
            assert.equal(stones(after).C9, undefined, show(after));
            assert.equal(stones(after).A9, "X", show(after));
            assert.ok(isGame(s));
        });
    });
});

describe("F12 says where it saved the screen", () => {
    it("'F12: SCR00001.BIN saved.' on the bottom row until the next key, never in the file; a failed write says so", T, async () => {
        await h.withDos({
            name: "input-f12",
            files: { "PISKRS.COM": h.piskrsCom() },
            // SCR00002.BIN is a directory: the second dump cannot be written.
            steps: ["MD SCR00002.BIN", { run: "PISKRS /PLAY 4" }],
        }, async (dos) => {
            await dos.begun(1);
            // The font, from a frame before any F12 and the first dump.
            assert.equal(await waitForCursor(dos), 9, "the game, the cursor on J10");
            await h.sleep(500);
            const before = await h.frame(dos);
            const first = await dos.screen("game");
            assert.ok(isGame(first), show(first));
            const glyphs = new Map();
            h.learnGlyphs(glyphs, before, first, [...Array(25).keys()]); // no note before the first F12
            await h.sleep(300);
            const img = await h.frame(dos);
            const note = (n, what) => ` F12: SCR0000${n}.BIN ${what}`;
            const missing = [...new Set(note(1, "saved.") + note(2, "not saved."))]
                .filter((ch) => ![...glyphs.values()].includes(ch));
            assert.deepEqual(missing, [], "every character of the notes was learned from the game screen");
            const keyBar = first.row(24).replace(/\u00a0/g, " ").trimEnd();
            assert.ok(!keyBar.includes("F12"), "the dump holds the key bar, not the note: " + keyBar);
            assert.equal(h.readFrameRow(img, 24, glyphs).trimEnd(), note(1, "saved."), "the note on the screen");

            /** The bottom row of the frames, once it shows `want` (or after 5 s). */
            async function bottomRow(want) {
                let row = "";
                for (let i = 0; i < 50 && row !== want; i++) {
                    await h.sleep(100);
                    row = h.readFrameRow(await h.frame(dos), 24, glyphs).trimEnd();
                }
                return row;
            }
            // The next key puts the key bar back.
            await dos.key("left");
            assert.equal(await bottomRow(keyBar), keyBar, "the key bar again after a key");

            // The second dump's file cannot be created: the note says so.
            await dos.key("f12");
            assert.equal(await bottomRow(note(2, "not saved.")), note(2, "not saved."), "a failed write is said");
            dos.dumpSeq = 2;
            const third = await dos.screen("third");
            assert.equal(third.row(24).replace(/\u00a0/g, " ").trimEnd(), keyBar, "the dump taken under a note holds the key bar");
            assert.equal(await bottomRow(note(3, "saved.")), note(3, "saved."));
        });
    });
});

describe("the status line is never seen half rewritten", () => {
    it("each status change shows whole within one refresh: S, letters and Esc at the slow machine's speed", T, async () => {
        await onSlowGame("input-status", { watch: true }, async (dos) => {
            await h.sleep(1000);
            const since = (await dos._call("watchLog", { since: 0 })).now;
            // Each of these changes the status line: the save prompt, the
            // name typed into it, its end.
            const keys = ["s", "a", "b", "c", "esc", "s", "x", "esc"];
            for (const k of keys) {
                await dos.key(k);
                await h.sleep(900);
            }
            const log = await dos._call("watchLog", { since });
            assert.deepEqual(log.errors, [], "the frame watcher");
            // The frames that changed a cell of the status row (22), in
            // bursts: frames less than 300 ms apart belong to one change.
            const STATUS_ROW = 22;
            const frames = log.events.filter((e) => e.cells.some((i) => Math.floor(i / 80) === STATUS_ROW)).map((e) => e.t);
            const bursts = [];
            for (const t of frames) {
                if (bursts.length && t - bursts[bursts.length - 1].last < 300) bursts[bursts.length - 1].last = t;
                else bursts.push({ first: t, last: t });
            }
            const spans = bursts.map((b) => Math.round(b.last - b.first));
            console.log(`# ${frames.length} frames changed the status row in ${bursts.length} changes; each change's span in ms: ${spans.join(" ")}`);
            assert.equal(bursts.length, keys.length, "one change of the status row for each key");
            // A row is copied to video memory in one string instruction: a
            // refresh may catch it mid-copy, the next shows it whole.
            const REFRESH_MS = 1000 / 70;
            for (const s of spans) assert.ok(s <= REFRESH_MS * 1.5, `a status change took ${s} ms to show whole: ${spans.join(" ")}`);
        });
    });
});
