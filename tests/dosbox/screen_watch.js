// The screen as a player sees it, watched from inside the emulator's process
// (runner.js loads this when startDos is given `watch: true`; respond.js
// reads it). Nothing here goes through the DOS program.
//
// - Frames: DOSBox-X hands every finished frame's changed pixel lines to
//   ci.onFrameLines, synchronously from its frame's end. The watcher wraps it
//   and keeps two 32-bit hashes of each text cell's pixels (its look, and its
//   shape: the glyph whatever its colours); every frame that changes cells is
//   logged with its time (performance.now() of this process), the cells it
//   changed and their new hashes. No frame is missed and none is polled: the
//   resolution is the display's own refresh.
// - Text: what the frame shows, as characters and attributes, is read from
//   the emulated VGA memory in the wasm heap (DOSBox-X keeps 8 bytes a text
//   cell: character, attribute, then other planes). It is found once by a
//   string known to be on the screen and checked against the frame: the
//   cells that look blank in the frame must be the blank ones, all but at
//   most 4 (a blinking DOS cursor is one).
// - Time in the emulated PC: the BIOS tick count (0040:006C), found in the
//   heap by the BIOS data area's video fields and checked to tick.
// - Input with its time: keys, pointer moves and buttons are given to the
//   emulator here, so their times and the frames' are on one clock.
"use strict";

