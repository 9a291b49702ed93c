// End-to-end tests of Gomorpion in the real PISKRS.COM (DOSBox-X, a VGA): the
// game chosen on the menu, the 30x30 board on the 80x50 screen, a cast won by
// clicks with a capture, the score and the marks read back from video memory (the
// F12 dump is 8000 bytes in 80x50), refusals, resigning, the way back to the
// 80x25 menu; a game against the computer, with /STACK; an EGA (80x43, played
// by key and click) and a CGA (no tall mode: the menu says so).
"use strict";

const { describe, it } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const h = require("./harness");

const T = { timeout: 600000 };
const ROWS = 50; // a VGA with the 8x8 font
const STATUS_Y = 34;
const KEY_BAR_Y = 35;
const KEY_BAR = " F1 Help  Arrows Move  Enter/Space/Click Play  R Resign  Esc Menu";
const PANEL_X = 64;
const show = (s) => "\n" + s.toString();

/** Board column of a name's letters: A..Z, then AA..AD. */
function column(letters) {
    return letters.length === 1 ? letters.charCodeAt(0) - 65 : 26 + letters.charCodeAt(1) - 65;
}
/** Screen cell of point "AB12": x = 3 + 2c, y = 33 - r. */
function cell(name) {
    const m = /^([A-Z]{1,2})(\d+)$/.exec(name);
    const c = column(m[1]);
    const r = Number(m[2]);
    assert.ok(c >= 0 && c < 30 && r >= 1 && r <= 30, "bad point " + name);
    return { x: 3 + 2 * c, y: 33 - r };
}
const at = (s, name) => s.char(cell(name).x, cell(name).y);
const status = (s) => s.row(STATUS_Y).trim();
const panel = (s) => s.rows.map((r) => r.slice(PANEL_X).trimEnd()).join("\n");
const isMenu = (s) => s.height === 25 && s.contains("4  Two players");
const isBoard = (s) => s.height === ROWS && s.row(0).includes("Gomorpion 30x30");

async function clickPoint(dos, name, letter) {
    const { x, y } = cell(name);
    await dos.click(x, y, { rows: ROWS });
    return dos.screenUntil("click-" + name, (s) => at(s, name) === letter);
}

/** Starts PISKRS with `options` (h.withPiskrs) and runs `play(dos, s)` once
 * the board shows, `s` its screen; withMenu, once the menu shows. */
function withBoard(options, play) {
    return h.withPiskrs(options, async (dos) => play(dos, await dos.screenUntil("board", isBoard)));
}
function withMenu(options, play) {
    return h.withPiskrs(options, async (dos) => play(dos, await dos.screenUntil("menu", isMenu)));
}

/** Esc on the board and Y to its question: the menu's screen, back in 80x25. */
async function leaveForMenu(dos) {
    await dos.key("esc");
    await dos.screenUntil("leave?", (t) => status(t).includes("Leave this game"));
    await dos.key("y");
    return dos.screenUntil("menu", isMenu);
}

/** 3 once the menu shows: PISKRS ends at once, with errorlevel 0. */
async function quitFromMenu(dos) {
    await dos.screenUntil("menu", isMenu);
    await dos.key("3");
    assert.equal((await dos.finished(1)).errorlevel, 0);
}

