"""The message catalogues: every language has every message, with the same arguments."""

import json
from pathlib import Path

import pytest

from gin.cards import parse_card
from gin.i18n import (
    LANGUAGES,
    MessageError,
    card_arg,
    catalogue,
    msg,
    percent_arg,
    placeholders,
    word,
)

LOCALES = Path(__file__).resolve().parent.parent / "gin" / "locales"


def parts(language: str) -> dict[str, dict[str, object]]:
    return {
        p.name: json.loads(p.read_text(encoding="utf-8"))
        for p in sorted((LOCALES / language).glob("*.json"))
    }


def arguments(entry: object) -> set[str]:
    if isinstance(entry, str):
        return placeholders(entry)
    assert isinstance(entry, dict), f"a message is text or plural forms, not {entry!r}"
    return set().union(*(placeholders(text) for text in entry.values()))


def test_the_folders_are_the_languages() -> None:
    assert sorted(p.name for p in LOCALES.iterdir() if p.is_dir()) == sorted(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_language_has_every_message_with_its_arguments(language: str) -> None:
    english, other = parts("en"), parts(language)
    assert sorted(other) == sorted(english), "the same part files"
    for name, messages in english.items():
        theirs = other[name]
        assert sorted(theirs) == sorted(messages), f"{language}/{name}: the same keys"
        for key, entry in messages.items():
            assert arguments(theirs[key]) == arguments(entry), f"{language}/{name}: {key}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_messages_are_words_and_plurals_have_other(language: str) -> None:
    seen: set[str] = set()
    for name, messages in parts(language).items():
        assert not seen & set(messages), f"{language}/{name} repeats a key of another part"
        seen |= set(messages)
        for key, entry in messages.items():
            forms = entry if isinstance(entry, dict) else {"other": entry}
            assert "other" in forms, f"{language}/{name}: {key} has no 'other' form"
            assert set(forms) <= {"zero", "one", "two", "few", "many", "other"}, key
            assert all(isinstance(v, str) and v.strip() for v in forms.values()), key
            if isinstance(entry, dict):
                assert "n" in arguments(entry), f"{key}: plural forms are chosen by 'n'"


def test_cards_follow_each_languages_letters() -> None:
    queen = msg("card.full", rank={"rank": "Q"}, suit={"suit": "H"})
    assert word(catalogue("en"), queen, "en") == "queen of hearts"
    assert word(catalogue("de"), queen, "de") == "Herz-Dame"
    shown = {
        lang: word({"x": "{c}"} | catalogue(lang), msg("x", c=card_arg(parse_card("QH"))), lang)
        for lang in LANGUAGES
    }
    assert shown == {"en": "Q♥", "es": "Q♥", "de": "D♥", "fr": "D♥", "pt-BR": "Q♥"}


def test_plural_and_percent_and_missing_pieces() -> None:
    cat = {"left": {"one": "{n} card left", "other": "{n} cards left"}, "risk": "risk {p}"}
    assert word(cat, msg("left", n=1), "en") == "1 card left"
    assert word(cat, msg("left", n=0), "en") == "0 cards left"
    assert word(cat, msg("left", n=0), "fr") == "0 card left"  # French counts zero as one
    assert word(cat, msg("risk", p=percent_arg(0.456)), "en") == "risk 46%"
    with pytest.raises(MessageError, match="no message 'gone'"):
        word(cat, msg("gone"), "en")
    with pytest.raises(MessageError, match="needs the argument 'p'"):
        word(cat, msg("risk"), "en")
    with pytest.raises(MessageError, match="no catalogue for the language 'xx'"):
        catalogue("xx")
