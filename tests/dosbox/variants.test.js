// End-to-end tests of PISKRS.COM's game variants and settings in DOSBox-X:
// Gomoku in the Mist in full screen (two players by clicks, its command line,
// against the computer), Outer-Open Gomoku 15x15, exact five on 15x15, the Cha
// level, and the menu's choices kept in PISKRS.CFG (the command line's own
// words: switches.test.js).
// Each describe is one emulator run; its steps depend on the steps before
// them, in order. PNGs of every step land in shots/.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");
const { piskrsForSuite, leaveToMenu, quitFromMenu, beginRun } = require("./suite");

const T = { timeout: 60000 };
const LONG = { timeout: 180000 };
const B19 = h.board(19);
const B15 = h.board(15);
const MIST = 0xb0; // ░
const ATTR = { black: 0x60, blackWin: 0xa0, whiteWin: 0xaf, mist: 0x78, opening: 0x30 };
const MENU = { game: 16, sound: 17, level: 18 };
const DEFAULTS = { game: "Gomoku 19x19 (Piskasm)", level: "Classic (Piskasm)", sound: "on" };
const OUTER_RULE = "Outer-Open: Black opens on rows 1, 2, 14, 15 or columns A, B, O, P.";

const { statusLine: status, sidePanel: panel } = h;
const show = (s) => "\n" + s.toString();
const isMenu = h.isPiskrsMenu;
const isGame19 = h.isPiskrsGame;
/** Attribute byte of a point of the 15x15 board. */
const attr15 = (s, point) => { const { x, y } = B15.cell(point); return s.attr(x, y); };
const isGame15 = (s) => s.row(16).slice(4, 33) === "A B C D E F G H J K L M N O P";
const turn = (s) => {
    const p = panel(s);
    const black = p.includes("Black (X) to move");
    const white = p.includes("White (O) to move");
    return black && !white ? "black" : white && !black ? "white" : "?";
};
const stonesLine = (n) => `Stones on the board: ${n}`;

/**
 * Waits (the step `step`) for the computer's first stone on a board that
 * `isGame` knows; gives the screen, its stones as `stonesOf` reads them and
 * that stone's point.
 */
async function firstStone(dos, step, isGame, stonesOf) {
    const s = await dos.screenUntil(step, (t) => isGame(t) && panel(t).includes(stonesLine(1)));
    const all = stonesOf(s);
    return { s, all, first: Object.keys(all)[0] };
}
/** The menu's value on line y ("Game:", "Level:", "Sound:"), as shown. */
function menuValue(s, y) {
    const m = /^ {22}[A-Z]  [A-Za-z]+: +(.+?)\s*$/.exec(s.row(y));
    return m ? m[1] : null;
}
function menuValues(s) {
    return { game: menuValue(s, MENU.game), level: menuValue(s, MENU.level), sound: menuValue(s, MENU.sound) };
}
/** Every choice the menu shows (its "K  Clock: ..." and "G  Game:  ..." lines), by label. */
function menuChoices(s) {
    const out = {};
    for (let y = 8; y < 22; y++) {
        const m = /^ {22}([A-Z])  ([A-Za-z]+): +(.+?)\s*$/.exec(s.row(y));
        if (m) out[m[2]] = m[3];
    }
    return out;
}
/** PISKRS.CFG's lines KEY=VALUE, each ending in CR LF, as {KEY: VALUE}. */
function cfgLines(bytes) {
    const text = Buffer.from(bytes).toString("latin1");
    assert.ok(text.endsWith("\r\n"), `PISKRS.CFG ends with CR LF: ${JSON.stringify(text)}`);
    const out = {};
    for (const line of text.slice(0, -2).split("\r\n")) {
        const m = /^([A-Z]+)=([A-Z]+|\d+\.\d|\d\d\+\d\d)$/.exec(line);
        assert.ok(m, `a KEY=VALUE line: ${JSON.stringify(line)} in ${JSON.stringify(text)}`);
        out[m[1]] = m[2];
    }
    return out;
}

const startPiskrs = h.startPiskrs;

/** Press G on the menu until the Game line names `name` (at most one round). */
async function chooseGame(dos, name, step) {
    let s = await dos.screen(step + "-menu", { shot: false });
    for (let i = 0; i < 4 && menuValue(s, MENU.game) !== name; i++) {
        const was = menuValue(s, MENU.game);
        await dos.key("g");
        s = await dos.screenUntil(`${step}-g${i + 1}`, (t) => menuValue(t, MENU.game) !== was);
    }
    assert.equal(menuValue(s, MENU.game), name, show(s));
    return s;
}

// ---------------------------------------------------------------------------
// The Mist

/**
 * Checks a Mist screen against the stones and the hole centre: the panel names
 * the centre; every point outside the 7x7 hole (and every line between two
 * points unless both are in it) is mist; every point in it shows its stone,
 * '*' on an empty centre, or the grid. The cursor's brackets are skipped.
 */
