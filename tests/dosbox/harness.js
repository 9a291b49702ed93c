// Test harness: runs DOS programs in DOSBox-X (npm `emulators`, WebAssembly)
// headless in Node, acting on them like a person (keys, mouse clicks) and
// reading their text screen back through a dump file the program writes.
//
// Each emulator lives in its own child process (runner.js): the WASM build
// sometimes aborts with "RuntimeError: unreachable", which would otherwise
// kill the test runner. A start whose child dies before the first stdout
// event is retried (at most MAX_RESTARTS times); a run that dies later is an
// error of the test, never retried.
"use strict";

const { fork } = require("child_process");
const fs = require("fs");
const path = require("path");
const { PNG } = require("pngjs");

const HERE = __dirname;

const REPO = path.resolve(HERE, "..", "..");
// PISKRS_COM in the environment points the tests at another build.
const PISKRS_COM = process.env.PISKRS_COM ? path.resolve(process.env.PISKRS_COM) : path.join(REPO, "target", "PISKRS.COM");
// PISKRS_CPU: the emulated CPU where a test names none (8086 for PISKRS86.COM:
// the whole suite runs against both files; see package.json's test:86).
const DEFAULT_CPU = process.env.PISKRS_CPU || "386";
// One folder a CPU: ./test runs the 386 and 8086 suites side by side, and a
// run clears its own old shots.
const SHOTS = path.join(HERE, "shots", DEFAULT_CPU);
// The linker script whose STACK_RESERVE the tested build has.
const BUILD_86 = path.basename(PISKRS_COM).toUpperCase() === "PISKRS86.COM";
const LINK_SCRIPT = BUILD_86 ? "link86.x" : "link.x";
const MAX_RESTARTS = 3;
// DOSBOX_CYCLES in the environment overrides the default (3000 = the slow reference 386).
const DEFAULT_CYCLES = Number(process.env.DOSBOX_CYCLES) || 20000;
const DEFAULT_TIMEOUT = 20000;

// js-dos / DOSBox-X key codes (GLFW numbering, as in js-dos'
// src/window/dos/controls/keys.ts).
const KEY = {
    esc: 256, enter: 257, tab: 258, backspace: 259, insert: 260, delete: 261,
    right: 262, left: 263, down: 264, up: 265, pageup: 266, pagedown: 267,
    home: 268, end: 269, capslock: 280, scrolllock: 281, numlock: 282,
    printscreen: 283, pause: 284,
    f1: 290, f2: 291, f3: 292, f4: 293, f5: 294, f6: 295, f7: 296, f8: 297,
    f9: 298, f10: 299, f11: 300, f12: 301,
    kp0: 320, kp1: 321, kp2: 322, kp3: 323, kp4: 324, kp5: 325, kp6: 326,
    kp7: 327, kp8: 328, kp9: 329, kpperiod: 330, kpdivide: 331,
    kpmultiply: 332, kpminus: 333, kpplus: 334, kpenter: 335,
    leftshift: 340, leftctrl: 341, leftalt: 342, rightshift: 344,
    rightctrl: 345, rightalt: 346,
    space: 32, quote: 39, comma: 44, minus: 45, period: 46, slash: 47,
    semicolon: 59, equals: 61, leftbracket: 91, backslash: 92,
    rightbracket: 93, grave: 96,
};
for (let i = 0; i < 26; i++) KEY[String.fromCharCode(97 + i)] = 65 + i; // a..z -> 65..90
for (let i = 0; i < 10; i++) KEY[String(i)] = 48 + i; // 0..9 -> 48..57
KEY[" "] = KEY.space;
KEY.escape = KEY.esc;
KEY.return = KEY.enter;

// Characters that type() can produce: [key, shifted]
const TYPE = {};
for (let i = 0; i < 26; i++) {
    TYPE[String.fromCharCode(97 + i)] = [65 + i, false];
    TYPE[String.fromCharCode(65 + i)] = [65 + i, true];
}
for (let i = 0; i < 10; i++) TYPE[String(i)] = [48 + i, false];
Object.assign(TYPE, {
    " ": [KEY.space, false], "\n": [KEY.enter, false], "\r": [KEY.enter, false],
    "/": [KEY.slash, false], "?": [KEY.slash, true], ".": [KEY.period, false],
    ",": [KEY.comma, false], "-": [KEY.minus, false], "_": [KEY.minus, true],
    "=": [KEY.equals, false], "+": [KEY.equals, true], ":": [KEY.semicolon, true],
    ";": [KEY.semicolon, false], "\\": [KEY.backslash, false],
    "!": [KEY["1"], true], "*": [KEY["8"], true], "$": [KEY["4"], true],
});

// CP437 -> Unicode (0x00 shown as a space).
const CP437 =
    " ☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼" +
    " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~⌂" +
    "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»" +
    "░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀" +
    "αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";
if ([...CP437].length !== 256) throw new Error("CP437 table has " + [...CP437].length + " entries");
const CP437_CHARS = [...CP437];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Normalised mouse position (0..1) of the centre of text cell (col,row) on a
 * screen of `rows` text rows (25; 43 or 50 with the 8x8 font): the window is
 * 8 pixels a row either way.
 */
function cellToMouse(col, row, rows = 25) {
    return { x: (8 * col + 4) / 640, y: (8 * row + 4) / (8 * rows) };
}

