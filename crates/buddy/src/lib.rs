//! BuDDy, the classic C BDD package, behind a small safe wrapper.
//!
//! BuDDy (2.4, from Debian's `libbdd-dev`) keeps one node table per
//! process in C globals, started with `bdd_init` and stopped with
//! `bdd_done`. This crate makes that global state safe to use from Rust:
//!
//! * **one session per process at a time.** [`Session::open`] starts the
//!   kernel; a second `open` on another thread waits until the first
//!   session is dropped, and one on the thread that holds a session is
//!   refused (it would wait forever);
//! * **one call at a time.** Every call into BuDDy holds a process-wide
//!   mutex (the `ffi` module), so handles may be cloned, read and dropped
//!   on any thread;
//! * **reference counting.** A [`Bdd`] handle holds one BuDDy reference to
//!   its root (`bdd_addref`/`bdd_delref`) and keeps the session alive, so
//!   the garbage collector never frees a node a handle can reach, and the
//!   kernel is stopped only after the last handle is gone;
//! * **errors are values.** BuDDy's default error handler prints and exits;
//!   the wrapper installs one that records the code, and the call that
//!   caused it returns an [`Error`]. A full node table (the maximum set from
//!   the memory budget) is [`Error::OutOfNodes`].
//!
//! Only what the project needs is wrapped: making a node, conjunction and
//! disjunction, reading nodes back, node counts and garbage collection.

mod ffi;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::ThreadId;

use ffi::{Kernel, Raw};

/// Why a BuDDy operation did not produce a result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The node table reached its maximum size.
    #[error("BuDDy's node table is full: its maximum of {max_nodes} nodes is reached")]
    OutOfNodes { max_nodes: usize },
    /// This thread already holds the process's BuDDy session.
    #[error("BuDDy keeps one node table per process, and this thread already has it open")]
    SessionOnThisThread,
    /// Settings BuDDy cannot represent.
    #[error("BuDDy cannot be started so: {0}")]
    Settings(String),
    /// Any other error BuDDy reported, with its message.
    #[error("BuDDy error {code}: {message}")]
    Kernel { code: i32, message: String },
}

/// The most nodes a table may have: BuDDy numbers nodes with a C `int` and
/// grows its table by doubling, which must not overflow.
pub const MAX_NODES: usize = (1 << 30) - 1;
/// The most variables BuDDy's 22-bit level field holds (less the terminals').
pub const MAX_VARIABLES: u32 = (1 << 21) - 1;
/// Bytes of one node in BuDDy's table (`BddNode`: reference count and
/// level packed in one word, then low, high, hash and next).
pub const BYTES_PER_NODE: usize = 20;
/// Bytes of one entry of an operation cache (`BddCacheData`: a double or
/// an int, and three ints, aligned to 8).
pub const BYTES_PER_CACHE_ENTRY: usize = 24;
/// Operation caches BuDDy allocates at start, all of the same size (apply,
/// if-then-else, quantification, apply-exists, replace, miscellaneous).
pub const CACHES: usize = 6;

/// How to start the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Variables, numbered `0 .. variables`, in that order top to bottom.
    pub variables: u32,
    /// The largest the node table may grow; reaching it is
    /// [`Error::OutOfNodes`]. At most [`MAX_NODES`].
    pub max_nodes: usize,
    /// Entries of each operation cache.
    pub cache_entries: usize,
}

/// Whether a thread holds the session, and which.
static SLOT: Mutex<Option<ThreadId>> = Mutex::new(None);
/// Signalled when the session is closed.
static SLOT_FREED: Condvar = Condvar::new();

/// The process's running BuDDy kernel. Dropping the last reference (the
/// engine and every [`Bdd`] hold one) stops it.
#[derive(Debug)]
pub struct Session {
    max_nodes: usize,
    version: String,
}

/// A node of a diagram, read back (see [`Session::view`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    False,
    True,
    Inner { var: u32, high: NodeId, low: NodeId },
}

/// A node number, valid for as long as a [`Bdd`] that reaches it lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeId(Raw);

/// A child in a list of nodes given to [`Session::import`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Child {
    False,
    True,
    /// The node at this position of the list.
    Node(usize),
}

