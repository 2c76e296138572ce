"""Minimum-cost perfect matching: the one solver pairing uses (Edmonds' blossom algorithm, networkx's).

networkx's ``max_weight_matching`` with ``maxcardinality`` finds, among the matchings of most edges, one of greatest
weight; with every weight ``top - cost`` (``top`` above every cost) and a perfect matching in the graph, that is a
perfect matching of least total cost, exactly: with integer costs networkx computes in integers only. The graph is
whatever the caller gives (a sparse candidate graph or a complete one): the answer is exact for that graph.
"""

from __future__ import annotations

from collections.abc import Mapping


def min_cost_perfect_matching(size: int, costs: Mapping[tuple[int, int], int]) -> list[tuple[int, int]] | None:
    """A perfect matching of the nodes ``0 … size-1`` of least total cost over the edges ``costs`` (``(i, j)`` with
    ``i < j``, a cost ≥ 0), its pairs ``(i, j)`` with ``i < j`` in order of ``i``; None when there is none."""
    if size == 0:
        return []
    if size % 2 or len(costs) < size // 2:
        return None
    from networkx import Graph
    from networkx.algorithms.matching import max_weight_matching

    top = max(costs.values()) + 1
    graph: Graph = Graph()
    graph.add_nodes_from(range(size))
    graph.add_weighted_edges_from((i, j, top - cost) for (i, j), cost in costs.items())
    found = max_weight_matching(graph, maxcardinality=True)
    if 2 * len(found) != size:
        return None
    return sorted((min(pair), max(pair)) for pair in found)
