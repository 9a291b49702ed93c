// End-to-end tests of the help (issue 19) in DOSBox-X: F1 opens the pages for
// where the player is (the menu's options and games, each game's rules and
// keys, Gomorpion's legend), PgDn and PgUp turn them, any other key goes back;
// /? prints the usage. The help text rides at the end of PISKRS.COM and is
// copied to far memory at the start (src/app/help.rs), so these also show that the
// copy arrives whole. One emulator start; its steps run in order. PNGs of every
// page land in shots/.
"use strict";

const { describe, it } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const h = require("./harness");
const { piskrsForSuite } = require("./suite");

const T = { timeout: 60000 };
const isMenu = h.isPiskrsMenu;
const isGame19 = h.isPiskrsGame;
const isGame15 = (s) => s.row(16).slice(4, 33) === "A B C D E F G H J K L M N O P";
const isGomorpion = (s) => s.height > 25 && s.row(0).includes("Gomorpion 30x30");
const show = (s) => "\n" + s.toString();
// The help's bar: the last row at 80x25; over Gomorpion the key bar's row on a
// VGA's 50 rows (the page is below the board), the status row on an EGA's 43.
const helpBar = (s) => s.row(s.height === 25 ? 24 : s.height === 50 ? 35 : 34);
const isHelp = (s) => /^ Page \d+ of \d+ .*Other keys: leave the help/.test(helpBar(s));

/** The help's key bar on page n of count: where it stands, and only the keys that turn a page there. */
function assertHelpBar(s, n, count, ctx) {
    const bar = helpBar(s);
    assert.ok(bar.startsWith(` Page ${n} of ${count} `), `${ctx}: "Page ${n} of ${count}" on the bar` + show(s));
    assert.equal(bar.includes("PgDn Next page"), n < count, `${ctx}: PgDn offered only before the last page` + show(s));
    assert.equal(bar.includes("PgUp Back"), n > 1, `${ctx}: PgUp offered only after the first page` + show(s));
    assert.ok(bar.includes("Other keys: leave the help"), show(s));
}
const title = (s) => s.row(2).trim();

/** The usage section of src/help.txt, as /? prints it (CR LF after each line). */
function usageText() {
    const help = fs.readFileSync(path.join(__dirname, "..", "..", "src", "help.txt"), "latin1");
    const from = help.indexOf("@usage\n") + "@usage\n".length;
    const lines = help.slice(from).split("\n");
    lines.pop(); // after the last LF
    return lines.map((l) => l + "\r\n").join("");
}

/** F1, then the pages in turn (PgDn): each title as expected, with `contains` texts; then Esc. */
async function readPages(dos, step, pages, back) {
    await dos.key("f1");
    let s = await dos.screenUntil(`${step}-1`, isHelp);
    for (const [i, page] of pages.entries()) {
        if (i > 0) {
            await dos.key("pagedown");
            s = await dos.screenUntil(`${step}-${i + 1}`, (t) => isHelp(t) && title(t) === page.title);
        }
        assert.equal(title(s), page.title, `${step}: page ${i + 1}` + show(s));
        assertHelpBar(s, i + 1, pages.length, `${step}: page ${i + 1}`);
        for (const text of page.contains) assert.ok(s.contains(text), `${step}: page ${i + 1} has "${text}"` + show(s));
    }
    // PgDn on the last page stays; PgUp goes back a page.
    await dos.key("pagedown");
    s = await dos.screenUntil(`${step}-last-again`, isHelp);
    assert.equal(title(s), pages[pages.length - 1].title, show(s));
    if (pages.length > 1) {
        await dos.key("pageup");
        s = await dos.screenUntil(`${step}-back`, (t) => isHelp(t) && title(t) === pages[pages.length - 2].title);
        assert.equal(title(s), pages[pages.length - 2].title, show(s));
    }
    await dos.key("esc");
    s = await dos.screenUntil(`${step}-closed`, back);
    assert.ok(back(s), `${step}: Esc leaves the help` + show(s));
    return s;
}

/** Leave a game (Esc, Y) and quit from the menu (3). */
async function leaveAndQuit(dos, step, n) {
    await dos.key("esc");
    await dos.screenUntil(`${step}-leave`, (t) => t.contains("Y/N"));
    await dos.key("y");
    await dos.screenUntil(`${step}-menu`, isMenu);
    await dos.key("3");
    assert.equal((await dos.finished(n)).errorlevel, 0);
}

const KEYS_PAGE = { title: "Keys in a Gomoku game", contains: ["Mouse, left button", "PgUp and PgDn", "SCRnnnnn.BIN"] };