const COLS = 80;
const ROWS = 25;
const CELL_BYTES = 8; // DOSBox-X's VGA memory: 8 bytes a text cell

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class ScreenWatch {
    constructor(ci) {
        this.ci = ci;
        this.hashes = new Int32Array(COLS * ROWS);
        this.size = ""; // "WxH" of the frame the hashes belong to
        this.events = []; // {t, cells, looks, shapes}: frames that changed cells, their new hashes
        this.stdout = []; // {t, text}
        this.frames = 0;
        this.frameTimes = []; // the last few hundred frame times, for the refresh
        this.textBase = null;
        this.bdaBase = null;
        const deliver = ci.onFrameLines.bind(ci);
        this.errors = [];
        ci.onFrameLines = (lines, rgba) => {
            deliver(lines, rgba);
            // An exception here would unwind through the emulator's frame.
            try { this._onFrame(lines); } catch (e) { if (this.errors.length < 5) this.errors.push(String(e && e.stack || e)); }
        };
        ci.events().onStdout((text) => this.stdout.push({ t: performance.now(), text }));
        // The emulator runs in slices between turns of this process's event
        // loop; their length bounds how far a frame's time or an input's can
        // be off. A timer that asks every 2 ms sees them as its gaps.
        this.gaps = [];
        let last = performance.now();
        this.slicer = setInterval(() => {
            const t = performance.now();
            this.gaps.push(t - last);
            if (this.gaps.length > 100000) this.gaps.splice(0, 50000);
            last = t;
        }, 2);
    }

    _onFrame(lines) {
        const t = performance.now();
        const ci = this.ci;
        this.frames += 1;
        this.frameTimes.push(t);
        if (this.frameTimes.length > 400) this.frameTimes.splice(0, 200);
        if (!ci.rgb || !ci.frameWidth || !ci.frameHeight) return;
        const size = `${ci.frameWidth}x${ci.frameHeight}`;
        const rows = new Set();
        if (size !== this.size) {
            // A new mode: every cell counts as changed.
            this.size = size;
            for (let y = 0; y < ROWS; y++) rows.add(y);
        } else {
            const ch = ci.frameHeight / ROWS;
            for (const l of lines) {
                const n = l.heapu8.length / (3 * ci.frameWidth);
                for (let y = Math.floor(l.start / ch); y <= Math.floor((l.start + n - 1) / ch) && y < ROWS; y++) rows.add(y);
            }
        }
        const cells = [], looks = [], shapes = [];
        for (const y of rows) {
            for (let x = 0; x < COLS; x++) {
                const i = y * COLS + x;
                const [look, shape] = this._cellHashes(x, y);
                if (look !== this.hashes[i]) { this.hashes[i] = look; cells.push(i); looks.push(look); shapes.push(shape); }
            }
        }
        if (cells.length) this.events.push({ t, cells, looks, shapes });
    }

    /**
     * Two FNV-1a hashes of a cell's pixels (cells of frameWidth/80 x
     * frameHeight/25): its look (every colour) and its shape (which pixels
     * differ from the top left one: the glyph, whatever its colours).
     */
    _cellHashes(x, y) {
        const ci = this.ci, w = ci.frameWidth, cw = w / COLS, ch = ci.frameHeight / ROWS, rgb = ci.rgb;
        const corner = 3 * (y * ch * w + x * cw);
        const r0 = rgb[corner], g0 = rgb[corner + 1], b0 = rgb[corner + 2];
        let look = 0x811c9dc5, shape = 0x811c9dc5;
        for (let py = y * ch; py < (y + 1) * ch; py++) {
            const start = 3 * (py * w + x * cw);
            for (let i = start; i < start + 3 * cw; i += 3) {
                const r = rgb[i], g = rgb[i + 1], b = rgb[i + 2];
                look = Math.imul(Math.imul(Math.imul(look ^ r, 16777619) ^ g, 16777619) ^ b, 16777619);
                shape = Math.imul(shape ^ (r === r0 && g === g0 && b === b0 ? 0 : 1), 16777619);
            }
        }
        return [look | 0, shape | 0];
    }

    /** Whether a cell's pixels are all one colour (a blank look). */
    _cellUniform(x, y) {
        const ci = this.ci, w = ci.frameWidth, cw = w / COLS, ch = ci.frameHeight / ROWS, rgb = ci.rgb;
        const first = 3 * (y * ch * w + x * cw);
        for (let py = y * ch; py < (y + 1) * ch; py++) {
            const start = 3 * (py * w + x * cw);
            for (let i = start; i < start + 3 * cw; i++) if (rgb[i] !== rgb[first + (i - start) % 3]) return false;
        }
        return true;
    }

    /** Frames and stdout after time `since`, the time now, and the event loop's gaps since the last call. */
    log(since) {
        return {
            now: performance.now(),
            events: this.events.filter((e) => e.t > since),
            stdout: this.stdout.filter((s) => s.t > since),
            frames: this.frames,
            frameTimes: this.frameTimes.slice(),
            errors: this.errors,
            gaps: this.gaps.splice(0), // each gap is reported once
        };
    }

    get heap() { return this.ci.transport.module.HEAPU8; }

    /**
     * The 80x25 text screen (4000 bytes of character and attribute) from the
     * emulated VGA memory, or null while it cannot be found. `known` are
     * strings that may be on the screen now, used to find it the first time.
     */
    text(known = []) {
        if (this.textBase === null) this.textBase = this._findText(known);
        if (this.textBase === null) return null;
        const heap = this.heap, out = new Uint8Array(2 * COLS * ROWS);
        for (let i = 0; i < COLS * ROWS; i++) {
            out[2 * i] = heap[this.textBase + CELL_BYTES * i];
            out[2 * i + 1] = heap[this.textBase + CELL_BYTES * i + 1];
        }
        return out;
    }

    _findText(known) {
        if (!this.ci.rgb || this.ci.frameWidth !== 720) return null;
        const heap = this.heap;
        const looksBlank = [];
        for (let i = 0; i < COLS * ROWS; i++) looksBlank.push(this._cellUniform(i % COLS, Math.floor(i / COLS)));
        let best = null;
        for (const s of known) {
            const pat = Buffer.from(s, "latin1");
            const last = heap.length - CELL_BYTES * (COLS * ROWS);
            for (let at = 0; at < last; at++) {
                if (heap[at] !== pat[0]) continue;
                let k = 1;
                while (k < pat.length && heap[at + CELL_BYTES * k] === pat[k]) k++;
                if (k < pat.length) continue;
                // The string sits at some cell c: try every c, keep the page
                // whose blank cells match the frame's best.
                for (let c = 0; c < COLS * ROWS; c++) {
                    const base = at - CELL_BYTES * c;
                    if (base < 0) break;
                    let misses = 0;
                    for (let i = 0; i < COLS * ROWS && misses <= 4; i++) {
                        const code = heap[base + CELL_BYTES * i], attr = heap[base + CELL_BYTES * i + 1];
                        const blank = code === 0 || code === 0x20 || code === 0xff || code === 0xdb || (attr & 15) === (attr >> 4 & 7);
                        if (blank !== looksBlank[i]) misses += 1;
                    }
                    if (misses <= 4 && (!best || misses < best.misses)) best = { base, misses };
                }
            }
            if (best) break;
        }
        return best ? best.base : null;
    }

    /** {t, ticks}: the BIOS tick count now (0040:006C), or ticks null if not found. */
    async biosTicks() {
        if (this.bdaBase === null) this.bdaBase = await this._findBda();
        const t = performance.now();
        if (this.bdaBase === null) return { t, ticks: null };
        const heap = this.heap, b = this.bdaBase + 0x46c;
        return { t, ticks: (heap[b] | heap[b + 1] << 8 | heap[b + 2] << 16 | heap[b + 3] << 24) >>> 0 };
    }

    async _findBda() {
        // The BIOS data area at 0040:0000 (linear 400h): CRTC port 3D4h at
        // 463h, 80 columns at 44Ah, 25 rows (24) at 484h.
        const heap = this.heap, found = [];
        for (let m = 0; m + 0x500 < heap.length; m++) {
            if (heap[m + 0x463] === 0xd4 && heap[m + 0x464] === 0x03 && heap[m + 0x44a] === 80 && heap[m + 0x44b] === 0 && heap[m + 0x484] === 24) {
                found.push({ m, ticks: heap[m + 0x46c] | heap[m + 0x46d] << 8 });
            }
        }
        if (!found.length) return null;
        await sleep(400);
        const h = this.heap;
        const ticking = found.filter((f) => {
            const d = ((h[f.m + 0x46c] | h[f.m + 0x46d] << 8) - f.ticks + 0x10000) & 0xffff;
            return d >= 1 && d <= 30;
        });
        return ticking.length === 1 ? ticking[0].m : null;
    }

    /**
     * Do `actions` in order, each {key: code} (a press, released 16 ms later
     * as js-dos does), {move: {x, y}} (normalised), {button, pressed}, or
     * {wait: ms}; returns the time each non-wait action was given.
     */
    async input(actions) {
        const times = [];
        for (const a of actions) {
            if (a.wait !== undefined) { await sleep(a.wait); continue; }
            times.push(performance.now());
            if (a.key !== undefined) this.ci.simulateKeyPress(a.key);
            else if (a.move) this.ci.sendMouseMotion(a.move.x, a.move.y);
            else if (a.button !== undefined) this.ci.sendMouseButton(a.button, a.pressed);
            else throw new Error("unknown input " + JSON.stringify(a));
        }
        return times;
    }
}

module.exports = { ScreenWatch };
