"""Deal fingerprints (docs/fairness.md): recomputed independently they match, any tampering with
a revealed deck or salt fails, saves carry them, and `python -m gin verify` says so by its exit
status."""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gin import api, fairness
from gin.actions import Action
from gin.cards import format_cards, parse_cards
from gin.match import Match, apply, legal_actions, new_match, seed_decks, shuffled_deck
from gin.rules import Rules
from gin.save import SaveError, dump, load
from gin.verify import NotAMatch, tamperings, verify_document, verify_file
from gin.view import view

ROOT = Path(__file__).parent.parent
DOC = ROOT / "docs" / "fairness.md"
SALT = "00112233445566778899aabbccddeeff"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def recomputed(deck: list[str], salt: str) -> str:
    """The fingerprint as docs/fairness.md tells anyone to compute it, from the view's words."""
    return sha256(f"gin-fingerprint|{salt}|{' '.join(deck)}")


def play(match: Match, rng: random.Random, hands: int) -> Match:
    """Random legal play (knocks taken when offered) until ``hands`` hands have ended."""
    while match.winner is None and len(match.results) < hands:
        actions = legal_actions(match)
        endings = [a for a in actions if a.kind in ("knock", "gin", "big gin", "next")]
        match = apply(match, endings[0] if endings else rng.choice(actions))
    return match


def to_hand_end(match: Match, rng: random.Random) -> Match:
    while match.hand.result is None:
        match = play(match, rng, len(match.results) + 1)
    return match


# ----------------------------------------------------------------------------- the fingerprint


def test_the_documented_example_hashes_as_written() -> None:
    """docs/fairness.md's worked example: its salt, text and hash are the engine's."""
    text = DOC.read_text(encoding="utf-8")
    salt_line, deal_line = re.findall(r"\$ printf '%s' '([^']+)'", text)
    outputs = re.findall(r"^([0-9a-f]{32,64})(?:  -)?$", text, re.M)
    match = new_match(Rules(), "demo", salt=SALT)
    hand_salt = fairness.hand_salt(SALT, 1)
    assert salt_line == f"gin-salt|{SALT}|1" and outputs[0] == sha256(salt_line)[:32] == hand_salt
    assert deal_line == fairness.deal_text(shuffled_deck("demo", 1), hand_salt)
    assert outputs[1] == sha256(deal_line) == match.fingerprints[0]
    short = match.fingerprints[0][:12]
    assert f"`Deal {short[:4]} {short[4:8]} {short[8:]}`" in text


def test_the_view_reveals_at_the_end_what_proves_the_fingerprint() -> None:
    rng = random.Random(3)
    match = new_match(Rules(), "reveal", salt=SALT)
    first = view(match, 0)["deal"]
    assert first == {
        "fingerprint": match.fingerprints[0],
        "salt": None,
        "deck": None,
        "stock": None,
    }
    for _ in range(6):  # every view of the hand carries the same fingerprint, nothing else
        match = apply(match, rng.choice(legal_actions(match)))
        if match.hand.result is None:
            assert view(match, 1)["deal"] == first
    match = to_hand_end(match, rng)
    end = view(match, 0)["deal"]
    assert end["fingerprint"] == first["fingerprint"]
    assert recomputed(end["deck"], end["salt"]) == end["fingerprint"]
    assert end["deck"] == format_cards(shuffled_deck("reveal", 1)).split()
    stock = end["deck"][52 - len(end["stock"]) :]
    assert end["stock"] == stock and len(stock) == match.hand.stock_count
    assert view(match, 1)["deal"] == end  # the same for both seats


def test_every_single_change_of_a_revealed_deck_or_salt_fails() -> None:
    match = to_hand_end(new_match(Rules(), "tamper", salt=SALT), random.Random(5))
    end = view(match, 0)["deal"]
    deck = tuple(parse_cards(end["deck"]))
    changed = tamperings(deck)
    assert len(changed) == 52 * 51 and all(
        sum(x != y for x, y in zip(d, deck, strict=True)) == 1 for d in changed
    )
    swapped = [
        deck[:i] + (deck[j],) + deck[i + 1 : j] + (deck[i],) + deck[j + 1 :]
        for i in range(52)
        for j in range(i + 1, 52)
    ]
    for other in changed + swapped:
        assert recomputed(format_cards(other).split(), end["salt"]) != end["fingerprint"]
    salt = end["salt"]
    for i in range(len(salt)):
        for digit in "0123456789abcdef".replace(salt[i], ""):
            assert recomputed(end["deck"], salt[:i] + digit + salt[i + 1 :]) != end["fingerprint"]
    assert recomputed(end["deck"], salt) == end["fingerprint"]  # the untouched pair does match


