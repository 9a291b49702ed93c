#!/usr/bin/env node
// Benchmark (not a test): what DOSBox-X charges for an instruction.
// `node cycles.js` runs one small .COM per kind of instruction on the
// reference machine (cputype=386, core=normal, cycles=fixed 3000; PISKRS_CPU
// and BENCH_CYCLES as for bench.js): each runs 65,536 turns of a loop of 100
// instructions of its kind (50 pairs for PUSH/POP and CALL/RET) and exits with
// the BIOS ticks it took as its errorlevel. Equal ticks for every kind mean one
// cycle an instruction, whatever it is; then the 8086 instructions that
// translator/examples/lockstep.rs counts (LOCKSTEP_PROFILE) are the time.
"use strict";

const h = require("./harness");

const CYCLES = Number(process.env.BENCH_CYCLES) || 3000;

// The loop's body for each kind, as 8086 machine code.
const KINDS = {
    NOP: Buffer.alloc(100, 0x90), // nop
    ADD: repeat([0x01, 0xd8], 100), // add ax, bx
    MUL: repeat([0xf7, 0xe1], 100), // mul cx
    MOVMEM: repeat([0xa1, 0x00, 0x02], 100), // mov ax, [200h]
    PUSHPOP: repeat([0x50, 0x58], 50), // push ax; pop ax
    JMPSHORT: repeat([0xeb, 0x00], 100), // jmp short (the next one)
    CALLRET: null, // call a ret, 50 times
};

function repeat(bytes, times) {
    return Buffer.from(Array.from({ length: times }, () => bytes).flat());
}

/** The .COM: wait for a tick's edge, run the loop, exit with the ticks it took. */
function program(body) {
    const code = [
        0x31, 0xc0, 0x8e, 0xc0, // xor ax, ax; mov es, ax
        0x26, 0x8b, 0x1e, 0x6c, 0x04, // mov bx, es:[46Ch] (the BIOS tick count)
        0x26, 0x8b, 0x16, 0x6c, 0x04, 0x39, 0xda, 0x74, 0xf7, // wait: until it changes
        0x89, 0xd3, // mov bx, dx (the start)
        0x31, 0xf6, // xor si, si (65,536 turns)
    ];
    const loop = code.length;
    const calls = body === null ? code.length : -1;
    code.push(...(body === null ? Buffer.alloc(150) : body));
    code.push(0x4e); // dec si
    code.push(0x74, 0x03); // jz done
    const back = loop - (code.length + 3);
    code.push(0xe9, back & 0xff, (back >> 8) & 0xff); // jmp loop
    // done: mov ax, es:[46Ch]; sub ax, bx; mov ah, 4Ch; int 21h
    code.push(0x26, 0xa1, 0x6c, 0x04, 0x29, 0xd8, 0xb4, 0x4c, 0xcd, 0x21);
    if (calls >= 0) {
        const ret = code.length;
        code.push(0xc3);
        for (let k = 0; k < 50; k++) {
            const at = calls + 3 * k;
            const rel = ret - (at + 3);
            code.splice(at, 3, 0xe8, rel & 0xff, (rel >> 8) & 0xff);
        }
    }
    return Buffer.from(code);
}

async function main() {
    const names = Object.keys(KINDS);
    const files = {};
    for (const n of names) files[`${n}.COM`] = program(KINDS[n]);
    const ticks = await h.withDos({
        name: "cycles",
        files,
        steps: names.map((n) => ({ run: n, maxErrorlevel: 255 })),
        cycles: CYCLES,
    }, async (dos) => {
        const out = [];
        for (let i = 1; i <= names.length; i++) out.push((await dos.finished(i, { timeout: 600000 })).errorlevel);
        return out;
    });
    console.log(`machine: DOSBox-X, cputype=${h.DEFAULT_CPU}, core=normal, cycles=fixed ${CYCLES}`);
    console.log("65,536 turns of 100 instructions (6.6 million with the loop's own), BIOS ticks of 54.9 ms:");
    names.forEach((n, i) => console.log(`  ${n.padEnd(9)} ${ticks[i]} ticks`));
}

main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
