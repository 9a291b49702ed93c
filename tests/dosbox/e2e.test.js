// End-to-end tests of the real PISKRS.COM (target/PISKRS.COM, built with
// `cargo com`) in DOSBox-X, acting like a person: keys, mouse clicks on text
// cells, and the program's own F12 screen dump (SCRnnnnn.BIN) to read the
// screen back. Each group below is one emulator run; its steps depend on the
// steps before them, in order. PNGs of every step land in shots/.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");
const { piskrsForSuite } = require("./suite");

const T = { timeout: 60000 };
const COLS = "ABCDEFGHIJKLMNOPQRS"; // no letter skipped
const STATUS_Y = 22;
const PANEL_X = 46;

/** Screen cell of board point "K10": x = 4 + 2c, y = 20 - r. */
function pt(name) {
    const c = COLS.indexOf(name[0]);
    const r = Number(name.slice(1));
    assert.ok(c >= 0 && r >= 1 && r <= 19, "bad point " + name);
    return { x: 4 + 2 * c, y: 20 - r };
}
const at = (s, name) => s.char(pt(name).x, pt(name).y);
const attrAt = (s, name) => s.attr(pt(name).x, pt(name).y);
const status = (s) => s.row(STATUS_Y);
const panel = (s) => s.rows.map((r) => r.slice(PANEL_X)).join("\n");
/** {"K10": "X", ...} for every stone on the board. */
function stones(s) {
    const out = {};
    for (let c = 0; c < 19; c++) {
        for (let r = 1; r <= 19; r++) {
            const name = COLS[c] + r;
            const ch = at(s, name);
            if (ch === "X" || ch === "O") out[name] = ch;
        }
    }
    return out;
}
function turn(s) {
    const p = panel(s);
    const black = p.includes("Black (X) to move");
    const white = p.includes("White (O) to move");
    return black && !white ? "black" : white && !black ? "white" : "?";
}
/** The line-drawing character an empty point shows. */
function emptyPoint(c, r) {
    const top = r === 19, bottom = r === 1, left = c === 0, right = c === 18;
    if (top) return left ? "┌" : right ? "┐" : "┬";
    if (bottom) return left ? "└" : right ? "┘" : "┴";
    return left ? "├" : right ? "┤" : "┼";
}
/** The cursor's point, from its brackets '[' at x-1 and ']' at x+1. */
function cursor(s) {
    for (let r = 1; r <= 19; r++) {
        for (let c = 0; c < 19; c++) {
            const { x, y } = pt(COLS[c] + r);
            if (s.char(x - 1, y) === "[" && s.char(x + 1, y) === "]") return COLS[c] + r;
        }
    }
    return null;
}
const show = (s) => "\n" + s.toString();
const isMenu = (s) => s.contains("PISKRS") && s.contains("4  Two players");
const isGame = (s) => s.row(20).includes("A B C D E F G H I J K L M N O P Q R S");

/** Waits for the menu (the step named `step`) and checks it came. */
async function expectMenu(dos, step) {
    const s = await dos.screenUntil(step, isMenu);
    assert.ok(isMenu(s), show(s));
    return s;
}

const startPiskrs = h.startPiskrs;

/** Click a point and wait until its stone shows; returns the screen. */
async function clickStone(dos, name, step) {
    const { x, y } = pt(name);
    await dos.click(x, y);
    return dos.screenUntil(step || "click-" + name, (s) => at(s, name) === "X" || at(s, name) === "O");
}

it("target/PISKRS.COM is built", () => {
    const com = h.piskrsCom(); // a clear error when it is missing
    assert.ok(com.length > 0 && com.length <= 0xff00, `PISKRS.COM has ${com.length} bytes`);
});

