"""Peer engines for the engine benchmark: CUDD's ZDD (through the `dd`
package) on the project's time-sliced encoding, and Graphillion (TdZdd's
frontier-based search) beside the frontier method. `scripts/bench_peers.py`
runs them and prints `knights-tour/run/1` reports."""
