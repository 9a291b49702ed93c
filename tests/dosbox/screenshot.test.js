// The README's screenshot: a few moves of a game against the computer in the
// real PISKRS.COM (DOSBox-X, machine=svga_s3, the default level), the screen
// checked to be a game board, and the emulator's frame written to
// docs/screenshot.png through the harness's own PNG writer (DosRun.shot),
// when the build is the default one (no PISKRS_COM).
// One emulator run. Run it alone after `cargo com`:
//     node --test screenshot.test.js
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const h = require("./harness");

const GAME_T = { timeout: 180000 };
// Written where the README looks for it.
const TARGET = path.resolve(__dirname, "..", "..", "docs", "screenshot.png");
// The person's moves (each answered by the computer) before the picture.
const MOVES = 4;

const { boardStones: stones, statusLine: status, sidePanel: panel } = h;
const count = (s) => Object.keys(stones(s)).length;
const show = (s) => "\n" + s.toString();

describe("the README's screenshot (docs/screenshot.png)", () => {
    let dos;
    before(async () => {
        dos = await h.startDos({
            name: "screenshot",
            files: { "PISKRS.COM": h.piskrsCom() },
            steps: [{ run: "PISKRS /SEED 1" }],
        });
        await dos.begun(1);
        const s = await dos.screenUntil("menu", h.isPiskrsMenu);
        assert.ok(h.isPiskrsMenu(s), show(s));
    });
    after(async () => { if (dos) await dos.exit(); });

    it(`${MOVES} moves against the computer by clicks, then the picture of the board`, GAME_T, async () => {
        await dos.key("1");
        let s = await dos.screenUntil("game", h.isPiskrsGame);
        assert.ok(h.isPiskrsGame(s), show(s));
        assert.ok(panel(s).includes("You against the computer"), show(s));

        for (let i = 0; i < MOVES; i++) {
            const mine = h.choosePoint(stones(s), "X", "O");
            const { x, y } = h.boardCell(mine);
            await dos.click(x, y);
            s = await dos.screenUntil(`move${i + 1}-${mine}`, (t) => count(t) >= 2 * (i + 1));
            assert.equal(stones(s)[mine], "X", `your stone on ${mine}` + show(s));
            assert.equal(count(s), 2 * (i + 1), `your ${i + 1} stones and the computer's replies` + show(s));
        }

        // Out of the way: the mouse cursor (an inverted cell) rests on the
        // panel's empty lower right, not on a stone.
        await dos.moveTo(78, 21);
        s = await dos.screenUntil("final", (t) => h.isPiskrsGame(t) && count(t) === 2 * MOVES);
        assert.ok(h.isPiskrsGame(s), "a game board: the letters A..S under it" + show(s));
        assert.equal(count(s), 2 * MOVES, show(s));
        assert.match(status(s), /The computer played [A-S]\d+\./, show(s));
        assert.ok(/Black \(X\) to move/.test(panel(s)), "your turn again" + show(s));

        // The bottom row shows F12's note (where the dump went) until the
        // next key: a step left and back puts the key bar back.
        await dos.key("left");
        await dos.key("right");
        await h.sleep(1000);
        const file = await dos.shot("readme");
        assert.ok(file, "the emulator gave a frame to save");
        const png = fs.readFileSync(file);
        assert.equal(png.subarray(1, 4).toString("latin1"), "PNG");
        // DOSBox-X draws 80x25 text mode at 720x400.
        assert.equal(png.readUInt32BE(16), 720, "width");
        assert.equal(png.readUInt32BE(20), 400, "height");
        // Only the default build's picture goes to the README: another
        // build's suite (PISKRS86.COM's runs beside it in ./test) keeps its own.
        if (!process.env.PISKRS_COM) {
            fs.mkdirSync(path.dirname(TARGET), { recursive: true });
            fs.copyFileSync(file, TARGET);
        }
    });
});
