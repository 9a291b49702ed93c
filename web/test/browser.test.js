// The browser way, end to end: web/server.js serves the page, headless Debian Chromium runs the
// js-dos player with the real target/PISKRS.COM, and the test reads the menu back from the emulated
// text screen, starts a two-player game with the keyboard and places a stone with a mouse click on
// the canvas, which the screen then shows.
//
// How the screen is read: PISKRS writes its 80x25 text video memory (4000 bytes: character,
// attribute) to SCRnnnnn.BIN in the current directory when F12 is pressed. The test presses F12
// through the player's CommandInterface (window.piskrs.ci, see public/piskrs.js), waits for the new
// file in the emulator's file system (ci.fsTree) and reads it back with ci.fsReadFile.
//
// Every request the page makes that is not to the local server is recorded and aborted; the test
// fails if there is any.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const { chromium } = require("playwright-core");
const { start } = require("../server.js");

const ROOT = path.resolve(__dirname, "..", "..");
const COM = path.join(ROOT, "target", "PISKRS.COM");
const SHOTS = path.join(__dirname, "..", "shots");
const CHROMIUM = "/usr/bin/chromium";

// js-dos key code of F12 (emulators' KBD_f12).
const KBD_F12 = 301;
// DOSBox-X draws 80x25 text mode as 720x400 pixels: 9x16 cells.
const COLS = 80;
const ROWS = 25;

/** Screen text from a 4000-byte dump: 25 strings of 80 characters (non-ASCII bytes become '#'). */
function screenLines(bytes) {
    const lines = [];
    for (let y = 0; y < ROWS; y++) {
        let line = "";
        for (let x = 0; x < COLS; x++) {
            const ch = bytes[(y * COLS + x) * 2];
            line += ch >= 0x20 && ch < 0x7f ? String.fromCharCode(ch) : "#";
        }
        lines.push(line);
    }
    return lines;
}

const show = (lines) => lines.map((l, y) => `${String(y).padStart(2)}|${l.trimEnd()}`).join("\n");

/** Screen position of board point (c = 0..18 for A..S, r = 1..19), from the program's contract. */
const cellOf = (c, r) => ({ x: 4 + 2 * c, y: 20 - r });

let server;
let url;
let profile;
let context;
let page;
const offsite = [];
const requested = [];
const pageErrors = [];

