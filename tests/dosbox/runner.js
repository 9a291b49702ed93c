// Child process that owns one DOSBox-X (WebAssembly) emulator.
//
// The WASM build sometimes aborts with "RuntimeError: unreachable", which
// kills the whole Node process. Running each emulator in its own child
// process keeps the test runner alive; harness.js decides what to do when
// this process dies. Protocol (process.send, serialization "advanced"):
//   parent -> child  {op: "start", conf, files: [{path, contents}]}
//                    {id, op: "key"|"keyEvent"|"mouseMove"|"mouseButton"|
//                         "readFile"|"writeFile"|"deleteFile"|"listFiles"|
//                         "screenshot"|"exit", ...args}
//                    with {watch: true} at the start also "watchLog"|
//                         "watchText"|"watchTicks"|"watchInput" (screen_watch.js)
//   child  -> parent {type: "started"}
//                    {type: "stdout", text}
//                    {type: "reply", id, ok, result | error}
"use strict";

const path = require("path");

class ImageData {
    constructor(data, width, height) {
        this.data = data;
        this.width = width;
        this.height = height;
    }
}
global.ImageData = ImageData;

require("emulators");
/* global emulators */
emulators.pathPrefix = path.join(path.dirname(require.resolve("emulators")), "/");

let ci = null;
let watch = null; // a ScreenWatch when the start asked for one

function send(msg) {
    if (process.connected) process.send(msg);
}

function fileNames(node, prefix, out) {
    if (!node) return out;
    if (Array.isArray(node.nodes)) {
        for (const child of node.nodes) {
            const name = prefix ? prefix + "/" + child.name : child.name;
            if (child.nodes === null || child.nodes === undefined) out.push({ name, size: child.size });
            else fileNames(child, name, out);
        }
    }
    return out;
}

function watcher() {
    if (!watch) throw new Error("the emulator was started without watch: true");
    return watch;
}

const ops = {
    async key(m) { ci.simulateKeyPress(...m.codes); },
    async keyEvent(m) { ci.sendKeyEvent(m.code, m.pressed); },
    async mouseMove(m) { ci.sendMouseMotion(m.x, m.y); },
    async mouseButton(m) { ci.sendMouseButton(m.button, m.pressed); },
    async readFile(m) { return await ci.fsReadFile(m.path); },
    async writeFile(m) { await ci.fsWriteFile(m.path, new Uint8Array(m.contents)); }, // copy: see "start"
    async deleteFile(m) { return await ci.fsDeleteFile(m.path); },
    async listFiles() {
        const tree = await ci.fsTree();
        return fileNames(tree, "", []);
    },
    async screenshot() {
        const img = await ci.screenshot();
        return { width: img.width, height: img.height, data: img.data };
    },
    async watchLog(m) { return watcher().log(m.since); },
    async watchText(m) { return watcher().text(m.known); },
    async watchTicks() { return await watcher().biosTicks(); },
    async watchInput(m) { return await watcher().input(m.actions); },
    async exit() {
        const c = ci;
        ci = null;
        await c.exit();
        setImmediate(() => process.exit(0));
    },
};

process.on("message", async (m) => {
    if (m.op === "start") {
        // Copy into fresh, unshared buffers: a Node Buffer may be a view into
        // a shared pool, and the emulator reads the whole underlying buffer.
        const files = m.files.map((f) => ({ path: f.path, contents: new Uint8Array(f.contents) }));
        // Self-test hooks that imitate the WASM abort of this build.
        if (m.simulate === "early") {
            setTimeout(() => { throw new WebAssembly.RuntimeError("unreachable (simulated)"); }, 50);
            return;
        }
        ci = await emulators.dosboxXNode([m.conf, ...files]);
        if (m.watch) watch = new (require("./screen_watch").ScreenWatch)(ci);
        let first = true;
        ci.events().onStdout((text) => {
            send({ type: "stdout", text });
            if (first && m.simulate === "late") {
                setTimeout(() => { throw new WebAssembly.RuntimeError("unreachable (simulated)"); }, 200);
            }
            first = false;
        });
        send({ type: "started" });
        return;
    }
    if (m.op === "exit" && !ci) process.exit(0);
    const op = ops[m.op];
    try {
        if (!op) throw new Error("unknown op " + m.op);
        if (!ci) throw new Error("emulator not running");
        const result = await op(m);
        send({ type: "reply", id: m.id, ok: true, result });
    } catch (e) {
        send({ type: "reply", id: m.id, ok: false, error: String((e && e.stack) || e) });
    }
});

process.on("disconnect", () => process.exit(0));
