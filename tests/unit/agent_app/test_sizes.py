import pytest

from agent_app.sizes import format_size


@pytest.mark.parametrize(
    ("size", "words"),
    [
        (0, "0 bytes"),
        (1023, "1023 bytes"),
        (1024, "1.0 KB"),
        (1536, "1.5 KB"),
        (50 * 1024 * 1024, "50.0 MB"),
        (3 * 1024**3, "3.0 GB"),
        (5 * 1024**5, "5120.0 TB"),
    ],
)
def test_sizes_read_naturally(size, words):
    assert format_size(size) == words