function checkMist(s, stones, centre, ctx) {
    assert.ok(panel(s).includes(`Hole centre: ${centre}`), `the panel says Hole centre: ${centre} ${ctx}` + show(s));
    const cursor = B19.cursor(s);
    const skip = new Set();
    if (cursor) {
        const { x, y } = B19.cell(cursor);
        skip.add(`${x - 1},${y}`).add(`${x + 1},${y}`);
    }
    const bad = [];
    let hidden = 0;
    for (let c = 0; c < 19; c++) {
        for (let r = 1; r <= 19; r++) {
            const name = B19.name(c, r);
            const { x, y } = B19.cell(name);
            const inHole = h.inMistHole(centre, name);
            if (!inHole) {
                if (s.code(x, y) !== MIST || s.attr(x, y) !== ATTR.mist) bad.push(`${name} should be mist, shows ${s.char(x, y)}`);
                if (stones[name]) hidden += 1;
            } else {
                const want = stones[name] || (name === centre ? "*" : B19.emptyGlyph(c, r));
                if (s.char(x, y) !== want) bad.push(`${name} in the hole should show ${want}, shows ${s.char(x, y)}`);
            }
            if (c < 18 && !skip.has(`${x + 1},${y}`)) {
                const open = inHole && h.inMistHole(centre, B19.name(c + 1, r));
                const want = open ? "─" : "░";
                if (s.char(x + 1, y) !== want) bad.push(`the line right of ${name} should be ${want}, shows ${s.char(x + 1, y)}`);
            }
        }
    }
    assert.deepEqual(bad.slice(0, 12), [], `hole centre ${centre} ${ctx}` + show(s));
    return { hidden };
}

/** No mist left: every point shows its stone or the grid. */
function checkNoMist(s, stones, ctx) {
    const bad = [];
    for (let c = 0; c < 19; c++) {
        for (let r = 1; r <= 19; r++) {
            const name = B19.name(c, r);
            const { x, y } = B19.cell(name);
            const want = stones[name] || B19.emptyGlyph(c, r);
            if (s.char(x, y) !== want) bad.push(`${name} should show ${want}, shows ${s.char(x, y)}`);
        }
    }
    assert.deepEqual(bad.slice(0, 12), [], ctx + show(s));
}

/** Run a command on the Mist's command line (C, the text, Enter); returns the status line's answer. */
async function mistCommand(dos, text, step, shown = text) {
    await dos.key("c");
    let s = await dos.screenUntil(`${step}-prompt`, (t) => status(t).startsWith(" Command: "));
    assert.equal(status(s).trim(), "Command: _", show(s));
    await dos.type(text);
    s = await dos.screenUntil(`${step}-typed`, (t) => status(t).includes(`Command: ${shown}_`));
    assert.equal(status(s).trim(), `Command: ${shown}_`, show(s));
    await dos.key("enter");
    s = await dos.screenUntil(step, (t) => !status(t).includes("Command:"));
    return { answer: status(s).trim(), screen: s };
}

// The two-player game: Black builds E5..I5, White plays far away. Move 5 (G5)
// goes in through the command line, the rest by clicks.
const MIST_GAME = ["E5", "Q15", "F5", "Q14", "G5", "Q13", "H5", "R2", "I5"];
const BY_COMMAND = "G5";
const VIEW_AFTER = 4; // the command line's view after this many stones
const VIEW_IN = MIST_GAME.slice(0, VIEW_AFTER).map((p) => `place ${p}\r\n`).join("") + "view\r\nwho\r\nhistory\r\nterm\r\n";

