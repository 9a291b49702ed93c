// Conformance of the Mist's Game Controller in the real PISKRS.COM (DOSBox-X):
// every scripted game in fixtures/controller/ (NN-name.in: the commands,
// NN-name.out: the exact stdout bytes, NN-name.code: the errorlevel), copied
// in under 8.3 names (GNN.IN), runs
//   - as PISKRS /MIST < GNN.IN: the answers from the emulator's stdout stream;
//   - as PISKRS /MIST < GNN.IN > GNN.OUT: GNN.OUT read back;
// both compared byte for byte with the .out, both with the errorlevel checked.
// The second way sometimes kills this DOSBox-X build when the program ends
// (README, "Pitfalls"): such runs are redone in a fresh emulator, within
// limits. A few games whose commands can be typed also run as
// `PISKRS /MIST /CON` with the commands typed on the console.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const h = require("./harness");

const T = { timeout: 60000 };
const DIR = path.join(__dirname, "fixtures", "controller");
// Program runs per emulator start: short batches (the WASM DOSBox-X has
// aborted in long ones), and a death costs less to redo.
const PER_BATCH = 6;
const MIN_GAMES = 12;

/** The fixtures: [{id: "01", name: "01-black-five", dos: "G01", input, output, code}], by number. */
function loadGames() {
    if (!fs.existsSync(DIR)) return [];
    const games = [];
    for (const f of fs.readdirSync(DIR).filter((n) => /^\d\d-[A-Za-z0-9_-]+\.in$/.test(n)).sort()) {
        const name = f.slice(0, -3);
        const id = name.slice(0, 2);
        const file = (ext) => path.join(DIR, `${name}.${ext}`);
        games.push({
            id, name, dos: `G${id}`,
            input: fs.readFileSync(file("in")),
            output: fs.existsSync(file("out")) ? fs.readFileSync(file("out")) : null,
            code: fs.existsSync(file("code")) ? fs.readFileSync(file("code"), "latin1").trim() : null,
        });
    }
    return games;
}

const GAMES = loadGames();

describe("the fixtures", () => {
    it(`fixtures/controller holds at least ${MIN_GAMES} games, each with .in, .out and .code`, () => {
        assert.ok(fs.existsSync(DIR), `${DIR} is missing`);
        assert.ok(GAMES.length >= MIN_GAMES, `${GAMES.length} games in ${DIR}`);
        const ids = GAMES.map((g) => g.id);
        assert.equal(new Set(ids).size, ids.length, `one game per number: ${ids.join(" ")}`);
        for (const g of GAMES) {
            assert.ok(g.output, `${g.name}.out is missing`);
            assert.match(g.code || "", /^\d+$/, `${g.name}.code holds an errorlevel`);
        }
    });

    it("they cover wins, a resign, a tie on a full board, term, end of input without a result, invalid input", () => {
        const text = (b) => b.toString("latin1");
        const lines = (g) => text(g.input).split(/\r?\n/);
        const has = (pred, what) => assert.ok(GAMES.some(pred), `no game with ${what}`);
        has((g) => /^Black wins!\r$/m.test(text(g.output)) && !lines(g).includes("resign"), "a five for Black");
        has((g) => /^White wins!\r$/m.test(text(g.output)) && !lines(g).includes("resign"), "a five for White");
        has((g) => lines(g).includes("resign") && /wins!\r\n/.test(text(g.output)), "a resign");
        has((g) => text(g.output).includes("Wow, a tie!\r\n") && g.code === "0", "a tie");
        has((g) => lines(g).includes("term") && g.code === "1" && !/Thank you/.test(text(g.output)), "term");
        has((g) => g.code === "1" && !lines(g).includes("term") && g.output.length === 0 && g.input.length > 0, "a silent end of input");
        has((g) => g.code === "1" && !lines(g).includes("term") && g.output.length > 0, "answers, then the end of input");
        has((g) => text(g.output).includes("Invalid!\r\n"), "Invalid!");
        has((g) => text(g.output).includes("Invalid coordinate\r\n"), "Invalid coordinate");
        has((g) => text(g.output).includes("Occupied coordinate\r\n"), "Occupied coordinate");
    });
});

/**
 * The answers as the program writes them (stdin redirected, stdout the
 * console): the emulator hands every write to standard output (INT 21h AH=40h,
 * handle 1) to its stdout stream, which the batch markers cut into runs. This
 * path has never made the emulator die; the file path below sometimes does.
 */
