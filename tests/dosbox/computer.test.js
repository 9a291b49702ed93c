// End-to-end tests of playing against the computer in the real PISKRS.COM
// (DOSBox-X, machine=svga_s3): a whole game by clicks, the computer's opening
// stone, leaving a game, take back, the move list and the hint. Each describe
// is one emulator run; its steps depend on the steps before them, in order.
// PNGs of every step land in shots/.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");
const { piskrsForSuite } = require("./suite");
const { playRound } = require("./moves");

const T = { timeout: 60000 };
const GAME_T = { timeout: 300000 };
const MAX_PLIES = 120;
// VGA attributes (src/dos/display.rs): stones on the brown board, the
// computer's last move on bright red, a winning five on bright green.
const ATTR = { black: 0x60, white: 0x6f, blackLast: 0xc0, whiteLast: 0xcf, blackWin: 0xa0, whiteWin: 0xaf };
const RED = [ATTR.blackLast, ATTR.whiteLast];
const GREEN = [ATTR.blackWin, ATTR.whiteWin];

const { boardCell: pt, boardStones: stones, boardAttr: attrAt, statusLine: status, sidePanel: panel } = h;
const isMenu = h.isPiskrsMenu;
const isGame = h.isPiskrsGame;
const show = (s) => "\n" + s.toString();
const hex = (a) => "0x" + a.toString(16).padStart(2, "0");
const count = (s) => Object.keys(stones(s)).length;
/** Board points whose attribute is one of `attrs`. */
const pointsWithAttr = (s, attrs) => Object.keys(stones(s)).filter((p) => attrs.includes(attrAt(s, p))).sort();
/** Points that are in `now` and not in `was`. */
const added = (was, now) => Object.keys(now).filter((p) => !(p in was)).sort();
const turn = (s) => {
    const p = panel(s);
    const black = p.includes("Black (X) to move");
    const white = p.includes("White (O) to move");
    return black && !white ? "black" : white && !black ? "white" : "?";
};

const startPiskrs = h.startPiskrs;

// The test's own player (make five, else block, else build): h.choosePoint.
const choosePoint = h.choosePoint;
const DIRS = [[1, 0], [0, 1], [1, 1], [1, -1]];

/** Whether the points are five or more in a row, one after the other. */
function isStraightRun(points) {
    const ps = points.map(pt);
    if (ps.length < 5) return false;
    for (const [dc, dr] of DIRS) {
        // Sort along the direction and check each step is exactly (dc,dr).
        const key = (p) => (dc !== 0 ? p.c * dc : 0) + (dc === 0 ? p.r * dr : 0);
        const sorted = [...ps].sort((a, b) => key(a) - key(b));
        if (sorted.every((p, i) => i === 0 || (p.c - sorted[i - 1].c === dc && p.r - sorted[i - 1].r === dr))) return true;
    }
    return false;
}

/** Click `name` (the person's move) and wait for the computer's reply (or the end). */
async function playAndWaitReply(dos, name, step) {
    const before = await dos.screen(step + "-before", { shot: false });
    const n = count(before);
    const { x, y } = pt(name);
    await dos.click(x, y);
    return {
        before,
        after: await dos.screenUntil(step, (s) => count(s) >= n + 2 || /You win!|The computer wins!/.test(status(s))),
    };
}

/**
 * Play `n` moves of the test's player (each chosen on the board as it is),
 * each answered by the computer; returns the moves in order [you, computer, ...].
 */
async function playMoves(dos, n, step) {
    const moves = [];
    let s = await dos.screen(step + "-start", { shot: false });
    for (let i = 0; i < n; i++) {
        const name = choosePoint(stones(s), "X", "O");
        const r = await playAndWaitReply(dos, name, `${step}-${name}`);
        s = r.after;
        const reply = added(stones(r.before), stones(s)).filter((p) => p !== name);
        assert.equal(stones(s)[name], "X", `your stone on ${name}` + show(s));
        assert.equal(reply.length, 1, `one reply to ${name}` + show(s));
        moves.push(name, reply[0]);
    }
    return { moves, screen: s };
}