describe("Gomoku in the Mist in full screen: two players by clicks, the command line, the computer", () => {
    let dos;
    let viewOnScreen = null; // the hole (centre, stones) the screen's view named after VIEW_AFTER stones
    before(async () => {
        dos = await startPiskrs("mist", [
            { run: "PISKRS" },
            { run: "PISKRS /MIST < VIEW.IN" },
            { run: "PISKRS /MIST /SEED 4" },
        ], { files: { "VIEW.IN": Buffer.from(VIEW_IN, "latin1") } });
        await dos.begun(1);
        const s = await dos.screenUntil("menu", isMenu);
        assert.ok(isMenu(s), show(s));
    });
    after(async () => { if (dos) await dos.exit(); });

    it("G on the menu reaches Gomoku in the Mist 19x19; 4 starts it: all mist but the 7x7 hole on J10, marked *", T, async () => {
        let s = await chooseGame(dos, "Gomoku in the Mist 19x19", "choose-mist");
        assert.equal(s.row(MENU.game).trimEnd(), " ".repeat(22) + "G  Game:  Gomoku in the Mist 19x19", show(s));
        await dos.key("4");
        s = await dos.screenUntil("mist-game", isGame19);
        assert.ok(isGame19(s), show(s));
        assert.ok(panel(s).includes("Gomoku in the Mist 19x19"), show(s));
        assert.ok(panel(s).includes("Two players"), show(s));
        assert.equal(turn(s), "black", show(s));
        assert.ok(s.row(24).includes("C Command"), "the key bar offers C" + show(s));
        checkMist(s, {}, "J10", "at the start");
        const j10 = B19.cell("J10");
        assert.equal(s.char(j10.x, j10.y), "*", show(s));
    });

    // On the screen, view names the hole's centre and the panel draws the
    // controller's 49 characters as the 7x7 picture (issue 19); the
    // controller's own answer is checked below.
    it("C view on the empty board: the hole around J10, its 7x7 picture in the panel", T, async () => {
        const { answer, screen } = await mistCommand(dos, "view", "view-empty");
        assert.equal(answer, "The hole: the clear 7x7 around J10, in the panel.", show(screen));
        assert.equal(screen.row(11).slice(46).trimEnd(), "The hole around J10", show(screen));
        for (let y = 12; y < 19; y++) assert.equal(screen.row(y).slice(46, 59), ". . . . . . .", `hole row ${y - 12}` + show(screen));
        assert.equal(screen.row(20).slice(46).trimEnd(), "# black  o white  . free  x off", show(screen));
        checkMist(screen, {}, "J10", "after view");
        assert.equal(turn(screen), "black", "view places nothing" + show(screen));
    });

    it("each stone moves the hole as the formula says; only the hole shows; an occupied point under the mist is refused; C view/who/history/place", LONG, async () => {
        const stones = {};
        let centre = "J10";
        let hiddenSeen = 0;
        for (let i = 0; i < MIST_GAME.length - 1; i++) {
            const point = MIST_GAME[i];
            const stone = i % 2 === 0 ? "X" : "O";
            const side = stone === "X" ? "Black" : "White";
            let s;
            if (point === BY_COMMAND) {
                // Typed in any case: the words become lower case, the point upper.
                const r = await mistCommand(dos, `PLACE ${point.toLowerCase()}`, `move${i + 1}-${point}-command`, `place ${point}`);
                s = r.screen;
                if (!panel(s).includes(stonesLine(i + 1))) s = await dos.screenUntil(`move${i + 1}-${point}`, (t) => panel(t).includes(stonesLine(i + 1)));
            } else {
                const { x, y } = B19.cell(point);
                await dos.click(x, y);
                s = await dos.screenUntil(`move${i + 1}-${point}`, (t) => panel(t).includes(stonesLine(i + 1)));
            }
            stones[point] = stone;
            const expected = h.mistCentreAfter(point);
            const ctx = `after ${side} ${point} (moves: ${MIST_GAME.slice(0, i + 1).join(" ")})`;
            assert.ok(panel(s).includes(stonesLine(i + 1)), ctx + show(s));
            assert.equal(status(s).trim(), `${side} played ${point}.`, ctx + show(s));
            assert.ok(panel(s).includes(`Last move: ${point}`), ctx + show(s));
            hiddenSeen += checkMist(s, stones, expected, ctx).hidden;
            assert.equal(B19.cursor(s), point, "the cursor is on the stone just placed " + ctx + show(s));
            centre = expected;

            if (i === 2) {
                // White clicks Black's E5, wherever the mist is: refused, nothing changes.
                const { x, y } = B19.cell("E5");
                await dos.click(x, y);
                s = await dos.screenUntil("occupied-E5", (t) => status(t).includes("occupied"));
                assert.equal(status(s).trim(), "E5 is occupied: choose a free point.", show(s));
                assert.equal(turn(s), "white", show(s));
                assert.ok(panel(s).includes(stonesLine(3)), show(s));
                checkMist(s, stones, centre, "after the refused click on E5");
            }
            if (i + 1 === VIEW_AFTER) {
                const view = await mistCommand(dos, "view", "view-mid");
                assert.equal(view.answer, `The hole: the clear 7x7 around ${centre}, in the panel.`, "view " + ctx + show(view.screen));
                checkMist(view.screen, stones, centre, "after view");
                viewOnScreen = { centre, stones: { ...stones } };
                const who = await mistCommand(dos, "WHO", "who-mid", "who");
                assert.equal(who.answer, "B", show(who.screen));
                const history = await mistCommand(dos, "history", "history-mid");
                assert.equal(history.answer, MIST_GAME.slice(0, VIEW_AFTER).join(""), show(history.screen));
                checkMist(history.screen, stones, centre, "after the commands");
            }
        }
        console.log(`# hole centres: ${MIST_GAME.slice(0, -1).map((p) => `${p}->${h.mistCentreAfter(p)}`).join(" ")}; stones under the mist along the way: ${hiddenSeen}`);
        assert.ok(hiddenSeen > 0, "some stones were under the mist");
    });

    it("Black's five: Black wins! the mist lifts, the five on green; a key returns to the menu", T, async () => {
        const stones = {};
        MIST_GAME.forEach((p, i) => { stones[p] = i % 2 === 0 ? "X" : "O"; });
        const last = MIST_GAME[MIST_GAME.length - 1];
        const { x, y } = B19.cell(last);
        await dos.click(x, y);
        let s = await dos.screenUntil("mist-win", (t) => status(t).includes("wins!"));
        assert.equal(status(s).trim(), "Black wins! U undo, S save, N moves, P replay; else menu.", show(s));
        assert.ok(panel(s).includes("Black won"), show(s));
        checkNoMist(s, stones, "the mist lifts when the game is over");
        const five = ["E5", "F5", "G5", "H5", "I5"];
        for (const p of five) assert.equal(h.boardAttr(s, p), ATTR.blackWin, `${p} is on green` + show(s));
        await dos.key("space");
        s = await dos.screenUntil("mist-menu", isMenu);
        assert.ok(isMenu(s), show(s));
        assert.equal(menuValue(s, MENU.game), "Gomoku in the Mist 19x19", show(s));
        await quitFromMenu(dos);
    });

    it("the controller (PISKRS /MIST < VIEW.IN) views the same hole for the same stones: centre and 49 characters", T, async () => {
        assert.ok(viewOnScreen, "the full-screen view was taken");
        const r = await dos.finished(2);
        const lines = r.output.split("\r\n");
        assert.equal(r.errorlevel, 1, "term: errorlevel 1");
        const view = h.mistView(viewOnScreen.stones, viewOnScreen.centre);
        assert.equal(view.length, viewOnScreen.centre.length + 1 + 49, view);
        assert.deepEqual(lines, [view, "B", MIST_GAME.slice(0, VIEW_AFTER).join(""), ""], JSON.stringify(r.output));
    });

    it("against the computer (1): it replies under the Mist; saved, its stones and yours showed only inside the hole", LONG, async () => {
        await beginRun(dos, 3);
        let s = await dos.screenUntil("computer-menu", isMenu);
        assert.equal(menuValue(s, MENU.game), "Gomoku in the Mist 19x19", show(s));
        await dos.key("1");
        s = await dos.screenUntil("computer-game", isGame19);
        assert.ok(panel(s).includes("You against the computer"), show(s));
        assert.ok(panel(s).includes("Level: Classic (Piskasm)"), show(s));
        checkMist(s, {}, "J10", "at the start");
        await dos.key("h");
        s = await dos.screenUntil("no-hints", (t) => status(t).includes("No hints"));
        assert.equal(status(s).trim(), "No hints in the Mist: nobody may see under it.", show(s));

        // Nothing on the screen names the computer's moves (issue 19): the
        // screens are kept and checked once the saved game tells its moves.
        const wanted = ["K10", "L11", "M12", "K12", "L10", "N13", "J9", "K9"];
        const played = await h.playMistAgainstComputer(dos, wanted, 4, "computer");
        for (const { screen, step } of played.screens) {
            assert.equal(status(screen).trim(), "The computer has moved.", step + show(screen));
            assert.equal(turn(screen), "black", step + show(screen));
        }
        await dos.key("s");
        await dos.screenUntil("computer-save", (t) => status(t).includes("GAME.PSQ_"));
        await dos.key("enter");
        s = await dos.screenUntil("computer-saved", (t) => status(t).includes("Saved to"));
        assert.equal(status(s).trim(), "Saved to GAME.PSQ.", show(s));
        const moves = h.psqMoves(await dos.readFile("GAME.PSQ"));
        assert.equal(moves.length, 8, moves.join(" "));
        assert.deepEqual(moves.filter((_, i) => i % 2 === 0), played.mine, "your moves in the file: " + moves.join(" "));

        const stones = {};
        let hiddenReplies = 0, shownReplies = 0, hiddenStones = 0;
        for (const [k, { screen, step }] of played.screens.entries()) {
            const mine = moves[2 * k], reply = moves[2 * k + 1];
            const ctx = `${step}: after your ${mine} and its ${reply} (moves: ${moves.slice(0, 2 * k + 2).join(" ")})`;
            assert.ok(!stones[reply] && reply !== mine, `the reply ${reply} is on a free point ` + ctx);
            stones[mine] = "X";
            stones[reply] = "O";
            const centre = h.mistCentreAfter(reply);
            hiddenStones += checkMist(screen, stones, centre, ctx).hidden;
            const { x: rx, y: ry } = B19.cell(reply);
            if (h.inMistHole(centre, reply)) {
                shownReplies += 1;
                assert.equal(screen.char(rx, ry), "O", `${reply} is in the hole: shown ` + ctx + show(screen));
            } else {
                hiddenReplies += 1;
                assert.equal(screen.code(rx, ry), MIST, `${reply} is under the mist ` + ctx + show(screen));
            }
        }
        console.log(`# Mist against the computer (/SEED 4): ${moves.join(" ")}; replies under the mist ${hiddenReplies}, in the hole ${shownReplies}`);
        assert.ok(hiddenStones > 0, "some stones were under the mist");
        await leaveToMenu(dos, "computer-end");
        await quitFromMenu(dos, 3);
    });
});

