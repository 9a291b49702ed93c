//! memcpy, memmove, memset, memcmp and bcmp, which LLVM calls for copies, fills
//! and comparisons, as string instructions. compiler_builtins' portable versions
//! (its `mem` feature) copy a word at a time and took 696 bytes; these take about
//! a tenth of that. Every address lies in our one segment (below 10000h, high
//! halves zero) and DS = ES, so the 16-bit string instructions (SI, DI, CX) are
//! enough. The direction flag is clear everywhere (`_start`'s CLD); memmove sets
//! it only for an overlapping copy upwards and clears it again.
//!
//! The calling convention is i386 cdecl reached by `calll`: the arguments are on
//! the stack above a 4-byte return address, the result is in EAX, and EBX, ESI,
//! EDI and EBP must be kept.

// SAFETY: each routine touches only the bytes its arguments describe, inside our
// segment, keeps EBX/ESI/EDI/EBP and leaves the direction flag clear, as the
// compiler that calls them expects.
core::arch::global_asm!(
    ".section .text.piskrs_mem,\"ax\",@progbits",
    ".globl memcpy",
    ".globl memmove",
    ".globl memset",
    ".globl memcmp",
    ".globl bcmp",
    // memmove(dest, src, n) and memcpy(dest, src, n): return dest.
    "memmove:",
    "memcpy:",
    "    pushl %esi",
    "    pushl %edi",
    "    movl 12(%esp), %edi",
    "    movl 16(%esp), %esi",
    "    movl 20(%esp), %ecx",
    "    movl %edi, %eax",
    "    cmpl %esi, %edi",
    "    jbe 1f",
    // dest above src: copy from the top down, so an overlap is not overwritten
    // before it is read.
    "    leal -1(%esi,%ecx), %esi",
    "    leal -1(%edi,%ecx), %edi",
    "    std",
    "    rep movsb",
    "    cld",
    "    jmp 2f",
    "1:",
    "    rep movsb",
    "2:",
    "    popl %edi",
    "    popl %esi",
    "    retl",
    // memset(dest, byte, n): returns dest.
    "memset:",
    "    pushl %edi",
    "    movl 8(%esp), %edi",
    "    movb 12(%esp), %al",
    "    movl 16(%esp), %ecx",
    "    rep stosb",
    "    movl 8(%esp), %eax",
    "    popl %edi",
    "    retl",
    // memcmp(a, b, n) and bcmp(a, b, n): a[i] - b[i] at the first difference, 0
    // if none.
    "memcmp:",
    "bcmp:",
    "    pushl %esi",
    "    pushl %edi",
    "    movl 12(%esp), %esi",
    "    movl 16(%esp), %edi",
    "    movl 20(%esp), %ecx",
    "    xorl %eax, %eax",
    "    jcxz 3f",
    "    repe cmpsb",
    "    je 3f",
    "    movb -1(%esi), %al",
    "    movzbl -1(%edi), %ecx",
    "    subl %ecx, %eax",
    "3:",
    "    popl %edi",
    "    popl %esi",
    "    retl",
    options(att_syntax)
);