/** Bytes of a screen dump: 160 a row, for 25, 43 or 50 rows. */
const DUMP_SIZES = [4000, 6880, 8000];

/**
 * A decoded text screen: 80x25 (4000 bytes of char/attr pairs, row-major), or
 * 80x43 / 80x50 (6880 / 8000 bytes) for Gomorpion's board.
 */
class Screen {
    constructor(bytes, name) {
        if (!DUMP_SIZES.includes(bytes.length)) throw new Error("screen dump has " + bytes.length + " bytes, not 4000, 6880 or 8000");
        this.bytes = Uint8Array.from(bytes);
        this.name = name;
        this.rows = [];
        this.height = bytes.length / 160;
        for (let y = 0; y < this.height; y++) {
            let s = "";
            for (let x = 0; x < 80; x++) s += CP437_CHARS[this.bytes[2 * (80 * y + x)]];
            this.rows.push(s);
        }
    }
    /** Raw CP437 code of the character at (x,y). */
    code(x, y) { return this.bytes[2 * (80 * y + x)]; }
    /** Unicode character at (x,y). */
    char(x, y) { return CP437_CHARS[this.code(x, y)]; }
    /** Attribute byte at (x,y). */
    attr(x, y) { return this.bytes[2 * (80 * y + x) + 1]; }
    /** Row y as a Unicode string of 80 characters. */
    row(y) { return this.rows[y]; }
    get text() { return this.rows.join("\n"); }
    contains(s) { return this.rows.some((r) => r.includes(s)); }
    /** First position of s on the screen, or null. */
    find(s) {
        for (let y = 0; y < this.height; y++) {
            const x = this.rows[y].indexOf(s);
            if (x >= 0) return { x, y };
        }
        return null;
    }
    toString() { return this.rows.map((r, y) => String(y).padStart(2) + "|" + r.replace(/\s+$/, "")).join("\n"); }
}