// ---------------------------------------------------------------------------
// Outer-Open Gomoku 15x15

const OUTER_LINES = (point) => {
    const { c, r } = B15.cell(point);
    return r <= 2 || r >= 14 || c <= 1 || c >= 13;
};

/** Click a 15x15 point and wait until the stone count reaches n; returns the screen. */
async function click15(dos, point, n, step, timeout = 10000) {
    const { x, y } = B15.cell(point);
    await dos.click(x, y);
    return dos.screenUntil(step, (t) => panel(t).includes(stonesLine(n)), { timeout });
}

/**
 * Before Black's first stone, every point of the outer two lines (and the line
 * between two of them) is shaded black on cyan, every other empty point is the
 * plain board; after it (shaded = false), none is shaded.
 */
function assertOpeningShaded(s, shaded) {
    for (let c = 0; c < 15; c++) {
        for (let r = 1; r <= 15; r++) {
            const name = B15.name(c, r);
            const { x, y } = B15.cell(name);
            if (B15.stones(s)[name]) continue;
            const want = shaded && OUTER_LINES(name) ? ATTR.opening : ATTR.black;
            assert.equal(s.attr(x, y), want, `${name}: attribute ${s.attr(x, y).toString(16)}h` + show(s));
            if (c > 0 && !"[]".includes(s.char(x - 1, y))) { // (the cursor's brackets)
                const left = B15.name(c - 1, r);
                const line = shaded && OUTER_LINES(name) && OUTER_LINES(left) ? ATTR.opening : ATTR.black;
                assert.equal(s.attr(x - 1, y), line, `the line from ${left} to ${name}` + show(s));
            }
        }
    }
}

