// End-to-end tests of what a player meets (issue 19) in DOSBox-X: the Mist
// kept secret against the computer, texts without a mouse, the save and load
// prompts, the end of a game (U, S, N), N's move list in pages, the mouse
// pointer keeping a stone's colours, O bright on a monochrome adapter, and the
// status while the computer thinks. Each describe is one emulator start; its
// steps depend on the steps before them, in order. PNGs land in shots/.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");
const { piskrsForSuite } = require("./suite");

const T = { timeout: 60000 };
const LONG = { timeout: 240000 };
const MIST = 0xb0; // ░
const ATTR = { mist: 0x78, blackLast: 0xc0, whiteLast: 0xcf, blackWin: 0xa0 };
const { statusLine: status, sidePanel: panel } = h;
const show = (s) => "\n" + s.toString();
const isMenu = h.isPiskrsMenu;
const isGame = h.isPiskrsGame;
const stonesOn = (s) => { const m = /Stones on the board: (\d+)/.exec(panel(s)); return m ? Number(m[1]) : -1; };
const keyBar = (s) => s.row(24).trimEnd();
const WIN_TAIL = " wins! U undo, S save, N moves, P replay; else menu.";
const END_KEY_BAR = " F1 Help  U Undo  S Save  N Numbers  P Replay  Other keys: menu";

const startPiskrs = h.startPiskrs;

/** The move list's entry for move i (0-based): number right-aligned in 3, X or O, the point. */
const moveEntry = (i, point) => `${String(i + 1).padStart(3)} ${i % 2 === 0 ? "X" : "O"} ${point}`;

/** The move list N shows: ten rows from y = 12, columns at x = 46, 57, 68 (11 wide). */
function listedMoves(s) {
    const out = [];
    for (let col = 0; col < 3; col++) {
        for (let row = 0; row < 10; row++) {
            const cell = s.row(12 + row).slice(46 + 11 * col, 46 + 11 * col + 11).trimEnd();
            if (cell) out.push(cell);
        }
    }
    return out;
}

/** Run a command on the Mist's command line (C, the text, Enter); returns the status line's answer. */
async function mistCommand(dos, text, step) {
    await dos.key("c");
    await dos.screenUntil(`${step}-prompt`, (t) => status(t).startsWith(" Command: "));
    await dos.type(text);
    await dos.screenUntil(`${step}-typed`, (t) => status(t).includes(`Command: ${text}_`));
    await dos.key("enter");
    const s = await dos.screenUntil(step, (t) => !status(t).includes("Command:"));
    return { answer: status(s).trim(), screen: s };
}

// ---------------------------------------------------------------------------
// The Mist against the computer: nothing on the screen names its hidden moves

