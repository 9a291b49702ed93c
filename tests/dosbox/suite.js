"use strict";
// A describe block's one emulator, shared by its tests in turn: started
// before them, ended after them (player, variants, files).

const assert = require("node:assert/strict");
const { before, after } = require("node:test");
const h = require("./harness");

/**
 * Registers, in the describe block it is called in, the hooks that start
 * PISKRS (h.startPiskrs with `name`, `steps`, `opts`) and wait for its first
 * run to begin before the block's tests (with `menu`, also for the menu to
 * show; with `game`, for the game's screen), and end the emulator after them.
 * `use` receives the emulator as soon as it has started.
 */
function piskrsForSuite(use, name, steps, { menu = false, game = false, ...opts } = {}) {
    let dos;
    before(async () => {
        dos = await h.startPiskrs(name, steps, opts);
        use(dos);
        await dos.begun(1);
        const shown = menu ? ["menu", h.isPiskrsMenu] : game ? ["game", h.isPiskrsGame] : null;
        if (shown) {
            const s = await dos.screenUntil(...shown);
            assert.ok(shown[1](s), "\n" + s.toString());
        }
    });
    after(async () => { if (dos) await dos.exit(); });
}

/** Esc and Y to its question: back on the menu (checked); returns its screen. */
async function leaveToMenu(dos, step) {
    const s = await dos.leaveToMenu(step);
    assert.ok(h.isPiskrsMenu(s), "\n" + s.toString());
    return s;
}

/** 3 on the menu quits at once: run `n` ends with errorlevel 0. */
async function quitFromMenu(dos, n = 1) {
    await dos.key("3");
    assert.equal((await dos.finished(n)).errorlevel, 0);
}

/**
 * Waits for run `n` of the emulator's batch to begin and forgets the dumps
 * of the runs before it (each run numbers its F12 dumps from 1).
 */
async function beginRun(dos, n) {
    await dos.begun(n);
    await h.forgetDumps(dos);
}

module.exports = { piskrsForSuite, leaveToMenu, quitFromMenu, beginRun };
