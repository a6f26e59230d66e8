"""kt.knight_graph: the knight's graph as networkx's (skipped where
networkx is not installed)."""

import pytest

import knights_tour as kt


def test_the_knight_graph_of_a_board():
    nx = pytest.importorskip("networkx")
    graph = kt.knight_graph("3x4")
    assert isinstance(graph, nx.Graph) and graph.graph["board"] == "3x4"
    assert graph.number_of_nodes() == 12
    # 3x4: 2*(R-1)*(C-2) + 2*(R-2)*(C-1) moves = 2*2*2 + 2*1*3.
    assert graph.number_of_edges() == 14
    assert graph.degree("a1") == 2 and set(graph["a1"]) == {"b3", "c2"}
    assert graph.nodes["a1"]["pos"] == (0, 0) and graph.nodes["d3"]["pos"] == (3, 2)
    eight = kt.knight_graph(8)
    assert eight.number_of_edges() == 168
    # The centre of 3x3 has no move: a node all the same.
    assert kt.knight_graph(3).degree("b2") == 0


def test_tours_are_hamiltonian_paths_of_the_graph():
    pytest.importorskip("networkx")
    graph = kt.knight_graph("5x6")
    for squares in kt.Tours("5x6").random(5, seed=3):
        assert set(squares) == set(graph.nodes)
        assert all(graph.has_edge(a, b) for a, b in zip(squares, squares[1:]))


def test_a_bad_board_is_a_board_error():
    pytest.importorskip("networkx")
    with pytest.raises(kt.BoardError):
        kt.knight_graph("0x3")
