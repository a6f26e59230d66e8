//! An engine that is not in this build, as a type that cannot be created.
//!
//! Its one field is of an empty type, so no value of it can exist: every
//! method but [`Engine::new`], which refuses, is unreachable by
//! construction (`match self.never {}`), with no panic to write.

use std::convert::Infallible;
use std::io;

use num_bigint::BigUint;

use crate::{
    Engine, EngineConfig, EngineError, EngineInfo, EngineKind, Family, FilterLimits, Filtered,
    SetFilter, Var,
};

/// The stand-in for an engine whose cargo feature is off.
pub struct Unavailable {
    never: Infallible,
}

impl Engine for Unavailable {
    type Func = Infallible;

    fn new(_: &EngineConfig, num_vars: Var) -> Result<Self, EngineError> {
        Err(EngineError::Unsupported(
            EngineKind::Buddy
                .refusal(num_vars)
                .unwrap_or_else(|| "this engine is not in this build".into()),
        ))
    }

    fn info(&self) -> EngineInfo {
        match self.never {}
    }

    fn config(&self) -> &EngineConfig {
        match self.never {}
    }

    fn num_vars(&self) -> Var {
        match self.never {}
    }

    fn reject(&self) -> Infallible {
        match self.never {}
    }

    fn accept(&self) -> Infallible {
        match self.never {}
    }

    fn node(&self, _: Var, hi: &Infallible, _: &Infallible) -> Result<Infallible, EngineError> {
        match *hi {}
    }

    fn free(&self, _: Var, child: &Infallible) -> Result<Infallible, EngineError> {
        match *child {}
    }

    fn forced_out(&self, _: Var, child: &Infallible) -> Result<Infallible, EngineError> {
        match *child {}
    }

    fn intersect(&self, f: &Infallible, _: &Infallible) -> Result<Infallible, EngineError> {
        match *f {}
    }

    fn union(&self, f: &Infallible, _: &Infallible) -> Result<Infallible, EngineError> {
        match *f {}
    }

    fn count(&self, f: &Infallible) -> BigUint {
        match *f {}
    }

    fn node_count(&self, f: &Infallible) -> usize {
        match *f {}
    }

    fn live_nodes(&self) -> usize {
        match self.never {}
    }

    fn collect_garbage(&self) -> usize {
        match self.never {}
    }

    fn filter<A: SetFilter>(
        &self,
        f: &Infallible,
        _: &A,
        _: &FilterLimits<'_>,
    ) -> Result<Filtered<Infallible>, EngineError> {
        match *f {}
    }

    fn snapshot(&self, f: &Infallible) -> Result<Family, EngineError> {
        match *f {}
    }

    fn write_manager_dot(&self, f: &Infallible, _: &mut dyn io::Write) -> io::Result<()> {
        match *f {}
    }
}
