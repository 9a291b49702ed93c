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
  // The stack the link script reserves must hold the deepest call path (see
  // the next test), and fit above the image.
  const reserve = Number(/^STACK_RESERVE = (\d+);/m.exec(fs.readFileSync(path.join(root, "link.x"), "utf8"))[1]);
  // The file is a loader and the packed image and help (xtask/): DOS loads a
  // .COM of up to FF00h bytes. Unpacked, the image ends at __stack_floor.
  assert.ok(size <= 0xff00, `a ${size}-byte .COM is too long for DOS to load`);
  const nm = execFileSync("rust-nm", [elf], { encoding: "utf8" });
  const floor = parseInt(/^([0-9a-f]+) \S __stack_floor$/m.exec(nm)[1], 16);
  assert.ok(floor + reserve <= 0xfffe, "image leaves no room for the stack");
});

// The stack's deepest path, from the code itself: each function's frame (its
// pushes and `sub $n,%esp`, followed instruction by instruction) at each call
// it makes, plus the return address (4 bytes for `calll`, 2 for `call`), summed
// along the deepest chain of direct calls from piskrs_main (plus the 4 bytes
// of _start's `calll`). The chains the program cannot take are left out:
const INFEASIBLE = [
  // Gomorpion's event loop serves its own screen: none of the Gomoku App's
  // moves, files or settings;
  // (the Gomoku App's drawing is a closure of `play`'s, called through
  // Display::draw's `dyn Fn`);
  { under: /event_loop9gomorpion/, callee: /(6piskrs3app2ui|event_loop9carry_out|settings_file13save_settings|event_loop4play0|event_loop12draw_changes)/ },
  // a file is read in chunks handed to a closure that keeps them (the
  // settings', a record's): never the App's drawing.
  { under: /dosapi16read_file_chunks/, callee: /event_loop4play0/ },
  // the clock reads its time through a function pointer, always
  // bios::ticks (event_loop's `time_with`), never a closure;
  { under: /3app2ui6timing/, callee: /^_RNC/ },
];
// No function of the program recurses (Strong's search is the tree's
// engine's, in a segment of its own: below).
// An indirect call (a `dyn` method or closure) is charged with the deepest
// path of what it may call: in Classic's Info (its scores) and in
// word_tables' `put_word` and `word_at` (the moves' times), a `Words`
// method; elsewhere,
// any function never called directly. An `and $-n,%esp` (alignment) may take
// n - 1 more bytes. Interrupts (the timer's, the keyboard's, the mouse's) run
// on this stack too: the 100 bytes to spare are for them.
// `start` is where the chains begin, `recursion` how deep a function may
// call itself (once, unless named).
function deepestStack(listing, start = "piskrs_main", recursion = []) {
  const funcs = new Map();
  let cur = null;
  for (const line of listing.split("\n")) {
    const head = /^[0-9a-f]+ <(.+)>:$/.exec(line);
    if (head) { cur = []; funcs.set(head[1], cur); continue; }
    const fields = line.split("\t");
    if (!cur || fields.length < 3) continue;
    const text = fields[2].trim();
    const m = /^(\S+)\s*(.*)$/.exec(text);
    if (m) cur.push([m[1], m[2]]);
  }
  const info = new Map();
  const direct = new Set();
  for (const [name, ins] of funcs) {
    let off = 0, frame = null, max = 0;
    const calls = [];
    for (const [op, args] of ins) {
      const target = /<([^>+]+)>/.exec(args);
      if (op === "push" || op === "pushl" || op === "pushw") off += op === "pushl" || (op === "push" && /%e[a-z]{2}\b/.test(args)) ? 4 : 2;
      else if (op === "pop" || op === "popl" || op === "popw") off -= op === "popl" || (op === "pop" && /%e[a-z]{2}\b/.test(args)) ? 4 : 2;
      else if (op === "pushfl") off += 4;
      else if (op === "pushf" || op === "pushfw") off += 2;
      else if (op === "popfl") off -= 4;
      else if (op === "popf" || op === "popfw") off -= 2;
      else if ((op === "sub" || op === "subl") && /^\$0x[0-9a-f]+,%esp$/.test(args)) {
        off += parseInt(args.slice(1), 16);
        if (frame === null) frame = off;
      } else if ((op === "add" || op === "addl") && /^\$0x[0-9a-f]+,%esp$/.test(args)) off -= parseInt(args.slice(1), 16);
      else if ((op === "and" || op === "andl") && /^\$0xf+[0-9a-f]*,%esp$/.test(args)) off += 0x100000000 - parseInt(args.slice(1), 16) - 1;
      else if (op === "call" || op === "calll") {
        const ret = op === "calll" ? 4 : 2;
        if (target) direct.add(target[1]);
        calls.push({ at: off + ret, callee: target ? target[1] : null });
      } else if (/^(ret|iret|jmp)/.test(op)) {
        if (op.startsWith("jmp") && target && target[1] !== name && funcs.has(target[1])) {
          direct.add(target[1]);
          calls.push({ at: off, callee: target[1] }); // a tail call
        }
        off = frame === null ? 0 : frame;
      }
      max = Math.max(max, off);
    }
    info.set(name, { max, calls });
  }
  const times = (name) => (recursion.find((r) => r.name.test(name)) || { times: 1 }).times;
  const cut = (stack, callee) =>
    INFEASIBLE.some((c) => c.callee.test(callee) && (!c.under || stack.some((f) => c.under.test(f))));
  // With a recursion (the engine's), the deepest path below a function
  // depends only on how often each recursive function is on the stack: kept.
  const memo = new Map();
  const deepest = (name, stack, indirect) => {
    const key = recursion.length ? `${name}|${recursion.map((r) => stack.filter((f) => r.name.test(f)).length).join(",")}` : null;
    if (key !== null && memo.has(key)) return memo.get(key);
    const found = deepestUncached(name, stack, indirect);
    if (key !== null) memo.set(key, found);
    return found;
  };
  const deepestUncached = (name, stack, indirect) => {
    const { max, calls } = info.get(name) || { max: 0, calls: [] };
    let best = { bytes: max, chain: [name] };
    for (const { at, callee } of calls) {
      let below;
      if (callee === null) below = indirect(name, stack);
      else if (cut(stack, callee) || stack.filter((f) => f === callee).length >= times(callee)) continue;
      else below = deepest(callee, [...stack, callee], indirect);
      if (at + below.bytes > best.bytes) best = { bytes: at + below.bytes, chain: [name, ...below.chain] };
    }
    return best;
  };
  const pick = (names) => names.reduce((a, b) => (b.bytes > a.bytes ? b : a), { bytes: 0, chain: ["(nothing)"] });
  const none = () => ({ bytes: 0, chain: ["(indirect)"] });
  const words = pick([...info.keys()].filter((n) => /5words5Words3(get|set)/.test(n)).map((n) => deepest(n, [n], none)));
  // What an indirect call may reach depends on the chain above it (the rules
  // above that apply to it): worked out once for each set of rules.
  const roots = [...info.keys()].filter((n) => !direct.has(n) && /^_R/.test(n));
  const anything = new Map();
  const indirect = (caller, stack) => {
    if (/10evaluation|11word_tables(8put_word|7word_at)/.test(caller)) return words;
    const rules = INFEASIBLE.filter((c) => c.under && stack.some((f) => c.under.test(f)));
    const key = rules.map((c) => INFEASIBLE.indexOf(c)).join(",");
    if (!anything.has(key)) {
      const allowed = roots.filter((n) => !rules.some((c) => c.callee.test(n)));
      anything.set(key, pick(allowed.map((n) => deepest(n, [...stack, n], () => words))));
    }
    return anything.get(key);
  };
  const found = deepest(start, [start], indirect);
  return { bytes: found.bytes + 4, chain: found.chain };
}

