"""The knight's graph of a board as a networkx graph (networkx is
optional: imported when the graph is asked for)."""

from typing import Any, Union

from . import knights_tour as _native  # type: ignore[attr-defined]  # the extension module: no stub of its own
from ._table import _need


def knight_graph(board: Union[int, str]) -> Any:
    """The knight's graph of ``board`` as a ``networkx.Graph``: a node per
    square, named as squares are ("a1" the bottom-left corner), an edge
    per knight's move. Each node has ``pos`` (its column and rank from
    the bottom-left, 0-based, for ``networkx.draw``); the graph has
    ``board`` ("RxC"). Needs networkx.

    The open tours are the graph's Hamiltonian paths, the closed tours
    its Hamiltonian cycles.

    >>> g = knight_graph("3x4")  # doctest: +SKIP
    >>> g.number_of_nodes(), g.number_of_edges(), g.degree("a1")  # doctest: +SKIP
    (12, 14, 2)
    """
    nx = _need("networkx", "knight_graph")
    name, squares, moves = _native._knight_graph(board)
    graph = nx.Graph(board=name)
    for square, col, rank in squares:
        graph.add_node(square, pos=(col, rank))
    graph.add_edges_from(moves)
    return graph
