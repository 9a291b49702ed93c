// PISKRS.COM with a keyboard BIOS that has only the PC's own INT 16h functions
// (AH=00h/01h): an XT, or an AT with an 84-key keyboard. The enhanced ones
// (AH=10h/11h) are used only when the BIOS data area says there is an enhanced
// keyboard (0040:0096h bit 4). Here a 16-byte NOENH.COM clears that bit first;
// the game must still take every key. (F12's screen dump needs the enhanced
// functions in DOSBox-X, so this run is checked through a saved game instead.)
"use strict";

const { describe, it } = require("node:test");
const assert = require("node:assert/strict");
const h = require("./harness");

const T = { timeout: 60000 };

// NOENH.COM:
//   B8 40 00         mov ax, 40h
//   8E C0            mov es, ax
//   26 80 26 96 00 EF and byte es:[96h], 0EFh   ; no enhanced keyboard
//   B8 00 4C         mov ax, 4C00h
//   CD 21            int 21h
const NOENH_COM = Uint8Array.from([
    0xb8, 0x40, 0x00, 0x8e, 0xc0, 0x26, 0x80, 0x26, 0x96, 0x00, 0xef, 0xb8, 0x00, 0x4c, 0xcd, 0x21,
]);

describe("a keyboard BIOS without the enhanced functions", () => {
    it("the menu, arrows, Enter, S and Esc all work; the saved game holds the moves typed", T, async () => {
        await h.withDos({
            name: "xt-keyboard",
            files: { "PISKRS.COM": h.piskrsCom(), "NOENH.COM": NOENH_COM },
            steps: [{ run: "NOENH" }, { run: "PISKRS" }],
        }, async (dos) => {
            assert.equal((await dos.finished(1)).errorlevel, 0);
            await dos.begun(2);
            await h.sleep(1500); // the menu is up
            // Two players; Black on the middle (K10), the cursor up, White on K11.
            await dos.key("4");
            await h.sleep(500);
            await dos.keys("enter", "up", "enter");
            await h.sleep(300);
            // Save as GAME.PSQ (a new file), leave the game, quit.
            await dos.keys("s", "enter");
            await h.sleep(800);
            await dos.key("esc");
            await dos.key("y");
            await h.sleep(300);
            await dos.key("3");
            assert.equal((await dos.finished(2)).errorlevel, 0);
            const text = (await dos.readFile("GAME.PSQ")).toString("latin1");
            assert.match(text, /^Piskvorky 19x19, 11:11, 0\r\n10,10,\d+\r\n10,9,\d+\r\n-1\r\n/, text);
        });
    });
});