function batchOnStdout(games, label) {
    describe(`PISKRS /MIST < GNN.IN: the answers on standard output, games ${label}`, () => {
        let dos;
        before(async () => {
            const files = { "PISKRS.COM": h.piskrsCom() };
            for (const g of games) files[`${g.dos}.IN`] = g.input;
            dos = await h.startDos({
                name: `controller-stdout-${label}`,
                files,
                // maxErrorlevel 9: an unexpected errorlevel shows as itself.
                steps: games.map((g) => ({ run: `PISKRS /MIST < ${g.dos}.IN`, maxErrorlevel: 9 })),
            });
        });
        after(async () => { if (dos) await dos.exit(); });

        games.forEach((g, i) => {
            it(`${g.name}: ${g.output ? g.output.length : "?"} bytes, errorlevel ${g.code}`, T, async () => {
                const r = await dos.finished(i + 1);
                // ASCII passes the stream unchanged; anything else would not match.
                const got = Buffer.from(r.output, "latin1");
                assert.ok(got.equals(g.output), `${g.name}: standard output differs from ${g.name}.out: ` +
                    h.describeDifference(got, g.output) + `\nwhole output: ${JSON.stringify(r.output)}`);
                assert.equal(String(r.errorlevel), g.code, `${g.name}: errorlevel`);
            });
        });
    });
}

for (let i = 0; i < GAMES.length; i += PER_BATCH) {
    const games = GAMES.slice(i, i + PER_BATCH);
    batchOnStdout(games, `${games[0].id}-${games[games.length - 1].id}`);
}

const MAX_RUNS_PER_GAME = 8;
const MAX_STARTS = 30;

/**
 * Runs every game as `PISKRS /MIST < GNN.IN > GNN.OUT`, PER_BATCH games to an
 * emulator, and reads each GNN.OUT back. This DOSBox-X build sometimes dies
 * when a program whose standard output was redirected to a file ends (a null
 * function call in DOS_CloseFile under DOS_Terminate; see README "Pitfalls"):
 * the games from the one that was running on are then run again in a fresh
 * emulator, each at most MAX_RUNS_PER_GAME times. Returns
 * {results: Map id -> {output, errorlevel, files} | {error}, deaths: [text]}.
 */
async function runRedirected(games) {
    const results = new Map();
    const runs = new Map();
    const deaths = [];
    let starts = 0;
    let pending = [...games];
    while (pending.length) {
        if (starts >= MAX_STARTS) {
            for (const g of pending) results.set(g.id, { error: `not run: ${MAX_STARTS} emulator starts used up (deaths: ${deaths.length})` });
            break;
        }
        const batch = pending.slice(0, PER_BATCH);
        const files = { "PISKRS.COM": h.piskrsCom() };
        for (const g of batch) files[`${g.dos}.IN`] = g.input;
        starts += 1;
        const dos = await h.startDos({
            name: `controller-file-${starts}`,
            files,
            // maxErrorlevel 9: an unexpected errorlevel shows as itself.
            steps: batch.map((g) => ({ run: `PISKRS /MIST < ${g.dos}.IN > ${g.dos}.OUT`, maxErrorlevel: 9 })),
        });
        let i = 0;
        try {
            for (; i < batch.length; i++) {
                const g = batch[i];
                runs.set(g.id, (runs.get(g.id) || 0) + 1);
                const r = await dos.finished(i + 1, { timeout: 30000 });
                const listed = (await dos.listFiles()).map((f) => f.name.toUpperCase());
                const output = listed.includes(`${g.dos}.OUT`) ? await dos.readFile(`${g.dos}.OUT`) : null;
                results.set(g.id, { output, errorlevel: r.errorlevel, files: listed, runs: runs.get(g.id) });
            }
        } catch (e) {
            if (!(e instanceof h.EmulatorDied)) throw e;
            const g = batch[i];
            deaths.push(`${g.name} (run ${runs.get(g.id)} of it, emulator start ${starts}): ${e.message.split("\n")[0]}`);
            if (runs.get(g.id) >= MAX_RUNS_PER_GAME) {
                results.set(g.id, { error: `the emulator died in all ${MAX_RUNS_PER_GAME} runs of this game; the last time:\n${e.message.slice(0, 3000)}` });
            }
        } finally {
            await dos.exit();
        }
        pending = pending.filter((g) => !results.has(g.id));
    }
    return { results, deaths, starts };
}

