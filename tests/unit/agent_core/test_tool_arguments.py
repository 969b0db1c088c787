import pytest

from agent_core.tool_arguments import ToolArgumentsError, tool_arguments


def test_a_dict_or_a_json_object_gives_the_arguments():
    assert tool_arguments({"a": 1}) == {"a": 1}
    assert tool_arguments('{"a": 1}') == {"a": 1}
    assert tool_arguments("  ") == {}


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ('{"a": ', "The arguments are not valid JSON"),
        ("[1, 2]", "The arguments must be a JSON object."),
        (None, "The arguments must be a JSON object."),
    ],
)
def test_anything_else_is_a_plain_error(payload, message):
    with pytest.raises(ToolArgumentsError, match=message):
        tool_arguments(payload)
