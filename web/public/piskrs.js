// Starts PISKRS.COM in the js-dos 8.4.1 player (DOSBox-X backend), with nothing from the network.
//
// Hooks for tests and for poking around in the browser console:
//   window.piskrs.dos      the js-dos player handle returned by Dos() (setFullScreen, stop, ...)
//   window.piskrs.ready    Promise of the emulator's CommandInterface, resolved on js-dos's "ci-ready"
//   window.piskrs.ci       the same CommandInterface once ready (null before): screenshot(), simulateKeyPress(),
//                          sendMouseMotion(), sendMouseButton(), fsReadFile(), fsTree(), width(), height(), ...
//   window.piskrs.stdout   DOS console output received so far (array of strings)
//   window.piskrs.error    a startup error message, or null
//   window.piskrs.canvas() the <canvas> the emulated screen is drawn on
// Query parameters: ?cycles=N sets DOSBox-X cycles (default: fixed 3000, the project's reference 386).
"use strict";

(function () {
    const statusEl = document.getElementById("status");
    const status = (text) => { statusEl.textContent = text; };

    let resolveReady;
    let rejectReady;
    const piskrs = window.piskrs = {
        dos: null,
        ci: null,
        ready: new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; }),
        stdout: [],
        error: null,
        canvas: () => document.querySelector("#dos canvas"),
    };
    // The page does not crash on an unhandled rejection if nobody awaits `ready`.
    piskrs.ready.catch(() => {});

    function fail(message) {
        piskrs.error = message;
        status(message);
        rejectReady(new Error(message));
    }

    // Where the page was served from: every URL below is on this origin.
    const base = new URL("/", location.href).href;

    function cyclesSetting() {
        const q = new URLSearchParams(location.search).get("cycles");
        return q && /^[0-9]{2,7}$/.test(q) ? `fixed ${q}` : "fixed 3000";
    }

    function dosboxConf(args) {
        // args were checked by the server (server.js SAFE_ARG); check again, this goes into a batch line.
        const safe = args.filter((a) => /^[A-Za-z0-9/?._:=+-]{1,40}$/.test(a));
        return [
            // The mouse is not captured: DOSBox-X's INT 33h then follows the host pointer in absolute
            // positions (its "mouse integration"), which is what PISKRS reads (AX=5, press position).
            "[sdl]",
            "autolock=false",
            "[dosbox]",
            "machine=svga_s3",
            "memsize=16",
            "[cpu]",
            "core=normal",
            "cputype=386",
            `cycles=${cyclesSetting()}`,
            "[autoexec]",
            "@echo off",
            "mount c .",
            "c:",
            ["PISKRS", ...safe].join(" "),
            "echo PISKRS has ended. Type PISKRS and Enter to play again.",
            "",
        ].join("\n");
    }

    async function main() {
        const [comResponse, configResponse] = await Promise.all([
            fetch(base + "PISKRS.COM", { cache: "no-store" }),
            fetch(base + "config.json", { cache: "no-store" }),
        ]);
        if (!comResponse.ok) {
            fail("PISKRS.COM is not built yet: run ./play (or cargo com) in the repository, then reload.");
            return;
        }
        const com = new Uint8Array(await comResponse.arrayBuffer());
        const config = configResponse.ok ? await configResponse.json() : { args: [] };

        status(`PISKRS.COM ${com.length} bytes`);
        piskrs.dos = Dos(document.getElementById("dos"), {
            // The emulators (emulators.js, wdosbox-x.js/.wasm) from this server, not the js-dos CDN.
            pathPrefix: base + "js-dos/emulators/",
            // No bundle URL: the config and the program are given inline, so js-dos fetches no
            // bundle and looks for no saved changes ("<url>.changes") anywhere.
            dosboxConf: dosboxConf(config.args || []),
            jsdosConf: { version: "8" },
            initFs: [{ path: "PISKRS.COM", contents: com }],
            backend: "dosboxX",
            backendLocked: true,
            workerThread: true,
            autoStart: true,
            countDownStart: 0,
            // Kiosk hides the sidebar: no network (IPX/WebRTC) dialog, no settings that could pick a
            // remote system image, no saves.
            kiosk: true,
            autoSave: false,
            noCloud: true,
            mouseCapture: false,
            renderAspect: "AsIs",
            imageRendering: "pixelated",
            theme: "dark",
            lang: "en",
            onEvent: (event, arg) => {
                if (event === "ci-ready") {
                    const ci = arg;
                    piskrs.ci = ci;
                    ci.events().onStdout((text) => piskrs.stdout.push(text));
                    status("running: keys and mouse go to PISKRS");
                    resolveReady(ci);
                }
            },
        });
        // setNoCloud is a setter only in 8.4.1 (the option above is for later versions).
        piskrs.dos.setNoCloud(true);
        document.getElementById("fullscreen").addEventListener("click", () => piskrs.dos.setFullScreen(true));
    }

    if (typeof window.Dos !== "function") {
        fail("the js-dos player did not load: run npm ci in web/");
    } else {
        main().catch((e) => fail(`cannot start: ${e.message}`));
    }
})();
