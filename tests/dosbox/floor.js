#!/usr/bin/env node
// Benchmark (not a test): the emulator's own floor under respond.js's
// figures. Two programs of a few bytes, hand-assembled below, answer a key by
// changing one character of the screen, and nothing else; the time from the
// key to the frame that shows the change is what DOSBox-X adds to any
// program's answer, on the reference 386 (cputype=386, cycles=fixed 3000).
//   - "hlt": waits as PISKRS waits in a game: INT 16h AH=1, then STI; HLT
//     until the next interrupt;
//   - "spin": asks INT 16h AH=1 again and again, as PISKRS's menu does.
// Usage: `node floor.js` [BENCH_CYCLES=n] [PISKRS_CPU=8086].
"use strict";

const h = require("./harness");
const { Watched, median, POLL_MS } = require("./respond");

const KEYS = 15;
// mov ax,B800h; mov es,ax; L: mov ah,1; int 16h; jnz K; [sti; hlt;] jmp L;
// K: mov ah,0; int 16h; cmp al,1Bh; je E; xor byte es:[0],1; jmp L;
// E: mov ax,4C00h; int 21h
const PROGRAMS = {
    hlt: "b800b88ec0b401cd167504fbf4ebf6b400cd163c1b7408268036000001ebe6b8004ccd21",
    spin: "b800b88ec0b401cd167502ebf8b400cd163c1b7408268036000001ebe8b8004ccd21",
};

async function measure(name, cputype, cycles) {
    const times = [];
    await h.withDos({
        name: `floor-${name}`,
        files: { "FLOOR.COM": Buffer.from(PROGRAMS[name], "hex") },
        steps: ["echo @@READY", "cls", { run: "FLOOR" }],
        cycles,
        cputype,
        watch: true,
    }, async (run) => {
        const w = new Watched(run, 300);
        await w.stdoutTime("@@READY");
        await h.sleep(1000);
        await w.poll();
        for (let i = 0; i < KEYS; i++) {
            const t0 = await w.key("right");
            for (let waited = 0; w.lastChangeOf([0], t0) === null; waited += POLL_MS) {
                if (waited > 5000) throw new Error(`no frame showed key ${i + 1}`);
                await h.sleep(POLL_MS);
                await w.poll();
            }
            times.push(w.lastChangeOf([0], t0) - t0);
            await h.sleep(150 + 37 * (i % 5)); // keys at varied phases of the refresh
            await w.poll();
        }
        await w.key("esc");
    });
    return times;
}

async function main() {
    const cputype = process.env.PISKRS_CPU || "386";
    const cycles = Number(process.env.BENCH_CYCLES) || 3000;
    console.log(`| DOSBox-X cputype=${cputype}, cycles=fixed ${cycles} | key to the frame that shows it: median | samples (ms) |`);
    console.log("|---|---|---|");
    for (const name of Object.keys(PROGRAMS)) {
        const t = await measure(name, cputype, cycles);
        console.log(`| ${name} | ${Math.round(median(t))} ms | ${t.map(Math.round).join(", ")} |`);
    }
}

main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
