"""Every opponent the page can list has its name and its description in every language."""

import json

import pytest

from gin import api
from gin.i18n import LANGUAGES, catalogue


def listed() -> list[str]:
    reply = json.loads(api.handle(json.dumps({"op": "opponents"})))
    assert reply["ok"], reply
    return [entry["name"] for entry in reply["opponents"]]


def test_the_api_lists_opponents() -> None:
    assert {"beginner", "expert", "baseline"} <= set(listed())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_listed_opponent_has_a_label_and_an_about(language: str) -> None:
    words = catalogue(language)
    missing = [
        f"opponents.{name}.{part}"
        for name in listed()
        for part in ("label", "about")
        if not isinstance(words.get(f"opponents.{name}.{part}"), str)
    ]
    assert not missing, f"{language} lacks {missing}"