describe("command line, menu, help, leaving (keyboard)", () => {
    let dos;
    before(async () => {
        dos = await startPiskrs("menu", [{ run: "PISKRS /?" }, { run: "PISKRS /BOGUS" }, { run: "PISKRS" }]);
    });
    after(async () => { if (dos) await dos.exit(); });

    it("PISKRS /? prints the usage and exits with errorlevel 0", T, async () => {
        const r = await dos.finished(1);
        assert.match(r.output, /Usage/);
        assert.equal(r.errorlevel, 0);
    });

    it("PISKRS /BOGUS names itself (not the usage) and exits with errorlevel 1", T, async () => {
        const r = await dos.finished(2);
        assert.equal(r.output, "/BOGUS: no such switch.\r\nPISKRS /? lists the switches.\r\n");
        assert.equal(r.errorlevel, 1);
    });

    it("the menu appears", T, async () => {
        await dos.begun(3);
        const s = await dos.screenUntil("menu", isMenu);
        assert.ok(s.contains("PISKRS"), show(s));
        assert.ok(s.contains("4  Two players"), show(s));
        assert.ok(!s.contains("No mouse"), "the mouse driver is on here" + show(s));
    });

    it("F1 shows the menu's help and any key returns to the menu", T, async () => {
        await dos.key("f1");
        const help = await dos.screenUntil("help", (s) => !isMenu(s));
        assert.equal(help.row(2).trim(), "The menu", show(help));
        assert.ok(!help.contains("4  Two players"), show(help));
        await dos.key("space");
        await expectMenu(dos, "help-closed");
    });

    it("4 starts a game with the documented board layout", T, async () => {
        await dos.key("4");
        const s = await dos.screenUntil("game", isGame);
        for (let r = 1; r <= 19; r++) {
            assert.equal(s.row(20 - r).slice(1, 3), String(r).padStart(2), `label of row ${r}` + show(s));
        }
        for (let c = 0; c < 19; c++) assert.equal(s.char(4 + 2 * c, 20), COLS[c], "column letter" + show(s));
        assert.equal(cursor(s), "J10", "the cursor starts on J10" + show(s));
        for (let r = 1; r <= 19; r++) {
            for (let c = 0; c < 19; c++) {
                const { x, y } = pt(COLS[c] + r);
                assert.equal(s.char(x, y), emptyPoint(c, r), `empty point ${COLS[c]}${r}` + show(s));
                const between = s.char(x + 1, y);
                if (c < 18 && COLS[c] + r !== "J10" && COLS[c + 1] + r !== "J10") {
                    assert.equal(between, "─", `line right of ${COLS[c]}${r}` + show(s));
                }
            }
        }
        assert.equal(s.code(24, 10), 0xc5); // '┼' in CP437
        assert.equal(turn(s), "black", show(s));
    });

    it("F1 in a game shows its rules and a key returns to the game", T, async () => {
        await dos.key("enter"); // Black on J10
        const before = await dos.screenUntil("j10", (s) => at(s, "J10") === "X");
        assert.equal(at(before, "J10"), "X", show(before));
        await dos.key("f1");
        const help = await dos.screenUntil("game-help", (s) => !isGame(s));
        assert.equal(help.row(2).trim(), "Piskasm's Gomoku", show(help));
        await dos.key("space");
        const back = await dos.screenUntil("game-help-closed", isGame);
        assert.deepEqual(stones(back), { J10: "X" }, show(back));
        assert.equal(turn(back), "white", show(back));
    });

    it("Esc in a game asks to leave; N continues, Y returns to the menu", T, async () => {
        await dos.key("esc");
        const ask = await dos.screenUntil("esc-asks", (s) => status(s).includes("Leave this game? Y/N"));
        assert.ok(status(ask).includes("Leave this game? Y/N"), show(ask));
        await dos.key("n");
        const cont = await dos.screenUntil("esc-n", (s) => !status(s).includes("Leave this game"));
        assert.ok(isGame(cont), show(cont));
        assert.ok(!status(cont).includes("Leave this game"), show(cont));
        assert.deepEqual(stones(cont), { J10: "X" }, show(cont));
        assert.equal(turn(cont), "white", show(cont));
        // The game goes on after N.
        await dos.keys("up", "enter");
        const moved = await dos.screenUntil("after-n", (s) => at(s, "J11") === "O");
        assert.deepEqual(stones(moved), { J10: "X", J11: "O" }, show(moved));
        await dos.key("esc");
        await dos.screenUntil("esc-again", (s) => status(s).includes("Leave this game? Y/N"));
        await dos.key("y");
        await expectMenu(dos, "esc-y");
    });

    it("Esc on the menu asks first (Esc again and N keep the menu); Y returns to DOS with errorlevel 0", T, async () => {
        for (const no of ["esc", "n"]) {
            await dos.key("esc");
            let s = await dos.screenUntil(`quit-asks-${no}`, (t) => status(t).includes("Quit PISKRS for DOS? Y/N"));
            assert.ok(isMenu(s), show(s));
            await dos.key(no);
            s = await dos.screenUntil(`quit-${no}`, (t) => status(t).includes("Choose with a key or a click."));
            assert.ok(isMenu(s), show(s));
        }
        await dos.key("esc");
        await dos.screenUntil("quit-asks-y", (t) => status(t).includes("Quit PISKRS for DOS? Y/N"));
        await dos.key("y");
        const r = await dos.finished(3);
        assert.equal(r.errorlevel, 0);
        await dos.waitForStdout("@@DONE");
    });
});

