// ./play picks the way to start PISKRS.COM: native dosbox-x, else native dosbox (both only with a
// display), else the browser way. Stubs stand in for the emulators: each records its argv and the
// conf it was given, and exits. The build step (cargo com) runs for real.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawn } = require("node:child_process");

const ROOT = path.resolve(__dirname, "..", "..");
const PLAY = path.join(ROOT, "play");
const COM = path.join(ROOT, "target", "PISKRS.COM");
// The first build may compile core and install cargo-binutils: minutes, not seconds.
const BUILD_TIMEOUT = 900_000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "piskrs-play-test-"));
process.on("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));

/** A folder with stub emulators `names`; each writes {name, argv, conf} as JSON to $PISKRS_STUB_LOG. */
function stubDir(label, names) {
    const dir = path.join(tmp, label);
    fs.mkdirSync(dir);
    for (const name of names) {
        const file = path.join(dir, name);
        fs.writeFileSync(file, `#!${process.execPath}
const fs = require("fs");
const argv = process.argv.slice(2);
const i = argv.indexOf("-conf");
const conf = i >= 0 && fs.existsSync(argv[i + 1]) ? fs.readFileSync(argv[i + 1], "utf8") : null;
fs.writeFileSync(process.env.PISKRS_STUB_LOG, JSON.stringify({ name: ${JSON.stringify(name)}, argv, conf }));
`);
        fs.chmodSync(file, 0o755);
    }
    return dir;
}

/**
 * PATH with every folder that holds a real dosbox-x or dosbox replaced by a copy made of symlinks
 * to everything else in it, so only the stubs can be found.
 */
function pathWithoutEmulators() {
    const names = ["dosbox-x", "dosbox"];
    return (process.env.PATH || "").split(":").filter(Boolean).map((dir, n) => {
        if (!names.some((name) => fs.existsSync(path.join(dir, name)))) {
            return dir;
        }
        const masked = path.join(tmp, `masked-${n}`);
        fs.mkdirSync(masked);
        for (const entry of fs.readdirSync(dir)) {
            if (!names.includes(entry)) {
                fs.symlinkSync(path.join(dir, entry), path.join(masked, entry));
            }
        }
        return masked;
    }).join(":");
}
const BASE_PATH = pathWithoutEmulators();

/** Environment for ./play: the stubs first on PATH, the given display variables, nothing forced. */
function playEnv(stubs, display, log) {
    const env = { ...process.env, PATH: `${stubs}:${BASE_PATH}`, PISKRS_STUB_LOG: log };
    delete env.PISKRS_PLAY;
    delete env.PISKRS_PORT;
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    return { ...env, ...display };
}

/** Runs ./play to its end; resolves to {code, out}. */
function runPlay(args, env) {
    return new Promise((resolve, reject) => {
        const child = spawn(PLAY, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        child.stdout.on("data", (d) => { out += d; });
        child.stderr.on("data", (d) => { out += d; });
        const timer = setTimeout(() => { child.kill("SIGKILL"); reject(new Error(`./play hung:\n${out}`)); },
            BUILD_TIMEOUT);
        child.on("error", reject);
        child.on("exit", (code) => { clearTimeout(timer); resolve({ code, out }); });
    });
}

/** The [autoexec] lines of a dosbox.conf, and its other settings as "section.key" -> value. */
function parseConf(text) {
    const settings = {};
    const autoexec = [];
    let section = "";
    for (const raw of text.split(/\r?\n/)) {
        const line = raw.trim();
        const head = /^\[(.+)\]$/.exec(line);
        if (head) {
            section = head[1].toLowerCase();
        } else if (section === "autoexec") {
            if (line) autoexec.push(line);
        } else if (line && !line.startsWith("#")) {
            const eq = line.indexOf("=");
            settings[`${section}.${line.slice(0, eq).trim()}`] = line.slice(eq + 1).trim();
        }
    }
    return { settings, autoexec };
}

/** Checks that the stub was asked to mount target/ and run the real PISKRS.COM with `run`. */
function checkStarted(log, name, run) {
    assert.equal(log.name, name);
    assert.ok(log.conf, `${name} got no -conf file: argv ${JSON.stringify(log.argv)}`);
    const { settings, autoexec } = parseConf(log.conf);
    assert.equal(settings["cpu.cputype"], "386");
    assert.equal(settings["cpu.core"], "normal");

    const mount = autoexec.map((l) => /^mount c "(.*)"$/i.exec(l)).find(Boolean);
    assert.ok(mount, `no mount c in autoexec:\n${autoexec.join("\n")}`);
    const mounted = path.join(mount[1], "PISKRS.COM");
    assert.equal(path.resolve(mounted), COM);
    assert.ok(fs.existsSync(mounted), `${mounted} does not exist`);

    const at = autoexec.findIndex((l) => /^mount c /i.test(l));
    assert.deepEqual(autoexec.slice(at + 1), ["c:", run, "exit"]);
}

test("with a display and dosbox-x on PATH, ./play starts dosbox-x with target/PISKRS.COM", { timeout: BUILD_TIMEOUT }, async () => {
    const log = path.join(tmp, "dosbox-x.json");
    const env = playEnv(stubDir("both", ["dosbox-x", "dosbox"]), { DISPLAY: ":0" }, log);
    const { code, out } = await runPlay([], env);
    assert.equal(code, 0, out);
    const started = JSON.parse(fs.readFileSync(log, "utf8"));
    checkStarted(started, "dosbox-x", "PISKRS");
    assert.equal(parseConf(started.conf).settings["dosbox.hostkey"], "ctrlalt", "F12 must reach PISKRS");
});

test("with a display and only dosbox on PATH, ./play /? starts dosbox with PISKRS /?", { timeout: BUILD_TIMEOUT }, async () => {
    const log = path.join(tmp, "dosbox.json");
    const env = playEnv(stubDir("dosbox-only", ["dosbox"]), { WAYLAND_DISPLAY: "wayland-0" }, log);
    const { code, out } = await runPlay(["/?"], env);
    assert.equal(code, 0, out);
    checkStarted(JSON.parse(fs.readFileSync(log, "utf8")), "dosbox", "PISKRS /?");
});

test("without a display, ./play serves the browser page instead", { timeout: BUILD_TIMEOUT }, async () => {
    const log = path.join(tmp, "unused.json");
    const env = { ...playEnv(stubDir("no-display", ["dosbox-x", "dosbox"]), {}, log), PISKRS_PORT: "0" };
    const child = spawn(PLAY, [], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    try {
        const address = await new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no address printed:\n${out}`)), BUILD_TIMEOUT);
            const seen = (d) => {
                out += d;
                const m = /http:\/\/localhost:\d+\//.exec(out);
                if (m) {
                    clearTimeout(timer);
                    resolve(m[0]);
                }
            };
            child.stdout.on("data", seen);
            child.stderr.on("data", seen);
            child.on("exit", (code) => reject(new Error(`./play exited (${code}):\n${out}`)));
        });
        const page = await fetch(address);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /js-dos\.js/);
        const com = Buffer.from(await (await fetch(`${address}PISKRS.COM`)).arrayBuffer());
        assert.ok(com.equals(fs.readFileSync(COM)), "the page gets a different PISKRS.COM");
        assert.equal((await fetch(`${address}js-dos/emulators/wdosbox-x.wasm`, { method: "HEAD" })).status, 200);
        assert.equal(fs.existsSync(log), false, "an emulator stub was started");
    } finally {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        await exited;
    }
});

test("./play refuses an argument that would break the DOS command line", async () => {
    const env = playEnv(stubDir("bad-arg", ["dosbox-x"]), { DISPLAY: ":0" }, path.join(tmp, "bad.json"));
    const { code, out } = await runPlay(["a>b"], env);
    assert.notEqual(code, 0);
    assert.match(out, /argument not allowed/);
});