def test_a_deck_changed_during_the_hand_no_longer_matches_its_fingerprint() -> None:
    """The fingerprint is taken at the deal: a stock rearranged later shows at the reveal."""
    match = new_match(Rules(), "later", salt=SALT)
    match = apply(apply(match, Action("pass")), Action("pass"))
    deck = match.hand.deck
    rigged = replace(match, hand=replace(match.hand, deck=deck[:21] + deck[21:][::-1]))
    end = view(to_hand_end(rigged, random.Random(2)), 0)["deal"]
    assert end["fingerprint"] == match.fingerprints[0]
    assert recomputed(end["deck"], end["salt"]) != end["fingerprint"]


def test_hand_salts_differ_by_hand_and_by_match() -> None:
    salts = {fairness.hand_salt(SALT, n) for n in range(1, 200)}
    salts |= {fairness.hand_salt("f" * 32, n) for n in range(1, 200)}
    assert len(salts) == 398 and all(re.fullmatch("[0-9a-f]{32}", s) for s in salts)
    rng = random.Random(8)
    match = play(new_match(Rules(), "hands", salt=SALT), rng, 3)
    assert len(set(match.fingerprints)) == len(match.fingerprints) == match.hand_number >= 3


def test_bad_salts_are_refused() -> None:
    for salt in ("", "0" * 31, "0" * 33, "G" * 32, "A" * 32, 12):
        with pytest.raises(fairness.FairnessError, match="32 lowercase hexadecimal"):
            new_match(Rules(), "x", salt=salt)  # type: ignore[arg-type]


def test_duplicate_decks_and_seeds_deal_the_same_under_their_own_fingerprints() -> None:
    decks = seed_decks("golden-1", 2)
    one = new_match(Rules(), "table-a", decks, salt=SALT)
    two = new_match(Rules(), "table-a", decks, salt="f" * 32)
    assert one.hand == two.hand and one.fingerprints != two.fingerprints
    assert one.fingerprints[0] == fairness.deal_fingerprint(decks[0], SALT, 1)
    same_seed = new_match(Rules(), "golden-1", salt=SALT)
    assert same_seed.hand.deck == decks[0] and same_seed.fingerprints == one.fingerprints


def test_the_api_draws_a_new_secret_salt_for_every_match() -> None:
    replies = [json.loads(api.handle(json.dumps({"op": "new", "seed": "same"}))) for _ in range(2)]
    saves = [r["save"] for r in replies]
    assert saves[0]["salt"] != saves[1]["salt"]
    assert all(s["salt"] != fairness.seed_salt("same") for s in saves)
    assert replies[0]["view"]["hand"] == replies[1]["view"]["hand"]
    prints = [r["view"]["deal"]["fingerprint"] for r in replies]
    assert prints[0] != prints[1] and prints == [s["fingerprints"][0] for s in saves]
    assert all(r["view"]["deal"]["salt"] is None for r in replies)


# ----------------------------------------------------------------------------- saves


def test_saves_carry_the_salt_and_every_fingerprint_and_reload_them() -> None:
    match = play(new_match(Rules(), "saved", salt=SALT), random.Random(4), 3)
    doc = json.loads(json.dumps(dump(match)))
    assert doc["salt"] == SALT and doc["fingerprints"] == list(match.fingerprints)
    assert load(doc).match == match


def test_a_save_with_a_wrong_fingerprint_is_refused_naming_the_hand() -> None:
    doc = dump(play(new_match(Rules(), "saved", salt=SALT), random.Random(4), 3))
    doc["fingerprints"][1] = "0" * 64
    with pytest.raises(SaveError, match="^hand 2: the save records the fingerprint '0000"):
        load(doc)
    with pytest.raises(SaveError, match="salt must be 32"):
        load({**doc, "salt": "not a salt"})