describe("PISKRS /MIST < GNN.IN > GNN.OUT: every game, the output file byte for byte", () => {
    let run;
    before(async () => { run = await runRedirected(GAMES); }, { timeout: 15 * 60 * 1000 });
    after(() => {
        if (!run) return;
        console.log(`# ${GAMES.length} games in ${run.starts} emulator starts`);
        for (const d of run.deaths) console.log(`# the emulator died after ${d}; run again`);
    });

    for (const g of GAMES) {
        it(`${g.name}: ${g.output ? g.output.length : "?"} bytes of output, errorlevel ${g.code}`, T, () => {
            const r = run.results.get(g.id);
            assert.ok(r, `no result for ${g.name}`);
            if (r.error) assert.fail(r.error);
            assert.ok(r.output, `${g.dos}.OUT was written (files: ${r.files.join(" ")})`);
            assert.ok(r.output.equals(g.output), `${g.name}: the output differs from ${g.name}.out: ` +
                h.describeDifference(r.output, g.output) + `\nwhole output: ${JSON.stringify(r.output.toString("latin1"))}`);
            assert.equal(String(r.errorlevel), g.code, `${g.name}: errorlevel`);
        });
    }
});

// /CON: the same controller reading the keyboard through DOS (cooked console
// input: the typed line is echoed on the screen, not on stdout). Games whose
// commands are all typeable short lines ending in CR LF, and that end with a
// result or term, qualify; the three shortest are typed line by line, and the
// answers the emulator's stdout shows between the batch markers must be the
// .out bytes.
const TYPEABLE_LINE = /^[a-z A-Z0-9]{0,24}$/;
function typedLines(g) {
    const t = g.input.toString("latin1");
    if (!t.endsWith("\r\n") || /[^\r]\n|\r(?!\n)/.test(t)) return null;
    const lines = t.slice(0, -2).split("\r\n");
    if (!lines.every((l) => TYPEABLE_LINE.test(l) && h.canType(l))) return null;
    if (g.code === "1" && !lines.includes("term")) return null; // ends by end of input: not typed
    return lines.length <= 16 ? lines : null;
}
// The three shortest to type (typing costs about 65 ms a key).
const typedLength = (g) => typedLines(g).join("\n").length;
const CONSOLE_GAMES = GAMES.filter((g) => g.output && typedLines(g)).sort((a, b) => typedLength(a) - typedLength(b) || a.id.localeCompare(b.id)).slice(0, 3);

describe("PISKRS /MIST /CON: the commands typed on the console", () => {
    let dos;
    before(async () => {
        if (!CONSOLE_GAMES.length) return;
        dos = await h.startDos({
            name: "controller-con",
            files: { "PISKRS.COM": h.piskrsCom() },
            steps: CONSOLE_GAMES.map(() => ({ run: "PISKRS /MIST /CON", maxErrorlevel: 9 })),
        });
    });
    after(async () => { if (dos) await dos.exit(); });

    it("there are fixtures to type", () => {
        assert.ok(CONSOLE_GAMES.length >= 2, `typeable fixtures: ${CONSOLE_GAMES.map((g) => g.name).join(" ")}`);
    });

    CONSOLE_GAMES.forEach((g, i) => {
        it(`${g.name} typed: the same answers, errorlevel ${g.code}`, T, async () => {
            const n = i + 1;
            await dos.begun(n);
            // The program has ended (or is about to): its result is out, or the batch went on.
            const ended = () => new RegExp(`@@BEGIN ${n}\\r\\n[\\s\\S]*(Thank you for playing!|ERRORLEVEL=)`).test(dos.visibleStdout());
            const typed = [];
            for (const line of typedLines(g)) {
                // Let the answers of the line before come out, then stop once the program has ended
                // (keys typed after that would reach the next program).
                let quiet = dos.stdout.length;
                for (let k = 0; k < 10; k++) {
                    await h.sleep(100);
                    if (dos.stdout.length === quiet && k >= 2) break;
                    quiet = dos.stdout.length;
                }
                if (ended()) break;
                await dos.type(line);
                await dos.key("enter");
                typed.push(line);
                if (line === "term" || line === "resign") break; // both end the program
            }
            const r = await dos.finished(n);
            const got = Buffer.from(r.output, "latin1");
            assert.ok(got.equals(g.output), `typed ${JSON.stringify(typed)}: ` + h.describeDifference(got, g.output) +
                `\nwhole output: ${JSON.stringify(r.output)}`);
            assert.equal(String(r.errorlevel), g.code);
        });
    });
});
