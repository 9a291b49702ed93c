// End-to-end tests of PISKRS.COM's replay (P) and score in DOSBox-X: a loaded
// game replayed move by move and left as it was; a won and a lost game against
// the computer counted in the panel's score, the finished game replayed too.
// Each describe is one emulator run; its steps depend on the steps before them,
// in order. PNGs of every step land in shots/.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");

const T = { timeout: 60000 };
const { boardCell: pt, boardStones: stones, statusLine: status, sidePanel: panel } = h;
const isMenu = h.isPiskrsMenu;
const isGame = h.isPiskrsGame;
const show = (s) => "\n" + s.toString();
const count = (s) => Object.keys(stones(s)).length;
const PSQ_HEADER = "Piskvorky 19x19, 11:11, 0";
const bytes = (text) => Buffer.from(text, "latin1");

/** A .psq record of `moves` (board points, Black first). */
function record(moves) {
    const lines = moves.map((name) => { const { c, r } = pt(name); return `${c + 1},${20 - r},0`; });
    return bytes([PSQ_HEADER, ...lines, "-1"].join("\r\n") + "\r\n");
}

const LOADED = ["J10", "K10", "J11", "K11", "L12"]; // White (you) to move
// Black to move with an open four J10..M10: N10 wins.
const WIN = ["J10", "A1", "K10", "C1", "L10", "E1", "M10", "G1"];
// Black to move; White has an open four J12..M12 (H12 and N12 free): the
// computer completes five whatever Black does.
const LOSE = ["A1", "J12", "C1", "K12", "E1", "L12", "G1", "M12"];

const replayStatus = (shown, total) => `Replay: move ${shown} of ${total}. Esc returns to the game.`;


