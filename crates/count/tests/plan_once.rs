//! A count is planned once and its order of the squares resolved once:
//! the plan is the work order, and nothing downstream resolves again.
//!
//! `kt_count::plan` opens a span named `plan`, and
//! `kt_frontier::resolve_order` one named `resolve_order`; a subscriber
//! of this test binary's own counts them. One test, so that no other
//! count runs beside it in this process.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use kt_count::{
    Board, CancelToken, Cluster, Frontier, MethodSettings, Question, Request, Silent, TourKind,
};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

/// Counts the spans opened, by name, in every thread of the process.
#[derive(Default)]
struct Spans {
    opened: Mutex<BTreeMap<&'static str, u64>>,
    next: AtomicU64,
}

static SPANS: std::sync::OnceLock<&'static Spans> = std::sync::OnceLock::new();

struct Counting(&'static Spans);

impl Subscriber for Counting {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        *self
            .0
            .opened
            .lock()
            .unwrap()
            .entry(span.metadata().name())
            .or_default() += 1;
        Id::from_u64(self.0.next.fetch_add(1, Ordering::Relaxed) + 1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, _: &Event<'_>) {}
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

/// The plans and order resolutions that `request`'s count opens.
fn plans_and_orders(request: &Request) -> (u64, u64) {
    let spans = SPANS.get().unwrap();
    spans.opened.lock().unwrap().clear();
    kt_count::count(request, &Silent, &CancelToken::new()).unwrap();
    let opened = spans.opened.lock().unwrap();
    (
        opened.get("plan").copied().unwrap_or(0),
        opened.get("resolve_order").copied().unwrap_or(0),
    )
}

#[test]
fn a_count_plans_once_and_resolves_its_order_once() {
    let spans: &'static Spans = Box::leak(Box::default());
    SPANS.set(spans).ok().unwrap();
    tracing::subscriber::set_global_default(Counting(spans)).unwrap();

    let board: Board = "5x5".parse().unwrap();
    let open = Request::new(board, TourKind::Open);
    let frontier = MethodSettings::Frontier(Frontier::default());
    let cluster = MethodSettings::Cluster(Cluster::default());
    for (what, request) in [
        // `auto`: three candidates sweep in an order, resolved once.
        ("auto", open.clone()),
        ("frontier", open.clone().with_method(frontier.clone())),
        (
            "frontier --from",
            open.clone()
                .with_method(frontier.clone())
                .asking(Question::From { from: 0 }),
        ),
        (
            "frontier --by-start",
            open.clone().with_method(frontier).asking(Question::ByStart),
        ),
        ("cluster", open.clone().with_method(cluster)),
        (
            "auto --closed",
            Request::new("6x6".parse().unwrap(), TourKind::Closed),
        ),
    ] {
        assert_eq!(plans_and_orders(&request), (1, 1), "{what}");
    }

    // A long sweep's checkpoint in a front end's cache: the same plan,
    // its directories checked again, never planned or resolved again;
    // and the count it runs writes its checkpoint there.
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let spans = SPANS.get().unwrap();
    spans.opened.lock().unwrap().clear();
    let plan = kt_count::plan(
        &open
            .clone()
            .with_method(MethodSettings::Frontier(Frontier::default())),
    )
    .unwrap();
    assert!(plan.keeps_one_checkpoint() && plan.sweeps());
    let plan = plan
        .keeping_checkpoints(
            kt_count::Checkpointing {
                path: cache.clone(),
                every: None,
            },
            false,
            dir.path().to_path_buf(),
        )
        .unwrap();
    plan.run(&Silent, &CancelToken::new()).unwrap();
    let opened = spans.opened.lock().unwrap().clone();
    assert_eq!(
        (
            opened.get("plan").copied().unwrap_or(0),
            opened.get("resolve_order").copied().unwrap_or(0)
        ),
        (1, 1),
        "the checkpoint cache"
    );
    assert!(
        cache.join("QUESTION").exists(),
        "the count's checkpoint directory"
    );

    // A sequence likewise: planned once, its checkpoint in the cache given
    // to the same plan.
    let cache = dir.path().join("sequence");
    spans.opened.lock().unwrap().clear();
    let request = Request::sequence(4, 6, TourKind::Open, kt_count::Measure::Cols)
        .unwrap()
        .with_method(MethodSettings::Frontier(Frontier {
            resources: kt_count::Resources {
                threads: Some(1),
                memory: None,
            },
            ..Frontier::default()
        }));
    let plan = kt_count::plan(&request)
        .unwrap()
        .keeping_checkpoints(
            kt_count::Checkpointing {
                path: cache.clone(),
                every: None,
            },
            false,
            dir.path().to_path_buf(),
        )
        .unwrap();
    let counted = plan.sequence(&Silent, &CancelToken::new()).unwrap();
    assert_eq!(counted.terms.len(), 6);
    let opened = spans.opened.lock().unwrap().clone();
    assert_eq!(opened.get("plan").copied(), Some(1), "the sequence");
    assert!(
        cache.join("QUESTION").exists(),
        "the sequence's checkpoint directory"
    );
}