describe("Gomorpion between two people, from the menu (/GOMORPION)", () => {
    it("a cast won by clicks captures a piece; score, links and circles on the 80x50 screen; refusals; resign; back to the menu", T, async () => {
        await withMenu({ name: "gomorpion", run: "PISKRS /GOMORPION /SEED 7" }, async (dos, s) => {
            assert.ok(s.row(16).includes("Gomorpion 30x30"), "the menu's game line" + show(s));
            // Only the lines that apply to Gomorpion: no level, rule or time.
            assert.equal(s.row(5).trim(), "Gomorpion: fives are captured; most points win.", show(s));
            assert.match(s.row(17), /S {2}Sound: +(on|off)/, show(s));
            for (const y of [18, 19, 20]) assert.equal(s.row(y).trim(), "", `menu row ${y} is empty` + show(s));
            for (const word of ["Level:", "Rule:", "Time:", "five in a row wins"]) {
                assert.ok(!s.toString().includes(word), `${word} is not on Gomorpion's menu` + show(s));
            }
            await dos.key("4");
            s = await dos.screenUntil("board", isBoard);
            assert.equal(s.height, 50, "80x50 text with the 8x8 font");
            // The rows below the buttons show the rules: the first page of F1's help.
            assert.equal(s.row(36).trim(), "Gomorpion", show(s));
            assert.equal(s.row(37).trim(), "", show(s));
            assert.ok(s.row(38).trim().startsWith("A 30x30 board, columns A to Z then AA to AD"), show(s));
            assert.ok(s.row(49).trim().endsWith("Most points win."), "the rules' last line on the last row" + show(s));
            // Coordinates: A..Z, then AA..AD written downwards; rows 30..1.
            assert.equal(s.char(3, 2), "A");
            assert.equal(s.char(3 + 2 * 25, 2), "Z");
            assert.equal(s.char(3 + 2 * 29, 1) + s.char(3 + 2 * 29, 2), "AD");
            assert.equal(s.row(3).slice(0, 2), "30");
            assert.equal(s.row(32).slice(0, 2), " 1");
            for (let r = 1; r <= 30; r++) {
                for (const c of ["A", "K", "Z", "AD"]) {
                    const { x, y } = cell(c + r);
                    if (c + r !== "P16") assert.equal(s.char(x, y), "·", `free ${c}${r}` + show(s));
                }
            }
            assert.ok(panel(s).includes("Cast 1"), show(s));
            assert.equal(s.row(KEY_BAR_Y).trimEnd(), KEY_BAR, show(s));
            // Black builds a row on row 6 and surrounds C3 (Red's) with four
            // pieces; Red plays far away.
            const black = ["A6", "B4", "D4", "B2", "D2", "B6", "C6", "D6"];
            const red = ["C3", "Z20", "Z22", "Z24", "Z26", "Z28", "AB20", "AB22"];
            for (let i = 0; i < black.length; i++) {
                s = await clickPoint(dos, black[i], "X");
                s = await clickPoint(dos, red[i], "O");
            }
            assert.equal(status(s), "Red played AB22. Black to move.", show(s));
            // Red's pieces are bright red on black (0Ch: no red reads on the
            // brown board), Black's black on brown (60h).
            assert.equal(s.attr(cell("Z20").x, cell("Z20").y), 0x0c, "a Red piece's colours" + show(s));
            assert.equal(s.attr(cell("B6").x, cell("B6").y), 0x60, "a Black piece's colours" + show(s));
            // A taken point and a click beside the board are refused.
            await dos.click(cell("C3").x, cell("C3").y, { rows: ROWS });
            s = await dos.screenUntil("taken", (t) => status(t).includes("taken"));
            assert.equal(status(s), "That intersection is taken.", show(s));
            await dos.click(70, 30, { rows: ROWS });
            s = await dos.screenUntil("off-board", (t) => status(t).includes("Click on an intersection"));
            // E6 makes the five: the cast ends, C3 is captured with it.
            await dos.click(cell("E6").x, cell("E6").y, { rows: ROWS });
            s = await dos.screenUntil("cast", (t) => status(t).startsWith("Cast 1"));
            assert.equal(status(s), "Cast 1 to Black: Black +6, Red +0.", show(s));
            await dos.key("up"); // the cursor's brackets off row 6
            s = await dos.screenUntil("cursor-up", (t) => t.char(cell("E7").x - 1, cell("E7").y) === "[");
            assert.equal(s.row(cell("A6").y).slice(3, 12), "B─B─B─B─B", "the five, linked" + show(s));
            const c3 = cell("C3");
            assert.equal(s.row(c3.y).slice(c3.x - 1, c3.x + 2), "(B)", "C3 captured alone: circled" + show(s));
            assert.equal(at(s, "B4"), "x", "Black's other pieces carried" + show(s));
            assert.equal(at(s, "Z20"), "o", "Red's carried" + show(s));
            assert.ok(panel(s).includes("Cast 2"), show(s));
            assert.ok(panel(s).includes("X Black 6"), show(s));
            assert.ok(panel(s).includes("O Red   0"), show(s));
            // Red resigns with the key, after being asked.
            await dos.key("r");
            s = await dos.screenUntil("resign?", (t) => status(t).includes("Resign this game? Y/N"));
            await dos.key("y");
            s = await dos.screenUntil("resigned", (t) => status(t).includes("resigned"));
            assert.equal(status(s), "Red resigned. Black wins 6 to 0. Esc: menu.", show(s));
            assert.ok(panel(s).includes("Game over"), show(s));
            await dos.key("esc");
            s = await dos.screenUntil("menu-again", isMenu);
            assert.equal(s.height, 25, "back to 80x25");
            await quitFromMenu(dos);
        });
    });
});

