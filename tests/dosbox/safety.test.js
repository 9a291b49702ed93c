// End-to-end tests of what PISKRS.COM must never do, in DOSBox-X: destroy a
// file of the user's while saving (a PISKRS.$$$ of the user's, a read-only
// .PSQ, an existing file without asking), hang on a device name (/LOAD CON,
// L with NUL, AUX, PRN, COM1, LPT1, CLOCK$), quit on a stray click or Esc,
// start on a CPU it cannot run on (8086, 286) without a word, or call a
// record with CR-only line ends cut off. Each describe is one emulator run.
"use strict";

const { describe, it, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");

const T = { timeout: 60000 };
const { boardCell: pt, boardStones: stones, statusLine: status } = h;
const isMenu = h.isPiskrsMenu;
const isGame = h.isPiskrsGame;
const show = (s) => "\n" + s.toString();
const bytes = (text) => Uint8Array.from(Buffer.from(text, "latin1"));
const QUIT_QUESTION = "Quit PISKRS for DOS? Y/N";
const MENU_STATUS = "Choose with a key or a click.";

// SETRO.COM: what ATTRIB +R RO.PSQ does (this DOSBox-X build's ATTRIB kills
// the emulator), through the same DOS call; errorlevel 1 if DOS refused.
//   B8 01 43     mov ax, 4301h      ; set the attributes of DS:DX to CX
//   B9 01 00     mov cx, 1          ; read-only
//   BA 12 01     mov dx, name       ; (at 0112h, after these 18 bytes)
//   CD 21        int 21h
//   B8 00 4C     mov ax, 4C00h      ; exit...
//   14 00        adc al, 0          ; ...with the carry (an error) as errorlevel
//   CD 21        int 21h
//   name: "RO.PSQ", 0
const SETRO_COM = Uint8Array.from([
    0xb8, 0x01, 0x43, 0xb9, 0x01, 0x00, 0xba, 0x12, 0x01, 0xcd, 0x21,
    0xb8, 0x00, 0x4c, 0x14, 0x00, 0xcd, 0x21, ...Buffer.from("RO.PSQ\0", "latin1"),
]);

const startPiskrs = h.startPiskrs;

/** S, the offered name replaced by `name`, Enter; the screen once `until` holds. */
async function saveAs(dos, step, offered, name, until) {
    await dos.key("s");
    await dos.screenUntil(`${step}-prompt`, (t) => status(t).includes(`Save as (Enter saves, Esc cancels): ${offered}_`));
    for (let i = 0; i < offered.length; i++) await dos.key("backspace");
    await dos.type(name);
    await dos.screenUntil(`${step}-typed`, (t) => status(t).includes(`Save as (Enter saves, Esc cancels): ${name}_`));
    await dos.key("enter");
    return dos.screenUntil(step, until);
}

/** The names in C:\ (the mounted folder), sorted. */
async function names(dos) {
    return (await dos.listFiles()).map((f) => f.name.toUpperCase()).filter((n) => !/^SCR\d{5}\.BIN$/.test(n)).sort();
}

describe("saving never touches a file it was not asked to write, nor a read-only one", () => {
    let dos;
    let initial; // the files before the first save
    const USERS = bytes("The user's own file, not PISKRS's.\r\n");
    const READ_ONLY = bytes("Piskvorky 19x19, 11:11, 0\r\n10,10,0\r\n-1\r\n");
    before(async () => {
        dos = await startPiskrs("safety-save", [{ run: "SETRO" }, { run: "PISKRS" }], {
            files: { "PISKRS.$$$": USERS, "RO.PSQ": READ_ONLY, "SETRO.COM": SETRO_COM },
        });
        assert.equal((await dos.finished(1)).errorlevel, 0, "RO.PSQ made read-only");
        await dos.begun(2);
        await dos.screenUntil("menu", isMenu);
        await dos.key("4");
        await dos.screenUntil("game", isGame);
        const { x, y } = pt("K10");
        await dos.click(x, y);
        const s = await dos.screenUntil("k10", (t) => stones(t).K10 === "X");
        assert.deepEqual(stones(s), { K10: "X" }, show(s));
    });
    after(async () => { if (dos) await dos.exit(); });

    it("a new GAME.PSQ is written and PISKRS.$$$ is left alone; no other file appears", T, async () => {
        initial = await names(dos);
        assert.ok(initial.includes("PISKRS.$$$") && initial.includes("RO.PSQ"), initial.join(" "));
        const s = await saveAs(dos, "new", "GAME.PSQ", "GAME.PSQ", (t) => status(t).includes("Saved to"));
        assert.equal(status(s).trim(), "Saved to GAME.PSQ.", show(s));
        assert.match((await dos.readFile("GAME.PSQ")).toString("latin1"), /^Piskvorky 19x19, 11:11, 0\r\n11,10,\d+\r\n-1\r\n/);
        assert.deepEqual(await dos.readFile("PISKRS.$$$"), Buffer.from(USERS), "the user's PISKRS.$$$ is unchanged");
        assert.deepEqual(await names(dos), [...initial, "GAME.PSQ"].sort(), "GAME.PSQ is the only new file");
    });

    it("saving over an existing file asks first; N keeps it, Y replaces it", T, async () => {
        const { x, y } = pt("L11");
        await dos.click(x, y);
        await dos.screenUntil("l11", (t) => stones(t).L11 === "O");
        const old = await dos.readFile("GAME.PSQ");
        let s = await saveAs(dos, "ask", "GAME.PSQ", "GAME.PSQ", (t) => status(t).includes("Replace it?"));
        assert.equal(status(s).trim(), "GAME.PSQ is there already. Replace it? Y/N", show(s));
        await dos.key("n");
        s = await dos.screenUntil("kept", (t) => status(t).includes("The game goes on."));
        assert.deepEqual(await dos.readFile("GAME.PSQ"), old, "N: GAME.PSQ is unchanged");
        assert.deepEqual(stones(s), { K10: "X", L11: "O" }, show(s));
        s = await saveAs(dos, "ask-again", "GAME.PSQ", "GAME.PSQ", (t) => status(t).includes("Replace it?"));
        await dos.key("y");
        s = await dos.screenUntil("replaced", (t) => status(t).includes("Saved to"));
        assert.equal(status(s).trim(), "Saved to GAME.PSQ.", show(s));
        assert.match((await dos.readFile("GAME.PSQ")).toString("latin1"), /\r\n11,10,\d+\r\n12,9,\d+\r\n-1\r\n/, "Y: the new game");
    });

    it("a save under the name PISKRS.$$$ asks, and N leaves the user's file as it was", T, async () => {
        let s = await saveAs(dos, "dollar", "GAME.PSQ", "PISKRS.$$$", (t) => status(t).includes("Replace it?"));
        assert.equal(status(s).trim(), "PISKRS.$$$ is there already. Replace it? Y/N", show(s));
        await dos.key("n");
        s = await dos.screenUntil("dollar-kept", (t) => status(t).includes("The game goes on."));
        assert.ok(isGame(s), show(s));
        assert.deepEqual(await dos.readFile("PISKRS.$$$"), Buffer.from(USERS), "the user's PISKRS.$$$ is unchanged");
    });

    it("a save under the name of a read-only file is refused and the file stays as it was", T, async () => {
        const s = await saveAs(dos, "read-only", "PISKRS.$$$", "RO.PSQ", (t) => status(t).includes("Could not save"));
        assert.equal(status(s).trim(), "Could not save RO.PSQ: it is read-only. The game goes on.", show(s));
        assert.ok(isGame(s), show(s));
        assert.deepEqual(stones(s), { K10: "X", L11: "O" }, show(s));
        assert.deepEqual(await dos.readFile("RO.PSQ"), Buffer.from(READ_ONLY), "RO.PSQ is unchanged");
    });

    it("at the end: the user's files unchanged, no stray file, errorlevel 0", T, async () => {
        await dos.leaveToMenu("leave");
        await dos.key("3");
        assert.equal((await dos.finished(2)).errorlevel, 0);
        assert.deepEqual(await dos.readFile("PISKRS.$$$"), Buffer.from(USERS));
        assert.deepEqual(await dos.readFile("RO.PSQ"), Buffer.from(READ_ONLY));
        assert.deepEqual(await names(dos), [...initial, "GAME.PSQ"].sort(), "GAME.PSQ is the only new file");
    });
});

describe("a device name is refused at once: /LOAD CON, and L with NUL, AUX, PRN, COM1, LPT1, CLOCK$", () => {
    let dos;
    const DEVICES = ["NUL", "AUX", "PRN", "COM1", "LPT1", "CLOCK$"];
    // The devices this DOSBox-X has (with a printer on LPT1): the others are
    // not there at all, in this emulator.
    const PROVIDED = ["NUL", "AUX", "COM1", "PRN", "LPT1"];
    before(async () => {
        dos = await startPiskrs("safety-devices", [{ run: "PISKRS /LOAD CON" }, { run: "PISKRS" }], {
            conf: "[parallel]\nparallel1=file",
        });
    });
    after(async () => { if (dos) await dos.exit(); });

    it("/LOAD CON says it is a device within seconds, on the menu; 3 quits with errorlevel 0", T, async () => {
        await dos.begun(1);
        const s = await dos.screenUntil("con", (t) => status(t).includes("Could not load"));
        assert.equal(status(s).trim(), "Could not load CON: it is a device, not a file.", show(s));
        assert.ok(isMenu(s), show(s));
        await dos.key("3");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });

    for (const device of DEVICES) {
        it(`L with ${device} says it is a device; the menu goes on`, T, async () => {
            if (device === DEVICES[0]) {
                await dos.begun(2);
                h.forgetDumps(dos);
                await dos.screenUntil("menu", isMenu);
            }
            await dos.key("l");
            await dos.screenUntil(`${device}-prompt`, (t) => status(t).includes("Load (Enter loads, Esc cancels):"));
            const offered = /Load \(Enter loads, Esc cancels\): (\S*)_/.exec(status(await dos.screen(`${device}-offered`)))[1];
            for (let i = 0; i < offered.length; i++) await dos.key("backspace");
            await dos.type(device);
            await dos.screenUntil(`${device}-typed`, (t) => status(t).includes(`${device}_`));
            await dos.key("enter");
            const s = await dos.screenUntil(`${device}-refused`, (t) => status(t).includes("Could not load"));
            const said = status(s).trim();
            if (PROVIDED.includes(device)) {
                assert.equal(said, `Could not load ${device}: it is a device, not a file.`, show(s));
            } else {
                // This DOSBox-X has no such device: then there is no such file either.
                assert.ok([`Could not load ${device}: it is a device, not a file.`, `Could not load ${device}: no such file.`].includes(said), show(s));
                console.log(`# L with ${device}: ${said}`);
            }
            assert.ok(isMenu(s), show(s));
        });
    }

    it("after them all, 3 quits cleanly with errorlevel 0", T, async () => {
        await dos.key("3");
        assert.equal((await dos.finished(2)).errorlevel, 0);
    });
});

describe("no quitting by accident: a click while starting or on the menu's centre, Esc", () => {
    let dos;
    before(async () => {
        // PAUSE holds the batch so that the button can go down before the
        // program runs, whatever the machine's speed.
        dos = await startPiskrs("safety-quit", ["echo @@HOLD", "pause", { run: "PISKRS" }]);
    });
    after(async () => { if (dos) await dos.exit(); });

    // The button goes down as the program is started and up once the menu
    // shows. Pressing it after the run began raced the start: a quick start
    // had drawn the menu already, where a click on the Quit line rightly asks.
    it("a click made while the program starts, where the pointer starts (the Quit line), chooses nothing", T, async () => {
        await dos.waitForStdout("@@HOLD\r\n");
        await dos._call("mouseButton", { button: 0, pressed: true });
        await dos.key("space");
        await dos.begun(1);
        const s = await dos.screenUntil("menu", isMenu);
        await dos._call("mouseButton", { button: 0, pressed: false });
        assert.ok(isMenu(s), show(s));
        assert.ok(s.row(12).includes("3  Quit"), "the Quit line is the centre row" + show(s));
    });

    it("a click at the centre without moving the mouse asks; N keeps the program running", T, async () => {
        await h.sleep(500);
        let s = await dos.screen("before-click");
        assert.equal(status(s).trim(), MENU_STATUS, "the start's clicks were not choices" + show(s));
        await dos.clickHere();
        s = await dos.screenUntil("click-asks", (t) => status(t).includes(QUIT_QUESTION));
        assert.ok(isMenu(s), show(s));
        await dos.key("n");
        s = await dos.screenUntil("click-n", (t) => status(t).includes(MENU_STATUS));
        assert.ok(isMenu(s), show(s));
    });

    it("Esc on the menu asks; N, and a second Esc, keep it running; the menu still works", T, async () => {
        for (const no of ["n", "esc"]) {
            await dos.key("esc");
            let s = await dos.screenUntil(`esc-asks-${no}`, (t) => status(t).includes(QUIT_QUESTION));
            assert.ok(isMenu(s), show(s));
            await dos.key(no);
            s = await dos.screenUntil(`esc-${no}`, (t) => status(t).includes(MENU_STATUS));
            assert.ok(isMenu(s), show(s));
        }
        await dos.key("4");
        const s = await dos.screenUntil("game", isGame);
        assert.ok(isGame(s), "the program still runs and plays" + show(s));
        await dos.leaveToMenu("leave");
    });

    it("a click on the Quit line asks, and Y quits with errorlevel 0", T, async () => {
        await dos.click(5, 12);
        await dos.screenUntil("quit-line", (t) => status(t).includes(QUIT_QUESTION));
        await dos.key("y");
        assert.equal((await dos.finished(1)).errorlevel, 0);
    });
});

// PISKRS.COM refuses an 8086 and a 286 in one line; PISKRS86.COM (the
// suite's second run) is built for them and runs.
for (const cputype of ["8086", "286"]) {
    describe(`cputype=${cputype}: ${h.BUILD_86 ? "PISKRS86.COM runs" : "one line saying a 386 is needed, errorlevel 1"}`, () => {
        it(h.BUILD_86 ? "prints the usage and exits with errorlevel 0" : "prints the line and exits with errorlevel 1", T, async () => {
            await h.withDos({
                name: `safety-cpu-${cputype}`,
                cputype,
                files: { "PISKRS.COM": h.piskrsCom() },
                steps: [{ run: h.BUILD_86 ? "PISKRS /?" : "PISKRS" }],
            }, async (dos) => {
                const r = await dos.finished(1);
                if (h.BUILD_86) {
                    assert.match(r.output, /^PISKRS - Gomoku for DOS/, JSON.stringify(r.output));
                    assert.equal(r.errorlevel, 0);
                } else {
                    assert.equal(r.output.trim(), "PISKRS.COM needs a 386 or later processor.", JSON.stringify(r.output));
                    assert.equal(r.errorlevel, 1);
                }
            });
        });
    });
}

describe("a record with CR-only line ends loads", () => {
    it("PISKRS /LOAD CR.PSQ shows its three moves, White to move", T, async () => {
        const record = ["Piskvorky 19x19, 11:11, 0", "10,10,0", "11,10,0", "10,9,0", "-1"].join("\r") + "\r";
        await h.withDos({
            name: "safety-cr",
            files: { "PISKRS.COM": h.piskrsCom(), "CR.PSQ": bytes(record) },
            steps: [{ run: "PISKRS /LOAD CR.PSQ" }],
        }, async (dos) => {
            await dos.begun(1);
            const s = await dos.screenUntil("loaded", (t) => status(t).includes("Loaded") || status(t).includes("Could not"));
            assert.equal(status(s).trim(), "Loaded CR.PSQ: 3 moves. White to move.", show(s));
            assert.deepEqual(stones(s), { J10: "X", K10: "O", J11: "X" }, show(s));
            await dos.leaveToMenu("leave");
            await dos.key("3");
            assert.equal((await dos.finished(1)).errorlevel, 0);
        });
    });
});