/// A referenced BuDDy function: one root node, kept alive by this handle.
pub struct Bdd {
    root: Raw,
    session: Arc<Session>,
}

impl Session {
    /// Starts BuDDy, waiting while another thread holds it.
    pub fn open(settings: &Settings) -> Result<Arc<Session>, Error> {
        let fixed = 2 + 2 * settings.variables as usize;
        if settings.variables > MAX_VARIABLES {
            return Err(Error::Settings(format!(
                "{} variables, more than BuDDy's {MAX_VARIABLES}",
                settings.variables
            )));
        }
        let max_nodes = settings.max_nodes.min(MAX_NODES);
        if max_nodes < 2 * fixed {
            return Err(Error::OutOfNodes { max_nodes });
        }
        // The table starts small (BuDDy initialises every slot at once)
        // and doubles up to the maximum, which BuDDy wants above the start.
        let initial = (max_nodes / 2).min(1 << 20).max(fixed);
        let cache = settings.cache_entries.clamp(1 << 10, 1 << 28);

        let me = std::thread::current().id();
        let mut holder = SLOT.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            match *holder {
                None => break,
                Some(thread) if thread == me => return Err(Error::SessionOnThisThread),
                Some(_) => {
                    holder = SLOT_FREED
                        .wait(holder)
                        .unwrap_or_else(PoisonError::into_inner);
                }
            }
        }
        let kernel = ffi::lock();
        // All four are bounded above, well within a C int.
        let int = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        let code = kernel.start(
            int(initial),
            int(cache),
            int(max_nodes),
            int(settings.variables as usize),
        );
        if code != 0 {
            let error = error_of(&kernel, code, max_nodes);
            kernel.stop();
            return Err(error);
        }
        let version = kernel.version();
        *holder = Some(me);
        Ok(Arc::new(Session {
            max_nodes,
            version: format!("{}.{}", version / 10, version % 10),
        }))
    }

    /// BuDDy's version, e.g. `2.4`.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The node table's maximum size.
    pub fn max_nodes(&self) -> usize {
        self.max_nodes
    }

    /// Garbage collections BuDDy has run in this process.
    pub fn collections(&self) -> u64 {
        ffi::collections()
    }

    fn handle(self: &Arc<Self>, kernel: &Kernel, root: Raw) -> Bdd {
        kernel.add_ref(root);
        Bdd {
            root,
            session: Arc::clone(self),
        }
    }

    /// The result of an operation, or the error it reported.
    fn finish(self: &Arc<Self>, kernel: &Kernel, root: Raw) -> Result<Bdd, Error> {
        match kernel.take_error() {
            0 => Ok(self.handle(kernel, root)),
            code => Err(error_of(kernel, code, self.max_nodes)),
        }
    }

    pub fn constant(self: &Arc<Self>, value: bool) -> Bdd {
        Bdd {
            root: Raw::from(value),
            session: Arc::clone(self),
        }
    }

    /// `if var then high else low`; `var` must lie above both children.
    pub fn node(self: &Arc<Self>, var: u32, high: &Bdd, low: &Bdd) -> Result<Bdd, Error> {
        let kernel = ffi::lock();
        let v = kernel.ithvar(c_var(var));
        let root = kernel.ite(v, high.root, low.root);
        self.finish(&kernel, root)
    }

    pub fn and(self: &Arc<Self>, left: &Bdd, right: &Bdd) -> Result<Bdd, Error> {
        let kernel = ffi::lock();
        let root = kernel.and(left.root, right.root);
        self.finish(&kernel, root)
    }

    pub fn or(self: &Arc<Self>, left: &Bdd, right: &Bdd) -> Result<Bdd, Error> {
        let kernel = ffi::lock();
        let root = kernel.or(left.root, right.root);
        self.finish(&kernel, root)
    }

    /// Builds a diagram from a list of nodes, children before parents,
    /// each `(var, high, low)` with `var` above its children's variables,
    /// holding the lock throughout. Every node made is referenced until
    /// the whole list is built: a garbage collection may run at any node.
    pub fn import(
        self: &Arc<Self>,
        nodes: impl IntoIterator<Item = (u32, Child, Child)>,
        root: Child,
    ) -> Result<Bdd, Error> {
        let kernel = ffi::lock();
        let mut made: Vec<Raw> = Vec::new();
        let mut failed = None;
        for (var, high, low) in nodes {
            let child = |c: Child| match c {
                Child::False => 0,
                Child::True => 1,
                Child::Node(i) => made[i],
            };
            let v = kernel.ithvar(c_var(var));
            let node = kernel.ite(v, child(high), child(low));
            match kernel.take_error() {
                0 => {
                    kernel.add_ref(node);
                    made.push(node);
                }
                code => {
                    failed = Some(error_of(&kernel, code, self.max_nodes));
                    break;
                }
            }
        }
        let result = match failed {
            Some(error) => Err(error),
            None => Ok(self.handle(
                &kernel,
                match root {
                    Child::False => 0,
                    Child::True => 1,
                    Child::Node(i) => made[i],
                },
            )),
        };
        for node in made {
            kernel.del_ref(node);
        }
        result
    }

    /// The node `id`: a terminal, or its variable and children.
    pub fn view(&self, id: NodeId) -> Result<View, Error> {
        match id.0 {
            0 => return Ok(View::False),
            1 => return Ok(View::True),
            _ => {}
        }
        let kernel = ffi::lock();
        let (var, high, low) = kernel.cofactors(id.0);
        match kernel.take_error() {
            0 => Ok(View::Inner {
                var: var.unsigned_abs(),
                high: NodeId(high),
                low: NodeId(low),
            }),
            code => Err(error_of(&kernel, code, self.max_nodes)),
        }
    }

    /// Nodes of `f`'s diagram, the terminals it reaches included (both, for
    /// a function that is not constant).
    pub fn node_count(&self, f: &Bdd) -> usize {
        if f.root < 2 {
            return 1;
        }
        let kernel = ffi::lock();
        count(kernel.node_count(f.root)) + 2
    }

    /// Nodes in use in the table, dead ones not yet collected included.
    pub fn nodes_in_use(&self) -> usize {
        count(ffi::lock().nodes_in_use())
    }

    /// Collects dead nodes now; returns how many were freed.
    pub fn collect_garbage(&self) -> usize {
        let kernel = ffi::lock();
        let before = kernel.nodes_in_use();
        kernel.collect_garbage();
        count(before.saturating_sub(kernel.nodes_in_use()))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let mut holder = SLOT.lock().unwrap_or_else(PoisonError::into_inner);
        ffi::lock().stop();
        *holder = None;
        SLOT_FREED.notify_all();
    }
}

