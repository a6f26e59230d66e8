//! The few functions of BuDDy's C API this project calls, declared by hand
//! from `/usr/include/bdd.h` (BuDDy 2.4, Debian's libbdd-dev), and the
//! lock that makes calling them sound.
//!
//! This is the only module of the workspace with unsafe code: calling a C
//! library has no safe alternative. BuDDy keeps its whole state (node
//! table, caches, error flag) in C globals and is not thread-safe, so every
//! call goes through a [`Kernel`], which holds the process-wide lock; that
//! is the first half of every safety argument below. The second half is
//! BuDDy's own argument checking: every function used here that takes a
//! node checks that the kernel is running and that the number names a live
//! node (`CHECK`/`CHECKa` in kernel.c), and reports a bad one through the
//! error hook instead of reading out of bounds.

#![allow(unsafe_code)]

use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// A BuDDy node number (`BDD` in bdd.h is a plain `int`); 0 is false and 1
/// is true.
pub(crate) type Raw = c_int;

/// BuDDy's error code for "the node table reached the maximum set with
/// `bdd_setmaxnodenum`" (`BDD_NODENUM`).
pub(crate) const NODE_LIMIT: c_int = -17;
/// BuDDy's error code for a failed `malloc` (`BDD_MEMORY`).
pub(crate) const OUT_OF_MEMORY: c_int = -1;

type ErrorHandler = extern "C" fn(c_int);
type CollectionHandler = extern "C" fn(c_int, *mut c_void);

#[link(name = "bdd")]
unsafe extern "C" {
    fn bdd_init(nodesize: c_int, cachesize: c_int) -> c_int;
    fn bdd_done();
    fn bdd_setvarnum(num: c_int) -> c_int;
    fn bdd_setmaxnodenum(size: c_int) -> c_int;
    fn bdd_setmaxincrease(size: c_int) -> c_int;
    fn bdd_error_hook(handler: Option<ErrorHandler>) -> Option<ErrorHandler>;
    fn bdd_gbc_hook(handler: Option<CollectionHandler>) -> Option<CollectionHandler>;
    fn bdd_clear_error();
    fn bdd_errstring(code: c_int) -> *const c_char;
    fn bdd_versionnum() -> c_int;
    fn bdd_ithvar(var: c_int) -> Raw;
    fn bdd_var(node: Raw) -> c_int;
    fn bdd_low(node: Raw) -> Raw;
    fn bdd_high(node: Raw) -> Raw;
    fn bdd_addref(node: Raw) -> Raw;
    fn bdd_delref(node: Raw) -> Raw;
    fn bdd_and(left: Raw, right: Raw) -> Raw;
    fn bdd_or(left: Raw, right: Raw) -> Raw;
    fn bdd_ite(f: Raw, g: Raw, h: Raw) -> Raw;
    fn bdd_nodecount(node: Raw) -> c_int;
    fn bdd_getnodenum() -> c_int;
    fn bdd_gbc();
}

/// Serialises every call into BuDDy.
static LOCK: Mutex<()> = Mutex::new(());
/// The last error BuDDy reported through [`record_error`] (0: none).
static LAST_ERROR: AtomicI32 = AtomicI32::new(0);
/// Garbage collections finished since the process started.
static COLLECTIONS: AtomicU64 = AtomicU64::new(0);

/// BuDDy's error hook. The default one prints and calls `exit(1)`; this one
/// only records the code, and the call that caused it turns it into an
/// error value once BuDDy returns. It cannot panic, so nothing unwinds
/// into C.
extern "C" fn record_error(code: c_int) {
    LAST_ERROR.store(code, Ordering::Relaxed);
}

/// BuDDy's garbage-collection hook. The default one prints a line to
/// standard output (which carries the JSON report); this one counts.
extern "C" fn count_collection(before: c_int, _stats: *mut c_void) {
    if before == 0 {
        COLLECTIONS.fetch_add(1, Ordering::Relaxed);
    }
}

/// Exclusive access to BuDDy for as long as it lives.
pub(crate) struct Kernel {
    _guard: MutexGuard<'static, ()>,
}

/// Takes the process-wide lock on BuDDy.
pub(crate) fn lock() -> Kernel {
    Kernel {
        _guard: LOCK.lock().unwrap_or_else(PoisonError::into_inner),
    }
}

/// Garbage collections BuDDy has run in this process.
pub(crate) fn collections() -> u64 {
    COLLECTIONS.load(Ordering::Relaxed)
}

