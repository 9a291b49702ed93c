//! The tree's benchmark's tree (src/bin/pisktree.rs), kept in a static from
//! search to search, with its tables in far memory (src/dos/far_tree.rs).

#[cfg(target_arch = "x86")]
use core::sync::atomic::AtomicU8;
use core::sync::atomic::Ordering;

// The 8086 build's stand-in: LLVM's MSP430 backend has no atomics (src/dos/single.rs).
#[cfg(target_arch = "msp430")]
use super::single::AtomicU8;

use super::far_tree::FarTreeTables;
use piskrs::ai::tree::KeptTree;

/// The benchmark's tree, kept from
/// search to search as the engine keeps its own (src/dos/tree_engine.rs): in a
/// static, as a tree made on the stack is made in a temporary and copied
/// (tried: the 8086 build's frame held its 14 KiB twice, and its stack ran
/// into the code).
static mut BENCH_TREE: KeptTree<FarTreeTables> = KeptTree::new(FarTreeTables::UNPLACED);
/// Whether [`bench_tree`] has let it out (1).
static BENCH_TREE_TAKEN: AtomicU8 = AtomicU8::new(0);

/// The benchmark build's tree, its tables where `TREE_AT` puts them and
/// forgotten: once (None after), so that one reference to it lives.
pub fn bench_tree() -> Option<&'static mut KeptTree<FarTreeTables>> {
    // One program, one thread; no interrupt handler asks for it.
    if BENCH_TREE_TAKEN.load(Ordering::Relaxed) != 0 {
        return None;
    }
    BENCH_TREE_TAKEN.store(1, Ordering::Relaxed);
    let tree = &raw mut BENCH_TREE;
    // SAFETY: the flag lets this reference out once, and nothing else
    // names the static.
    let tree = unsafe { &mut *tree };
    *tree.memory() = FarTreeTables::new();
    tree.memory().forget();
    Some(tree)
}