describe("F1 explains where the player is: the menu, each game, Gomorpion; /? prints the usage", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "help", [
        { run: "PISKRS /?" },
        { run: "PISKRS" },
        { run: "PISKRS /MIST /PLAY 4" },
        { run: "PISKRS /OUTER /PLAY 4" },
        { run: "PISKRS /EXACT /PLAY 4" },
        { run: "PISKRS /PISKASM /PLAY 4" },
        { run: "PISKRS /GOMORPION /PLAY 4 /STACK" },
    ]);

    it("/? prints the usage text whole, from far memory", T, async () => {
        const r = await dos.finished(1);
        assert.equal(r.errorlevel, 0);
        assert.equal(r.output, usageText());
    });

    it("on the menu: the options, then the games", T, async () => {
        await dos.begun(2);
        await h.forgetDumps(dos);
        await dos.screenUntil("menu", isMenu);
        await readPages(dos, "menu-help", [
            { title: "The menu", contains: ["5   the computer against itself, Black at level C, White at W", "G   the game", "C   the computer", "S   sound on or off", "R   the rule", "W   White's level when the computer plays itself", "T   Strong's thinking time", "K   the clock: off, 1, 5, 10 or 20 minutes", "Keys or clicks"] },
            { title: "The games", contains: ["Gomoku in the Mist 19x19", "Outer-Open Gomoku 15x15", "Exact five 15x15", "Gomorpion 30x30"] },
        ], isMenu);
        await dos.key("3");
        assert.equal((await dos.finished(2)).errorlevel, 0);
    });

    // Each game's own page, then the keys: run n of the batch.
    for (const { n, what, name, isGame, page } of [
        {
            n: 3, what: "in the Mist: its rules and its legend (the hole, how it moves, the commands), then the keys", name: "mist", isGame: isGame19,
            page: { title: "Gomoku in the Mist", contains: ["7x7 hole", "J10 (marked *)", "X = 1 + (5X*X + 3X + 4) mod 19", "C opens the command line", "place K10", "history", "resign"] },
        },
        {
            n: 4, what: "in Outer-Open: where Black opens, then the keys", name: "outer", isGame: isGame15,
            page: { title: "Outer-Open Gomoku", contains: ["rows 1,", "columns A, B, O or P"] },
        },
        {
            n: 5, what: "in Exact five: six do not win, then the keys", name: "exact", isGame: isGame15,
            page: { title: "Exact five", contains: ["exactly five", "six or more does not win"] },
        },
        {
            n: 6, what: "in Piskasm's Gomoku: the rules and the levels, then the keys", name: "piskasm", isGame: isGame19,
            page: { title: "Piskasm's Gomoku", contains: ["Five or more stones", "Classic plays as Piskasm did"] },
        },
    ]) {
        it(what, T, async () => {
            await dos.begun(n);
            await h.forgetDumps(dos);
            await dos.screenUntil(name, isGame);
            await readPages(dos, `${name}-help`, [page, KEYS_PAGE], isGame);
            await leaveAndQuit(dos, name, n);
        });
    }

    it("inside Gomorpion on a VGA: the legend and keys below the board, where the rules are; PgUp the rules", T, async () => {
        await dos.begun(7);
        await h.forgetDumps(dos);
        let s = await dos.screenUntil("gomorpion", isGomorpion, { timeout: 10000 });
        // On a VGA's 50 rows the help uses the rows below the board, where the
        // rules (its first page) already are: F1 shows its second page there,
        // the board stays, and the key bar (row 35) becomes the help's.
        const RULES = { title: "Gomorpion", contains: ["Five in a row ends a cast", "captured", "sieged", "Most points win"] };
        const KEYS = { title: "Gomorpion: the board and the keys", contains: ["X O  pieces of this cast", "(o)  recapturable", "B-B  captured together", "b r  a point sieged", "Mouse, left button"] };
        const below = (t) => t.rows.slice(36).join("\n");
        const shows = (t, page) => t.row(36).trim() === page.title && page.contains.every((text) => below(t).includes(text));
        const boardShown = (t) => t.row(3).startsWith("30 ·") && t.row(32).startsWith(" 1 ·");
        assert.equal(s.height, 50, show(s));
        assert.ok(shows(s, RULES), "the rules below the board" + show(s));
        await dos.key("f1");
        s = await dos.screenUntil("gomorpion-help", isHelp);
        assertHelpBar(s, 2, 2, "F1 over Gomorpion");
        assert.ok(shows(s, KEYS), "F1: the legend and the keys below the board" + show(s));
        assert.ok(boardShown(s), "the board stays" + show(s));
        assert.ok(s.rows.slice(38, 48).every((r) => r.trim() !== ""), "no blank rows under the page's title" + show(s));
        await dos.key("pageup");
        s = await dos.screenUntil("gomorpion-help-back", (t) => isHelp(t) && shows(t, RULES));
        assertHelpBar(s, 1, 2, "PgUp over Gomorpion");
        assert.ok(boardShown(s), show(s));
        await dos.key("pagedown");
        s = await dos.screenUntil("gomorpion-help-next", (t) => isHelp(t) && shows(t, KEYS));
        await dos.key("esc");
        s = await dos.screenUntil("gomorpion-help-closed", (t) => !isHelp(t));
        assert.ok(shows(s, RULES), "Esc: the game, the rules below again" + show(s));
        assert.ok(boardShown(s), show(s));
        await dos.key("esc");
        await dos.screenUntil("gomorpion-leave", (t) => t.contains("Y/N"));
        await dos.key("y");
        await dos.screenUntil("gomorpion-menu", isMenu);
        await dos.key("3");
        const r = await dos.finished(7);
        assert.equal(r.errorlevel, 0);
        // A help page over Gomorpion's screen is the program's deepest path:
        // it must stay within the stack link.x (link86.x) reserves (an overflow would
        // reach .bss, just below the stack: the mouse flag, then the page).
        const peak = Number(/STACK high_water=(\d+) bytes/.exec(r.output)[1]);
        const reserve = h.stackReserve();
        console.log(`# a Gomorpion help page: stack high-water ${peak} of the ${reserve} reserved`);
        assert.ok(peak < reserve, `stack ${peak} bytes, only ${reserve} reserved`);
    });
});
