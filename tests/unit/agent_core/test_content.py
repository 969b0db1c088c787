import pytest

from agent_core.content import content_text


@pytest.mark.parametrize(
    ("content", "separator", "text"),
    [
        ("plain", "", "plain"),
        ([{"type": "text", "text": "a"}, {"type": "image"}, {"text": "b"}], "", "ab"),
        ([{"text": "a"}, {"text": "b"}], " ", "a b"),
        ([{"text": [{"text": "nested"}]}], " ", "nested"),
        (None, "", ""),
        (42, "", "42"),
    ],
)
def test_the_text_of_message_content(content, separator, text):
    assert content_text(content, separator) == text
