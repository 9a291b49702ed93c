// Self-tests of the harness mechanics against tiny hand-made .COM files
// (fixtures/*.asm, assembled into fixtures/coms.js by fixtures/make.js).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");
const coms = require("./fixtures/coms");

const T = { timeout: 90000 };

test("harness: stdout markers, errorlevels, files dropped in and read back", T, async () => {
    await h.withDos({
        cputype: "386", // the harness's own probes (PROBE.COM and others), not PISKRS
        name: "harness-batch",
        files: {
            "EXITCODE.COM": coms["EXITCODE.COM"],
            "FILEIO.COM": coms["FILEIO.COM"],
        },
        steps: [
            { run: "EXITCODE 3" },
            { run: "EXITCODE" },
            { run: "EXITCODE 7" },
            "echo @@WAIT",
            "pause >NUL",
            { run: "FILEIO" },
        ],
    }, async (dos) => {
        const r1 = await dos.finished(1);
        assert.equal(r1.errorlevel, 3);
        assert.equal(r1.output, "HELLO FROM DOS\r\n");
        assert.equal((await dos.finished(2)).errorlevel, 0);
        assert.equal((await dos.finished(3)).errorlevel, ">=4"); // past the chain's top
        // A file written while DOS runs is seen by the next program.
        await dos.waitForStdout("@@WAIT\r\n");
        await dos.writeFile("IN.TXT", Buffer.from("Hello, Gomoku 19x19\r\n"));
        await dos.key("space"); // ends the PAUSE
        const r4 = await dos.finished(4);
        assert.equal(r4.errorlevel, 0, r4.output);
        assert.match(r4.output, /FILEIO OK/);
        assert.equal((await dos.readFile("OUT.TXT")).toString("latin1"), "HELLO, GOMOKU 19X19\r\n");
        await dos.waitForStdout("@@DONE");
    });
});

// INT 16h AH=10h results (scan code << 8 | ASCII) that the probe prints.
const EXPECTED_KEYS = [
    ["a", "1E61"], ["z", "2C7A"], ["0", "0B30"], ["9", "0A39"], ["enter", "1C0D"],
    ["space", "3920"], ["up", "48E0"], ["down", "50E0"], ["left", "4BE0"],
    ["right", "4DE0"], ["f1", "3B00"], ["y", "1579"], ["n", "316E"],
    ["1", "0231"], ["2", "0332"], ["3", "0433"], ["4", "0534"],
];

test("harness: key codes, mouse cell mapping, screen dumps (mouse driver on)", T, async () => {
    await h.withDos({
        cputype: "386", // the harness's own probes (PROBE.COM and others), not PISKRS
        name: "harness-probe",
        files: { "PROBE.COM": coms["PROBE.COM"] },
        steps: [{ run: "PROBE" }],
    }, async (dos) => {
        await dos.begun(1);
        // F12 right away: the program may not run yet; screen() retries.
        const s0 = await dos.screen("start");
        assert.equal(s0.row(0).slice(74, 79), "PROBE");
        assert.equal(s0.attr(74, 0), 0x1e);
        assert.equal(s0.attr(0, 0), 0x07);
        assert.match(s0.row(0), /^MOUSE OK/);

        for (const [k] of EXPECTED_KEYS) await dos.key(k);
        await dos.type("A?");
        const keyLines = EXPECTED_KEYS.map(([, v]) => `KEY ${v}\r\n`).join("") + "KEY 1E41\r\nKEY 353F\r\n";
        await dos.waitForStdout(keyLines, { timeout: 10000 });

        // INT 33h in text mode: x = 8*col, y = 8*row for a click on cell (col,row).
        const cells = [[0, 0], [79, 24], [24, 10], [4, 19], [40, 1], [40, 19], [46, 22]];
        for (const [c, r] of cells) await dos.click(c, r);
        const clickLines = cells.map(([c, r]) => `CLICK ${8 * c} ${8 * r} 1\r\n`).join("");
        await dos.waitForStdout(clickLines, { timeout: 10000 });

        const s1 = await dos.screen("after-input");
        assert.equal(s1.name, "SCR00002.BIN");
        assert.ok(s1.contains("KEY 3B00"), s1.toString());
        assert.ok(s1.contains("CLICK 192 80 1"), s1.toString());
        const s2 = await dos.screen("again");
        assert.equal(s2.name, "SCR00003.BIN");
        assert.deepEqual(s2.rows, s1.rows);

        await dos.key("esc");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

test("harness: mouse=false switches the INT 33h driver off", T, async () => {
    await h.withDos({
        cputype: "386", // the harness's own probes (PROBE.COM and others), not PISKRS
        name: "harness-nomouse",
        mouse: false,
        files: { "PROBE.COM": coms["PROBE.COM"] },
        steps: [{ run: "PROBE" }],
    }, async (dos) => {
        await dos.waitForStdout("NO MOUSE\r\n");
        await dos.click(10, 10);
        await dos.key("esc");
        const r = await dos.finished(1);
        assert.equal(r.errorlevel, 0);
        assert.doesNotMatch(r.output, /CLICK/);
    });
});

test("harness: a start that dies before any output is restarted; a later death is not", T, async () => {
    const dos = await h.startDos({
        name: "harness-retry",
        simulate: "early",
        simulateTimes: 2,
        steps: ["echo HI"],
    });
    try {
        assert.equal(dos.restarts, 2);
        assert.equal(dos.startFailures.length, 2);
        assert.match(dos.startFailures[0], /RuntimeError: unreachable \(simulated\)/);
        assert.match(dos.startFailures[0], /before the first stdout event/);
        await dos.waitForStdout("@@DONE");
    } finally {
        await dos.exit();
    }

    await assert.rejects(
        h.startDos({ name: "harness-retry-all", simulate: "early", simulateTimes: 99, steps: [] }),
        /died before its first output 4 times/,
    );

    const late = await h.startDos({ name: "harness-late", simulate: "late", steps: ["echo HI"] });
    try {
        assert.equal(late.restarts, 0);
        await assert.rejects(late.waitForStdout("NEVER PRINTED"), (e) => e instanceof h.EmulatorDied && /RuntimeError/.test(e.message));
    } finally {
        await late.exit();
    }
});