describe("two players with the mouse (and the keyboard)", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "mouse", [{ run: "PISKRS" }], { menu: true });
    before(async () => {
        await dos.key("4");
        const g = await dos.screenUntil("game", isGame);
        assert.ok(isGame(g), show(g));
    });

    it("a click on K10 puts X exactly at K10 (x=24, y=10)", T, async () => {
        const s = await clickStone(dos, "K10");
        assert.equal(s.char(24, 10), "X", show(s));
        assert.deepEqual(stones(s), { K10: "X" }, show(s));
        assert.equal(turn(s), "white", show(s));
    });

    it("clicks on A1, S19 and S1 land there, alternating O and X", T, async () => {
        let s = await clickStone(dos, "A1");
        assert.equal(s.char(4, 19), "O", show(s));
        s = await clickStone(dos, "S19");
        assert.equal(s.char(40, 1), "X", show(s));
        s = await clickStone(dos, "S1");
        assert.equal(s.char(40, 19), "O", show(s));
        assert.deepEqual(stones(s), { K10: "X", A1: "O", S19: "X", S1: "O" }, show(s));
        assert.equal(turn(s), "black", show(s));
    });

    it("a click off the board changes nothing and says so", T, async () => {
        const before = await dos.screen("before-off-board");
        for (const [x, y, step] of [[44, 10, "off-right"], [4, 21, "off-below"], [62, 17, "off-panel"]]) {
            await dos.click(x, y);
            const s = await dos.screenUntil(step, (t) => status(t).includes("off the board"));
            assert.ok(status(s).includes("off the board"), `click at (${x},${y})` + show(s));
            assert.deepEqual(stones(s), stones(before), show(s));
            assert.equal(turn(s), "black", show(s));
        }
    });

    it("a click on an occupied point changes nothing and says so", T, async () => {
        const before = await dos.screen("before-occupied");
        for (const name of ["K10", "A1"]) {
            const { x, y } = pt(name);
            await dos.click(x, y);
            const s = await dos.screenUntil("occupied-" + name, (t) => status(t).includes("occupied"));
            assert.ok(status(s).includes("occupied"), `click on ${name}` + show(s));
            assert.deepEqual(stones(s), stones(before), show(s));
            assert.equal(turn(s), "black", show(s));
        }
    });

    it("five in a row by clicks: Black wins, the five are highlighted, a click on the board keeps the result, the Menu button returns", T, async () => {
        // Black K10 (placed) + L10 M10 N10 O10; White A2 A3 A5 (no five).
        for (const [b, w] of [["L10", "A2"], ["M10", "A3"], ["N10", "A5"]]) {
            await clickStone(dos, b);
            await clickStone(dos, w);
        }
        const pre = await dos.screen("before-black-five");
        assert.deepEqual(stones(pre), {
            K10: "X", L10: "X", M10: "X", N10: "X", S19: "X",
            A1: "O", S1: "O", A2: "O", A3: "O", A5: "O",
        }, show(pre));
        const plain = attrAt(pre, "S19");
        await dos.click(pt("O10").x, pt("O10").y);
        const s = await dos.screenUntil("black-wins", (t) => status(t).includes("Black wins!"));
        assert.ok(status(s).includes("Black wins!"), show(s));
        assert.equal(at(s, "O10"), "X", show(s));
        const five = ["K10", "L10", "M10", "N10", "O10"];
        for (const p of five) {
            assert.notEqual(attrAt(s, p), plain, `${p} highlighted (attr ${attrAt(s, p).toString(16)} vs ${plain.toString(16)})`);
        }
        assert.equal(attrAt(s, "S19"), plain, "a black stone outside the five keeps its attribute");
        // A click on the board (meant as a move, say) leaves the result up.
        await dos.click(pt("C7").x, pt("C7").y);
        const kept = await dos.screenUntil("black-wins-click", (t) => status(t).includes("The game is over"));
        assert.ok(status(kept).includes("click a button"), show(kept));
        assert.deepEqual(stones(kept), stones(s), show(kept));
        // The [Menu Esc] button on row 23.
        await dos.click(46, 23);
        await expectMenu(dos, "black-wins-menu");
    });

    it("five on a diagonal by clicks: White wins, a key returns to the menu", T, async () => {
        await dos.key("4");
        const g = await dos.screenUntil("game2", isGame);
        assert.deepEqual(stones(g), {}, show(g));
        // White E5 F6 G7 H8 I9; Black A19 C19 E19 G19 J19 (no five).
        for (const [b, w] of [["A19", "E5"], ["C19", "F6"], ["E19", "G7"], ["G19", "H8"]]) {
            await clickStone(dos, b);
            await clickStone(dos, w);
        }
        await clickStone(dos, "J19");
        const pre = await dos.screen("before-white-five");
        const plain = attrAt(pre, "E5");
        assert.equal(turn(pre), "white", show(pre));
        await dos.click(pt("I9").x, pt("I9").y);
        const s = await dos.screenUntil("white-wins", (t) => status(t).includes("White wins!"));
        assert.ok(status(s).includes("White wins!"), show(s));
        assert.equal(at(s, "I9"), "O", show(s));
        for (const p of ["E5", "F6", "G7", "H8", "I9"]) {
            assert.notEqual(attrAt(s, p), plain, `${p} highlighted`);
        }
        await dos.key("space");
        await expectMenu(dos, "white-wins-key");
    });

    it("keyboard: arrows + Enter and Space place a stone where the cursor is; Enter on a stone says occupied", T, async () => {
        await dos.key("4");
        let s = await dos.screenUntil("game3", isGame);
        assert.equal(cursor(s), "J10", show(s));
        await dos.keys("left", "left", "down");
        s = await dos.screenUntil("cursor-h9", (t) => cursor(t) === "H9");
        assert.equal(cursor(s), "H9", show(s));
        assert.equal(s.char(pt("H9").x - 1, 11), "[", show(s));
        assert.equal(s.char(pt("H9").x + 1, 11), "]", show(s));
        await dos.key("enter");
        s = await dos.screenUntil("enter-h9", (t) => at(t, "H9") === "X");
        assert.deepEqual(stones(s), { H9: "X" }, show(s));
        await dos.keys("right", "right", "right", "up", "up");
        s = await dos.screenUntil("cursor-k11", (t) => cursor(t) === "K11");
        assert.equal(cursor(s), "K11", show(s));
        await dos.key("space");
        s = await dos.screenUntil("space-k11", (t) => at(t, "K11") === "O");
        assert.deepEqual(stones(s), { H9: "X", K11: "O" }, show(s));
        assert.equal(turn(s), "black", show(s));
        await dos.key("enter"); // the cursor is still on K11
        s = await dos.screenUntil("enter-occupied", (t) => status(t).includes("occupied"));
        assert.ok(status(s).includes("occupied"), show(s));
        assert.deepEqual(stones(s), { H9: "X", K11: "O" }, show(s));
        assert.equal(turn(s), "black", show(s));
        await dos.key("esc");
        await dos.screenUntil("leave", (t) => status(t).includes("Leave this game? Y/N"));
        await dos.key("y");
        await dos.screenUntil("menu-again", isMenu);
        await dos.key("3"); // 3 quits too
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

describe("no mouse driver (DOSBox-X [dos] int33=false)", () => {
    let dos;
    before(async () => {
        dos = await startPiskrs("nomouse", [{ run: "PISKRS" }], { mouse: false });
    });
    after(async () => { if (dos) await dos.exit(); });

    it("the menu says No mouse", T, async () => {
        await dos.begun(1);
        const s = await expectMenu(dos, "menu");
        assert.ok(s.contains("No mouse"), show(s));
    });

    it("a game is played by keyboard to a win", T, async () => {
        await dos.key("4");
        let s = await dos.screenUntil("game", isGame);
        assert.equal(cursor(s), "J10", show(s));
        // Black J10 K10 L10 M10 N10, White J11 K11 L11 M11.
        await dos.key("enter");
        for (let i = 0; i < 3; i++) await dos.keys("up", "enter", "down", "right", "enter");
        await dos.keys("up", "enter", "down", "right");
        const pre = await dos.screenUntil("before-five", (t) => at(t, "M11") === "O" && cursor(t) === "N10");
        assert.equal(cursor(pre), "N10", show(pre));
        const plain = attrAt(pre, "J10");
        await dos.key("enter");
        s = await dos.screenUntil("black-wins", (t) => status(t).includes("Black wins!"));
        assert.ok(status(s).includes("Black wins!"), show(s));
        assert.deepEqual(stones(s), {
            J10: "X", K10: "X", L10: "X", M10: "X", N10: "X",
            J11: "O", K11: "O", L11: "O", M11: "O",
        }, show(s));
        for (const p of ["J10", "K10", "L10", "M10", "N10"]) assert.notEqual(attrAt(s, p), plain, p + " highlighted");
        await dos.key("space");
        await dos.screenUntil("menu-again", isMenu);
        await dos.key("3"); // 3 quits at once
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});
