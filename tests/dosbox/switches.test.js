// End-to-end tests of PISKRS.COM's command line in DOSBox-X: a bad switch or
// a value out of its range gives two lines, the words typed with what the
// switch takes and where the switches are listed, with errorlevel 1 (never the
// whole usage, which scrolled the error off the screen); /? fits a 25-line
// screen with its first line; the Mist's controller refuses /LOAD rather than
// ignoring it. Each describe is one emulator run; its steps follow its batch.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");

const T = { timeout: 60000 };
const SEE = "PISKRS /? lists the switches.";
const TIME = "the thinking time is 0.1 to 25 seconds, as 2 or 2.5.";
const PLAY = "the game to start is 1, 2, 4 or 5, as the menu's keys.";
const LEVEL = "the level is CLASSIC, CHA or STRONG.";
const LOAD = "the name of a saved game (a .psq file) follows /LOAD.";
const CONTROLLER = "/LOAD: the Mist's controller (input redirected, or /CON) loads no game.";

const startPiskrs = h.startPiskrs;

/** Each command tail and the first line it must print. */
const BAD = [
    ["/TIME 99", `/TIME 99: ${TIME}`],
    ["/TIME 0", `/TIME 0: ${TIME}`],
    ["/TIME 1.55", `/TIME 1.55: ${TIME}`],
    ["/TIME", `/TIME: ${TIME}`],
    ["/SEED 65536", "/SEED 65536: the seed is a whole number from 0 to 65535."],
    ["/LEVEL BOGUS", `/LEVEL BOGUS: ${LEVEL}`],
    ["/LEVEL", `/LEVEL: ${LEVEL}`],
    ["/PLAY 9", `/PLAY 9: ${PLAY}`],
    ["/PLAY 3", `/PLAY 3: ${PLAY}`],
    ["/SOUND LOUD", "/SOUND LOUD: the sound is ON or OFF."],
    ["/RULE SIX", "/RULE SIX: the rule is FREE (five or more) or EXACT (exactly five)."],
    ["/LOAD", `/LOAD: ${LOAD}`],
    ["/BOGUS", "/BOGUS: no such switch."],
    ["/MIST /SEED 7 /Fast", "/Fast: no such switch."],
];

describe("a bad switch names itself and what it takes, in two lines; errorlevel 1", () => {
    let dos;
    before(async () => {
        dos = await startPiskrs("switches-bad", BAD.map(([args]) => ({ run: `PISKRS ${args}` })));
    });
    after(async () => { if (dos) await dos.exit(); });

    BAD.forEach(([args, first], i) => {
        it(`PISKRS ${args}: "${first}", then "${SEE}"`, T, async () => {
            const r = await dos.finished(i + 1);
            assert.equal(r.output, `${first}\r\n${SEE}\r\n`, "exactly two lines, no usage");
            assert.equal(r.errorlevel, 1);
        });
    });

    it("no run wrote PISKRS.CFG (nothing started)", T, async () => {
        await dos.finished(BAD.length);
        assert.ok(!(await dos.listFiles()).some((f) => /PISKRS\.CFG$/i.test(f.name)));
    });
});

describe("/? fits a 25-line screen: 24 lines, the first one kept", () => {
    let dos;
    before(async () => {
        dos = await startPiskrs("switches-usage", [{ run: "PISKRS /?" }]);
    });
    after(async () => { if (dos) await dos.exit(); });

    it("PISKRS /?: 24 lines under 80 columns from 'PISKRS - Gomoku for DOS'; errorlevel 0", T, async () => {
        const r = await dos.finished(1);
        assert.equal(r.errorlevel, 0);
        assert.ok(r.output.endsWith("\r\n"), JSON.stringify(r.output));
        const lines = r.output.slice(0, -2).split("\r\n");
        // 24 lines and the prompt after them fill 25: the first stays on screen.
        assert.equal(lines.length, 24, r.output);
        assert.match(lines[0], /^PISKRS - Gomoku for DOS/);
        // 80 characters would wrap onto a line of their own.
        for (const line of lines) assert.ok(line.length < 80, `${line.length} columns: ${line}`);
    });

    it("every switch has a line of its own, the games' and the values' shown in the usage line", T, async () => {
        const r = await dos.finished(1);
        for (const sw of ["/PISKASM", "/MIST", "/OUTER", "/EXACT", "/GOMORPION", "/LEVEL", "/TIME", "/PLAY", "/SOUND",
            "/RULE", "/SEED", "/LOAD", "/BENCH", "/FIXED", "/STACK"]) {
            assert.match(r.output, new RegExp(`\\r\\n  ${sw.replace("/", "\\/")} `), `${sw} has its own line:\n${r.output}`);
        }
        assert.match(r.output, /\/MIST \[\/CON\]/, "/CON goes with /MIST");
        assert.match(r.output, /\/PLAY 1\|2\|4/);
        assert.match(r.output, /\/SOUND ON\|OFF/);
        assert.match(r.output, /0\.1 to 25/, "/TIME's range");
        assert.match(r.output, /PISKRS\.CFG/);
    });
});

describe("the Mist's controller and /LOAD: refused with a message, not ignored", () => {
    let dos;
    const record = "Piskvorky 19x19, 11:11, 0\r\n10,10,0\r\n-1\r\n";
    before(async () => {
        dos = await startPiskrs("switches-controller", [
            { run: "PISKRS /MIST /LOAD GAME.PSQ < IN.TXT" },
            { run: "PISKRS /MIST /LOAD MISSING.PSQ < IN.TXT" },
            { run: "PISKRS /mist /con /load GAME.PSQ" },
        ], { files: { "IN.TXT": Buffer.from("who\r\nterm\r\n", "latin1"), "GAME.PSQ": Buffer.from(record, "latin1") } });
    });
    after(async () => { if (dos) await dos.exit(); });

    for (const [n, args] of [[1, "/MIST /LOAD GAME.PSQ < IN.TXT"], [2, "/MIST /LOAD MISSING.PSQ < IN.TXT"], [3, "/mist /con /load GAME.PSQ"]]) {
        it(`PISKRS ${args}: "${CONTROLLER}", errorlevel 1, no answer`, T, async () => {
            const r = await dos.finished(n);
            assert.equal(r.output, `${CONTROLLER}\r\n${SEE}\r\n`);
            assert.equal(r.errorlevel, 1);
        });
    }
});
