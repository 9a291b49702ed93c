#!/usr/bin/env node
// Local static server for the browser way to play PISKRS.COM.
//
// Serves, from this machine only:
//   /                 public/index.html (the page)
//   /piskrs.js        public/piskrs.js (starts the js-dos player)
//   /config.json      what the page needs: the DOS command line arguments for PISKRS
//   /PISKRS.COM       the program (read from disk on every request, so a rebuild shows on reload)
//   /js-dos/...       node_modules/js-dos/dist/... (the player, its CSS, and emulators/: DOSBox-X WASM)
// Anything else is 404. It listens on 127.0.0.1 only.
//
// CLI:  node server.js [--port N] [--com PATH] [-- ARGS FOR PISKRS...]
//   --port N   port to listen on (default $PISKRS_PORT or 8086; 0 picks a free one)
//   --com PATH the .COM to serve (default $PISKRS_COM or ../target/PISKRS.COM)
// It prints "Open http://localhost:PORT/" and runs until killed (Ctrl+C).
"use strict";

const http = require("node:http");
const fs = require("node:fs");
const path = require("node:path");

const WEB_DIR = __dirname;
const PUBLIC_DIR = path.join(WEB_DIR, "public");
const JSDOS_DIR = path.join(WEB_DIR, "node_modules", "js-dos", "dist");
const DEFAULT_COM = path.join(WEB_DIR, "..", "target", "PISKRS.COM");
const DEFAULT_PORT = 8086;

const TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".map": "application/json; charset=utf-8",
    ".wasm": "application/wasm",
    ".png": "image/png",
    ".woff": "font/woff",
    ".svg": "image/svg+xml",
};

// DOS command line arguments that are safe to put into a batch file line.
const SAFE_ARG = /^[A-Za-z0-9/?._:=+-]{1,40}$/;

function checkArgs(args) {
    for (const a of args) {
        if (!SAFE_ARG.test(a)) {
            throw new Error(`argument not allowed in the browser way: ${JSON.stringify(a)}`);
        }
    }
    if (args.join(" ").length > 100) {
        throw new Error("arguments too long for a DOS command line");
    }
    return args;
}

// Resolves a URL path inside a folder, or null if it would leave it.
function inside(dir, urlPath) {
    const file = path.normalize(path.join(dir, urlPath));
    return file.startsWith(dir + path.sep) ? file : null;
}

function sendFile(res, file, method, extraHeaders = {}) {
    fs.stat(file, (err, st) => {
        if (err || !st.isFile()) {
            res.writeHead(404, { "content-type": "text/plain" });
            res.end("not found\n");
            return;
        }
        res.writeHead(200, {
            "content-type": TYPES[path.extname(file).toLowerCase()] || "application/octet-stream",
            "content-length": st.size,
            ...extraHeaders,
        });
        if (method === "HEAD") {
            res.end();
        } else {
            fs.createReadStream(file).pipe(res);
        }
    });
}

/**
 * Makes the HTTP server (not yet listening).
 * @param {{comPath?: string, args?: string[]}} opts
 */
function createServer(opts = {}) {
    const comPath = path.resolve(opts.comPath || process.env.PISKRS_COM || DEFAULT_COM);
    const args = checkArgs(opts.args || []);
    const config = JSON.stringify({ args });

    return http.createServer((req, res) => {
        if (req.method !== "GET" && req.method !== "HEAD") {
            res.writeHead(405, { allow: "GET, HEAD" });
            res.end();
            return;
        }
        let urlPath;
        try {
            urlPath = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
        } catch {
            res.writeHead(400);
            res.end();
            return;
        }
        const noStore = { "cache-control": "no-store" };

        if (urlPath === "/" || urlPath === "/index.html") {
            sendFile(res, path.join(PUBLIC_DIR, "index.html"), req.method, noStore);
        } else if (urlPath === "/piskrs.js") {
            sendFile(res, path.join(PUBLIC_DIR, "piskrs.js"), req.method, noStore);
        } else if (urlPath === "/config.json") {
            res.writeHead(200, { "content-type": TYPES[".json"], ...noStore });
            res.end(req.method === "HEAD" ? undefined : config);
        } else if (urlPath === "/PISKRS.COM") {
            sendFile(res, comPath, req.method, noStore);
        } else if (urlPath.startsWith("/js-dos/")) {
            const file = inside(JSDOS_DIR, urlPath.slice("/js-dos/".length));
            if (file) {
                sendFile(res, file, req.method);
            } else {
                res.writeHead(404);
                res.end();
            }
        } else {
            res.writeHead(404, { "content-type": "text/plain" });
            res.end("not found\n");
        }
    });
}

/**
 * Starts the server; resolves to {server, port, url} once it listens.
 * @param {{port?: number, host?: string, comPath?: string, args?: string[]}} opts
 */
function start(opts = {}) {
    const server = createServer(opts);
    const host = opts.host || "127.0.0.1";
    const port = opts.port ?? DEFAULT_PORT;
    return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
            const actual = server.address().port;
            resolve({ server, port: actual, url: `http://localhost:${actual}/` });
        });
    });
}

function parseCli(argv) {
    const out = { args: [] };
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i];
        if (a === "--") {
            out.args = argv.slice(i + 1);
            break;
        } else if (a === "--port") {
            out.port = Number(argv[++i]);
        } else if (a === "--com") {
            out.comPath = argv[++i];
        } else {
            throw new Error(`unknown option ${a} (usage: node server.js [--port N] [--com PATH] [-- ARGS])`);
        }
    }
    if (out.port === undefined) {
        out.port = process.env.PISKRS_PORT ? Number(process.env.PISKRS_PORT) : DEFAULT_PORT;
    }
    if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) {
        throw new Error("bad port");
    }
    return out;
}

if (require.main === module) {
    let opts;
    try {
        opts = parseCli(process.argv.slice(2));
    } catch (e) {
        console.error(`server.js: ${e.message}`);
        process.exit(2);
    }
    if (!fs.existsSync(JSDOS_DIR)) {
        console.error(`server.js: ${JSDOS_DIR} is missing: run npm ci in ${WEB_DIR}`);
        process.exit(1);
    }
    start(opts).then(({ url }) => {
        console.log(`PISKRS in the browser: open ${url}  (Ctrl+C stops the server)`);
    }, (e) => {
        const hint = e.code === "EADDRINUSE" ? " (choose another port: PISKRS_PORT=N ./play, or 0 for any free one)" : "";
        console.error(`server.js: cannot listen on port ${opts.port}: ${e.message}${hint}`);
        process.exit(1);
    });
    for (const sig of ["SIGINT", "SIGTERM"]) {
        process.on(sig, () => process.exit(0));
    }
}

module.exports = { createServer, start, checkArgs };
