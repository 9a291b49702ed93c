// End-to-end tests of what loading and saving say in DOSBox-X: corrupt .psq
// records load every move or are refused naming the line at fault (never
// loaded with moves missing); /LOAD takes a path as long as DOS takes, and a
// save goes back to it; a directory given as a file is called a directory
// (DOS itself says only "access denied"). Each describe is one emulator run;
// its steps follow its batch, in order. PNGs of every step land in shots/.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");

const T = { timeout: 60000 };
const { boardStones: stones, statusLine: status } = h;
const isMenu = h.isPiskrsMenu;
const isGame = h.isPiskrsGame;
const show = (s) => "\n" + s.toString();
const HEADER = "Piskvorky 19x19, 11:11, 0";
/** A record's lines, CR LF after each. */
const psq = (...lines) => Buffer.from(lines.map((l) => l + "\r\n").join(""), "latin1");

const startPiskrs = h.startPiskrs;

async function leaveGame(dos, step) {
    const s = await dos.leaveToMenu(step);
    assert.ok(isMenu(s), show(s));
}

/** Quits from the menu with 3 and checks run n ended with errorlevel 0. */
async function quit(dos, n) {
    await dos.key("3");
    assert.equal((await dos.finished(n)).errorlevel, 0);
}

/**
 * The files a fuzzing run loaded with moves missing (issue 51): 10,10,0 then
 * a stray line then 11,11,0. [name, file, the status /LOAD gives, the stones
 * then on the board].
 */
const CORRUPT = [
    ["BLANK.PSQ", psq(HEADER, "10,10,0", "", "11,11,0", "-1"),
        "Loaded BLANK.PSQ: 2 moves. Black to move.", { J10: "X", K9: "O" }],
    ["GARBLE.PSQ", psq(HEADER, "10,10,0", "GARBAGE", "11,11,0", "-1"),
        "Could not load GARBLE.PSQ: line 3 is not a move, yet moves follow (corrupt?).", {}],
    ["DIGITS.PSQ", psq(HEADER, "10,10,0", "7".repeat(10000), "11,11,0", "-1"),
        "Could not load DIGITS.PSQ: line 3 is not a move, yet moves follow (corrupt?).", {}],
    ["ZEROS.PSQ", psq(HEADER, "10,10,0", "11,11," + "0".repeat(300), "12,12,0", "-1"),
        "Could not load ZEROS.PSQ: line 3 holds a bad move (corrupt?).", {}],
    ["AFTER.PSQ", psq(HEADER, "10,10,0", "-1", "11,11,0"),
        "Could not load AFTER.PSQ: line 3 is not a move, yet moves follow (corrupt?).", {}],
];

describe("corrupt records: every move loads, or the line at fault is named", () => {
    let dos;
    before(async () => {
        dos = await startPiskrs("loading-corrupt", CORRUPT.map(([name]) => ({ run: `PISKRS /LOAD ${name}` })),
            { files: Object.fromEntries(CORRUPT.map(([name, bytes]) => [name, bytes])) });
    });
    after(async () => { if (dos) await dos.exit(); });

    CORRUPT.forEach(([name, , said, board], i) => {
        it(`PISKRS /LOAD ${name}: "${said}"`, T, async () => {
            await dos.begun(i + 1);
            await h.forgetDumps(dos);
            const s = await dos.screenUntil(name, (t) => /^(Loaded|Could not load)/.test(status(t).trim()));
            // Back to DOS first: the next file's run follows whatever this one shows.
            if (isGame(s)) await leaveGame(dos, name);
            await quit(dos, i + 1);
            assert.equal(status(s).trim(), said, show(s));
            assert.deepEqual(stones(s), board, show(s));
            assert.ok(said.startsWith("Loaded") ? isGame(s) : isMenu(s), show(s));
        });
    });
});

const DIRS = "ABCDEFGH\\IJKLMNOP\\QRSTUVWX\\YZABCDEF";
const LONG = `C:\\${DIRS}\\GAME0001.PSQ`;
const SHOWN = "...YZABCDEF\\GAME0001.PSQ";

