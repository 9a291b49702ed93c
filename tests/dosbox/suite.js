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

module.exports = { piskrsForSuite };
