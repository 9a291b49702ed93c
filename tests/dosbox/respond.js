#!/usr/bin/env node
// Benchmark (not a test): how soon PISKRS answers a player (issue 51). It
// runs the .COM in DOSBox-X as a player would - keys, pointer moves and
// clicks given to the emulator - and times, in wall time, until the screen
// shows the answer, for each machine:
//   - start to the menu (from the batch's marker just before PISKRS starts);
//   - the median over 11 (the issue asks for 5; floor.js shows a jitter of
//     14-28 ms in the emulator itself, so 5 samples decide little) of: an
//     arrow key to the cursor's move (two players; right and left in turn),
//     a menu key (C, the level line) to the new menu, a click on a board
//     point to the stone shown (from the button's release: PISKRS takes a
//     click at its release; the press is 100 ms before);
//   - how long the screen still changes after the last of 8 quick arrow taps;
//   - and Classic's reply: from the click until the computer's stone is shown.
//
// The screen is watched from outside the program (screen_watch.js, in the
// emulator's process): every frame DOSBox-X finishes is hashed per text cell
// and timed in its frame callback, so a change is timed at the frame that
// first shows it (the display's refresh, 70 Hz in text mode); the text is
// read from the emulated VGA memory only to know what is shown. Nothing goes
// through the program (no F12 dump).
//
// Usage: `node respond.js` (both machines), `node respond.js 386` or `8088`
// (one), or PISKRS_COM=path [PISKRS_CPU=8086] [BENCH_CYCLES=n] for one build
// on one machine. Default builds: target/PISKRS.COM on the reference 386
// (cputype=386, cycles=fixed 3000), target/PISKRS86.COM on the 8088 setting
// (cputype=8086, cycles=fixed 330).
"use strict";

const fs = require("fs");
const path = require("path");
const h = require("./harness");

const REPO = path.resolve(__dirname, "..", "..");
const REPEATS = 11;
const STARTS = 3;
const TICK_MS = 65536 / 1193.182; // one BIOS tick
const POLL_MS = 50; // how often this process asks the watcher (not the figures' resolution)
const TAPS = 8;
const TAP_GAP_MS = 100; // quick taps: 10 a second
const HOLD_MS = 100; // a click's press to its release
const MAX_ATTEMPTS = 3; // emulator runs a machine may take (see main)

// The targets, in ms.
const TARGETS = {
    "386": { start: 500, arrow: 20, menu: 30, click: 30, runOn: 50 },
    "8088": { start: 2000, arrow: 100, menu: 150, click: 150, runOn: 100 },
    "other": { start: NaN, arrow: NaN, menu: NaN, click: NaN, runOn: NaN },
};