describe("Outer-Open Gomoku 15x15: the board, Black's opening on the outer lines", () => {
    const SEEDS = [1, 2, 3];
    let dos;
    before(async () => {
        dos = await startPiskrs("outer", [
            { run: "PISKRS /SEED 7" },
            ...SEEDS.map((seed) => ({ run: `PISKRS /OUTER /SEED ${seed} /PLAY 2` })),
        ]);
        await dos.begun(1);
        const s = await dos.screenUntil("menu", isMenu);
        assert.ok(isMenu(s), show(s));
    });
    after(async () => { if (dos) await dos.exit(); });

    it("G reaches Outer-Open Gomoku 15x15; 4 shows a 15x15 board: A..P without I at y=16, rows 15..1", T, async () => {
        await chooseGame(dos, "Outer-Open Gomoku 15x15", "choose-outer");
        await dos.key("4");
        const s = await dos.screenUntil("outer-game", isGame15);
        assert.ok(isGame15(s), show(s));
        assert.equal(s.row(16).trimEnd(), "    A B C D E F G H J K L M N O P", show(s));
        for (let c = 0; c < 15; c++) assert.equal(s.char(4 + 2 * c, 16), B15.letters[c], show(s));
        for (let r = 1; r <= 15; r++) assert.equal(s.row(16 - r).slice(1, 3), String(r).padStart(2), `label of row ${r}` + show(s));
        for (let c = 0; c < 15; c++) {
            for (let r = 1; r <= 15; r++) {
                const { x, y } = B15.cell(B15.name(c, r));
                assert.equal(s.char(x, y), B15.emptyGlyph(c, r), `empty point ${B15.name(c, r)} at (${x},${y})` + show(s));
            }
        }
        assertOpeningShaded(s, true);
        for (let y = 17; y <= 21; y++) assert.equal(s.row(y).slice(0, 44).trim(), "", `nothing below the board on y=${y}` + show(s));
        assert.equal(s.char(4 + 2 * 15, 8), " ", "nothing right of column P" + show(s));
        const cursor = B15.cursor(s);
        assert.ok(OUTER_LINES(cursor) && cursor.startsWith("H"), `the cursor starts on a point Black may open on, in the middle column: ${cursor}` + show(s));
        assert.ok(panel(s).includes("Outer-Open Gomoku 15x15"), show(s));
        assert.ok(panel(s).includes("Two players"), show(s));
        assert.equal(status(s).trim(), "Black opens on rows 1, 2, 14, 15 or columns A, B, O, P.", show(s));
    });

    it("two players: Black's click on H8 (or C3) is refused naming rows 1, 2, 14, 15 and columns A, B, O, P; B8 is taken; White may play H8", T, async () => {
        for (const point of ["H8", "C3"]) {
            const { x, y } = B15.cell(point);
            await dos.click(x, y);
            const s = await dos.screenUntil(`refused-${point}`, (t) => status(t).includes("Outer-Open:") && B15.cursor(t) === point);
            assert.equal(status(s).trim(), OUTER_RULE, show(s));
            assert.match(status(s), /rows 1, 2, 14, 15/);
            assert.match(status(s), /columns A, B, O, P/);
            assert.deepEqual(B15.stones(s), {}, "the board stays empty" + show(s));
            assert.ok(panel(s).includes(stonesLine(0)), show(s));
            assert.equal(turn(s), "black", show(s));
        }
        let s = await click15(dos, "B8", 1, "black-B8");
        assert.deepEqual(B15.stones(s), { B8: "X" }, show(s));
        assertOpeningShaded(s, false);
        assert.equal(status(s).trim(), "Black played B8.", show(s));
        assert.equal(turn(s), "white", show(s));
        s = await click15(dos, "H8", 2, "white-H8");
        assert.deepEqual(B15.stones(s), { B8: "X", H8: "O" }, show(s));
        assert.equal(status(s).trim(), "White played H8.", show(s));
        await leaveToMenu(dos, "two-players-end");
    });

    it("you begin (1): H8 refused, B8 taken, the computer replies", T, async () => {
        await dos.key("1");
        let s = await dos.screenUntil("you-begin", (t) => isGame15(t) && panel(t).includes("You against the computer"));
        assert.deepEqual(B15.stones(s), {}, show(s));
        const { x, y } = B15.cell("H8");
        await dos.click(x, y);
        s = await dos.screenUntil("you-H8", (t) => status(t).includes("Outer-Open:"));
        assert.equal(status(s).trim(), OUTER_RULE, show(s));
        assert.deepEqual(B15.stones(s), {}, show(s));
        s = await click15(dos, "B8", 2, "you-B8", 20000);
        const all = B15.stones(s);
        assert.equal(all.B8, "X", show(s));
        const replies = Object.keys(all).filter((p) => p !== "B8");
        assert.equal(replies.length, 1, show(s));
        assert.equal(all[replies[0]], "O", show(s));
        assert.equal(status(s).trim(), `The computer played ${replies[0]}.`, show(s));
        assert.equal(turn(s), "black", show(s));
        console.log(`# Outer-Open, you begin on B8: the computer replied ${replies[0]}`);
        await leaveToMenu(dos, "you-begin-end");
    });

    it("the computer begins (2): its stone is on the outer lines; you (White) may play H8; it replies", T, async () => {
        await dos.key("2");
        let { s, all, first } = await firstStone(dos, "computer-begins", isGame15, B15.stones);
        assert.equal(Object.keys(all).length, 1, show(s));
        assert.equal(all[first], "X", show(s));
        assert.ok(OUTER_LINES(first), `${first} is on rows 1, 2, 14, 15 or columns A, B, O, P` + show(s));
        assert.equal(turn(s), "white", show(s));
        s = await click15(dos, "H8", 3, "computer-begins-H8", 20000);
        assert.equal(B15.stones(s).H8, "O", show(s));
        assert.equal(Object.values(B15.stones(s)).filter((v) => v === "X").length, 2, show(s));
        assert.equal(turn(s), "white", show(s));
        console.log(`# Outer-Open, the computer begins (/SEED 7 from the menu): ${first}`);
        await leaveToMenu(dos, "computer-begins-end");
        await quitFromMenu(dos);
    });

    const firsts = [];
    SEEDS.forEach((seed, i) => {
        it(`PISKRS /OUTER /SEED ${seed} /PLAY 2: the computer's first stone is on the outer lines`, T, async () => {
            await beginRun(dos, i + 2);
            const { s, all, first } = await firstStone(dos, `play2-seed${seed}`, isGame15, B15.stones);
            assert.equal(Object.keys(all).length, 1, show(s));
            assert.ok(OUTER_LINES(first), `${first} is on the outer lines` + show(s));
            assert.ok(panel(s).includes("The computer against you"), show(s));
            firsts.push(first);
            await leaveToMenu(dos, `play2-seed${seed}-end`);
            await quitFromMenu(dos, i + 2);
            if (i === SEEDS.length - 1) console.log(`# Outer-Open openings by seed ${SEEDS.join(",")}: ${firsts.join(" ")}`);
        });
    });
});