describe("Gomorpion's menu: the hidden lines' keys C, R, T change nothing", () => {
    it("with Gomorpion chosen, C, R and T say they do not apply; the settings and PISKRS.CFG stay", T, async () => {
        const cfg = Buffer.from("GAME=GOMORPION\r\nLEVEL=CHA\r\nSOUND=OFF\r\nRULE=EXACT\r\nTIME=5.0\r\n", "latin1");
        await h.withDos({
            name: "gomorpion-menu-keys",
            files: { "PISKRS.COM": h.piskrsCom(), "PISKRS.CFG": cfg },
            steps: [{ run: "PISKRS" }],
        }, async (dos) => {
            await dos.begun(1);
            let s = await dos.screenUntil("menu", isMenu);
            assert.ok(s.row(16).includes("Gomorpion 30x30"), show(s));
            const menuStatus = (t) => t.row(22).trim();
            for (const key of ["c", "r", "t"]) {
                // A key that is no option first, so that each answer is seen anew.
                await dos.key("x");
                s = await dos.screenUntil("other-" + key, (t) => menuStatus(t).startsWith("1, 2 or 4 play"));
                await dos.key(key);
                s = await dos.screenUntil("key-" + key, (t) => !menuStatus(t).startsWith("1, 2 or 4 play"));
                assert.equal(menuStatus(s), "Level, rule and time do not apply to Gomorpion.", `${key}` + show(s));
                assert.ok(s.row(16).includes("Gomorpion 30x30"), show(s));
                for (const y of [18, 19, 20]) assert.equal(s.row(y).trim(), "", `menu row ${y} stays empty` + show(s));
            }
            assert.ok(!s.row(24).includes("C S R T"), "the key bar offers only G and S" + show(s));
            assert.deepEqual(await dos.readFile("PISKRS.CFG"), cfg, "PISKRS.CFG is not rewritten");
            // The next game shows the level, rule and time as they were.
            await dos.key("g");
            s = await dos.screenUntil("next-game", (t) => !t.row(16).includes("Gomorpion"));
            assert.equal(s.row(18).trim(), "C  Level: Cha (Harry Cha's rules)", show(s));
            assert.equal(s.row(19).trim(), "R  Rule:  exactly five, in every game", show(s));
            assert.equal(s.row(20).trim(), "T  Time:  5.0 s (Strong)", show(s));
            await quitFromMenu(dos);
        });
    });
});