describe("against the computer (you begin, /SEED 1), by clicks", () => {
    let dos;
    piskrsForSuite((started) => { dos = started; }, "computer", [{ run: "PISKRS /SEED 1" }], { menu: true });

    it("a whole game to a win: the computer's newest stone alone is on bright red, then the five on bright green", GAME_T, async () => {
        await dos.key("1");
        let s = await dos.screenUntil("game", isGame);
        assert.deepEqual(stones(s), {}, show(s));
        assert.ok(panel(s).includes("You against the computer"), show(s));
        assert.equal(turn(s), "black", show(s));

        let board = {};
        let lastRed = null;
        let result = null;
        const log = [];
        for (let ply = 0; ply < MAX_PLIES && !result; ply += 2) {
            const move = await playRound(dos, board, ply, log);
            const { now, reply, ctx } = move;
            s = move.s;
            if (move.winner) {
                result = { winner: move.winner, screen: s };
                board = now;
                break;
            }
            assert.ok(status(s).includes(`The computer played ${reply}.`), "status names the reply " + ctx);
            const red = pointsWithAttr(s, RED);
            assert.deepEqual(red, [reply], "exactly one stone on bright red: the computer's newest " + ctx);
            assert.equal(attrAt(s, reply), ATTR.whiteLast, `${reply} is white on bright red (${hex(attrAt(s, reply))}) ` + ctx);
            if (lastRed) assert.equal(attrAt(s, lastRed), ATTR.white, `the old reply ${lastRed} is plain again ` + ctx);
            assert.notEqual(reply, lastRed, "the highlight moved");
            for (const p of Object.keys(now)) {
                if (p !== reply) assert.equal(attrAt(s, p), now[p] === "X" ? ATTR.black : ATTR.white, `plain stone ${p} ` + ctx);
            }
            assert.equal(turn(s), "black", "your move again " + ctx);
            lastRed = reply;
            board = now;
        }
        assert.ok(result, `no winner after ${MAX_PLIES} plies: ${log.join(" ")}` + show(s));
        s = result.screen;
        console.log(`# ${result.winner === "X" ? "you (Black) won" : "the computer (White) won"} after ${log.length} stones: ${log.join(" ")}`);
        const ctx = `moves: ${log.join(" ")}` + show(s);
        if (result.winner === "X") {
            assert.ok(status(s).includes("You win! Black wins!"), ctx);
            assert.ok(panel(s).includes("Black won"), ctx);
            // The computer's last reply keeps its red; it cannot be in your five.
            assert.deepEqual(pointsWithAttr(s, RED), [lastRed], ctx);
        } else {
            assert.ok(status(s).includes("The computer wins! White wins!"), ctx);
            assert.ok(panel(s).includes("White won"), ctx);
            assert.deepEqual(pointsWithAttr(s, RED), [], "the winning stone is green, not red " + ctx);
        }
        const five = pointsWithAttr(s, GREEN);
        assert.ok(five.length >= 5, "five or more stones on bright green " + ctx);
        for (const p of five) {
            assert.equal(board[p], result.winner, `${p} in the five is the winner's ` + ctx);
            assert.equal(attrAt(s, p), result.winner === "X" ? ATTR.blackWin : ATTR.whiteWin, `${p} ` + ctx);
        }
        assert.ok(isStraightRun(five), `the green stones ${five.join(" ")} are one line ` + ctx);
        assert.ok(five.includes(log[log.length - 1]), "the last stone is in the five " + ctx);
        // Any key returns to the menu; 1 starts a new, empty game.
        await dos.key("space");
        const menu = await dos.screenUntil("result-key-menu", isMenu);
        assert.ok(isMenu(menu), show(menu));
        await dos.key("1");
        const fresh = await dos.screenUntil("new-game", (t) => isGame(t) && count(t) === 0);
        assert.ok(isGame(fresh), show(fresh));
        assert.deepEqual(stones(fresh), {}, show(fresh));
        assert.equal(turn(fresh), "black", show(fresh));
        assert.deepEqual(pointsWithAttr(fresh, [...RED, ...GREEN]), [], show(fresh));
        dos.gameLog = log;
    });

    it("Esc mid-game asks; N continues with the board unchanged; Esc then Y returns to the menu", T, async () => {
        const { screen: played } = await playMoves(dos, 1, "esc-play");
        const board = stones(played);
        await dos.key("esc");
        let s = await dos.screenUntil("esc-asks", (t) => status(t).includes("Leave this game? Y/N"));
        assert.ok(status(s).includes("Leave this game? Y/N"), show(s));
        assert.deepEqual(stones(s), board, show(s));
        await dos.key("n");
        s = await dos.screenUntil("esc-n", (t) => !status(t).includes("Leave this game"));
        assert.ok(isGame(s), show(s));
        assert.ok(status(s).includes("The game goes on."), show(s));
        assert.deepEqual(stones(s), board, show(s));
        assert.equal(turn(s), "black", show(s));
        await dos.key("esc");
        s = await dos.screenUntil("esc-again", (t) => status(t).includes("Leave this game? Y/N"));
        assert.ok(status(s).includes("Leave this game? Y/N"), show(s));
        await dos.key("y");
        s = await dos.screenUntil("esc-y-menu", isMenu);
        assert.ok(isMenu(s), show(s));
    });

    it("take back: U, the [Undo U] button and U go back pair by pair to empty; then nothing to take back", T, async () => {
        await dos.key("1");
        let s = await dos.screenUntil("undo-game", (t) => isGame(t) && count(t) === 0);
        assert.deepEqual(stones(s), {}, show(s));
        const snaps = [{}];
        const moves = [];
        for (let i = 0; i < 3; i++) {
            const r = await playMoves(dos, 1, "undo-play");
            moves.push(...r.moves);
            snaps.push(stones(r.screen));
        }
        assert.equal(Object.keys(snaps[3]).length, 6, "three pairs on the board" + show(s));
        const undo = [
            ["U", () => dos.key("u")],
            ["[Undo U] button", () => dos.click(4, 23)],
            ["U", () => dos.key("u")],
        ];
        for (let i = 0; i < undo.length; i++) {
            const [how, act] = undo[i];
            const want = snaps[2 - i];
            await act();
            s = await dos.screenUntil(`undo-${i + 1}`, (t) => count(t) === Object.keys(want).length);
            assert.deepEqual(stones(s), want, `after take back ${i + 1} (${how})` + show(s));
            assert.ok(status(s).includes("Taken back."), show(s));
            assert.equal(turn(s), "black", show(s));
            // The computer's reply before the pair taken back is on red again.
            const lastReply = i < 2 ? moves[2 * (2 - i) - 1] : null;
            assert.deepEqual(pointsWithAttr(s, RED), lastReply ? [lastReply] : [], `red after take back ${i + 1}` + show(s));
        }
        assert.deepEqual(stones(s), {}, show(s));
        await dos.key("u");
        s = await dos.screenUntil("undo-nothing", (t) => status(t).includes("Nothing to take back"));
        assert.ok(status(s).includes("Nothing to take back."), show(s));
        assert.deepEqual(stones(s), {}, show(s));
        await dos.key("backspace");
        s = await dos.screen("undo-nothing-backspace");
        assert.ok(status(s).includes("Nothing to take back."), show(s));
        assert.deepEqual(stones(s), {}, show(s));
    });

    it("N shows the moves by number in order; N again hides them", T, async () => {
        const { moves } = await playMoves(dos, 3, "numbers-play");
        await dos.key("n");
        let s = await dos.screenUntil("numbers-on", (t) => panel(t).includes("Moves:"));
        assert.equal(status(s).trim(), "The moves by number: PgUp, PgDn turn pages.", show(s));
        assert.equal(s.row(11).slice(46).trimEnd(), "Moves:", show(s));
        for (let i = 0; i < moves.length; i++) {
            // Number right-aligned in 3, X or O, the point: the first column of three.
            const want = `${String(i + 1).padStart(3)} ${i % 2 === 0 ? "X" : "O"} ${moves[i]}`;
            assert.equal(s.row(12 + i).slice(46).trimEnd(), want, `move list line ${i + 1}` + show(s));
        }
        assert.equal(s.row(12 + moves.length).slice(46).trim(), "", "nothing after the last move" + show(s));
        await dos.key("n");
        s = await dos.screenUntil("numbers-off", (t) => !panel(t).includes("Moves:"));
        assert.ok(!panel(s).includes("Moves:"), show(s));
        assert.ok(panel(s).includes("N shows the moves by number."), show(s));
        assert.ok(status(s).includes("Move numbers hidden."), show(s));
        assert.equal(count(s), moves.length, show(s));
    });

    it("H marks a free point with < > and the status names the same point", T, async () => {
        const before = await dos.screen("hint-before");
        // Move the cursor to the corner, away from any hint (its brackets are drawn last).
        for (let i = 0; i < 12; i++) await dos.keys("left", "down");
        await dos.key("h");
        const s = await dos.screenUntil("hint", (t) => status(t).includes("Hint:"));
        const m = /Hint: ([A-S]\d{1,2}) \(marked < >\)\./.exec(status(s));
        assert.ok(m, "status names a point" + show(s));
        const marked = [];
        for (let c = 0; c < 19; c++) {
            for (let r = 1; r <= 19; r++) {
                const { x, y } = pt(h.pointName(c, r));
                if (s.char(x - 1, y) === "<" && s.char(x + 1, y) === ">") marked.push(h.pointName(c, r));
            }
        }
        assert.deepEqual(marked, [m[1]], "exactly the named point is marked" + show(s));
        assert.equal(stones(s)[m[1]], undefined, "the hint is a free point" + show(s));
        assert.deepEqual(stones(s), stones(before), "a hint places nothing" + show(s));
        // Playing the hint takes the marks away; the computer replies.
        const r = await playAndWaitReply(dos, m[1], "hint-played");
        assert.equal(stones(r.after)[m[1]], "X", show(r.after));
        assert.ok(!r.after.rows.slice(1, 20).some((row) => /[<>]/.test(row.slice(0, 44))), "no marks left" + show(r.after));
        await dos.leaveToMenu("leave");
        await dos.key("3"); // 3 quits at once
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

describe("the computer begins (key 2): its first stone is near J10", () => {
    const SEEDS = [1, 777, 4242, 31337, 9, 777];
    const firsts = [];
    let dos;
    before(async () => {
        dos = await startPiskrs("computer-begins", SEEDS.map((seed) => ({ run: `PISKRS /SEED ${seed}` })));
    });
    after(async () => { if (dos) await dos.exit(); });

    for (let i = 0; i < SEEDS.length; i++) {
        const seed = SEEDS[i];
        it(`/SEED ${seed}: one X within two points of J10, on bright red; your move as White`, T, async () => {
            await dos.begun(i + 1);
            if (i > 0) await h.forgetDumps(dos);
            let s = await dos.screenUntil(`seed${seed}-menu`, isMenu);
            assert.ok(isMenu(s), show(s));
            await dos.key("2");
            s = await dos.screenUntil(`seed${seed}-game`, (t) => isGame(t) && count(t) === 1);
            const all = stones(s);
            assert.equal(Object.keys(all).length, 1, show(s));
            const [first] = Object.keys(all);
            const { c, r } = pt(first);
            assert.equal(all[first], "X", show(s));
            assert.ok(Math.abs(c - 9) <= 2 && Math.abs(r - 10) <= 2, `${first} is within two points of J10` + show(s));
            assert.equal(attrAt(s, first), ATTR.blackLast, `black on bright red, got ${hex(attrAt(s, first))}` + show(s));
            assert.ok(panel(s).includes("The computer against you"), show(s));
            assert.ok(status(s).includes("The computer began."), show(s));
            assert.equal(turn(s), "white", show(s));
            firsts.push(first);
            await dos.leaveToMenu(`seed${seed}-leave`);
            await dos.key("3"); // 3 quits at once
            assert.equal((await dos.finished(i + 1)).errorlevel, 0);
        });
    }

    it("the same seed gives the same opening stone; the seeds do not all agree", () => {
        assert.equal(firsts.length, SEEDS.length, "every seed ran");
        assert.equal(firsts[5], firsts[1], `/SEED 777 twice: ${firsts.join(" ")}`);
        assert.ok(new Set(firsts).size > 1, `openings by seed ${SEEDS.join(",")}: ${firsts.join(" ")}`);
        console.log(`# openings by seed ${SEEDS.join(",")}: ${firsts.join(" ")}`);
    });
});
