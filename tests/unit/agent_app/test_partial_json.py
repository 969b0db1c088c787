"""The lenient reading of a tool call's arguments while the model still writes them."""

from __future__ import annotations

import json

import pytest

from agent_app.partial_json import parse_partial_json, partial_arguments

WHOLE = {
    "title": "Groceries",
    "items": ["milk", "eggs"],
    "count": 2,
    "done": False,
    "note": 'a"b \\ \u00e9',
}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"title": "Gro', {"title": "Gro"}),  # an open string is closed
        ('{"items": ["milk", "eg', {"items": ["milk", "eg"]}),
        ('{"items": ["milk",', {"items": ["milk"]}),  # a trailing comma is dropped
        ('{"a": {"b": 1', {"a": {"b": 1}}),  # open objects are closed, innermost first
        ('{"title": "x", "cou', {"title": "x"}),  # half a key: cut back to the last value
        ('{"title": "x", "count": ', {"title": "x"}),  # a key without its value
        ('{"done": tru', {}),  # half a literal
        ('{"count": 1.', {}),  # half a number
        ('{"count": 12', {"count": 12}),  # a number that may go on still reads
        ('{"note": "a\\', {"note": "a"}),  # a string ending in half an escape
        ('{"note": "caf\\u00', {"note": "caf"}),  # half a \\u escape
        ("{", {}),
        ("  {", {}),
    ],
)
def test_the_arguments_so_far_read_as_what_they_say_with_open_parts_closed(text, expected):
    assert partial_arguments(text) == expected


def test_every_prefix_of_a_whole_object_reads_as_a_part_of_it():
    text = json.dumps(WHOLE)
    read = [partial_arguments(text[:end]) for end in range(1, len(text) + 1)]
    assert read[-1] == WHOLE
    for value in read:
        assert value is not None
        assert set(value) <= set(WHOLE)


@pytest.mark.parametrize("text", ["", "   ", "hello", '"a string', "[1, 2", "{]", "}"])
def test_a_prefix_that_is_no_object_reads_as_nothing(text):
    assert partial_arguments(text) is None


def test_other_values_read_too():
    assert parse_partial_json("[1, [2") == [1, [2]]
    assert parse_partial_json('"ab') == "ab"