// ---------------------------------------------------------------------------
// Exact five, 15x15

// Black makes C8 D8 E8 G8 H8, then F8: six in a row, no win. Then C3..G3:
// exactly five, a win. White plays on rows 12 and 14, never four in a row.
describe("Outer-Open, you begin (/OUTER /PLAY 1): Enter at once opens where the cursor starts", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "outer-enter", [{ run: "PISKRS /OUTER /SEED 3 /PLAY 1 /SOUND OFF" }]);

    it("the cursor starts on an outer line; Enter places Black's stone there and the computer replies", T, async () => {
        let s = await dos.screenUntil("outer-you-begin", isGame15);
        const start = B15.cursor(s);
        assert.ok(OUTER_LINES(start), `the cursor starts where Black may open: ${start}` + show(s));
        await dos.key("enter");
        s = await dos.screenUntil("outer-opened", (t) => panel(t).includes(stonesLine(2)), { timeout: 20000 });
        assert.equal(B15.stones(s)[start], "X", `Black's stone on ${start}` + show(s));
        assert.ok(!status(s).includes("Outer-Open:"), "no refusal" + show(s));
    });
});

const EXACT_GAME = [
    "C8", "B12", "D8", "D12", "E8", "F12", "G8", "H12", "H8", "K12", "F8",
    "M12", "C3", "B14", "D3", "D14", "E3", "F14", "F3", "H14", "G3",
];
const SIX_AT = EXACT_GAME.indexOf("F8");

describe("Exact five 15x15 (/EXACT /PLAY 4): six in a row does not win, and says so; exactly five does", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "exact", [{ run: "PISKRS /EXACT /PLAY 4" }]);

    it("a 15x15 board with the exact-five rule", T, async () => {
        const s = await dos.screenUntil("exact-game", isGame15);
        assert.ok(isGame15(s), show(s));
        assert.ok(panel(s).includes("Exact five 15x15"), show(s));
        assert.ok(panel(s).includes("Exactly five wins; six does not."), show(s));
        assert.equal(turn(s), "black", show(s));
    });

    it("Black's six C8..H8 goes on (White to move), the status saying why; Black's five C3..G3 wins, only those five on green", T, async () => {
        let s;
        const stones = {};
        for (let i = 0; i < EXACT_GAME.length; i++) {
            const point = EXACT_GAME[i];
            const last = i === EXACT_GAME.length - 1;
            const { x, y } = B15.cell(point);
            await dos.click(x, y);
            s = await dos.screenUntil(`exact-${i + 1}-${point}`, (t) => panel(t).includes(stonesLine(i + 1)));
            stones[point] = i % 2 === 0 ? "X" : "O";
            const ctx = `after ${point} (moves: ${EXACT_GAME.slice(0, i + 1).join(" ")})`;
            assert.deepEqual(B15.stones(s), stones, ctx + show(s));
            if (!last) {
                // The six says why it does not win.
                const why = i === SIX_AT ? " Six or more in a row does not win." : "";
                assert.equal(status(s).trim(), `${i % 2 === 0 ? "Black" : "White"} played ${point}.${why}`, ctx + show(s));
                assert.equal(turn(s), i % 2 === 0 ? "white" : "black", ctx + show(s));
            }
            if (i === SIX_AT) {
                const green = Object.keys(stones).filter((p) => [ATTR.blackWin, ATTR.whiteWin].includes(attr15(s, p)));
                assert.deepEqual(green, [], "no win line after the six " + ctx + show(s));
                assert.ok(!panel(s).includes("won"), ctx + show(s));
            }
        }
        assert.equal(status(s).trim(), "Black wins! U undo, S save, N moves, P replay; else menu.", show(s));
        assert.ok(panel(s).includes("Black won"), show(s));
        const five = ["C3", "D3", "E3", "F3", "G3"];
        const green = Object.keys(stones).filter((p) => [ATTR.blackWin, ATTR.whiteWin].includes(attr15(s, p))).sort();
        assert.deepEqual(green, [...five].sort(), show(s));
        for (const p of ["C8", "D8", "E8", "F8", "G8", "H8"]) assert.equal(attr15(s, p), ATTR.black, `${p} of the six stays plain` + show(s));
        await dos.key("space");
        await dos.screenUntil("exact-menu", isMenu);
        await quitFromMenu(dos);
    });
});

// ---------------------------------------------------------------------------
// Level Cha