before(async () => {
    // Build (incremental: about a second once built) so the test runs the current program.
    const build = spawnSync("cargo", ["com"], { cwd: ROOT, stdio: "inherit", timeout: 600_000 });
    assert.equal(build.status, 0, "cargo com failed");
    assert.ok(fs.existsSync(COM), `${COM} is missing`);
    assert.ok(fs.existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`);

    ({ server, url } = await start({ port: 0, comPath: COM }));
    profile = fs.mkdtempSync(path.join(os.tmpdir(), "piskrs-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
        ],
        viewport: { width: 1024, height: 640 },
    });
    // context.route also sees the requests of the player's web worker (the emulator runs there).
    context.on("request", (r) => requested.push(r.url()));
    await context.route("**/*", (route) => {
        const u = route.request().url();
        if (u.startsWith(url) || u.startsWith("data:") || u.startsWith("blob:")) {
            return route.continue();
        }
        offsite.push(u);
        return route.abort();
    });
    page = context.pages()[0] || await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(e.message));
});

after(async () => {
    await context?.close();
    server?.close();
    if (profile) {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    }
});

/**
 * Presses F12 and returns the screen PISKRS dumps, or null if no new dump appears in timeoutMs
 * (e.g. the program is not running yet).
 */
async function dumpScreen(timeoutMs = 3000) {
    const bytes = await page.evaluate(async ({ key, timeoutMs }) => {
        const ci = window.piskrs.ci;
        const dumps = async () => ((await ci.fsTree()).nodes || [])
            .filter((n) => /^SCR\d{5}\.BIN$/i.test(n.name));
        const old = new Set((await dumps()).map((n) => n.name));
        ci.simulateKeyPress(key);
        const end = Date.now() + timeoutMs;
        while (Date.now() < end) {
            await new Promise((r) => setTimeout(r, 100));
            const fresh = (await dumps()).find((n) => !old.has(n.name) && n.size >= 4000);
            if (fresh) {
                return Array.from(await ci.fsReadFile(fresh.name)).slice(0, 4000);
            }
        }
        return null;
    }, { key: KBD_F12, timeoutMs });
    return bytes && screenLines(bytes);
}

/** Dumps the screen until pred(lines) holds; returns those lines. */
async function waitForScreen(what, pred, timeoutMs) {
    const end = Date.now() + timeoutMs;
    let last = null;
    while (Date.now() < end) {
        // PISKRS dumps within a few frames; a press that finds no program running is simply lost.
        const lines = await dumpScreen(1500);
        if (lines) {
            last = lines;
            if (pred(lines)) {
                return lines;
            }
        }
        await page.waitForTimeout(300);
    }
    assert.fail(`timed out waiting for ${what}; last screen:\n${last ? show(last) : "(no dump)"}`);
}

test("the page runs PISKRS.COM: menu read back, a click places Black's stone", { timeout: 180_000 }, async (t) => {
    const t0 = Date.now();
    fs.mkdirSync(SHOTS, { recursive: true });

    // The menu, read from the emulated text screen. The WebAssembly DOSBox-X now and then aborts
    // while starting, before any DOS output: only then the page is loaded again (at most 3 times).
    let menu;
    for (let attempt = 1; !menu; attempt++) {
        await page.goto(url);
        let started = false;
        try {
            await page.waitForFunction(() => window.piskrs && (window.piskrs.ci || window.piskrs.error),
                null, { timeout: 30_000 });
            started = true;
            assert.equal(await page.evaluate(() => window.piskrs.error), null);
            menu = await waitForScreen("the menu", (l) => l.join("\n").includes("4  Two players"), 40_000);
        } catch (e) {
            const dosOutput = await page.evaluate(() => (window.piskrs ? window.piskrs.stdout.length : 0));
            const pageError = started && await page.evaluate(() => window.piskrs.error);
            if (dosOutput > 0 || pageError || attempt === 3) {
                throw e;
            }
            t.diagnostic(`attempt ${attempt}: the emulator gave no DOS output; loading the page again ` +
                `(page errors: ${JSON.stringify(pageErrors)})`);
            pageErrors.length = 0;
        }
    }
    const menuText = menu.join("\n");
    assert.match(menuText, /PISKRS/);
    assert.match(menuText, /4 {2}Two players/);
    t.diagnostic(`menu read back after ${Date.now() - t0} ms`);
    await page.screenshot({ path: path.join(SHOTS, "browser-menu.png") });

    // Key 4 (a real key press in the page) starts a two-player game.
    await page.keyboard.press("4", { delay: 60 });
    const board = await waitForScreen("the game screen",
        (l) => !l.join("\n").includes("4  Two players"), 20_000);

    // Target: P15 (column 15, row 15): off the centre, where the board cursor starts.
    const target = cellOf(15, 15);
    assert.notEqual(board[target.y][target.x], "X", `P15 is taken before the click:\n${show(board)}`);

    // Map the cell to canvas pixels. The emulated screen is 720x400 (9x16 cells) and the canvas
    // shows it whole, unscaled in aspect, so a cell is (width/80) x (height/25) on the canvas.
    const frame = await page.evaluate(() => {
        const r = window.piskrs.canvas().getBoundingClientRect();
        return { left: r.left, top: r.top, width: r.width, height: r.height,
            emuWidth: window.piskrs.ci.width(), emuHeight: window.piskrs.ci.height() };
    });
    assert.deepEqual([frame.emuWidth, frame.emuHeight], [720, 400], "80x25 text mode is 720x400 in DOSBox-X");
    assert.ok(Math.abs(frame.width / frame.height - 720 / 400) < 0.01,
        `canvas aspect ${frame.width}x${frame.height} is not 720:400`);
    const px = frame.left + ((target.x + 0.5) * 9) * (frame.width / 720);
    const py = frame.top + ((target.y + 0.5) * 16) * (frame.height / 400);
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y) === window.piskrs.canvas(), [px, py]);
    assert.ok(hit, "the click point is not on the canvas");

    await page.mouse.move(px, py);
    await page.waitForTimeout(100);
    await page.mouse.down();
    await page.waitForTimeout(150);
    await page.mouse.up();

    const played = await waitForScreen("the stone at P15",
        (l) => l[target.y][target.x] === "X", 20_000);
    // Exactly one Black stone on the board, and it is at P15.
    const stones = [];
    for (let r = 1; r <= 19; r++) {
        for (let c = 0; c < 19; c++) {
            const { x, y } = cellOf(c, r);
            if (played[y][x] === "X") {
                stones.push(`${"ABCDEFGHIJKLMNOPQRS"[c]}${r}`);
            }
        }
    }
    assert.deepEqual(stones, ["P15"], `board after the click:\n${show(played)}`);

    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, "browser-after-click.png") });

    assert.deepEqual(offsite, [], "the page asked for something off this machine");
    assert.ok(requested.some((u) => u.endsWith("/js-dos/emulators/wdosbox-x.wasm")),
        `the emulator was not seen loading:\n${requested.join("\n")}`);
    t.diagnostic(`requests: ${requested.map((u) => u.replace(url, "/")).join(" ")}`);
    assert.deepEqual(pageErrors, [], "errors in the page");
    t.diagnostic(`browser test wall time ${Date.now() - t0} ms (page load to stone)`);
});