def test_a_version_1_save_migrates_to_the_salt_of_its_seed() -> None:
    match = play(new_match(Rules(), "old"), random.Random(6), 2)
    assert match.salt == fairness.seed_salt("old")
    old = {k: v for k, v in dump(match).items() if k not in ("salt", "fingerprints")}
    old["version"] = 1
    once, again = load(old).match, load(json.loads(json.dumps(old))).match
    assert once == again == match
    assert dump(once)["version"] == 2 and dump(once)["fingerprints"] == list(match.fingerprints)
    with pytest.raises(SaveError, match=r"unknown field\(s\) in the version 1 save: salt"):
        load({**old, "salt": SALT})


# ----------------------------------------------------------------------------- verify


def exported(hands: int = 4) -> dict[str, Any]:
    match = play(new_match(Rules(), "exported", salt=SALT), random.Random(9), hands)
    return json.loads(json.dumps(dump(match, ["You", "Computer"], "expert")))


def test_verify_passes_an_untouched_match_and_names_the_first_hand_tampered() -> None:
    doc = exported()
    assert verify_document(doc).problem is None and verify_document(doc).hands >= 4
    for hand in (1, 3):
        bad = json.loads(json.dumps(doc))
        digit = bad["fingerprints"][hand - 1][5]
        bad["fingerprints"][hand - 1] = (
            bad["fingerprints"][hand - 1][:5]
            + ("1" if digit == "0" else "0")
            + bad["fingerprints"][hand - 1][6:]
        )
        problem = verify_document(bad).problem
        assert problem is not None and problem.startswith(f"hand {hand}: ")
    salted = verify_document({**doc, "salt": "e" * 32}).problem
    assert salted is not None and salted.startswith("hand 1: ")
    short = verify_document({**doc, "fingerprints": doc["fingerprints"][:2]}).problem
    assert short == "hand 3: the save records no fingerprint"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gin", "verify", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_verify_exit_codes_through_the_command_line(tmp_path: Path) -> None:
    doc = exported()
    files = {
        "good.json": json.dumps(doc),
        "bad.json": json.dumps({**doc, "fingerprints": [*doc["fingerprints"][:-1], "a" * 64]}),
        "stats.json": json.dumps({"format": "gin-stats", "version": 1}),
        "text.json": "not json",
        "v1.json": json.dumps(
            {**{k: v for k, v in doc.items() if k not in ("salt", "fingerprints")}, "version": 1}
        ),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    hands = len(doc["fingerprints"])
    done = cli(str(tmp_path / "good.json"))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith(f"good.json: all {hands} hands match their fingerprints\n")
    done = cli(str(tmp_path / "bad.json"))
    assert done.returncode == 1 and done.stdout.count("\n") == 1 and done.stderr == ""
    assert f"bad.json: hand {hands}: the save records the fingerprint 'aaaa" in done.stdout
    for name, said in [
        ("stats.json", "not a Gin Rummy match save"),
        ("text.json", "not a readable JSON match save"),
        ("v1.json", "records no deal fingerprints"),
        ("missing.json", "cannot be read"),
    ]:
        done = cli(str(tmp_path / name))
        assert (done.returncode, done.stdout) == (2, ""), name
        assert said in done.stderr and done.stderr.count("\n") == 1, done.stderr
        assert "Traceback" not in done.stderr
    assert cli().returncode == 2


@pytest.mark.parametrize(
    "data",
    [b"\xff\xfe", b"[1, 2]", b'{"format": "gin-match", "version": 2}', b"{" * 100, b""],
)
def test_verify_calls_any_other_file_not_a_match(data: bytes) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert verify_file("f.json", io.BytesIO(data), out, err) == 2
    assert out.getvalue() == "" and err.getvalue().startswith("f.json: ")
    assert err.getvalue().count("\n") == 1


def test_verify_document_refuses_a_non_object() -> None:
    with pytest.raises(NotAMatch, match="a match save is a JSON object, not list"):
        verify_document([])