/// A variable as BuDDy numbers it; one beyond BuDDy's range is refused
/// by BuDDy (`BDD_VAR`).
fn c_var(var: u32) -> i32 {
    i32::try_from(var).unwrap_or(i32::MAX)
}

/// A count BuDDy returns as an `int` (never negative).
fn count(n: i32) -> usize {
    usize::try_from(n).unwrap_or(0)
}

/// The error value for BuDDy's error `code`.
fn error_of(kernel: &Kernel, code: i32, max_nodes: usize) -> Error {
    match code {
        ffi::NODE_LIMIT | ffi::OUT_OF_MEMORY => Error::OutOfNodes { max_nodes },
        _ => Error::Kernel {
            code,
            message: kernel.error_message(code),
        },
    }
}

impl Bdd {
    /// The root node, for [`Session::view`].
    pub fn root(&self) -> NodeId {
        NodeId(self.root)
    }

    pub fn session(&self) -> &Arc<Session> {
        &self.session
    }
}

impl Clone for Bdd {
    fn clone(&self) -> Bdd {
        let kernel = ffi::lock();
        self.session.handle(&kernel, self.root)
    }
}

impl Drop for Bdd {
    fn drop(&mut self) {
        ffi::lock().del_ref(self.root);
    }
}

impl PartialEq for Bdd {
    /// BuDDy's diagrams are canonical: one node per function.
    fn eq(&self, other: &Bdd) -> bool {
        self.root == other.root
    }
}

impl Eq for Bdd {}

impl Hash for Bdd {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.root.hash(state);
    }
}

impl fmt::Debug for Bdd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bdd({})", self.root)
    }
}