describe("a path as long as DOS takes: /LOAD it, save back to it", () => {
    let dos;
    before(async () => {
        dos = await startPiskrs("loading-long-path", [{ run: `PISKRS /LOAD ${LONG}` }], {
            files: { [`${DIRS.replaceAll("\\", "/")}/GAME0001.PSQ`]: psq(HEADER, "10,10,0", "11,10,0", "10,9,0", "-1") },
        });
    });
    after(async () => { if (dos) await dos.exit(); });

    it(`PISKRS /LOAD ${LONG}: its three moves, White to move`, T, async () => {
        await dos.begun(1);
        const s = await dos.screenUntil("loaded", (t) => status(t).includes("Loaded"));
        assert.equal(status(s).trim(), `Loaded ${SHOWN}: 3 moves. White to move.`, show(s));
        assert.deepEqual(stones(s), { J10: "X", K10: "O", J11: "X" }, show(s));
    });

    it("S offers the same path (its end shown); Enter, Y replaces the file there with five moves", T, async () => {
        // You play White against the computer: K11 (right of the last move),
        // then its reply.
        await dos.keys("right", "enter");
        let s = await dos.screenUntil("played", (t) => Object.keys(stones(t)).length === 5);
        assert.equal(stones(s).K11, "O", show(s));
        assert.equal(Object.keys(stones(s)).length, 5, show(s));
        await dos.key("s");
        s = await dos.screenUntil("save-prompt", (t) => status(t).includes("Save as ("));
        // The prompt's room holds the path's end, where the typing goes.
        assert.match(status(s).trim(), /^Save as \(Enter saves, Esc cancels\): .*YZABCDEF\\GAME0001\.PSQ_$/, show(s));
        await dos.key("enter");
        s = await dos.screenUntil("replace", (t) => status(t).includes("Replace it?"));
        assert.equal(status(s).trim(), `${SHOWN} is there already. Replace it? Y/N`, show(s));
        await dos.key("y");
        s = await dos.screenUntil("saved", (t) => status(t).includes("Saved to"));
        assert.equal(status(s).trim(), `Saved to ${SHOWN}.`, show(s));
        const text = (await dos.readFile(`${DIRS.replaceAll("\\", "/")}/GAME0001.PSQ`)).toString("latin1");
        const lines = text.split("\r\n");
        assert.equal(lines[0], HEADER, text);
        // The loaded moves keep their times (0); the new ones have theirs.
        assert.deepEqual(lines.slice(1, 4), ["10,10,0", "11,10,0", "10,9,0"], text);
        assert.match(lines[4], /^11,9,\d+$/, text);
        assert.match(lines[5], /^\d+,\d+,\d+$/, text);
        assert.equal(lines[6], "-1", text);
        await leaveGame(dos, "end");
        await quit(dos, 1);
    });
});

describe("a directory given as a file is called a directory", () => {
    let dos;
    const SAID = "it is a directory, not a file";
    before(async () => {
        dos = await startPiskrs("loading-directory", [{ run: "PISKRS /LOAD SAVES" }], {
            files: { "SAVES/KEEP.TXT": Buffer.from("kept\r\n", "latin1") },
        });
    });
    after(async () => { if (dos) await dos.exit(); });

    it("PISKRS /LOAD SAVES: the menu says it is a directory", T, async () => {
        await dos.begun(1);
        const s = await dos.screenUntil("slash-load", (t) => status(t).includes("Could not load"));
        assert.equal(status(s).trim(), `Could not load SAVES: ${SAID}.`, show(s));
        assert.ok(isMenu(s), show(s));
    });

    it("L with SAVES on the menu: the same", T, async () => {
        await dos.key("l");
        await dos.screenUntil("load-prompt", (t) => status(t).includes("Load (Enter loads"));
        for (let i = 0; i < "SAVES".length; i++) await dos.key("backspace");
        await dos.type("SAVES");
        await dos.screenUntil("typed", (t) => status(t).includes("SAVES_"));
        await dos.key("enter");
        const s = await dos.screenUntil("load-menu", (t) => status(t).includes("Could not load"));
        assert.equal(status(s).trim(), `Could not load SAVES: ${SAID}.`, show(s));
    });

    it("S to SAVES in a game: Could not save, it is a directory; the directory is untouched", T, async () => {
        await dos.key("4");
        await dos.screenUntil("game", isGame);
        await dos.key("enter");
        await dos.screenUntil("stone", (t) => Object.keys(stones(t)).length === 1);
        await dos.key("s");
        await dos.screenUntil("save-prompt", (t) => status(t).includes("Save as ("));
        await dos.key("enter");
        const s = await dos.screenUntil("not-saved", (t) => status(t).includes("Could not save"));
        assert.equal(status(s).trim(), `Could not save SAVES: ${SAID}. The game goes on.`, show(s));
        assert.deepEqual(await dos.readFile("SAVES/KEEP.TXT"), Buffer.from("kept\r\n", "latin1"));
        await leaveGame(dos, "end");
        await quit(dos, 1);
    });
});