/** Play n moves of the test's player against the computer; returns the moves [you, it, ...]. */
async function playAgainst(dos, n, me, step) {
    const them = me === "X" ? "O" : "X";
    const moves = [];
    let s = await dos.screen(step + "-start", { shot: false });
    for (let i = 0; i < n; i++) {
        const before = h.boardStones(s);
        const count = Object.keys(before).length;
        const mine = h.choosePoint(before, me, them);
        const { x, y } = B19.cell(mine);
        await dos.click(x, y);
        s = await dos.screenUntil(`${step}-${i + 1}-${mine}`, (t) => panel(t).includes(stonesLine(count + 2)) || /wins!/.test(status(t)), { timeout: 20000 });
        const now = h.boardStones(s);
        const fresh = Object.keys(now).filter((p) => !(p in before));
        const ctx = `after your ${mine} (moves: ${moves.join(" ")})`;
        assert.equal(now[mine], me, ctx + show(s));
        for (const [p, v] of Object.entries(before)) assert.equal(now[p], v, `${p} stays ` + ctx);
        assert.equal(fresh.length, 2, "your stone and one reply on a free point " + ctx + show(s));
        const reply = fresh.find((p) => p !== mine);
        assert.equal(now[reply], them, ctx + show(s));
        assert.equal(status(s).trim(), `The computer played ${reply}.`, ctx + show(s));
        assert.ok(panel(s).includes("Level: Cha (Harry Cha's rules)"), ctx + show(s));
        moves.push(mine, reply);
    }
    return moves;
}

describe("Level Cha: /LEVEL CHA and the menu's C; it replies with legal moves", () => {
    let dos;
    const games = [];
    before(async () => {
        dos = await startPiskrs("cha", [
            { run: "PISKRS /LEVEL CHA /SEED 5 /PLAY 1" },
            { run: "PISKRS /SEED 5" },
        ]);
        await dos.begun(1);
    });
    after(async () => { if (dos) await dos.exit(); });

    it("/LEVEL CHA /PLAY 1: the panel says Level: Cha; five replies, each one stone on a free point", LONG, async () => {
        const s = await dos.screenUntil("cha-game", isGame19);
        assert.ok(panel(s).includes("Level: Cha (Harry Cha's rules)"), show(s));
        assert.ok(panel(s).includes("You against the computer"), show(s));
        const moves = await playAgainst(dos, 5, "X", "cha-switch");
        console.log(`# Cha (/LEVEL CHA): ${moves.join(" ")}`);
        games.push(moves);
        await leaveToMenu(dos, "cha-switch-end");
        await quitFromMenu(dos);
    });

    it("the menu's C switches to Cha; the same moves get the same replies", LONG, async () => {
        await beginRun(dos, 2);
        let s = await dos.screenUntil("cha-menu", isMenu);
        assert.equal(menuValue(s, MENU.level), "Classic (Piskasm)", show(s));
        await dos.key("c");
        s = await dos.screenUntil("cha-menu-c", (t) => menuValue(t, MENU.level) !== "Classic (Piskasm)");
        assert.equal(menuValue(s, MENU.level), "Cha (Harry Cha's rules)", show(s));
        assert.equal(status(s).trim(), "Cha (Harry Cha's rules)", show(s));
        await dos.key("1");
        s = await dos.screenUntil("cha-menu-game", isGame19);
        assert.ok(panel(s).includes("Level: Cha (Harry Cha's rules)"), show(s));
        const moves = await playAgainst(dos, 5, "X", "cha-menu");
        assert.deepEqual(moves, games[0], "Cha is deterministic: the same game");
        await leaveToMenu(dos, "cha-menu-end");
    });

    it("Cha begins (2): its first stone near J10; it replies to White's stones", LONG, async () => {
        await dos.key("2");
        let { s, all, first } = await firstStone(dos, "cha-begins", isGame19, h.boardStones);
        assert.equal(all[first], "X", show(s));
        const { c, r } = B19.cell(first);
        assert.ok(Math.abs(c - 9) <= 2 && Math.abs(r - 10) <= 2, `${first} is near J10` + show(s));
        assert.ok(panel(s).includes("Level: Cha (Harry Cha's rules)"), show(s));
        const moves = await playAgainst(dos, 3, "O", "cha-begins");
        console.log(`# Cha begins: ${first} ${moves.join(" ")}`);
        await leaveToMenu(dos, "cha-begins-end");
        await quitFromMenu(dos, 2);
    });
});

// ---------------------------------------------------------------------------
// Settings in PISKRS.CFG

const CFG_CHOSEN = { GAME: "OUTER", LEVEL: "CHA", SOUND: "OFF", CLOCK: "01+00" };
/** The GAME, LEVEL, SOUND and CLOCK lines of PISKRS.CFG (other lines may come between). */
const cfgChoices = (bytes) => { const all = cfgLines(bytes); return { GAME: all.GAME, LEVEL: all.LEVEL, SOUND: all.SOUND, CLOCK: all.CLOCK }; };
const GARBAGE_SMALL = h.garbageBytes(100, 777);
const GARBAGE_BIG = h.garbageBytes(1000, 4242);

