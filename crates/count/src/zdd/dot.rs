//! The final diagram as Graphviz DOT, written on the worker thread where
//! the diagram lives.

use kt_engine::Engine;

use super::{Decoder, Finish};
use crate::failure::Failure;
use crate::report::RunReport;
use crate::words::Word;

/// How to draw a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// Refuse diagrams with more nodes than this: DOT layouts of large
    /// diagrams are unreadable and slow.
    pub max_nodes: usize,
    /// Dump the engine's whole manager with oxidd's own DOT export instead
    /// (every level and node, oxidd's internal tautology chain included).
    pub whole_manager: bool,
    /// The graph's title.
    pub title: String,
}

impl Finish for Drawing {
    type Output = Vec<u8>;

    fn finish<E: Engine>(
        self,
        engine: &E,
        decoder: &dyn Decoder,
        family: &E::Func,
        _: &mut RunReport,
    ) -> Result<Vec<u8>, Failure> {
        let size = if self.whole_manager {
            engine.live_nodes()
        } else {
            engine.node_count(family)
        };
        if size > self.max_nodes {
            let what = if self.whole_manager {
                "manager"
            } else {
                "diagram"
            };
            return Err(Failure::refused(crate::words::message!(
                format!("the {what} has {size} nodes, more than "),
                Word::MaxNodes.given(self.max_nodes),
                "; DOT layouts of that size are unreadable (raise ",
                Word::MaxNodes,
                " to insist)"
            )));
        }
        let mut text = Vec::new();
        let written = if self.whole_manager {
            engine.write_manager_dot(family, &mut text)
        } else {
            engine
                .snapshot(family)
                .map_err(|e| Failure::other(format!("cannot copy the diagram out: {e}")))?
                .write_dot(&mut text, &self.title, &|v| decoder.var_name(v))
        };
        written.map_err(|e| Failure::other(format!("cannot write DOT: {e}")))?;
        Ok(text)
    }
}
