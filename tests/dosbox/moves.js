"use strict";
// Your move against the computer by a click, checked as the games of
// computer.test.js and strong.test.js check it.

const assert = require("node:assert/strict");
const h = require("./harness");

const show = (s) => "\n" + s.toString();
const count = (s) => Object.keys(h.boardStones(s)).length;

/**
 * One round against the computer: clicks the point the harness's player
 * chooses on `board` (the ply `ply`), waits until the stone and the
 * computer's reply (or the game's end) show, and checks that the stone is
 * X, that every stone of `board` stays, and that the computer added one O
 * (none after your winning stone). Adds the moves to `log`. Returns { s,
 * now, reply, winner, ctx }: the screen, its stones, the reply's point,
 * "X" or "O" once the game is won (else null), and the context for messages.
 */
async function playRound(dos, board, ply, log) {
    const mine = h.choosePoint(board, "X", "O");
    const { x, y } = h.boardCell(mine);
    await dos.click(x, y);
    const s = await dos.screenUntil(`move${String(ply / 2 + 1).padStart(2, "0")}-${mine}`,
        (t) => count(t) >= ply + 2 || /You win!|The computer wins!/.test(h.statusLine(t)));
    const now = h.boardStones(s);
    const ctx = `after your ${mine} (moves so far: ${log.join(" ")})` + show(s);
    assert.equal(now[mine], "X", "your stone " + ctx);
    for (const [p, v] of Object.entries(board)) assert.equal(now[p], v, `the stone on ${p} stays ` + ctx);
    const fresh = Object.keys(now).filter((p) => !(p in board)).sort();
    log.push(mine);
    if (/You win!/.test(h.statusLine(s))) {
        assert.deepEqual(fresh, [mine], "no reply after your winning stone " + ctx);
        return { s, now, reply: null, winner: "X", ctx };
    }
    assert.equal(fresh.length, 2, "your stone and one reply " + ctx);
    const reply = fresh.find((p) => p !== mine);
    assert.equal(now[reply], "O", "the computer plays O " + ctx);
    log.push(reply);
    const winner = /The computer wins!/.test(h.statusLine(s)) ? "O" : null;
    return { s, now, reply, winner, ctx };
}

module.exports = { playRound };
