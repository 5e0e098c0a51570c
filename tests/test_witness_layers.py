"""The endings of a tight round come layer by layer, the most dice to spare first, and a
deeper layer is walked only once the ones above it are used up (search.order.Layers)."""

from __future__ import annotations

from types import SimpleNamespace

from dicehero.engine.paper.search.order import Layers

# Four endings of one round (sheet, marks, actions): the sheet stands for its dice to spare.
ENDINGS = [(3, 0, ("a",)), (1, 0, ("b",)), (1, 1, ("c",)), (0, 0, ("d",))]


def _layers(top: int = 3) -> tuple[Layers, list[int]]:
    """Layers over ENDINGS, and the floors their walks were asked for."""
    ordering = SimpleNamespace(pruning=SimpleNamespace(slack=lambda sheet, prog: sheet),
                               ranked=lambda ends: sorted(ends, key=lambda e: e[2]))
    floors: list[int] = []

    def walk(floor: int) -> list[tuple[int, int, tuple[str, ...]]]:
        floors.append(floor)
        return [end for end in ENDINGS if end[0] >= floor]

    return Layers(ordering, top, walk), floors  # type: ignore[arg-type]


def test_the_layers_come_with_the_most_dice_to_spare_first_and_lose_no_ending():
    layers, _ = _layers()
    assert [(spare, [end[2] for end in layer]) for spare, layer in layers] == [
        (3, [("a",)]), (1, [("b",), ("c",)]), (0, [("d",)])]


def test_the_top_layer_is_walked_alone():
    layers, floors = _layers()
    spare, layer = next(iter(layers))
    assert (spare, layer, floors) == (3, [ENDINGS[0]], [3])


def test_a_layer_with_no_ending_is_passed_over():
    layers, floors = _layers()
    found = iter(layers)
    next(found)
    assert next(found)[0] == 1
    assert floors == [3, 2, 1]


def test_the_layers_are_walked_once_and_read_back_by_a_later_pass():
    layers, floors = _layers()
    first = list(layers)
    assert list(layers) == first
    assert floors == [3, 2, 1, 0]


def test_every_ending_at_once_walks_the_rest_in_one_walk():
    layers, floors = _layers()
    next(iter(layers))
    assert [end[2] for end in layers.every()] == [("a",), ("b",), ("c",), ("d",)]
    assert floors == [3, 0]