// `&self` is the proof that the lock is held: the methods use no field.
#[allow(clippy::unused_self)]
impl Kernel {
    /// Starts the kernel with `nodes` initial nodes and `cache` entries in
    /// each operation cache, installs the hooks and sets the limits.
    /// Returns BuDDy's error code, or 0.
    pub(crate) fn start(&self, nodes: c_int, cache: c_int, max_nodes: c_int, vars: c_int) -> c_int {
        LAST_ERROR.store(0, Ordering::Relaxed);
        // SAFETY: the lock is held (`self`). bdd_init refuses to start a
        // running kernel (BDD_RUNNING); the wrapper starts one only when the
        // session slot is free. The hooks are plain functions that cannot
        // unwind. The setters only store integers; setvarnum allocates.
        unsafe {
            let code = bdd_init(nodes, cache);
            if code < 0 {
                return code;
            }
            bdd_error_hook(Some(record_error));
            bdd_gbc_hook(Some(count_collection));
            // Growth by doubling, not by BuDDy's default 50,000 nodes at a
            // time; the sum with the table size must stay below 2³¹.
            bdd_setmaxincrease(max_nodes);
            // Refused (BDD_NODES) unless above the initial table size,
            // which the caller guarantees.
            let code = bdd_setmaxnodenum(max_nodes);
            if code < 0 {
                return code;
            }
            let code = bdd_setvarnum(vars);
            if code < 0 {
                return code;
            }
        }
        self.take_error()
    }

    /// Stops the kernel and frees every node.
    pub(crate) fn stop(&self) {
        // SAFETY: the lock is held; bdd_done frees BuDDy's tables and marks
        // it stopped, and is a no-op on a stopped kernel's empty tables.
        unsafe { bdd_done() }
    }

    /// The error BuDDy reported since the last call, if any, clearing it
    /// (and with it BuDDy's error state and operation caches, which may
    /// hold results of the failed operation).
    pub(crate) fn take_error(&self) -> c_int {
        let code = LAST_ERROR.swap(0, Ordering::Relaxed);
        if code != 0 {
            // SAFETY: the lock is held; this resets an integer flag and the
            // operation caches.
            unsafe { bdd_clear_error() }
        }
        code
    }

    pub(crate) fn version(&self) -> c_int {
        // SAFETY: the lock is held; this returns a constant.
        unsafe { bdd_versionnum() }
    }

    pub(crate) fn ithvar(&self, var: c_int) -> Raw {
        // SAFETY: the lock is held; BuDDy checks `var` against its variable
        // count (BDD_VAR) and returns a permanently referenced node.
        unsafe { bdd_ithvar(var) }
    }

    /// The variable, `hi` and `lo` child of an inner node.
    pub(crate) fn cofactors(&self, node: Raw) -> (c_int, Raw, Raw) {
        // SAFETY: the lock is held; each function checks `node` (CHECK) and
        // reports a terminal or a freed node as BDD_ILLBDD.
        unsafe { (bdd_var(node), bdd_high(node), bdd_low(node)) }
    }

    pub(crate) fn add_ref(&self, node: Raw) {
        // SAFETY: the lock is held; bdd_addref checks `node` and ignores
        // the terminals.
        unsafe {
            bdd_addref(node);
        }
    }

    pub(crate) fn del_ref(&self, node: Raw) {
        // SAFETY: the lock is held; bdd_delref checks `node`, ignores the
        // terminals and reports a node without references (BDD_BREAK).
        unsafe {
            bdd_delref(node);
        }
    }

    pub(crate) fn and(&self, left: Raw, right: Raw) -> Raw {
        // SAFETY: the lock is held; both operands are checked (CHECKa).
        unsafe { bdd_and(left, right) }
    }

    pub(crate) fn or(&self, left: Raw, right: Raw) -> Raw {
        // SAFETY: as for `and`.
        unsafe { bdd_or(left, right) }
    }

    pub(crate) fn ite(&self, f: Raw, g: Raw, h: Raw) -> Raw {
        // SAFETY: the lock is held; the three operands are checked.
        unsafe { bdd_ite(f, g, h) }
    }

    /// Inner nodes of `node`'s diagram.
    pub(crate) fn node_count(&self, node: Raw) -> c_int {
        // SAFETY: the lock is held; `node` is checked.
        unsafe { bdd_nodecount(node) }
    }

    /// Nodes in use in the table, dead ones not yet collected included.
    pub(crate) fn nodes_in_use(&self) -> c_int {
        // SAFETY: the lock is held; this reads two integers.
        unsafe { bdd_getnodenum() }
    }

    pub(crate) fn collect_garbage(&self) {
        // SAFETY: the lock is held; called only while a session keeps the
        // kernel running, so the node table exists.
        unsafe { bdd_gbc() }
    }

    /// BuDDy's message for an error code.
    pub(crate) fn error_message(&self, code: c_int) -> String {
        // SAFETY: the lock is held; bdd_errstring returns NULL or a pointer
        // into BuDDy's static table of NUL-terminated messages.
        let text = unsafe { bdd_errstring(code) };
        if text.is_null() {
            return format!("BuDDy error {code}");
        }
        // SAFETY: non-null, NUL-terminated and static (see above).
        unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned()
    }
}
