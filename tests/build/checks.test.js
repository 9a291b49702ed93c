// Build checks of the real PISKRS.COM: it exists and fits, its code uses nothing
// beyond the 386, no core::fmt is linked in, and the link script's TINY-model
// budget check really fails an over-size build. Run from the repo root after
// `cargo com`: node --test tests/build/
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync, spawnSync } = require("node:child_process");

const root = path.resolve(__dirname, "..", "..");
const com = path.join(root, "target", "PISKRS.COM");
const elf = path.join(root, "target", "i8086-dos", "dos", "piskrs");

test("PISKRS.COM exists and fits one 64 KiB segment with its stack", () => {
  assert.ok(fs.existsSync(com), "target/PISKRS.COM is missing: run `cargo com`");
  const size = fs.statSync(com).size;
  console.log(`PISKRS.COM: ${size} bytes`);
  assert.ok(size > 1000, "suspiciously small");
  // The stack the link script reserves must hold Strong's deepest path: its
  // VCF of three fours, estimated at 5,300 bytes (docs/memory.md), plus 100 to
  // spare (a game against Strong peaks at 4,988 by /STACK, the playouts' line
  // cache being in far memory), and fit above the image.
  const reserve = Number(/^STACK_RESERVE = (\d+);/m.exec(fs.readFileSync(path.join(root, "link.x"), "utf8"))[1]);
  assert.ok(reserve >= 5400, `a stack reserve of ${reserve} bytes is less than the 5,400 Strong's deepest VCF needs (5,300 estimated, plus 100)`);
  assert.ok(size + 0x100 + reserve <= 0xfffe, "image leaves no room for the stack");
});

// Mnemonics of instructions newer than the 386 (486: bswap, cmpxchg, xadd, invd,
// wbinvd, invlpg; Pentium: cpuid, rdtsc, rdmsr, wrmsr, cmpxchg8b; P6: cmov*,
// sysenter), any x87 instruction (all start with f), and MMX/SSE ones, which name
// %mm or %xmm registers or have mnemonics of their own. UD2 (0F 0B) is allowed:
// it is how a panic ends (-Cpanic=immediate-abort), and 0F 0B is undefined on a
// 386 as well, so it raises the same INT 6 there (src/dos/entry.rs catches it).
const BEYOND_386 =
  /^(bswap|cmpxchg\w*|xadd|invd|wbinvd|invlpg|cpuid|rdtsc|rdmsr|wrmsr|rdpmc|rsm|cmov\w+|sysenter|sysexit|f[a-z0-9]+|emms|movd|movq|movdq\w*|movap\w|movup\w|ldmxcsr|stmxcsr|movnt\w*|lfence|sfence|mfence|prefetch\w*|p(xor|or|and|andn|add\w*|sub\w*|mul\w*|cmp\w*|sh\w*|unpck\w*|ack\w*|sra\w*|srl\w*|sll\w*|min\w*|max\w*|avg\w*|insr\w|extr\w)|(add|sub|mul|div|min|max|sqrt|and|or|xor|cmp)(ps|pd|ss|sd)|cvt\w+|ucomis\w|comis\w)$/;
const MMX_SSE_X87_OPERAND = /%x?mm\d|%st\b/;

test("the code sections use no instruction beyond the 386", () => {
  assert.ok(fs.existsSync(elf), "the linked ELF is missing: run `cargo com`");
  // GNU objdump decodes the 16-bit code with its 0x66/0x67 prefixes correctly; the
  // flat .COM would mix in data that decodes as junk, so disassemble the ELF's .text.
  const listing = execFileSync("objdump", ["-d", "-m", "i8086", "-j", ".text", elf], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const mnemonics = new Map();
  let count = 0;
  for (const line of listing.split("\n")) {
    const fields = line.split("\t");
    if (fields.length < 3 || !/^\s*[0-9a-f]+:$/.test(fields[0])) continue;
    const words = fields[2].trim().split(/\s+/);
    // Skip prefixes that objdump prints as words of their own.
    const mnemonic = words.find((w) => !/^(rep\w*|lock|addr32|data32|data16|addr16|cs|ds|es|ss|fs|gs)$/.test(w)) || words[0];
    if (!mnemonic) continue;
    count++;
    if (MMX_SSE_X87_OPERAND.test(fields[2])) mnemonics.set(`${mnemonic} (MMX/SSE/x87 operand)`, 1);
    mnemonics.set(mnemonic, (mnemonics.get(mnemonic) || 0) + 1);
  }
  console.log(`${count} instructions, ${mnemonics.size} distinct mnemonics`);
  assert.ok(count > 500, "the disassembly looks empty");
  assert.ok(mnemonics.has("int"), "expected INT instructions in the code");
  const bad = [...mnemonics.keys()].filter((m) => BEYOND_386.test(m) || m.includes("operand"));
  assert.deepStrictEqual(bad, [], `instructions beyond the 386: ${bad.join(", ")}`);
  if (mnemonics.has("ud2")) {
    const symbols = execFileSync("rust-nm", [elf], { encoding: "utf8" });
    assert.ok(/ piskrs_invalid_opcode$/m.test(symbols), "UD2 in the code but no INT 6 handler (piskrs_invalid_opcode)");
  }
  // The pattern must catch what it is meant to catch.
  for (const m of ["cmovne", "bswap", "cpuid", "rdtsc", "fld", "fstp", "movq", "pxor", "addss"]) {
    assert.ok(BEYOND_386.test(m), `pattern misses ${m}`);
  }
  for (const m of ["mov", "movzbl", "calll", "retl", "setae", "imul", "int", "iret", "hlt", "shld", "push", "pushl", "popl", "popw", "pushw", "ud2"]) {
    assert.ok(!BEYOND_386.test(m), `pattern wrongly flags ${m}`);
  }
});

test("no core::fmt in the linked symbols", () => {
  const symbols = execFileSync("rust-nm", ["-C", elf], { encoding: "utf8" });
  const lines = symbols.split("\n").filter(Boolean);
  assert.ok(lines.some((l) => /piskrs_main/.test(l)), "symbol table looks wrong");
  const fmt = lines.filter((l) => /core::fmt|\bfmt::|Debug/.test(l));
  assert.deepStrictEqual(fmt, [], `formatting code linked in:\n${fmt.join("\n")}`);
});

test("an over-size build fails at link time and says why", () => {
  const result = spawnSync(
    "cargo",
    ["dos-build", "--features", "link-budget-ballast", "--target-dir", "target/budget-check"],
    { cwd: root, encoding: "utf8" },
  );
  assert.notStrictEqual(result.status, 0, "the build with 60,000 bytes of ballast linked");
  assert.match(result.stderr, /does not fit the TINY model/);
});