function safeName(s) {
    return String(s).replace(/[^A-Za-z0-9_.-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 80) || "run";
}

function errorlevelChain(tag, max) {
    // `if errorlevel N` means ">= N"; never put a redirection on an IF line
    // (it aborts this DOSBox-X build), nor a bare > in an echo (it redirects).
    const lines = [];
    for (let n = max; n >= 1; n--) lines.push(`if errorlevel ${n} goto ${tag}e${n}`);
    lines.push(`echo ERRORLEVEL=0`, `goto ${tag}x`);
    for (let n = max; n >= 1; n--) {
        lines.push(`:${tag}e${n}`, n === max ? `echo ERRORLEVEL=${n}+` : `echo ERRORLEVEL=${n}`, `goto ${tag}x`);
    }
    lines.push(`:${tag}x`);
    return lines;
}

/**
 * Build a batch file. Each step is either a raw batch line (string) or
 * {run: "PROGRAM ARGS"}: that is wrapped as
 *   echo @@BEGIN n / PROGRAM ARGS / errorlevel chain / echo @@END n
 * with n counting the runs from 1. The batch ends with "echo @@DONE".
 */
function makeBatch(steps, { maxErrorlevel = 4 } = {}) {
    const lines = ["@echo off"];
    let n = 0;
    for (const s of steps) {
        if (typeof s === "string") { lines.push(s); continue; }
        n += 1;
        lines.push(`echo @@BEGIN ${n}`, s.run, ...errorlevelChain(`r${n}`, s.maxErrorlevel || maxErrorlevel), `echo @@END ${n}`);
    }
    lines.push("echo @@DONE");
    return lines.join("\r\n") + "\r\n";
}

function makeConf({ cycles = DEFAULT_CYCLES, mouse = true, cputype = DEFAULT_CPU, conf = "" } = {}) {
    return [
        "[dosbox]",
        "machine=svga_s3",
        "[cpu]",
        "core=normal",
        `cputype=${cputype}`,
        `cycles=fixed ${cycles}`,
        "[mixer]",
        "nosound=true",
        "[dos]",
        // int33=false: DOSBox-X installs no INT 33h mouse driver (AX=0 returns 0).
        `int33=${mouse ? "true" : "false"}`,
        conf,
        "[autoexec]",
        "mount c .",
        "c:",
        "RUN.BAT",
        "",
    ].join("\n");
}

class EmulatorDied extends Error {}

/** One running emulator (a child process). Use startDos() to get one. */
class DosRun {
    constructor(name, child) {
        this.name = safeName(name);
        this.child = child;
        this.stdout = "";
        this.stderr = "";
        this.sawStdout = false;
        this.dead = null; // reason string once the child is gone
        this.exiting = false;
        this.nextId = 1;
        this.pending = new Map();
        this.waiters = new Set();
        this.shotSeq = 0;
        this.dumpSeq = 0; // highest SCRnnnnn.BIN seen
        this.mousePos = null;
        child.on("message", (m) => this._onMessage(m));
        child.stderr.on("data", (d) => { this.stderr += d.toString(); });
        child.on("exit", (code, signal) => this._onExit(code, signal));
    }

    _onMessage(m) {
        if (m.type === "stdout") {
            this.sawStdout = true;
            this.stdout += m.text;
            for (const w of [...this.waiters]) w.check();
        } else if (m.type === "reply") {
            const p = this.pending.get(m.id);
            if (!p) return;
            this.pending.delete(m.id);
            if (m.ok) p.resolve(m.result);
            else p.reject(new Error(`${p.op} failed in the emulator: ${m.error}`));
        } else if (m.type === "started") {
            this.started = true;
        }
    }

    _onExit(code, signal) {
        const abort = /RuntimeError: [^\n]*/.exec(this.stderr);
        this.dead = this.exiting
            ? "the emulator was stopped"
            : `the emulator process died (exit ${code}${signal ? ", " + signal : ""})` +
              (abort ? `: ${abort[0]}` : "") +
              (this.sawStdout ? "" : " before the first stdout event");
        const err = new EmulatorDied(this.dead + (this.exiting ? "" : `\nstdout so far:\n${this.visibleStdout()}\nstderr:\n${this.stderr.slice(-2000)}`));
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
        for (const w of [...this.waiters]) w.fail(err);
    }

    _call(op, args = {}) {
        if (this.dead) return Promise.reject(new EmulatorDied(this.dead));
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { resolve, reject, op });
            this.child.send({ id, op, ...args });
        });
    }

    /** stdout with the DOSBox-X welcome banner's ANSI codes removed. */
    visibleStdout() {
        // eslint-disable-next-line no-control-regex
        return this.stdout.replace(/\x1b\[[0-9;]*m/g, "");
    }

    /**
     * Wait until the accumulated stdout matches `pattern` (string or RegExp).
     * Returns the match (RegExp) or the index (string).
     */
    waitForStdout(pattern, { timeout = DEFAULT_TIMEOUT } = {}) {
        const test = () => {
            const out = this.visibleStdout();
            if (typeof pattern === "string") { const i = out.indexOf(pattern); return i >= 0 ? { index: i } : null; }
            return pattern.exec(out);
        };
        return new Promise((resolve, reject) => {
            const w = {
                check: () => { const m = test(); if (m) { done(); resolve(m); } },
                fail: (e) => { done(); reject(e); },
            };
            const timer = setTimeout(() => {
                done();
                reject(new Error(`timed out after ${timeout} ms waiting for ${pattern} on stdout; stdout:\n${this.visibleStdout().slice(-3000)}`));
            }, timeout);
            const done = () => { clearTimeout(timer); this.waiters.delete(w); };
            if (this.dead) return w.fail(new EmulatorDied(this.dead));
            this.waiters.add(w);
            w.check();
        });
    }

    /** Wait for "@@BEGIN n" (the batch is about to start run n). */
    async begun(n = 1, opts) { await this.waitForStdout(`@@BEGIN ${n}\r\n`, opts); }

    /**
     * Wait for run n to end; returns {errorlevel, output}: output is what the
     * program printed between the markers (errorlevel line excluded);
     * errorlevel is a number (or ">=N" past the chain's top).
     */
    async finished(n = 1, opts) {
        const re = new RegExp(`@@BEGIN ${n}\\r\\n([\\s\\S]*?)ERRORLEVEL=(\\d+)(\\+?)\\r\\n@@END ${n}\\r\\n`);
        const m = await this.waitForStdout(re, opts);
        return { output: m[1], errorlevel: m[3] ? ">=" + m[2] : Number(m[2]) };
    }

    /**
     * Leave a game as a person does: Esc, then Y at "Leave this game? Y/N";
     * returns the screen once it is the menu (or after 5 s: the caller
     * asserts on it).
     */
    async leaveToMenu(step) {
        await this.key("esc");
        await this.screenUntil(step + "-leave", (t) => statusLine(t).includes("Leave this game? Y/N"));
        await this.key("y");
        return this.screenUntil(step + "-menu", isPiskrsMenu);
    }

    /** Press and release keys (names from KEY or codes); several at once = a chord. */
    async key(...keys) {
        const codes = keys.map((k) => {
            if (typeof k === "number") return k;
            const c = KEY[String(k).toLowerCase()];
            if (c === undefined) throw new Error("unknown key " + k);
            return c;
        });
        await this._call("key", { codes });
        await sleep(60);
    }

    /** Press keys one after the other. */
    async keys(...keys) { for (const k of keys) await this.key(k); }

    /** Type text (letters, digits, space, a little punctuation). */
    async type(text) {
        for (const ch of text) {
            const t = TYPE[ch];
            if (!t) throw new Error(`cannot type ${JSON.stringify(ch)}`);
            if (t[1]) await this.key(KEY.leftshift, t[0]);
            else await this.key(t[0]);
        }
    }

    /** Move the mouse to the centre of text cell (col,row) of a `rows`-row screen. */
    async moveTo(col, row, rows = 25) {
        const p = cellToMouse(col, row, rows);
        await this._call("mouseMove", p);
        this.mousePos = { col, row };
        await sleep(60);
    }

    /** Move to (col,row) and click the left button (press ~100 ms, release). */
    async click(col, row, { button = 0, hold = 100, rows = 25 } = {}) {
        await this.moveTo(col, row, rows);
        await this.clickHere({ button, hold });
    }

    /** A press and a release wherever the pointer is, without moving it. */
    async clickHere({ button = 0, hold = 100 } = {}) {
        await this._call("mouseButton", { button, pressed: true });
        await sleep(hold);
        await this._call("mouseButton", { button, pressed: false });
        await sleep(80);
    }

    async readFile(p) { return Buffer.from(await this._call("readFile", { path: p })); }
    async writeFile(p, contents) { await this._call("writeFile", { path: p, contents: new Uint8Array(contents) }); }
    async deleteFile(p) { return await this._call("deleteFile", { path: p }); }
    /** [{name, size}] of the files in the mounted folder. */
    async listFiles() { return await this._call("listFiles"); }

    async _dumps() {
        const files = await this.listFiles();
        const out = [];
        for (const f of files) {
            const m = /^(?:.*\/)?SCR(\d{5})\.BIN$/i.exec(f.name);
            if (m) out.push({ n: Number(m[1]), name: f.name, size: f.size });
        }
        return out.sort((a, b) => a.n - b.n);
    }

    async _newDump(after, waitMs) {
        const until = Date.now() + waitMs;
        for (;;) {
            const dumps = (await this._dumps()).filter((d) => d.n > after && DUMP_SIZES.includes(d.size));
            if (dumps.length) return dumps[dumps.length - 1];
            if (Date.now() >= until) return null;
            await sleep(100);
        }
    }

    /**
     * Press F12 and read the SCRnnnnn.BIN the program writes; returns a
     * Screen and saves a PNG screenshot as shots/<cpu>/<run>-<seq>-<step>.png.
     * If no new dump appears within `retryMs`, F12 is pressed again (the
     * program may still be starting), up to `attempts` presses; the
     * highest-numbered new dump is used and numbering continues from it.
     */
    async screen(step = "screen", { attempts = 6, retryMs = 2500, shot = true } = {}) {
        // Catch up with dumps that landed late (e.g. a retried F12).
        for (const d of await this._dumps()) if (d.n > this.dumpSeq) this.dumpSeq = d.n;
        let found = null;
        let pressed = 0;
        while (!found && pressed < attempts) {
            await this.key(KEY.f12);
            pressed += 1;
            found = await this._newDump(this.dumpSeq, retryMs);
        }
        if (!found) {
            throw new Error(`no screen dump SCR${String(this.dumpSeq + 1).padStart(5, "0")}.BIN after ${pressed} F12 presses; stdout:\n${this.visibleStdout().slice(-2000)}`);
        }
        if (pressed > 1) {
            // A late first press may still produce a second dump: let it land.
            await sleep(500);
            const later = await this._newDump(found.n, 0);
            if (later) found = later;
        }
        this.dumpSeq = found.n;
        const bytes = await this.readFile(found.name);
        const scr = new Screen(bytes, found.name);
        if (shot) await this.shot(step);
        return scr;
    }

    /**
     * Take screens until predicate(screen) holds (the program may not have
     * handled the last input yet when F12 arrives), at most `timeout` ms.
     * Returns the last screen either way: the caller asserts on it.
     */
    async screenUntil(step, predicate, { timeout = 5000 } = {}) {
        const until = Date.now() + timeout;
        let scr = await this.screen(step, { shot: false });
        while (!predicate(scr) && Date.now() < until) {
            await sleep(150);
            scr = await this.screen(step, { shot: false });
        }
        await this.shot(step);
        return scr;
    }

    /** Save a PNG screenshot of the emulator's display. */
    async shot(step = "shot") {
        this.shotSeq += 1;
        const file = path.join(SHOTS, `${this.name}-${String(this.shotSeq).padStart(2, "0")}-${safeName(step)}.png`);
        try {
            const img = await this._call("screenshot");
            fs.mkdirSync(SHOTS, { recursive: true });
            const png = new PNG({ width: img.width, height: img.height });
            Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength).copy(png.data);
            fs.writeFileSync(file, PNG.sync.write(png));
            return file;
        } catch (e) {
            if (e instanceof EmulatorDied) throw e;
            return null; // no frame yet: a screenshot is a record, not a check
        }
    }

    /** Stop the emulator (ci.exit(); onExit never fires) and its process. */
    async exit() {
        if (this.dead) return;
        this.exiting = true;
        const gone = new Promise((r) => this.child.once("exit", r));
        this._call("exit").catch(() => {});
        const t = setTimeout(() => this.child.kill("SIGKILL"), 3000);
        await gone;
        clearTimeout(t);
    }
}