describe("the menu's choices persist in PISKRS.CFG beside the program; a damaged file gives the defaults", () => {
    let dos;
    before(async () => {
        dos = await startPiskrs("settings", [
            { run: "PISKRS" },
            { run: "PISKRS" },
            { run: "PISKRS" },
            { run: "PISKRS" },
            "mkdir GAMES",
            "copy PISKRS.COM GAMES > NUL",
            { run: "GAMES\\PISKRS" },
        ]);
        await dos.begun(1);
    });
    after(async () => { if (dos) await dos.exit(); });

    let defaults = null; // every choice the menu shows without PISKRS.CFG
    let chosenCfg = null;
    let chosenMenu = null; // every choice the menu showed when the first run quit
    const cfgFiles = async () => (await dos.listFiles()).map((f) => f.name).filter((n) => /PISKRS\.CFG$/i.test(n)).sort();

    it("first run: the defaults; G G C S K choose Outer-Open, Cha, sound off, a 1-minute clock; 3 quits; PISKRS.CFG says so", T, async () => {
        let s = await dos.screenUntil("first-menu", isMenu);
        assert.deepEqual(await cfgFiles(), [], "no PISKRS.CFG yet");
        assert.deepEqual(menuValues(s), DEFAULTS, show(s));
        defaults = menuChoices(s);
        await dos.key("g");
        s = await dos.screenUntil("first-g1", (t) => menuValue(t, MENU.game) !== DEFAULTS.game);
        assert.equal(menuValue(s, MENU.game), "Gomoku in the Mist 19x19", show(s));
        await dos.key("g");
        s = await dos.screenUntil("first-g2", (t) => menuValue(t, MENU.game) === "Outer-Open Gomoku 15x15");
        assert.equal(status(s).trim(), "Outer-Open Gomoku 15x15", show(s));
        await dos.key("c");
        s = await dos.screenUntil("first-c", (t) => menuValue(t, MENU.level) !== DEFAULTS.level);
        await dos.key("s");
        s = await dos.screenUntil("first-s", (t) => menuValue(t, MENU.sound) === "off");
        assert.equal(status(s).trim(), "Sound off.", show(s));
        assert.deepEqual(menuValues(s), { game: "Outer-Open Gomoku 15x15", level: "Cha (Harry Cha's rules)", sound: "off" }, show(s));
        await dos.key("k");
        s = await dos.screenUntil("first-k", (t) => menuChoices(t).Clock !== defaults.Clock);
        assert.notEqual(menuChoices(s).Clock, defaults.Clock, show(s));
        chosenMenu = menuChoices(s);
        await quitFromMenu(dos);
        assert.deepEqual(await cfgFiles(), ["PISKRS.CFG"]);
        const cfg = await dos.readFile("PISKRS.CFG");
        assert.deepEqual(cfgChoices(cfg), CFG_CHOSEN, cfg.toString("latin1"));
        chosenCfg = cfg;
    });

    it("second run: the menu shows the same choices, and 4 starts Outer-Open 15x15; PISKRS.CFG unchanged", T, async () => {
        await beginRun(dos, 2);
        let s = await dos.screenUntil("second-menu", isMenu);
        assert.deepEqual(menuValues(s), { game: "Outer-Open Gomoku 15x15", level: "Cha (Harry Cha's rules)", sound: "off" }, show(s));
        assert.deepEqual(menuChoices(s), chosenMenu, show(s));
        await dos.key("4");
        s = await dos.screenUntil("second-game", isGame15);
        assert.ok(isGame15(s), show(s));
        assert.ok(panel(s).includes("Outer-Open Gomoku 15x15"), show(s));
        await leaveToMenu(dos, "second");
        assert.deepEqual(await dos.readFile("PISKRS.CFG"), chosenCfg, "PISKRS.CFG is not rewritten");
        // Damage the file before the next run starts.
        await dos.writeFile("PISKRS.CFG", GARBAGE_SMALL);
        await quitFromMenu(dos, 2);
    });

    for (const [n, label, garbage, next] of [[3, "100 bytes", GARBAGE_SMALL, GARBAGE_BIG], [4, "1000 bytes", GARBAGE_BIG, null]]) {
        it(`a PISKRS.CFG of ${label} of garbage: the defaults, no crash; the file is left alone`, T, async () => {
            await beginRun(dos, n);
            let s = await dos.screenUntil(`garbage-${n}-menu`, isMenu);
            assert.ok(isMenu(s), show(s));
            assert.deepEqual(menuValues(s), DEFAULTS, show(s));
            assert.deepEqual(menuChoices(s), defaults, "every choice as without PISKRS.CFG" + show(s));
            await dos.key("4");
            s = await dos.screenUntil(`garbage-${n}-game`, isGame19);
            assert.ok(panel(s).includes("Gomoku 19x19 (Piskasm)"), show(s));
            await leaveToMenu(dos, `garbage-${n}`);
            assert.deepEqual(await dos.readFile("PISKRS.CFG"), Buffer.from(garbage), "nothing was chosen: the file is not rewritten");
            if (next) await dos.writeFile("PISKRS.CFG", next);
            await quitFromMenu(dos, n);
        });
    }

    it("GAMES\\PISKRS keeps its own GAMES\\PISKRS.CFG; C:\\PISKRS.CFG is not touched", T, async () => {
        await beginRun(dos, 5);
        let s = await dos.screenUntil("games-menu", isMenu);
        assert.deepEqual(menuValues(s), DEFAULTS, "GAMES has no PISKRS.CFG yet" + show(s));
        await dos.key("g");
        s = await dos.screenUntil("games-g", (t) => menuValue(t, MENU.game) === "Gomoku in the Mist 19x19");
        assert.equal(menuValue(s, MENU.game), "Gomoku in the Mist 19x19", show(s));
        await quitFromMenu(dos, 5);
        assert.deepEqual(await cfgFiles(), ["GAMES/PISKRS.CFG", "PISKRS.CFG"]);
        const cfg = await dos.readFile("GAMES/PISKRS.CFG");
        assert.deepEqual(cfgChoices(cfg), { GAME: "MIST", LEVEL: "CLASSIC", SOUND: "ON", CLOCK: "00+00" }, cfg.toString("latin1"));
        assert.deepEqual(await dos.readFile("PISKRS.CFG"), Buffer.from(GARBAGE_BIG));
    });
});