describe("replay (P): a loaded game, step by step, then back as it was", () => {
    let dos;
    before(async () => {
        dos = await h.startDos({
            name: "replay",
            files: { "PISKRS.COM": h.piskrsCom(), "REC.PSQ": record(LOADED) },
            steps: [{ run: "PISKRS /LOAD REC.PSQ" }],
        });
        await dos.begun(1);
    });
    after(async () => { if (dos) await dos.exit(); });

    it("P steps through the moves with the arrows, PgDn, Home and End; Esc brings the game back unchanged", T, async () => {
        const loaded = await dos.screenUntil("loaded", (t) => status(t).includes("Loaded"));
        assert.ok(isGame(loaded), show(loaded));
        const board = stones(loaded);
        assert.equal(count(loaded), 5, show(loaded));
        assert.ok(loaded.row(23).includes("[Replay P]"), "a loaded game shows the Replay button" + show(loaded));
        await dos.key("p");
        let s = await dos.screenUntil("replay-0", (t) => status(t).includes("Replay: move 0"));
        assert.equal(status(s).trim(), replayStatus(0, 5), show(s));
        assert.deepEqual(stones(s), {}, "move 0: an empty board" + show(s));
        assert.ok(panel(s).includes("Stones on the board: 0"), show(s));
        assert.ok(s.row(24).includes("Esc Back"), "the replay's key bar" + show(s));
        for (let k = 1; k <= 5; k++) {
            await dos.key("right");
            s = await dos.screenUntil(`replay-${k}`, (t) => status(t).includes(`Replay: move ${k} of`));
            const want = Object.fromEntries(LOADED.slice(0, k).map((p, i) => [p, i % 2 ? "O" : "X"]));
            assert.deepEqual(stones(s), want, `after ${k} steps` + show(s));
            assert.ok(panel(s).includes(`Last move: ${LOADED[k - 1]}`), show(s));
        }
        await dos.key("right"); // past the end: stays at the end
        s = await dos.screenUntil("replay-end", (t) => status(t).includes("Replay: move 5 of 5"));
        await dos.key("home");
        s = await dos.screenUntil("replay-home", (t) => status(t).includes("Replay: move 0 of 5"));
        assert.deepEqual(stones(s), {}, show(s));
        await dos.key("left"); // before the start: stays there
        s = await dos.screenUntil("replay-left", (t) => status(t).includes("Replay: move 0 of 5"));
        await dos.key("pagedown");
        s = await dos.screenUntil("replay-pgdn", (t) => status(t).includes("Replay: move 5 of 5"));
        await dos.key("left");
        s = await dos.screenUntil("replay-4", (t) => status(t).includes("Replay: move 4 of 5"));
        assert.equal(count(s), 4, show(s));
        await dos.key("a"); // any other key changes nothing
        s = await dos.screenUntil("replay-a", (t) => status(t).includes("Replay: move 4 of 5"));
        assert.equal(count(s), 4, show(s));
        await dos.key("end");
        s = await dos.screenUntil("replay-end2", (t) => status(t).includes("Replay: move 5 of 5"));
        await dos.key("home");
        await dos.screenUntil("replay-home2", (t) => status(t).includes("Replay: move 0 of 5"));
        await dos.key("esc");
        s = await dos.screenUntil("back", (t) => status(t).includes("Back to the game."));
        assert.deepEqual(stones(s), board, "the game as it was" + show(s));
        assert.ok(panel(s).includes("Stones on the board: 5"), show(s));
        assert.ok(panel(s).includes("White (O) to move"), show(s));
        const file = await dos.readFile("REC.PSQ");
        assert.deepEqual(file, record(LOADED), "the record is untouched");
        // The game goes on: a move is played as before.
        await dos.click(pt("A19").x, pt("A19").y);
        s = await dos.screenUntil("played", (t) => count(t) === 7, { timeout: 20000 });
        assert.equal(stones(s).A19, "O", show(s));
        assert.ok(status(s).includes("The computer played"), show(s));
    });

    it("a new game has no Replay button, and P says what it replays", T, async () => {
        await dos.leaveToMenu("to-menu");
        await dos.key("1");
        let s = await dos.screenUntil("new-game", (t) => isGame(t) && count(t) === 0);
        assert.ok(!s.row(23).includes("Replay"), show(s));
        await dos.key("p");
        s = await dos.screenUntil("p-refused", (t) => status(t).includes("P replays"));
        assert.equal(status(s).trim(), "P replays a finished or a loaded game.", show(s));
        assert.equal(count(s), 0, show(s));
        await dos.leaveToMenu("end");
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

describe("the score against the computer: a won game and a lost one count at their level", () => {
    let dos;
    before(async () => {
        dos = await h.startDos({
            name: "score",
            files: { "PISKRS.COM": h.piskrsCom(), "WIN.PSQ": record(WIN), "LOSE.PSQ": record(LOSE) },
            steps: [{ run: "PISKRS /LOAD WIN.PSQ" }],
        });
        await dos.begun(1);
    });
    after(async () => { if (dos) await dos.exit(); });

    it("0 : 0 at first; your five makes it You 1 : 0; the finished game replays", T, async () => {
        let s = await dos.screenUntil("loaded-win", (t) => status(t).includes("Loaded"));
        assert.ok(panel(s).includes("You 0 : 0 Computer  Draws 0"), show(s));
        await dos.click(pt("N10").x, pt("N10").y);
        s = await dos.screenUntil("won", (t) => status(t).includes("You win!"));
        assert.ok(panel(s).includes("You 1 : 0 Computer  Draws 0"), show(s));
        assert.ok(s.row(24).includes("P Replay"), show(s));
        // Replay of the finished game, back to the end, then Esc: still won, counted once.
        await dos.key("p");
        s = await dos.screenUntil("won-replay", (t) => status(t).includes("Replay: move 0 of 9"));
        await dos.key("end");
        s = await dos.screenUntil("won-replay-end", (t) => status(t).includes("Replay: move 9 of 9"));
        assert.equal(count(s), 9, show(s));
        await dos.key("esc");
        s = await dos.screenUntil("won-back", (t) => status(t).includes("Back to the game."));
        assert.ok(panel(s).includes("You 1 : 0 Computer  Draws 0"), show(s));
        // Undo the winning move and win again: the game counts once.
        await dos.key("u");
        s = await dos.screenUntil("undone", (t) => status(t).includes("Taken back."));
        await dos.click(pt("N10").x, pt("N10").y);
        s = await dos.screenUntil("won-again", (t) => status(t).includes("You win!"));
        assert.ok(panel(s).includes("You 1 : 0 Computer  Draws 0"), show(s));
    });

    it("a lost game (loaded from the menu) makes it You 1 : 1", T, async () => {
        await dos.key("x"); // after the end, any other key: the menu
        await dos.screenUntil("menu", isMenu);
        await dos.key("l");
        await dos.screenUntil("load-prompt", (t) => status(t).includes("Load (Enter loads"));
        for (let i = 0; i < 12; i++) await dos.key("backspace");
        await dos.type("LOSE.PSQ");
        await dos.screenUntil("typed", (t) => status(t).includes("LOSE.PSQ_"));
        await dos.key("enter");
        let s = await dos.screenUntil("loaded-lose", (t) => status(t).includes("Loaded LOSE.PSQ"));
        assert.ok(panel(s).includes("You 1 : 0 Computer  Draws 0"), "the score survives a load" + show(s));
        await dos.click(pt("A19").x, pt("A19").y);
        s = await dos.screenUntil("lost", (t) => status(t).includes("The computer wins!"), { timeout: 20000 });
        assert.ok(panel(s).includes("You 1 : 1 Computer  Draws 0"), show(s));
        await dos.key("x");
        await dos.screenUntil("menu-end", isMenu);
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});