function machines() {
    const ref386 = { id: "386", label: "reference 386", cputype: "386", cycles: 3000, com: path.join(REPO, "target", "PISKRS.COM") };
    const xt = { id: "8088", label: "8088", cputype: "8086", cycles: 330, com: path.join(REPO, "target", "PISKRS86.COM") };
    if (process.env.PISKRS_COM) {
        const cputype = process.env.PISKRS_CPU || "386";
        const base = cputype === "8086" ? xt : ref386;
        const cycles = Number(process.env.BENCH_CYCLES) || base.cycles;
        // Another speed is not the machine: no targets then.
        const other = cycles !== base.cycles && { id: "other", label: `${cputype} at ${cycles} cycles` };
        return [{ ...base, ...other, cputype, cycles, com: path.resolve(process.env.PISKRS_COM) }];
    }
    const pick = process.argv[2];
    if (pick === "386") return [ref386];
    if (pick === "8088") return [xt];
    if (pick) throw new Error(`unknown machine ${pick}: 386 or 8088`);
    return [ref386, xt];
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

/** The parent's view of a watched emulator: the frames' change log, text, input. */
class Watched {
    constructor(run, quietMs) {
        this.run = run;
        this.quietMs = quietMs;
        this.events = [];
        this.stdoutText = "";
        this.stdoutTimes = []; // [index in stdoutText where a chunk ends, its time]
        this.since = 0;
        this.frameTimes = [];
        this.now = 0;
        this.textFound = false;
        this.gaps = []; // the event loop's gaps in the emulator's process (its slices)
    }

    async poll() {
        const l = await this.run._call("watchLog", { since: this.since });
        if (l.errors.length) throw new Error("the frame watcher failed: " + l.errors.join("\n"));
        for (const e of l.events) this.events.push(e);
        for (const s of l.stdout) { this.stdoutText += s.text; this.stdoutTimes.push([this.stdoutText.length, s.t]); }
        this.frameTimes = l.frameTimes;
        for (const g of l.gaps) this.gaps.push(g);
        this.since = l.now;
        this.now = l.now;
    }

    /** The time the stdout stream had printed `marker`. */
    async stdoutTime(marker, timeoutMs = 60000) {
        const until = Date.now() + timeoutMs;
        for (;;) {
            await this.poll();
            const i = this.stdoutText.indexOf(marker);
            if (i >= 0) return this.stdoutTimes.find(([end]) => end >= i + marker.length)[1];
            if (Date.now() > until) throw new Error(`no ${JSON.stringify(marker)} on stdout:\n${this.stdoutText.slice(-2000)}`);
            await h.sleep(POLL_MS);
        }
    }

    /** The screen now, from the emulated VGA memory (null while it cannot be found). */
    async screen() {
        const bytes = await this.run._call("watchText", { known: ["@@READY", "Two players", "PISKRS"] });
        return bytes ? new h.Screen(bytes, "vga") : null;
    }

    lastChange() { return this.events.length ? this.events[this.events.length - 1].t : 0; }

    /**
     * Wait until the screen shows what `predicate` wants and no frame has
     * changed for `quietMs`, counted from the last change and from when the
     * video memory first showed it (the frame that shows a write comes up to
     * a refresh after it); returns that screen.
     */
    async settled(what, predicate, { quietMs = this.quietMs, timeoutMs = 120000 } = {}) {
        const until = Date.now() + timeoutMs;
        let scr = null;
        let seen = null; // when the predicate held with no change since
        for (;;) {
            await h.sleep(POLL_MS);
            const before = this.lastChange();
            await this.poll();
            if (seen !== null && this.lastChange() !== before) seen = null;
            // Finding the video memory the first time scans the heap and
            // stalls the emulator: only once the screen is quiet.
            if (this.now - this.lastChange() >= (this.textFound ? POLL_MS : quietMs)) {
                scr = await this.screen();
                this.textFound = scr !== null;
                if (scr && predicate(scr)) {
                    if (seen === null) seen = this.now;
                    if (this.now - Math.max(seen, this.lastChange()) >= quietMs) return scr;
                } else {
                    seen = null;
                }
            }
            if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the screen:\n${scr || "(not found)"}`);
        }
    }

    /** The time of the last frame after `after` that changed one of `cells` (indices; null = any). */
    lastChangeOf(cells, after) {
        const set = cells && new Set(cells);
        let t = null;
        for (const e of this.events) {
            if (e.t > after && (!set || e.cells.some((c) => set.has(c)))) t = e.t;
        }
        return t;
    }

    /**
     * The time of the frame after t0 from which every cell of `cells`
     * (indices; null = the whole screen) has shown what it shows now: its
     * look (kind "looks"). With kind "shapes", its glyph whatever the
     * colours, and the first such frame: a stone is seen once its glyph is
     * (its colour may change later, the pointer lie on it, a later redraw
     * flicker). Null if none of them changed after t0.
     */
    shownSince(cells, t0, kind = "looks") {
        const idx = cells || [...Array(80 * 25).keys()];
        const pos = new Map(idx.map((c, k) => [c, k]));
        const now = new Int32Array(idx.length), shown = new Int32Array(idx.length);
        for (const e of this.events) e.cells.forEach((c, j) => { const k = pos.get(c); if (k !== undefined) now[k] = e[kind][j]; });
        let i = 0;
        for (; i < this.events.length && this.events[i].t <= t0; i++) {
            const e = this.events[i];
            e.cells.forEach((c, j) => { const k = pos.get(c); if (k !== undefined) shown[k] = e[kind][j]; });
        }
        let differ = 0;
        for (let k = 0; k < idx.length; k++) if (shown[k] !== now[k]) differ += 1;
        let since = null;
        for (; i < this.events.length; i++) {
            const e = this.events[i];
            const was = differ;
            e.cells.forEach((c, j) => {
                const k = pos.get(c);
                if (k === undefined || shown[k] === e[kind][j]) return;
                if (shown[k] === now[k]) differ += 1;
                shown[k] = e[kind][j];
                if (shown[k] === now[k]) differ -= 1;
            });
            if (was && !differ) {
                since = e.t;
                if (kind === "shapes") break;
            }
        }
        return since;
    }

    async input(actions) { return await this.run._call("watchInput", { actions }); }
    async key(name) { return (await this.input([{ key: h.KEY[name] }]))[0]; }
    async moveTo(x, y) { const p = h.cellToMouse(x, y); return (await this.input([{ move: p }]))[0]; }
    /** A press and, HOLD_MS later, a release where the pointer is: [press time, release time]. */
    async click() { return await this.input([{ button: 0, pressed: true }, { wait: HOLD_MS }, { button: 0, pressed: false }]); }
    async ticks() { return await this.run._call("watchTicks"); }
}

const cellIndex = (x, y) => 80 * y + x;

/** ms from t0 to the frame at `t` that showed `what` (null: no frame did, which is an error). */
function elapsed(t, t0, what) {
    if (t === null) throw new Error(`no frame showed ${what}`);
    return t - t0;
}
const B = h.board(19);
const levelLine = (scr) => { const p = scr.find("Level:"); return p ? scr.row(p.y) : ""; };

async function startToMenu(w, n) {
    const t0 = await w.stdoutTime(`@@BEGIN ${n}\r\n`);
    await w.settled("the menu", h.isPiskrsMenu, { timeoutMs: 180000 });
    return elapsed(w.shownSince(null, t0), t0, "the menu");
}

async function menuKeys(w) {
    const times = [];
    for (let i = 0; i < REPEATS; i++) {
        const before = levelLine(await w.settled("the menu", h.isPiskrsMenu));
        const t0 = await w.key("c");
        await w.settled("a new level line", (s) => h.isPiskrsMenu(s) && levelLine(s) !== before);
        times.push(elapsed(w.shownSince(null, t0), t0, "the new menu"));
    }
    return times;
}

/** The cells of the cursor's brackets around point `p`. */
function bracketCells(p) { const { x, y } = B.cell(p); return [cellIndex(x - 1, y), cellIndex(x + 1, y)]; }

/** Right and left in turn, so the cursor stays inside the board. */
async function arrowKeys(w) {
    const times = [];
    for (let i = 0; i < REPEATS; i++) {
        const [key, dc] = i % 2 ? ["left", -1] : ["right", 1];
        const from = B.cursor(await w.settled("the cursor", (s) => B.cursor(s) !== null));
        const { c, r } = B.cell(from);
        const to = B.name(c + dc, r);
        const t0 = await w.key(key);
        await w.settled(`the cursor on ${to}`, (s) => B.cursor(s) === to);
        const t = w.shownSince([...bracketCells(from), ...bracketCells(to)], t0);
        times.push(elapsed(t, t0, `the cursor's move from ${from} to ${to}`));
    }
    return times;
}

/** 8 quick taps: {runOn (ms from the last tap to the screen's last change), moved (points), gap (ms between taps)}. */
async function quickTaps(w, key, dc, quietMs) {
    const before = B.cursor(await w.settled("the cursor", (s) => B.cursor(s) !== null));
    const actions = [];
    for (let i = 0; i < TAPS; i++) { if (i) actions.push({ wait: TAP_GAP_MS }); actions.push({ key: h.KEY[key] }); }
    const times = await w.input(actions);
    const last = times[times.length - 1];
    const after = B.cursor(await w.settled("the cursor at rest", (s) => B.cursor(s) !== null, { quietMs }));
    const end = w.lastChangeOf(null, times[0]);
    return {
        runOn: end === null ? 0 : Math.max(0, end - last),
        moved: (B.cell(after).c - B.cell(before).c) / dc,
        gap: (last - times[0]) / (TAPS - 1),
    };
}

/** Click `point` (the pointer moved there first): {press, release (their times), cell}. */
async function clickPoint(w, point) {
    const { x, y } = B.cell(point);
    await w.moveTo(x, y);
    await w.settled("the pointer", () => true); // the pointer drawn: its own change is not timed
    const [press, release] = await w.click();
    return { press, release, cell: cellIndex(x, y) };
}

async function clicksTwoPlayers(w, points) {
    const times = [];
    for (const p of points) {
        const { press, release, cell } = await clickPoint(w, p);
        await w.settled(`a stone on ${p}`, (s) => "XO".includes(B.stones(s)[p] || "-"));
        times.push(elapsed(w.shownSince([cell], press, "shapes"), release, `the stone on ${p}`));
    }
    return times;
}

/** Against Classic: {own, reply}: ms from the click's release to your stone and to the computer's. */
async function classicReplies(w) {
    const own = [], reply = [];
    for (let i = 0; i < REPEATS; i++) {
        const board = B.stones(await w.settled("your turn", (s) => h.isPiskrsGame(s)));
        const n = Object.keys(board).length;
        const p = h.choosePoint(board, "X", "O");
        const { press, release, cell } = await clickPoint(w, p);
        const scr = await w.settled(`the reply to ${p}`, (s) => Object.keys(B.stones(s)).length === n + 2 || /wins|draw/i.test(h.statusLine(s)));
        const stones = B.stones(scr);
        const theirs = Object.keys(stones).find((q) => !board[q] && q !== p);
        if (stones[p] !== "X" || !theirs) throw new Error(`no reply to ${p}:\n${scr}`);
        const { x, y } = B.cell(theirs);
        own.push(elapsed(w.shownSince([cell], press, "shapes"), release, `your stone on ${p}`));
        reply.push(elapsed(w.shownSince([cellIndex(x, y)], press, "shapes"), release, `the reply on ${theirs}`));
    }
    return { own, reply };
}

async function measure(m) {
    // How long the screen must rest before a step counts as done (the
    // figures do not depend on it; too short could end a step between two
    // parts of one answer).
    const quietMs = m.cycles < 1000 ? 1000 : 600;
    const out = { starts: [] };
    // PISKRS leaves its last screen behind: clear it, or the next start's
    // menu would seem to be there already.
    // The batch pauses first: the watcher finds the video memory and the
    // BIOS clock then (a scan of the heap that stalls the emulator).
    const steps = ["echo @@READY", "pause"];
    for (let n = 1; n < STARTS; n++) steps.push("cls", { run: "PISKRS" });
    steps.push("cls", { run: "PISKRS /SEED 1" });
    await h.withDos({
        name: `respond-${m.id}`,
        files: { "PISKRS.COM": fs.readFileSync(m.com) },
        steps,
        cycles: m.cycles,
        cputype: m.cputype,
        watch: true,
    }, async (run) => {
        const w = new Watched(run, quietMs);
        await w.stdoutTime("@@READY");
        for (let tries = 0; !(await w.screen()); tries++) {
            if (tries > 20) throw new Error("the text screen was not found in the emulator's memory");
            await h.sleep(300);
        }
        out.ticks0 = await w.ticks();
        await w.poll();
        w.gaps.length = 0; // the scans' stalls are no part of the measuring
        await w.key("space");
        for (let n = 1; n <= STARTS; n++) {
            out.starts.push(await startToMenu(w, n));
            if (n < STARTS) { await w.key("3"); await run.finished(n); }
        }
        out.menu = await menuKeys(w);
        while (!levelLine(await w.settled("the menu", h.isPiskrsMenu)).includes("Classic")) { await w.key("c"); await h.sleep(POLL_MS); }
        await w.key("4");
        await w.settled("the game", (s) => h.isPiskrsGame(s) && B.cursor(s) !== null);
        out.arrow = await arrowKeys(w);
        out.taps = await quickTaps(w, "left", -1, Math.max(2000, 2.5 * median(out.arrow)));
        out.click = await clicksTwoPlayers(w, ["C3", "Q17", "C17", "Q3", "K16", "E5", "O15", "E15", "O5", "K4", "D10"]);
        await w.key("esc");
        await w.settled("the question", (s) => /Y\/N/.test(h.statusLine(s)) || s.contains("Y/N"));
        await w.key("y");
        await w.settled("the menu", h.isPiskrsMenu);
        await w.key("1");
        out.classic = await classicReplies(w);
        out.ticks1 = await w.ticks();
        out.frameTimes = w.frameTimes;
        out.gaps = w.gaps;
    });
    return out;
}

const ms = (x) => `${Math.round(x)} ms`;
const secs = (x) => `${(x / 1000).toFixed(2)} s`;
const list = (xs) => xs.map((x) => Math.round(x)).join(", ");
const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };

/** The machine and the file, as the table names them. */
const machineName = (m) => `${m.label}, ${path.basename(m.com)}`;

function report(m, r, wallS) {
    const tg = TARGETS[m.id];
    const frameGaps = [];
    for (let i = 1; i < r.frameTimes.length; i++) frameGaps.push(r.frameTimes[i] - r.frameTimes[i - 1]);
    const refresh = frameGaps.filter((g) => g > 5 && g < 30); // consecutive frames, not pauses
    let pace = "the BIOS tick count was not found";
    if (r.ticks0.ticks !== null && r.ticks1.ticks !== null) {
        const ticks = r.ticks1.ticks - r.ticks0.ticks, emu = ticks * TICK_MS, wall = r.ticks1.t - r.ticks0.t;
        pace = `${ticks} BIOS ticks = ${(emu / 1000).toFixed(1)} s emulated in ${(wall / 1000).toFixed(1)} s of wall time: ` +
            `the emulated PC ran at ${(100 * emu / wall).toFixed(1)}% of real time (to a tick, 55 ms)`;
    }
    console.log(`\n## ${machineName(m)}: DOSBox-X (emulators ${require("emulators/package.json").version}), cputype=${m.cputype}, core=normal, cycles=fixed ${m.cycles}`);
    console.log(`build:      ${m.com}`);
    console.log(`pace:       ${pace}`);
    console.log(`resolution: one frame. Frames came ${refresh.length ? median(refresh).toFixed(1) : "?"} ms apart while the screen changed ` +
        `(median of ${refresh.length} gaps: the 70 Hz text refresh); each is timed in DOSBox-X's frame callback, on the clock that times the input. ` +
        `The emulator runs in slices between that process's other work: gaps of ${median(r.gaps).toFixed(1)} ms (median), ` +
        `${percentile(r.gaps, 0.95).toFixed(1)} ms (95th percentile), ${r.gaps.reduce((a, b) => Math.max(a, b), 0).toFixed(0)} ms (most), which bound a single figure's jitter. ` +
        `(This script asks for the frames every ${POLL_MS} ms only to know when to stop waiting.)`);
    console.log("");
    console.log("| What | Measured | Target (issue 51) | Samples (ms) |");
    console.log("|---|---|---|---|");
    console.log(`| start to the menu (median of ${r.starts.length}) | ${secs(median(r.starts))} | ≤ ${secs(tg.start)} | ${list(r.starts)} |`);
    console.log(`| arrow key to the cursor's move (median of ${r.arrow.length}) | ${ms(median(r.arrow))} | ≤ ${ms(tg.arrow)} | ${list(r.arrow)} |`);
    console.log(`| menu key (C) to the new menu (median of ${r.menu.length}) | ${ms(median(r.menu))} | ≤ ${ms(tg.menu)} | ${list(r.menu)} |`);
    console.log(`| click on a point to the stone shown, two players (median of ${r.click.length}) | ${ms(median(r.click))} | ≤ ${ms(tg.click)} | ${list(r.click)} |`);
    console.log(`| run-on after ${TAPS} quick taps (${Math.round(r.taps.gap)} ms apart; the cursor moved ${r.taps.moved} points) | ${ms(r.taps.runOn)} | ≤ ${ms(tg.runOn)} | |`);
    console.log(`| against Classic: click to your stone (median of ${r.classic.own.length}) | ${ms(median(r.classic.own))} | | ${list(r.classic.own)} |`);
    console.log(`| against Classic: click to the computer's reply shown (median of ${r.classic.reply.length}) | ${secs(median(r.classic.reply))} | | ${list(r.classic.reply)} |`);
    console.log(`\nClicks are timed from the button's release (${HOLD_MS} ms after the press): PISKRS takes a click at its release. ` +
        `Wall time for this machine: ${wallS.toFixed(0)} s.`);
}

/** The table: one line a machine, each figure with its target. */
function summary(results) {
    console.log("\n## Summary (measured, target)\n");
    console.log("| Machine and file | start to menu | arrow key | menu key | click to stone | run-on after 8 taps | Classic's reply after a click |");
    console.log("|---|---|---|---|---|---|---|");
    for (const { m, r } of results) {
        const tg = TARGETS[m.id];
        console.log(`| ${machineName(m)} | ${secs(median(r.starts))} (≤ ${tg.start / 1000} s) | ${ms(median(r.arrow))} (≤ ${tg.arrow}) | ` +
            `${ms(median(r.menu))} (≤ ${tg.menu}) | ${ms(median(r.click))} (≤ ${tg.click}) | ${ms(r.taps.runOn)} (≤ ${tg.runOn}) | ${secs(median(r.classic.reply))} |`);
    }
}

async function main() {
    const results = [];
    for (const m of machines()) {
        if (!fs.existsSync(m.com)) throw new Error(`${m.com} does not exist: build it (cargo com) or set PISKRS_COM`);
        const started = Date.now();
        let r = null;
        // This DOSBox-X build now and then aborts ("RuntimeError:
        // unreachable"); the harness starts it again only before its first
        // output. A benchmark may redo the whole machine: it says so.
        for (let attempt = 1; !r; attempt++) {
            try {
                r = await measure(m);
            } catch (e) {
                if (!(e instanceof h.EmulatorDied) || attempt >= MAX_ATTEMPTS) throw e;
                console.error(`(${m.label}: ${e.message.split("\n")[0]}; measuring again)`);
            }
        }
        report(m, r, (Date.now() - started) / 1000);
        results.push({ m, r });
    }
    summary(results);
}

module.exports = { Watched, median, POLL_MS };

if (require.main === module) main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