describe("the Mist against the computer (/MIST /SEED 4 /PLAY 1): its moves stay secret", () => {
    let dos;
    const stored = []; // {screen, count, step}: every screen, checked once the moves are known
    let mine = [];
    piskrsForSuite((started) => { dos = started; }, "mist-secret", [{ run: "PISKRS /MIST /SEED 4 /PLAY 1" }]);

    it("after each reply: 'The computer has moved.', no Last move", LONG, async () => {
        const s = await dos.screenUntil("start", isGame);
        assert.ok(panel(s).includes("You against the computer"), show(s));
        assert.ok(panel(s).includes("Gomoku in the Mist"), show(s));
        const wanted = ["K10", "L11", "M12", "K12", "L10", "N13", "J9", "K9", "M10", "N11"];
        // Four moves each: the computer cannot have five yet, so the game goes on.
        const r = await h.playMistAgainstComputer(dos, wanted, 4, "move");
        mine = r.mine;
        for (const { screen, count, step } of r.screens) {
            stored.push({ screen, count, step });
            assert.equal(status(screen).trim(), "The computer has moved.", step + show(screen));
            assert.ok(!panel(screen).includes("Last move:"), "no Last move after the computer's " + step + show(screen));
        }
        console.log(`# your moves ${mine.join(" ")}; refused (the computer's, under the mist) ${r.refused.join(" ") || "none"}`);
    });

    it("N lists your moves by their points and the computer's as ?", T, async () => {
        await dos.key("n");
        const s = await dos.screenUntil("numbers", (t) => panel(t).includes("Moves:"));
        stored.push({ screen: s, count: 2 * mine.length, step: "numbers" });
        assert.equal(s.row(11).slice(46).trimEnd(), "Moves:", show(s));
        const want = [];
        mine.forEach((p, i) => { want.push(moveEntry(2 * i, p), moveEntry(2 * i + 1, "?")); });
        assert.deepEqual(listedMoves(s), want, show(s));
        await dos.key("n");
        const off = await dos.screenUntil("numbers-off", (t) => !panel(t).includes("Moves:"));
        stored.push({ screen: off, count: 2 * mine.length, step: "numbers-off" });
    });

    it("C history writes ? for each computer move; C view names the hole's centre", T, async () => {
        const history = await mistCommand(dos, "history", "history");
        stored.push({ screen: history.screen, count: 2 * mine.length, step: "history" });
        assert.equal(history.answer, mine.map((p) => p + "?").join(""), show(history.screen));
        const view = await mistCommand(dos, "view", "view");
        stored.push({ screen: view.screen, count: 2 * mine.length, step: "view" });
        const centre = /Hole centre: ([A-S]\d{1,2})/.exec(panel(view.screen));
        assert.ok(centre, show(view.screen));
        assert.equal(view.answer, `The hole: the clear 7x7 around ${centre[1]}, in the panel.`, show(view.screen));
    });

    it("saved with S, the computer's real moves are nowhere on any screen outside the hole", LONG, async () => {
        await dos.key("s");
        let s = await dos.screenUntil("save-prompt", (t) => status(t).includes("GAME.PSQ_"));
        stored.push({ screen: s, count: 2 * mine.length, step: "save-prompt" });
        await dos.key("enter");
        s = await dos.screenUntil("saved", (t) => status(t).includes("Saved to"));
        assert.equal(status(s).trim(), "Saved to GAME.PSQ.", show(s));
        stored.push({ screen: s, count: 2 * mine.length, step: "saved" });
        const moves = h.psqMoves(await dos.readFile("GAME.PSQ"));
        assert.equal(moves.length, 2 * mine.length, moves.join(" "));
        assert.deepEqual(moves.filter((_, i) => i % 2 === 0), mine, "your moves in the file: " + moves.join(" "));
        console.log(`# the game from GAME.PSQ: ${moves.join(" ")}`);

        let hiddenChecked = 0;
        for (const { screen, count, step } of stored) {
            const stones = {};
            moves.slice(0, count).forEach((p, i) => { stones[p] = i % 2 === 0 ? "X" : "O"; });
            const centre = h.mistCentreAfter(moves[count - 1]);
            const ctx = `${step} (${moves.slice(0, count).join(" ")}; hole centre ${centre})`;
            assert.ok(panel(screen).includes(`Hole centre: ${centre}`), ctx + show(screen));
            const bad = [];
            // The board: outside the hole only mist; inside, the stones.
            for (const [p, stone] of Object.entries(stones)) {
                const { x, y } = h.boardCell(p);
                if (h.inMistHole(centre, p)) {
                    if (screen.char(x, y) !== stone) bad.push(`${p} in the hole shows ${screen.char(x, y)}, not ${stone}`);
                } else if (screen.code(x, y) !== MIST || screen.attr(x, y) !== ATTR.mist) {
                    bad.push(`${p} under the mist shows ${screen.char(x, y)} attr ${screen.attr(x, y).toString(16)}`);
                }
            }
            // The text: no hidden computer stone named (the panel's hole centre may be).
            const text = screen.rows.map((r) => r.replace(/Hole centre: [A-S]\d{1,2}/, "")).join("\n");
            for (const p of moves.slice(0, count).filter((_, i) => i % 2 === 1)) {
                if (h.inMistHole(centre, p)) continue;
                hiddenChecked += 1;
                if (h.namesPoint(text, p)) bad.push(`the hidden ${p} is named on the screen`);
            }
            // No red (last-move) background anywhere but on a point of the hole.
            for (let y = 0; y < 25; y++) for (let x = 0; x < 80; x++) {
                const bg = screen.attr(x, y) >> 4;
                if (bg !== 0xc && bg !== 0x4) continue;
                const point = y >= 1 && y <= 19 && x >= 4 && x <= 40 && x % 2 === 0 ? h.pointName((x - 4) / 2, 20 - y) : null;
                if (!point || !h.inMistHole(centre, point)) bad.push(`a red cell at (${x},${y}) ${point || ""} outside the hole`);
            }
            assert.deepEqual(bad, [], ctx + show(screen));
        }
        console.log(`# ${stored.length} screens checked; hidden computer stones checked ${hiddenChecked} times`);
        assert.ok(hiddenChecked > 0, "some computer stones were hidden");
        await dos.leaveToMenu("leave");
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

// ---------------------------------------------------------------------------
// The pointer, the save and load prompts, the end of a game; the status while
// the computer thinks (read from the emulator's frame)

describe("two players by clicks (/PLAY 4): the pointer keeps colours, the save prompt, the end; then Strong thinking (/TIME 10)", () => {
    let dos;
    const glyphs = new Map(); // the font, learned from frames of known screens
    /** A dump and the frame of the same screen (the dump hides the pointer; the frame shows it). */
    async function screenAndFrame(step, predicate) {
        const s = predicate ? await dos.screenUntil(step, predicate) : await dos.screen(step);
        await h.sleep(300); // the pointer is shown again after the dump: let a frame show it
        const img = await h.frame(dos);
        return { s, img };
    }
    /** The attribute of board point p in the dump, and the one its cell shows in the frame. */
    function pointerCheck(s, img, p, ctx) {
        const { x, y } = h.boardCell(p);
        const stone = s.attr(x, y);
        const seen = h.cellAttrInFrame(img, x, y);
        assert.equal(seen.attr, stone ^ 0x80,
            `${ctx}: under the pointer ${p} (${s.char(x, y)}, attribute ${stone.toString(16)}h) should show ${(stone ^ 0x80).toString(16)}h ` +
            `(only bit 7 flipped), shows ${seen.attr === null ? "one colour " + seen.bg : seen.attr.toString(16) + "h"}` + show(s));
        return stone;
    }
    before(async () => {
        // 3000 cycles (the reference 386): Strong's replies, under a second at
        // the default 20000, take several seconds, and the frames can show the status.
        dos = await startPiskrs("pointer", [{ run: "PISKRS /PLAY 4" }, { run: "PISKRS /LEVEL STRONG /TIME 10 /PLAY 1" }], { cycles: 3000 });
        await dos.begun(1);
        const s = await dos.screenUntil("start", isGame);
        assert.ok(isGame(s), show(s));
    });
    after(async () => { if (dos) await dos.exit(); });

    it("the pointer on a stone just placed flips only attribute bit 7; moved away, the stone shows its own colours", T, async () => {
        // Both stones are placed before any assertion, so that a failure here
        // leaves the game as the next steps expect.
        const failures = [];
        for (const [i, p] of ["K10", "L10"].entries()) {
            const { x, y } = h.boardCell(p);
            await dos.click(x, y);
            let { s, img } = await screenAndFrame(`placed-${p}`, (t) => stonesOn(t) === i + 1);
            const stone = s.attr(x, y);
            try {
                assert.equal(stonesOn(s), i + 1, show(s));
                assert.equal(s.char(x, y), i === 0 ? "X" : "O", show(s));
                assert.equal(stone, i === 0 ? ATTR.blackLast : ATTR.whiteLast, "the last move on bright red" + show(s));
                pointerCheck(s, img, p, `after the click on ${p}`);
            } catch (e) { failures.push(e); }
            await dos.moveTo(60, 3);
            ({ s, img } = await screenAndFrame(`away-${p}`));
            h.learnGlyphs(glyphs, img, s);
            try {
                assert.equal(h.cellAttrInFrame(img, x, y).attr, stone, `${p} without the pointer shows its attribute ${stone.toString(16)}h` + show(s));
            } catch (e) { failures.push(e); }
        }
        if (failures.length) throw failures[0];
    });

    it("S: 'Save as (Enter saves, Esc cancels): GAME.PSQ_' and its key bar; Esc cancels", T, async () => {
        await dos.key("s");
        const prompt = await dos.screenUntil("save-prompt", (t) => status(t).includes("GAME.PSQ_"));
        await dos.key("esc"); // first, so that a failure here leaves the game as the next steps expect
        const s = await dos.screenUntil("save-cancelled", (t) => !status(t).includes("Save as"));
        assert.equal(status(prompt).trim(), "Save as (Enter saves, Esc cancels): GAME.PSQ_", show(prompt));
        assert.equal(keyBar(prompt), " Type a file name  Enter Save  Esc Cancel  Backspace Erase", show(prompt));
        assert.equal(stonesOn(s), 2, show(s));
        assert.ok(!keyBar(s).includes("Type a file name"), show(s));
    });

    it("Black's five: the status offers U, S, N; the key bar too; no [Hint H]; the pointer keeps the green; N lists the moves", T, async () => {
        const rest = ["K11", "L11", "K12", "L12", "K13", "L13", "K14"];
        for (const [i, p] of rest.entries()) {
            const { x, y } = h.boardCell(p);
            await dos.click(x, y);
            await dos.screenUntil(`win-${p}`, (t) => stonesOn(t) === i + 3);
        }
        const { s, img } = await screenAndFrame("won", (t) => status(t).includes("wins!"));
        h.learnGlyphs(glyphs, img, s, [22, 23]); // 24 holds F12's note
        assert.equal(status(s).trim(), "Black" + WIN_TAIL, show(s));
        assert.equal(keyBar(s), END_KEY_BAR, show(s));
        const buttons = s.row(23);
        assert.ok(!buttons.includes("[Hint H]"), "no hint after the end" + show(s));
        for (const b of ["[Undo U]", "[Numbers N]", "[Save S]"]) assert.ok(buttons.includes(b), b + show(s));
        assert.equal(pointerCheck(s, img, "K14", "the five's last stone"), ATTR.blackWin, show(s));
        await dos.moveTo(60, 3);
        await dos.key("n");
        const n = await dos.screenUntil("won-numbers", (t) => panel(t).includes("Moves:"));
        assert.deepEqual(listedMoves(n), ["K10", "L10", ...rest].map((p, i) => moveEntry(i, p)), show(n));
        assert.ok(status(n).includes("The moves by number"), show(n));
        assert.ok(panel(n).includes("Black won"), show(n));
    });

    it("another key goes to the menu; L: 'Load (Enter loads, Esc cancels): GAME.PSQ_'", T, async () => {
        await dos.key("space");
        const menu = await dos.screenUntil("menu", isMenu);
        await dos.key("l");
        const prompt = await dos.screenUntil("load-prompt", (t) => status(t).includes("GAME.PSQ_"));
        await dos.key("esc");
        const s = await dos.screenUntil("load-cancelled", (t) => isMenu(t) && !status(t).includes("GAME.PSQ_"));
        h.learnGlyphs(glyphs, await h.frame(dos), s);
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
        assert.ok(isMenu(menu), show(menu));
        assert.equal(status(prompt).trim(), "Load (Enter loads, Esc cancels): GAME.PSQ_", show(prompt));
    });

    it("after your move: 'You played J10. The computer is thinking...' while Strong thinks (read from the frame)", LONG, async () => {
        await dos.begun(2);
        await h.forgetDumps(dos);
        await dos.moveTo(79, 0);
        let s = await dos.screenUntil("strong-start", isGame);
        assert.ok(panel(s).includes("Level: Strong"), show(s));
        h.learnGlyphs(glyphs, await h.frame(dos), s);
        // Two moves: Enter on J10 (where the cursor starts), then a click; the
        // second reply takes Strong longer (the first may come in under a second).
        const results = [];
        let board = {};
        for (let move = 1; move <= 2; move++) {
            const point = move === 1 ? "J10" : h.choosePoint(board, "X", "O");
            const want = ` You played ${point}. The computer is thinking...`;
            const missing = [...new Set(want)].filter((ch) => ![...glyphs.values()].includes(ch));
            assert.deepEqual(missing, [], "every character of the expected status was learned from a known screen");
            const before = h.readFrameRow(await h.frame(dos), 22, glyphs).trimEnd();
            if (move === 1) await dos.key("enter");
            else { const { x, y } = h.boardCell(point); await dos.click(x, y); await dos.moveTo(79, 0); }
            const pressed = Date.now();
            // The program reads no keys while it thinks, so no dump: read the frames.
            const seen = [];
            let readAt = null;
            while (Date.now() < pressed + 8000) {
                const row = h.readFrameRow(await h.frame(dos), 22, glyphs).trimEnd();
                if (!seen.includes(row)) seen.push(row);
                if (row === want) { readAt = Date.now() - pressed; break; }
                if (/The computer played/.test(row) && row !== before) break; // the reply came first
                await h.sleep(100);
            }
            await dos.shot(`strong-thinking-${move}`);
            s = await dos.screenUntil(`strong-replied-${move}`, (t) => stonesOn(t) === 2 * move, { timeout: 60000 });
            assert.equal(stonesOn(s), 2 * move, show(s));
            assert.match(status(s).trim(), /^The computer played [A-S]\d{1,2}\.$/, show(s));
            board = h.boardStones(s);
            results.push({ want, readAt, replyAfter: Date.now() - pressed, seen });
        }
        console.log("# " + results.map((r, i) => `move ${i + 1}: the thinking status read ${r.readAt} ms after the move, the reply's screen after ${r.replyAfter} ms`).join("; "));
        assert.ok(results.every((r) => r.readAt !== null),
            "the status line in the frames while Strong thought: " + JSON.stringify(results.map((r) => ({ want: r.want, seen: r.seen }))));
        await dos.leaveToMenu("leave");
        await dos.key("3");
        assert.equal((await dos.finished(2)).errorlevel, 0);
    });
});

// ---------------------------------------------------------------------------
// N's move list in pages, and winning a loaded game against the computer

/** Whether `point` makes five or more in a row for `stone` on `board`. */
function makesFive(board, point, stone) {
    const { c, r } = h.boardCell(point);
    const at = (x, y) => x >= 0 && x < 19 && y >= 1 && y <= 19 && board[h.pointName(x, y)] === stone;
    return [[1, 0], [0, 1], [1, 1], [1, -1]].some(([dc, dr]) => {
        let n = 1;
        for (let k = 1; at(c + k * dc, r + k * dr); k++) n++;
        for (let k = 1; at(c - k * dc, r - k * dr); k++) n++;
        return n >= 5;
    });
}

/**
 * A game of `count` moves (even: Black to move) with no five, Black's first
 * four moves A1 B1 C1 D1 (so E1 wins for Black), the rest filled from the top
 * row down, each point skipped if it would make five.
 */
function longGame(count) {
    const moves = [], board = {};
    const fixed = ["A1", "B1", "C1", "D1"];
    const free = [];
    for (let r = 19; r >= 3; r--) for (let c = 0; c < 19; c++) free.push(h.pointName(c, r));
    while (moves.length < count) {
        const stone = moves.length % 2 === 0 ? "X" : "O";
        const p = stone === "X" && fixed.length ? fixed.shift() : free.find((q) => !board[q] && !makesFive(board, q, stone));
        board[p] = stone;
        moves.push(p);
    }
    return moves;
}

describe("N lists every move, 30 a page (a 44-move game, /LOAD); winning it against the computer", () => {
    let dos;
    const MOVES = longGame(44);
    before(async () => {
        const record = h.psqRecord(MOVES, "piskrs: game=PISKASM against the computer");
        dos = await startPiskrs("pages", [{ run: "PISKRS /LOAD LONG.PSQ" }], { files: { "LONG.PSQ": record } });
        await dos.begun(1);
    });
    after(async () => { if (dos) await dos.exit(); });

    it("loaded: N shows the last page (moves 31-44), PgUp the first (1-30), PgDn the last again", T, async () => {
        let s = await dos.screenUntil("loaded", (t) => status(t).includes("Loaded"));
        assert.equal(status(s).trim(), "Loaded LONG.PSQ: 44 moves. Black to move.", show(s));
        assert.ok(panel(s).includes("You against the computer"), show(s));
        await dos.key("n");
        s = await dos.screenUntil("numbers", (t) => panel(t).includes("Moves:"));
        assert.equal(status(s).trim(), "The moves by number: PgUp, PgDn turn pages.", show(s));
        const entries = MOVES.map((p, i) => moveEntry(i, p));
        assert.deepEqual(listedMoves(s), entries.slice(30), "the last page" + show(s));
        await dos.key("pageup");
        s = await dos.screenUntil("numbers-pgup", (t) => listedMoves(t)[0] === entries[0]);
        assert.deepEqual(listedMoves(s), entries.slice(0, 30), "PgUp: the page before" + show(s));
        assert.equal(s.row(21).slice(68).trimEnd(), entries[29], "move 30 at the third column's foot" + show(s));
        await dos.key("pageup");
        s = await dos.screen("numbers-pgup-again");
        assert.deepEqual(listedMoves(s), entries.slice(0, 30), "PgUp on the first page stays" + show(s));
        await dos.key("pagedown");
        s = await dos.screenUntil("numbers-pgdn", (t) => listedMoves(t)[0] === entries[30]);
        assert.deepEqual(listedMoves(s), entries.slice(30), "PgDn: the page after" + show(s));
        await dos.key("n");
        s = await dos.screenUntil("numbers-off", (t) => !panel(t).includes("Moves:"));
        assert.equal(stonesOn(s), 44, show(s));
    });

    it("E1 makes Black's five: 'You win! Black wins! U undo, S save, N moves, P replay; else menu.'; N shows all 45 moves", T, async () => {
        const { x, y } = h.boardCell("E1");
        await dos.click(x, y);
        await dos.moveTo(60, 3);
        let s = await dos.screenUntil("won", (t) => status(t).includes("wins!"));
        assert.equal(status(s).trim(), "You win! Black" + WIN_TAIL, show(s));
        assert.equal(keyBar(s), END_KEY_BAR, show(s));
        assert.ok(!s.row(23).includes("[Hint H]"), show(s));
        await dos.key("n");
        s = await dos.screenUntil("won-numbers", (t) => panel(t).includes("Moves:"));
        const entries = [...MOVES, "E1"].map((p, i) => moveEntry(i, p));
        assert.deepEqual(listedMoves(s), entries.slice(30), show(s));
        // (PgUp here would go to the menu: after the end only U, S and N stay.)
        await dos.key("esc");
        s = await dos.screenUntil("menu", isMenu);
        assert.ok(isMenu(s), show(s));
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

// ---------------------------------------------------------------------------
// Without a mouse, no text speaks of clicks

describe("no mouse driver (int33=false): no text mentions a click", () => {
    let dos;
    const noClick = (s, where) => {
        const lines = s.rows.map((r, y) => `${y}: ${r.trimEnd()}`).filter((r) => /click/i.test(r));
        assert.deepEqual(lines, [], `${where}: no "click" without a mouse` + show(s));
    };
    piskrsForSuite((started) => { dos = started; }, "no-mouse-texts", [{ run: "PISKRS" }], { mouse: false });

    it("the menu: 'Choose with a key.'", T, async () => {
        const s = await dos.screenUntil("menu", isMenu);
        assert.ok(s.contains("No mouse driver found"), show(s));
        assert.equal(status(s).trim(), "Choose with a key.", show(s));
        noClick(s, "the menu");
    });

    it("the help pages (F1 on the menu, both pages)", T, async () => {
        await dos.key("f1");
        const first = await dos.screenUntil("help", (t) => !isMenu(t));
        assert.ok(first.contains("Keys on the menu's lines:"), show(first));
        noClick(first, "the menu's first help page");
        await dos.key("pagedown");
        const second = await dos.screenUntil("help-2", (t) => t.contains("The games"));
        noClick(second, "the menu's second help page");
        await dos.key("esc");
        await dos.screenUntil("menu-again", isMenu);
    });

    it("a two-player game's start and Black's win (keys only)", T, async () => {
        await dos.key("4");
        let s = await dos.screenUntil("game", isGame);
        assert.match(status(s).trim(), /^Black begins/, show(s));
        noClick(s, "the game's start");
        // Black J10..J14 (Up), White K10..K13 (Right, then Up): Enter places.
        const path = [[], ["right"], ["left", "up"], ["right"], ["left", "up"], ["right"], ["left", "up"], ["right"], ["left", "up"]];
        for (const [i, keys] of path.entries()) {
            await dos.keys(...keys, "enter");
            s = await dos.screenUntil(`move-${i + 1}`, (t) => stonesOn(t) === i + 1 || status(t).includes("wins!"));
            noClick(s, `after move ${i + 1}`);
        }
        assert.equal(status(s).trim(), "Black" + WIN_TAIL, show(s));
        noClick(s, "after the win");
        await dos.key("space");
        await dos.screenUntil("menu-end", isMenu);
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

// ---------------------------------------------------------------------------
// A monochrome adapter: O is bright, brighter than the grid

describe("a monochrome adapter (machine=hercules; the dumps come from B000h)", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "mono-stones", [{ run: "PISKRS /PLAY 4" }], { conf: "[dosbox]\nmachine=hercules" });

    it("X and O are bright (0Fh), the grid normal (07h), the last move bright underlined (09h)", T, async () => {
        let s = await dos.screenUntil("game", isGame);
        const grid = h.boardAttr(s, "A1");
        assert.equal(grid, 0x07, "the grid" + show(s));
        // J10 X, K10 O, L10 X: K10 is an O that is not the last move.
        await dos.key("enter");
        await dos.screenUntil("x1", (t) => stonesOn(t) === 1);
        await dos.keys("right", "enter");
        await dos.screenUntil("o1", (t) => stonesOn(t) === 2);
        await dos.keys("right", "enter");
        s = await dos.screenUntil("x2", (t) => stonesOn(t) === 3);
        assert.deepEqual(h.boardStones(s), { J10: "X", K10: "O", L10: "X" }, show(s));
        assert.equal(h.boardAttr(s, "K10"), 0x0f, "O is bright" + show(s));
        assert.equal(h.boardAttr(s, "J10"), 0x0f, "X is bright" + show(s));
        assert.equal(h.boardAttr(s, "L10"), 0x09, "the last move: bright underline" + show(s));
        assert.equal(h.boardAttr(s, "A1"), 0x07, "the grid stays normal" + show(s));
        await dos.leaveToMenu("leave");
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});