/** WCAG's relative luminance of VGA colour `i` (0..15). */
function luminance(i) {
    const lin = (c) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const [r, g, b] = h.VGA_PALETTE[i];
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
/** WCAG's contrast of a text attribute's colours (blinking is off on a VGA: 16 backgrounds). */
function contrast(attr) {
    const [a, b] = [luminance(attr & 15), luminance(attr >> 4)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}

describe("Red reads as well as Black (/GOMORPION /PLAY 4)", () => {
    it("every Red piece and captured R on a played board has at least the 4:1 contrast of Black on brown", T, async () => {
        await withBoard({ name: "gomorpion-contrast", run: "PISKRS /GOMORPION /PLAY 4" }, async (dos, s) => {
            // Black spreads out on row 1; Red makes a five on row 10 (captured: R),
            // with a piece carried from cast 1 (o) and one of cast 2 (O).
            const black = ["A1", "C1", "E1", "G1", "J1", "L1", "N1", "P1"];
            const red = ["Z25", "A10", "B10", "C10", "D10", "E10", "Z20"];
            for (let i = 0; i < black.length; i++) {
                s = await clickPoint(dos, black[i], "X");
                if (i === red.length) break;
                s = await clickPoint(dos, red[i], red[i] === "E10" ? "R" : "O");
                if (red[i] === "E10") assert.equal(status(s), "Cast 1 to Red: Black +0, Red +5.", show(s));
            }
            assert.equal(s.row(cell("A10").y).slice(3, 12), "R─R─R─R─R", "Red's five, captured" + show(s));
            assert.equal(at(s, "Z25"), "o", show(s));
            assert.equal(at(s, "Z20"), "O", show(s));
            const black_contrast = contrast(s.attr(cell("C1").x, cell("C1").y));
            assert.ok(black_contrast >= 4, `Black's pieces ${black_contrast.toFixed(2)}:1`);
            // Every letter, link and dot on the board (the last move, P1, stands
            // on the highlight and is left out).
            const last = cell("P1");
            let red_cells = 0;
            for (let y = 3; y <= 32; y++) {
                for (let x = 2; x <= 63; x++) {
                    const ch = s.char(x, y);
                    if (ch === " " || (x === last.x && y === last.y)) continue;
                    const attr = s.attr(x, y);
                    const ratio = contrast(attr);
                    if ("OoRr".includes(ch)) red_cells++;
                    assert.ok(ratio >= 4, `"${ch}" at (${x},${y}), attribute ${attr.toString(16)}h: contrast ${ratio.toFixed(2)}:1 < 4:1` + show(s));
                }
            }
            assert.equal(red_cells, 7, "five captured R, one o, one O checked");
            await leaveForMenu(dos);
            await quitFromMenu(dos);
        });
    });
});

describe("Gomorpion's key bar", () => {
    it("names the keys on row 35 as the Gomoku screens do; a click on F1 Help, R Resign or Esc Menu is the key", T, async () => {
        await withBoard({ name: "gomorpion-key-bar", run: "PISKRS /GOMORPION /PLAY 4" }, async (dos, s) => {
            assert.equal(s.row(KEY_BAR_Y).trimEnd(), KEY_BAR, show(s));
            for (let x = 0; x < 80; x++) assert.equal(s.attr(x, KEY_BAR_Y), 0x30, `key bar colours at x=${x}` + show(s));
            const clickWord = (word) => dos.click(s.row(KEY_BAR_Y).indexOf(word) + 1, KEY_BAR_Y, { rows: ROWS });
            await clickWord("F1 Help");
            s = await dos.screenUntil("help", (t) => t.contains("PgDn Next page"));
            assert.ok(s.contains("Gomorpion"), show(s));
            await dos.key("esc");
            s = await dos.screenUntil("help-closed", (t) => t.row(KEY_BAR_Y).trimEnd() === KEY_BAR);
            await clickWord("R Resign");
            s = await dos.screenUntil("resign?", (t) => status(t) === "Resign this game? Y/N");
            await dos.key("n");
            s = await dos.screenUntil("play-on", (t) => status(t) === "Play on.");
            await clickWord("Esc Menu");
            s = await dos.screenUntil("leave?", (t) => status(t) === "Leave this game for the menu? Y/N");
            await dos.key("y");
            await quitFromMenu(dos);
        });
    });
});

describe("Gomorpion after the game: no resigning", () => {
    it("after Game over the key bar no longer offers R Resign, and R does nothing", T, async () => {
        await withBoard({ name: "gomorpion-over", run: "PISKRS /GOMORPION /PLAY 4" }, async (dos, s) => {
            assert.ok(s.row(KEY_BAR_Y).includes("Resign"), "resigning offered during the game" + show(s));
            await dos.key("r");
            s = await dos.screenUntil("resign?", (t) => status(t) === "Resign this game? Y/N");
            await dos.key("y");
            s = await dos.screenUntil("resigned", (t) => panel(t).includes("Game over"));
            const result = "Black resigned. Red wins 0 to 0. Esc: menu.";
            assert.equal(status(s), result, show(s));
            assert.ok(!s.row(KEY_BAR_Y).includes("Resign"), "the key bar offers no resigning" + show(s));
            assert.ok(s.row(KEY_BAR_Y).includes("Esc Menu"), show(s));
            // R, then an arrow: the cursor moves, the result stays.
            await dos.key("r");
            await dos.key("up");
            s = await dos.screenUntil("cursor-up", (t) => t.char(cell("P17").x - 1, cell("P17").y) === "[");
            assert.equal(status(s), result, "R changed nothing" + show(s));
            await dos.key("esc");
            await quitFromMenu(dos);
        });
    });
});

describe("Gomorpion against the computer (/GOMORPION /PLAY 1 /STACK)", () => {
    it("the computer answers each click with one legal Red piece; Esc Y leaves; /STACK fits", T, async () => {
        await withBoard({ name: "gomorpion-computer", run: "PISKRS /GOMORPION /PLAY 1 /SEED 3 /STACK" }, async (dos, s) => {
            assert.ok(panel(s).includes("(PC)"), "the computer's colour is marked" + show(s));
            const pieces = (t) => [...t.rows.slice(3, 33).map((r) => r.slice(0, 63)).join("")].filter((c) => "XOxo".includes(c)).length;
            // The person plays the first free point of a list spread over the board.
            const candidates = ["E5", "Z26", "E26", "Z5", "K20", "T10", "H8", "W22"];
            for (let move = 0; move < 4; move++) {
                const name = candidates.find((p) => at(s, p) === "·");
                const before = pieces(s);
                await dos.click(cell(name).x, cell(name).y, { rows: ROWS });
                s = await dos.screenUntil("move-" + name, (t) => pieces(t) >= before + 2);
                assert.equal(pieces(s), before + 2, `your piece on ${name} and one reply` + show(s));
                assert.equal(at(s, name), "X", show(s));
                assert.ok(/Red played [A-Z]{1,2}\d+\. Black to move\./.test(status(s)), show(s));
            }
            await leaveForMenu(dos);
            await dos.key("3"); // 3 quits at once
            const r = await dos.finished(1, { timeout: 60000 });
            const m = /STACK high_water=(\d+) bytes/.exec(r.output);
            assert.ok(m, "the /STACK report: " + r.output);
            const reserve = h.stackReserve();
            console.log(`gomorpion game: stack high-water ${m[1]} of the ${reserve} reserved`);
            assert.ok(Number(m[1]) < reserve, `stack ${m[1]} bytes, only ${reserve} reserved (link.x)`);
        });
    });
});

/** PISKRS `run` (h.withPiskrs, the run named gomorpion-<machine>) on
 * DOSBox-X's `machine` (ega, cga). */
function onMachine(machine, run, play) {
    return h.withPiskrs({ name: `gomorpion-${machine}`, run, conf: `[dosbox]\nmachine=${machine}` }, play);
}

describe("Gomorpion on an EGA and on a CGA", () => {
    it("machine=ega: the 8x8 font gives 80x43, the board fits and plays; back to 80x25", T, async () => {
        await onMachine("ega", "PISKRS /GOMORPION /PLAY 4", async (dos) => {
            let s = await dos.screenUntil("board", (t) => t.row(0).includes("Gomorpion 30x30"));
            assert.equal(s.height, 43, "80x43 text on an EGA" + show(s));
            for (let y = 36; y < 43; y++) assert.equal(s.row(y).trim(), "", `no room for the rules: row ${y} stays empty` + show(s));
            assert.equal(s.row(32).slice(0, 2), " 1", show(s));
            assert.equal(s.row(KEY_BAR_Y).trimEnd(), KEY_BAR, show(s));
            await dos.key("enter"); // the cursor starts on P16
            s = await dos.screenUntil("enter", (t) => at(t, "P16") === "X");
            assert.equal(status(s), "Black played P16. Red to move.", show(s));
            await dos.click(cell("K10").x, cell("K10").y, { rows: 43 });
            s = await dos.screenUntil("click", (t) => at(t, "K10") === "O");
            assert.equal(at(s, "K10"), "O", "a click on the 43-row screen" + show(s));
            s = await leaveForMenu(dos);
            assert.equal(s.height, 25);
            await quitFromMenu(dos);
        });
    });

    it("machine=cga: no tall text mode, so the menu says Gomorpion needs an EGA or VGA and stays", T, async () => {
        await onMachine("cga", "PISKRS /GOMORPION /PLAY 1", async (dos) => {
            const s = await dos.screenUntil("refused", (t) => t.contains("needs an EGA or VGA"));
            assert.equal(s.height, 25, show(s));
            assert.ok(isMenu(s), "still the menu" + show(s));
            assert.ok(s.contains("Gomorpion needs an EGA or VGA"), show(s));
            await quitFromMenu(dos);
        });
    });
});