function spawnOnce(name, conf, files, simulate, watch) {
    const child = fork(path.join(HERE, "runner.js"), [], {
        serialization: "advanced",
        stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    const run = new DosRun(name, child);
    child.send({ op: "start", conf, files, simulate, watch });
    return run;
}

/**
 * Start DOSBox-X with a batch and files.
 *   name    test name (for screenshots)
 *   steps   batch steps for makeBatch(), or batch: a ready batch text
 *   files   {"DOSNAME.EXT": Buffer | Uint8Array | host path}
 *   cycles  fixed cycles (default 20000)
 *   mouse   false: no INT 33h driver ([dos] int33=false)
 *   cputype the emulated CPU ([cpu] cputype=, default PISKRS_CPU or 386; e.g. 8086, 286)
 *   conf    extra dosbox.conf text (placed before [autoexec])
 *   watch   true: the emulator's process watches its frames (screen_watch.js;
 *           run._call("watchLog" | "watchText" | "watchTicks" | "watchInput"))
 * Returns a DosRun once the emulator has printed its first stdout. A start
 * that dies before that is retried up to MAX_RESTARTS times.
 */
async function startDos(opts) {
    const conf = makeConf(opts);
    const batch = opts.batch || makeBatch(opts.steps || [], opts);
    const files = [{ path: "RUN.BAT", contents: Buffer.from(batch, "latin1") }];
    for (const [dosName, src] of Object.entries(opts.files || {})) {
        const contents = typeof src === "string" ? fs.readFileSync(src) : src;
        files.push({ path: dosName, contents: new Uint8Array(contents) });
    }
    // Screenshots of an earlier run of the same name would mislead.
    const name = safeName(opts.name || "run");
    if (fs.existsSync(SHOTS)) {
        for (const f of fs.readdirSync(SHOTS)) if (f.startsWith(name + "-") && /^-\d\d-/.test(f.slice(name.length))) fs.rmSync(path.join(SHOTS, f));
    }
    const failures = [];
    for (let attempt = 0; attempt <= MAX_RESTARTS; attempt++) {
        // opts.simulate (self-tests only): "early" = abort before any output
        // in the first opts.simulateTimes starts; "late" = abort after it.
        const simulate = attempt < (opts.simulateTimes || 1) ? opts.simulate : undefined;
        const run = spawnOnce(opts.name || "run", conf, files, simulate, !!opts.watch);
        run.restarts = attempt;
        run.startFailures = failures;
        try {
            await run.waitForStdout(/./, { timeout: opts.startTimeout || 30000 });
            return run;
        } catch (e) {
            const died = e instanceof EmulatorDied;
            await run.exit(); // also ends a start that hangs without output
            if (run.sawStdout) throw e;
            failures.push(died ? run.dead : "no output within the start timeout");
            if (process.env.DOSBOX_VERBOSE) process.stderr.write(`[harness] restart after: ${failures[failures.length - 1]}\n`);
        }
    }
    throw new Error(`DOSBox-X died before its first output ${MAX_RESTARTS + 1} times: ${failures.join("; ")}`);
}

/** startDos(opts), then fn(run), then exit — also when fn throws. */
async function withDos(opts, fn) {
    const run = await startDos(opts);
    try {
        return await fn(run);
    } finally {
        await run.exit();
    }
}

/**
 * startDos with PISKRS.COM, and any other `opts.files`, in C:\ and the
 * batch `steps`; the rest of `opts` as startDos takes it.
 */
function startPiskrs(name, steps, opts = {}) {
    const { files, ...rest } = opts;
    return startDos({ name, files: { "PISKRS.COM": piskrsCom(), ...(files || {}) }, steps, ...rest });
}

/**
 * One run of PISKRS (`run`: its command line, e.g. "PISKRS /PLAY 4") with
 * PISKRS.COM, and any other `files`, in C:\; `fn(run)` once it has begun,
 * then exit, also when fn throws. The rest of `opts` as startDos takes it.
 */
async function withPiskrs({ run, files, ...opts }, fn) {
    return withDos({ ...opts, files: { "PISKRS.COM": piskrsCom(), ...(files || {}) }, steps: [{ run }] }, async (dos) => {
        await dos.begun(1);
        return fn(dos);
    });
}

/**
 * STACK_RESERVE in link.x: the stack the link guarantees above the image. (The
 * file's size says nothing of it: the help text at the file's end lies in the
 * stack's room, copied away at the start.)
 */
function stackReserve() {
    return Number(/^STACK_RESERVE = (\d+);/m.exec(fs.readFileSync(path.join(REPO, LINK_SCRIPT), "utf8"))[1]);
}

/** The real program's bytes; throws a clear error if it is not built. */
function piskrsCom() {
    if (!fs.existsSync(PISKRS_COM)) {
        throw new Error(`${PISKRS_COM} does not exist: build it first (cd ${REPO} && cargo com)` +
            (process.env.PISKRS_COM ? " or fix PISKRS_COM" : ""));
    }
    return fs.readFileSync(PISKRS_COM);
}

module.exports = {
    stackReserve,
    KEY, CP437: CP437_CHARS, Screen, cellToMouse, makeBatch, makeConf,
    startDos, startPiskrs, withDos, withPiskrs, piskrsCom, PISKRS_COM, BUILD_86, DEFAULT_CPU, EmulatorDied, sleep, MAX_RESTARTS,
};

// ---------------------------------------------------------------------------
// Appended helpers (computer.test.js, files.test.js, bench.js). They only add
// to the exports above; nothing earlier in this file changes.

const BOARD_COLS = "ABCDEFGHIJKLMNOPQRS"; // no letter skipped

/** Screen cell of PISKRS board point "K10": x = 4 + 2c, y = 20 - r. */
function boardCell(name) {
    const c = BOARD_COLS.indexOf(String(name)[0]);
    const r = Number(String(name).slice(1));
    if (c < 0 || !(r >= 1 && r <= 19)) throw new Error("bad board point " + name);
    return { x: 4 + 2 * c, y: 20 - r, c, r };
}

/** The name ("K10") of column c (0 = A) and row r (1..19). */
function pointName(c, r) { return BOARD_COLS[c] + r; }

/** {"K10": "X", ...} for every stone on a PISKRS board screen. */
function boardStones(scr) {
    const out = {};
    for (let c = 0; c < 19; c++) {
        for (let r = 1; r <= 19; r++) {
            const ch = scr.char(4 + 2 * c, 20 - r);
            if (ch === "X" || ch === "O") out[pointName(c, r)] = ch;
        }
    }
    return out;
}

/** Attribute byte of board point "K10" on a screen. */
function boardAttr(scr, name) { const { x, y } = boardCell(name); return scr.attr(x, y); }

/** The status line (y = 22) of a PISKRS screen. */
function statusLine(scr) { return scr.row(22); }

/** The side panel of a game screen (x = 46 on), one string. */
function sidePanel(scr) { return scr.rows.map((r) => r.slice(46)).join("\n"); }

const isPiskrsMenu = (scr) => scr.contains("PISKRS") && scr.contains("4  Two players");
const isPiskrsGame = (scr) => scr.row(20).includes("A B C D E F G H I J K L M N O P Q R S");

/**
 * Delete every SCRnnnnn.BIN and start counting dumps from 0 again. Call it
 * between two runs of PISKRS in one emulator (each run numbers its dumps
 * from SCR00001.BIN), after the first has ended and before the next F12.
 */
async function forgetDumps(run) {
    for (const d of await run._dumps()) await run.deleteFile(d.name);
    run.dumpSeq = 0;
}

/** Characters type() can produce (for a test that wants to check first). */
function canType(text) { return [...String(text)].every((ch) => TYPE[ch] !== undefined); }

// A simple Gomoku player for the tests: make five, else block the opponent's
// best line, else build its own (a static score of the four lines through each
// free point near the stones; ties go to the point nearest J10, then A..S, 1..19).
const GOMOKU_DIRS = [[1, 0], [0, 1], [1, 1], [1, -1]];
const onBoard = (c, r) => c >= 0 && c < 19 && r >= 1 && r <= 19;
function stonesInLine(board, c, r, dc, dr, who) {
    let n = 0, x = c + dc, y = r + dr;
    while (onBoard(x, y) && board[pointName(x, y)] === who) { n++; x += dc; y += dr; }
    return { n, open: onBoard(x, y) && !board[pointName(x, y)] };
}
function lineValue(len, opens) {
    if (len >= 5) return 1e9;
    if (opens === 0) return 0;
    if (len === 4) return opens === 2 ? 1e7 : 1e5;
    if (len === 3) return opens === 2 ? 1e5 : 1e3;
    if (len === 2) return opens === 2 ? 1e3 : 1e2;
    return opens === 2 ? 10 : 1;
}
function pointValue(board, c, r, who) {
    let v = 0;
    for (const [dc, dr] of GOMOKU_DIRS) {
        const a = stonesInLine(board, c, r, dc, dr, who), b = stonesInLine(board, c, r, -dc, -dr, who);
        v += lineValue(1 + a.n + b.n, (a.open ? 1 : 0) + (b.open ? 1 : 0));
    }
    return v;
}
/** The test player's point for `me` ("X" or "O") on `board` ({"K10": "X", ...}). */
function choosePoint(board, me, them) {
    const taken = Object.keys(board).map(boardCell);
    if (!taken.length) return "J10";
    let best = null;
    for (let c = 0; c < 19; c++) {
        for (let r = 1; r <= 19; r++) {
            const name = pointName(c, r);
            if (board[name] || !taken.some((p) => Math.abs(p.c - c) <= 2 && Math.abs(p.r - r) <= 2)) continue;
            const score = pointValue(board, c, r, me) + 0.9 * pointValue(board, c, r, them) - 1e-3 * (Math.abs(c - 9) + Math.abs(r - 10));
            if (!best || score > best.score) best = { name, score };
        }
    }
    return best.name;
}

Object.assign(module.exports, {
    BOARD_COLS, boardCell, pointName, boardStones, boardAttr, statusLine, sidePanel,
    isPiskrsMenu, isPiskrsGame, forgetDumps, canType, choosePoint,
});

// ---------------------------------------------------------------------------
// Appended helpers (variants.test.js, controller.test.js): boards of either
// size, and the Mist's hole as the seed defines it. They only add exports.

/** Column letters of a side x side board: 19x19 A..S (no letter skipped), 15x15 A..P without I. */
function boardLetters(side) {
    if (side === 19) return BOARD_COLS;
    if (side === 15) return "ABCDEFGHJKLMNOP";
    throw new Error("no board of side " + side);
}

/**
 * Geometry of a side x side PISKRS board on the screen (drawn from the same
 * top left corner for both sizes): column c at x = 4 + 2c, row r (1..side) at
 * y = side + 1 - r, the letters at y = side + 1.
 *   cell("H8") -> {x, y, c, r}   name(c, r) -> "H8"   stones(screen) -> {"H8": "X", ...}
 */
function board(side) {
    const letters = boardLetters(side);
    const name = (c, r) => letters[c] + r;
    const cell = (point) => {
        const c = letters.indexOf(String(point)[0]);
        const r = Number(String(point).slice(1));
        if (c < 0 || !(Number.isInteger(r) && r >= 1 && r <= side)) throw new Error(`bad point ${point} on ${side}x${side}`);
        return { x: 4 + 2 * c, y: side + 1 - r, c, r };
    };
    const stones = (scr) => {
        const out = {};
        for (let c = 0; c < side; c++) {
            for (let r = 1; r <= side; r++) {
                const ch = scr.char(4 + 2 * c, side + 1 - r);
                if (ch === "X" || ch === "O") out[name(c, r)] = ch;
            }
        }
        return out;
    };
    /** The line-drawing character of an empty point (corners, edges, middle). */
    const emptyGlyph = (c, r) => {
        const top = r === side, bottom = r === 1, left = c === 0, right = c === side - 1;
        if (top) return left ? "┌" : right ? "┐" : "┬";
        if (bottom) return left ? "└" : right ? "┘" : "┴";
        return left ? "├" : right ? "┤" : "┼";
    };
    /** The point whose cell is framed by the cursor's [ ], or null. */
    const cursor = (scr) => {
        for (let c = 0; c < side; c++) {
            for (let r = 1; r <= side; r++) {
                const x = 4 + 2 * c, y = side + 1 - r;
                if (scr.char(x - 1, y) === "[" && scr.char(x + 1, y) === "]") return name(c, r);
            }
        }
        return null;
    };
    return { side, letters, name, cell, stones, emptyGlyph, cursor, lettersY: side + 1 };
}

/** The Mist's hole centre after a stone on `point` (19x19, A..S): the seed's formula. */
function mistCentreAfter(point) {
    const x = BOARD_COLS.indexOf(String(point)[0]) + 1;
    const y = Number(String(point).slice(1));
    if (x < 1 || !(y >= 1 && y <= 19)) throw new Error("bad Mist point " + point);
    const xm = 1 + ((5 * x * x + 3 * x + 4) % 19);
    const ym = 1 + ((4 * y * y + 2 * y - 4) % 19);
    return BOARD_COLS[xm - 1] + ym;
}

/** Whether `point` lies in the 7x7 hole centred on `centre` (both "K10"). */
function inMistHole(centre, point) {
    const a = boardCell(centre), b = boardCell(point);
    return Math.abs(a.c - b.c) <= 3 && Math.abs(a.r - b.r) <= 3;
}

/**
 * The controller's `view` answer for stones {"K10": "X", ...} and a hole
 * centre: "J10," and 49 characters, rows from the highest down, each from the
 * lowest column: # black, o white, . empty, x off the board.
 */
function mistView(stones, centre) {
    const { c: cc, r: cr } = boardCell(centre);
    let out = centre + ",";
    for (let dr = 3; dr >= -3; dr--) {
        for (let dc = -3; dc <= 3; dc++) {
            const c = cc + dc, r = cr + dr;
            if (c < 0 || c > 18 || r < 1 || r > 19) { out += "x"; continue; }
            const s = stones[pointName(c, r)];
            out += s === "X" ? "#" : s === "O" ? "o" : ".";
        }
    }
    return out;
}

/** Deterministic garbage bytes (a small LCG), e.g. for a damaged file. */
function garbageBytes(n, seed = 12345) {
    const out = new Uint8Array(n);
    let x = seed >>> 0;
    for (let i = 0; i < n; i++) { x = (Math.imul(x, 1103515245) + 12345) >>> 0; out[i] = x >>> 24; }
    return out;
}

/** Where two byte strings first differ, with both sides around it, for an assertion message. */
function describeDifference(got, want) {
    const a = Buffer.from(got), b = Buffer.from(want);
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    if (i === a.length && i === b.length) return "identical";
    const around = (buf) => JSON.stringify(buf.subarray(Math.max(0, i - 40), i + 40).toString("latin1"));
    return `${a.length} bytes, expected ${b.length}; first difference at byte ${i}\n  got:      ${around(a)}\n  expected: ${around(b)}`;
}

Object.assign(module.exports, {
    boardLetters, board, mistCentreAfter, inMistHole, mistView, garbageBytes, describeDifference,
});

// ---------------------------------------------------------------------------
// Appended helpers (player.test.js, variants.test.js): .psq records, the Mist
// against the computer, and the emulator's frame (pixels) read as text cells.
// They only add exports.

/**
 * A Piskvork .psq record of 19x19 moves ["K10", ...]: the header, "x,y,0"
 * lines (x from 1 at the left, y from 1 at the top), -1, and PISKRS's own
 * line `tail` (e.g. "piskrs: game=PISKASM two players").
 */
function psqRecord(moves, tail) {
    const lines = ["Piskvorky 19x19, 11:11, 0"];
    for (const p of moves) { const { c, r } = boardCell(p); lines.push(`${c + 1},${20 - r},0`); }
    lines.push("-1");
    if (tail) lines.push(tail);
    return Buffer.from(lines.join("\r\n") + "\r\n", "latin1");
}

/** The moves ["K10", ...] of a 19x19 .psq record (its "x,y,time" lines up to -1). */
function psqMoves(bytes) {
    const lines = Buffer.from(bytes).toString("latin1").split(/\r?\n/);
    if (!/^Piskvorky 19x19,/.test(lines[0])) throw new Error("not a 19x19 .psq record: " + JSON.stringify(lines[0]));
    const out = [];
    for (const line of lines.slice(1)) {
        if (line.trim() === "-1") return out;
        const m = /^(\d+),(\d+),\d+$/.exec(line.trim());
        if (!m) throw new Error("bad .psq move line " + JSON.stringify(line));
        out.push(pointName(Number(m[1]) - 1, 20 - Number(m[2])));
    }
    throw new Error("a .psq record without its -1 line");
}

/** Whether `text` names board point `point` ("K12", not "K120" or "AK12"). */
function namesPoint(text, point) {
    return new RegExp(`(?<![A-Za-z0-9])${point}(?![0-9])`).test(text);
}

/**
 * In the Mist against the computer (you Black, on a game screen): click your
 * points, taken in order from `wanted` (a point the mist hides the computer's
 * stone on is refused: the next is taken), `moves` times, each time until the
 * computer has answered (the stone count grew by two). Returns
 * {mine: [...], screens: [{screen, count, step}], refused: [...]}: the
 * screens after each reply, for checks once the computer's moves are known.
 */
async function playMistAgainstComputer(run, wanted, moves, step) {
    const mine = [], screens = [], refused = [];
    const stonesOn = (s) => { const m = /Stones on the board: (\d+)/.exec(sidePanel(s)); return m ? Number(m[1]) : -1; };
    let count = stonesOn(await run.screen(step + "-start", { shot: false }));
    for (let move = 0; move < moves; move++) {
        let placed = false;
        while (!placed) {
            const point = wanted.find((p) => !mine.includes(p) && !refused.includes(p));
            if (!point) throw new Error("no wanted point left to play");
            const { x, y } = boardCell(point);
            await run.click(x, y);
            const name = `${step}-${move + 1}-${point}`;
            const s = await run.screenUntil(name, (t) => stonesOn(t) === count + 2 || statusLine(t).includes(" is occupied"), { timeout: 30000 });
            if (statusLine(s).includes(" is occupied")) { refused.push(point); continue; }
            if (stonesOn(s) !== count + 2) throw new Error(`no reply after ${point}:\n${s}`);
            count += 2;
            mine.push(point);
            screens.push({ screen: s, count, step: name });
            placed = true;
        }
    }
    return { mine, screens, refused };
}

/** The emulator's frame now: {width, height, data (RGBA)}; 720x400 in VGA text mode. */
async function frame(run) {
    const img = await run._call("screenshot");
    return { width: img.width, height: img.height, data: Uint8Array.from(img.data) };
}

/** The 16 text colours of the VGA's default palette (0..15). */
const VGA_PALETTE = [
    [0, 0, 0], [0, 0, 170], [0, 170, 0], [0, 170, 170], [170, 0, 0], [170, 0, 170], [170, 85, 0], [170, 170, 170],
    [85, 85, 85], [85, 85, 255], [85, 255, 85], [85, 255, 255], [255, 85, 85], [255, 85, 255], [255, 255, 85], [255, 255, 255],
];

/** The pixels of text cell (x, y) of a frame (cells of width/80 x height/25). */
function cellPixels(img, x, y, rows = 25) {
    const cw = img.width / 80, ch = img.height / rows;
    const out = [];
    for (let py = y * ch; py < (y + 1) * ch; py++) {
        for (let px = x * cw; px < (x + 1) * cw; px++) {
            const i = 4 * (py * img.width + px);
            out.push((img.data[i] << 16) | (img.data[i + 1] << 8) | img.data[i + 2]);
        }
    }
    return out;
}

function nearestColour(rgb) {
    const r = rgb >> 16, g = (rgb >> 8) & 255, b = rgb & 255;
    let best = 0, dist = Infinity;
    VGA_PALETTE.forEach(([pr, pg, pb], i) => {
        const d = (r - pr) ** 2 + (g - pg) ** 2 + (b - pb) ** 2;
        if (d < dist) { dist = d; best = i; }
    });
    return { index: best, dist };
}

/**
 * The attribute a text cell shows in a frame, read from its colours: the
 * commonest is the background, the other the foreground (a cell of one
 * colour gives fg = null). {bg, fg, attr, colours} (attr = bg * 16 + fg).
 */
function cellAttrInFrame(img, x, y) {
    const counts = new Map();
    for (const p of cellPixels(img, x, y)) counts.set(p, (counts.get(p) || 0) + 1);
    const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    const bg = nearestColour(sorted[0][0]).index;
    const fg = sorted.length > 1 ? nearestColour(sorted[1][0]).index : null;
    return { bg, fg, attr: fg === null ? null : (bg << 4) | fg, colours: sorted.length };
}

/** A cell's glyph in a frame: which pixels differ from its commonest colour, as a string. */
function cellGlyph(img, x, y) {
    const px = cellPixels(img, x, y);
    const counts = new Map();
    for (const p of px) counts.set(p, (counts.get(p) || 0) + 1);
    const bg = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    return px.map((p) => (p === bg ? "0" : "1")).join("");
}

/**
 * Learn the font from a frame and the dump of the same screen: `glyphs` (a
 * Map from cellGlyph to character) gets every cell of rows `ys`. By default
 * rows 0-23: after a dump, the frame's bottom row shows F12's note (where
 * the dump went) until the next key, and the dump shows what it covers.
 */
function learnGlyphs(glyphs, img, scr, ys = [...Array(24).keys()]) {
    for (const y of ys) for (let x = 0; x < 80; x++) {
        const g = cellGlyph(img, x, y), ch = scr.char(x, y);
        if (!glyphs.has(g)) glyphs.set(g, ch === "\u00a0" ? " " : ch);
    }
}

/** Row y of a frame read with learned glyphs; an unknown glyph reads as "\u0000". */
function readFrameRow(img, y, glyphs) {
    let s = "";
    for (let x = 0; x < 80; x++) { const g = glyphs.get(cellGlyph(img, x, y)); s += g === undefined ? "\u0000" : g; }
    return s;
}

Object.assign(module.exports, {
    psqRecord, psqMoves, namesPoint, playMistAgainstComputer, frame, VGA_PALETTE, cellPixels, cellAttrInFrame,
    cellGlyph, learnGlyphs, readFrameRow,
});