// The tree's engine (src/dos/tree_engine.rs): a program of its own in a segment of
// its own, called far by PISKRS.COM for Strong's moves. Its stack is the rest
// of its segment, from its .bss's end up to FFFEh.
const engineElf = path.join(root, "target", "i8086-dos", "dos-engine", "tree-engine");
// The tree's search recurses once a ply, at most MAX_PLY (src/ai/tree/mod.rs) deep.
const MAX_PLY = Number(/^const MAX_PLY: usize = (\d+);/m.exec(fs.readFileSync(path.join(root, "src", "ai", "tree", "mod.rs"), "utf8"))[1]);

test("the tree's engine's stack holds its deepest call path, plus 100 bytes, and its code is the 386's", () => {
  assert.ok(fs.existsSync(engineElf), "the engine's ELF is missing: run `cargo com`");
  const listing = execFileSync("objdump", ["-d", "-m", "i8086", "-j", ".text", engineElf], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const { bytes, chain } = deepestStack(listing, "piskrs_engine_main", [{ name: /4tree.*7negamax/, times: MAX_PLY }]);
  const nm = execFileSync("rust-nm", [engineElf], { encoding: "utf8" });
  const floor = parseInt(/^([0-9a-f]+) \S __stack_floor$/m.exec(nm)[1], 16);
  const stack = 0xfffe - floor;
  console.log(`the engine's deepest stack path: ${bytes} bytes (its stack ${stack}):\n  ${chain.slice(0, 8).join("\n  ")}\n  ...`);
  assert.ok(chain.filter((f) => /7negamax/.test(f)).length === MAX_PLY, "the analysis did not follow the search's recursion");
  assert.ok(stack >= bytes + 100, `the engine's stack of ${stack} bytes is less than its deepest path's ${bytes} plus 100`);
  const bad = [];
  for (const line of listing.split("\n")) {
    const fields = line.split("\t");
    if (fields.length < 3 || !/^\s*[0-9a-f]+:$/.test(fields[0])) continue;
    const words = fields[2].trim().split(/\s+/);
    const mnemonic = words.find((w) => !/^(rep\w*|lock|addr32|data32|data16|addr16|cs|ds|es|ss|fs|gs)$/.test(w)) || words[0];
    if (mnemonic && (BEYOND_386.test(mnemonic) || MMX_SSE_X87_OPERAND.test(fields[2]))) bad.push(fields[2].trim());
  }
  assert.deepStrictEqual(bad, [], `instructions beyond the 386 in the engine: ${bad.join(", ")}`);
  const fmt = execFileSync("rust-nm", ["-C", engineElf], { encoding: "utf8" })
    .split("\n")
    .filter((l) => /core::fmt|\bfmt::|Debug/.test(l));
  assert.deepStrictEqual(fmt, [], `formatting code linked into the engine:\n${fmt.join("\n")}`);
});

test("the stack reserve holds the deepest call path, plus 100 bytes", () => {
  assert.ok(fs.existsSync(elf), "the linked ELF is missing: run `cargo com`");
  const listing = execFileSync("objdump", ["-d", "-m", "i8086", "-j", ".text", elf], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const { bytes, chain } = deepestStack(listing);
  const reserve = Number(/^STACK_RESERVE = (\d+);/m.exec(fs.readFileSync(path.join(root, "link.x"), "utf8"))[1]);
  console.log(`deepest stack path: ${bytes} bytes (reserve ${reserve}):\n  ${chain.join("\n  ")}`);
  assert.ok(bytes > 3000, "the analysis found too little: has the disassembly changed?");
  assert.ok(reserve >= bytes + 100, `a stack reserve of ${reserve} bytes is less than the deepest path's ${bytes} plus 100`);
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
    ["dos-build", "--bin", "piskrs", "--features", "link-budget-ballast", "--target-dir", "target/budget-check"],
    { cwd: root, encoding: "utf8" },
  );
  assert.notStrictEqual(result.status, 0, "the build with 60,000 bytes of ballast linked");
  assert.match(result.stderr, /does not fit the TINY model/);
});

// BIOS services an XT lacks: INT 15h AH=86h (wait) and INT 16h AH=10h-12h (the
// enhanced keyboard's), which only an AT BIOS with an enhanced keyboard has.
// The program waits by the PIT (src/dos/speaker.rs) and takes INT 16h's AH
// from 0040:0096h's enhanced-keyboard bit (src/dos/bios.rs), so no INT 15h may
// appear, and no INT 16h may follow a constant AH of 10h-12h.
const AT_ONLY_AH = /\bmov\w*\s+\$0x1[012]([0-9a-f]{2})?,%(e?ax|ah)\b/;

test("no AT-only BIOS call: no INT 15h, and INT 16h's AH is never a constant 10h-12h", () => {
  const listing = execFileSync("objdump", ["-d", "-m", "i8086", "-j", ".text", elf], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const bad = [];
  let recent = [];
  let int16 = 0;
  for (const line of listing.split("\n")) {
    if (/^[0-9a-f]+ <.*>:$/.test(line)) recent = []; // a new function
    const fields = line.split("\t");
    if (fields.length < 3 || !/^\s*[0-9a-f]+:$/.test(fields[0])) continue;
    const text = fields[2].trim();
    if (/^int\s+\$0x15$/.test(text)) bad.push(`${fields[0]} ${text}`);
    if (/^int\s+\$0x16$/.test(text)) {
      int16++;
      const constant = recent.find((r) => AT_ONLY_AH.test(r));
      if (constant) bad.push(`${fields[0]} ${text} after ${constant}`);
    }
    recent = [...recent.slice(-5), text];
  }
  assert.ok(int16 >= 2, `expected the keyboard's INT 16h calls, found ${int16}`);
  assert.deepStrictEqual(bad, [], `AT-only BIOS calls: ${bad.join("; ")}`);
  // The pattern must catch what it is meant to catch, and only that.
  for (const l of ["mov    $0x1000,%ax", "movw   $0x1100,%ax", "mov    $0x10,%ah", "mov    $0x11,%ah", "mov    $0x1200,%eax"]) {
    assert.ok(AT_ONLY_AH.test(l), `pattern misses ${l}`);
  }
  for (const l of ["mov    $0x0,%ah", "mov    $0x100,%ax", "mov    $0x1,%ah", "mov    $0x10,%al", "mov    $0x1000,%bx"]) {
    assert.ok(!AT_ONLY_AH.test(l), `pattern wrongly matches ${l}`);
  }
});
