"""The command line: `python -m gin deadwood` and `--help`."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gin.__main__ import SUBCOMMANDS, deadwood_lines, main
from gin.actions import Action

ROOT = Path(__file__).parent.parent


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gin", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_deadwood_through_the_command_line() -> None:
    hands = "AC 2C 3C 4D 5D 6D 7S 8S 9S KH\nAC 2C 3C 9D 9H 9S KS QH 4D 5D 6D\n"
    done = run("deadwood", stdin=hands)
    assert (done.returncode, done.stdout, done.stderr) == (0, "10\n10\n", "")


def test_help_lists_every_subcommand() -> None:
    done = run("--help")
    assert done.returncode == 0
    for sub in SUBCOMMANDS:
        assert sub.name in done.stdout


@pytest.mark.parametrize(
    ("text", "out", "err"),
    [
        ("5H 6H 7H 7S 7D 7C 2D 3D 4D KS\n", "10\n", ""),
        ("  \nAS 2S 3S 4S 5S 6S 7S 8S 9S TS\n", "0\n", ""),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS\n", "0\n", ""),
        ("10h jh qh 2c 3c 4c 9s 9d 9c 5d\n", "5\n", ""),
    ],
)
def test_deadwood_lines(text: str, out: str, err: str) -> None:
    stdout, stderr = io.StringIO(), io.StringIO()
    assert deadwood_lines(io.StringIO(text), stdout, stderr) == 0
    assert (stdout.getvalue(), stderr.getvalue()) == (out, err)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS\nAS 1X\n", "line 2: '1X' is not a card"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S AS\n", "line 1: 'AS' is a duplicate of AS"),
        ("AS 2S 3S\n", "line 1: 3 cards; a hand here has 10 or 11 cards"),
        ("\n\nAS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS\n", "line 3: 12 cards"),
    ],
)
def test_bad_lines_stop_with_status_2(text: str, message: str) -> None:
    stdout, stderr = io.StringIO(), io.StringIO()
    assert deadwood_lines(io.StringIO(text), stdout, stderr) == 2
    assert stderr.getvalue().startswith(message)


def test_bad_line_through_the_command_line() -> None:
    done = run("deadwood", stdin="AC 2C\n")
    assert done.returncode == 2 and "line 1" in done.stderr and done.stdout == ""


def test_unknown_subcommand() -> None:
    with pytest.raises(SystemExit) as stop:
        main(["fly"])
    assert stop.value.code == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bot", "--opponent", "nobody"], "argument --opponent: unknown opponent 'nobody'"),
        (["bench", "--hands", "-1"], "argument --hands: must be a whole number >= 1, not '-1'"),
        (["bench", "--hands", "0"], "must be a whole number >= 1, not '0'"),
        (["bench", "--hands", "9" * 5000], "must be a whole number >= 1, not '999"),
        (["fly" * 100_000], "argument SUBCOMMAND: invalid choice: 'flyfly"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and message in err
    assert err.count("\n") == 1 and len(err) <= 301


@pytest.mark.parametrize("seed", ["", "s" * 201, "\udcff"])
def test_arena_refuses_a_seed_a_match_cannot_have(
    seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", "baseline", "beginner", "--games", "1", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m gin arena: --seed: the seed ") and err.count("\n") == 1


def test_deadwood_refuses_bytes_that_are_not_utf8_under_a_utf8_locale() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gin", "deadwood"],
        input=b"AS 2S 3S 4S 5S 6S 7S 8S 9S TS\nAS \xff\xfe 2S\n",
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": ""},
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        b"0\n",
        b"line 2: a line that is not UTF-8 text\n",
    )


def test_a_huge_junk_token_is_not_echoed_whole() -> None:
    stdout, stderr = io.StringIO(), io.StringIO()
    assert deadwood_lines(io.StringIO("x" * 500_000 + "\n"), stdout, stderr) == 2
    assert stderr.getvalue().startswith("line 1: 'xxx") and len(stderr.getvalue()) <= 301
    done = subprocess.run(
        [sys.executable, "-m", "gin", "deadwood"],
        input=b"Q" * 10_000_000,
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert (done.returncode, done.stderr) == (2, b"line 1: a line longer than 1,000,000 bytes\n")


def test_review_prints_one_json_object_of_decisions_and_hands(tmp_path: Path) -> None:
    from gin.game import arranged_deck
    from gin.match import apply, new_match
    from gin.rules import Rules
    from gin.save import dumps

    deck = arranged_deck("3H 4H 5H 7C 7D 7S 9D TD JD KS", "AC 2D 4S 6C 8H JC QD KH 5C 2S", "QC")
    match = new_match(Rules(), "a", [deck])
    for text in ("pass", "pass", "draw", "discard 7S"):
        match = apply(match, Action.from_text(text))
    path = tmp_path / "match.json"
    path.write_text(dumps(match), encoding="utf-8")
    done = run("review", str(path), "--json")
    assert done.returncode == 0 and done.stderr == ""
    review = json.loads(done.stdout)
    assert set(review) == {"decisions", "hands"}
    keys = {"hand", "action_index", "seat", "played", "best", "cost", "class", "reason"}
    assert [set(d) for d in review["decisions"]] == [keys, keys]
    assert [d["action_index"] for d in review["decisions"]] == [0, 3]
    assert review["decisions"][1]["played"] == "discard 7S"
    assert review["decisions"][1]["class"] == "blunder"
    assert [set(h) for h in review["hands"]] == [{"hand", "skill", "luck"}]
    text = run("review", str(path))
    assert "action 3: discard 7S (Blunder" in text.stdout
    german = run("review", str(path), "--lang", "de")
    assert german.stdout.startswith("Runde 1:") and "Aktion 3: discard 7S (Patzer" in german.stdout


def test_a_long_review_says_its_progress_on_stderr_at_most_once_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A review of a long match took minutes with nothing said (issue 51): each hand is told on
    stderr when a second has passed since the last word, and stdout is the review alone."""
    from gin.match import apply, legal_actions, new_match
    from gin.rules import Rules
    from gin.save import dumps

    match = new_match(Rules(target=10), "progress")
    while match.hand.result is None or match.hand_number < 3:  # three hands, the third begun
        match = apply(match, legal_actions(match)[0])
    path = tmp_path / "match.json"
    path.write_text(dumps(match), encoding="utf-8")
    assert main(["review", str(path)]) == 0
    quiet = capsys.readouterr()
    ticks = iter(float(second) for second in range(1000))  # each look at the clock a second on
    monkeypatch.setattr("time.monotonic", lambda: next(ticks))
    assert main(["review", str(path)]) == 0
    slow = capsys.readouterr()
    assert slow.out == quiet.out
    assert slow.err == "hand 1 of 3…\nhand 2 of 3…\nhand 3 of 3…\n"
    ticks = iter([0.0, 0.4, 0.9, 1.5])  # hands 1 and 2 within the first second: only 3 is told
    assert main(["review", str(path), "--lang", "de"]) == 0
    assert capsys.readouterr().err == "Hand 3 von 3 …\n"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": "chess"}', "not a Gin Rummy match save"),
        ("[1, 2", "not readable JSON"),
        (None, "No such file"),
    ],
)
def test_review_of_a_file_that_is_not_a_match_is_one_line_and_status_2(
    tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "not-a-match.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    done = run("review", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["selfplay", "out", "--pairs", "expert"], "a pair is two opponents joined by ':'"),
        (["selfplay", "out", "--pairs", "expert:nobody"], "unknown opponent 'nobody'"),
        (["selfplay", "out", "--matches", "0"], "--matches and --jobs must be at least 1"),
        (["calibration", "nobody"], "unknown opponent 'nobody'"),
        (["calibration", "--jobs", "0"], "--matches and --jobs must be at least 1"),
    ],
)
def test_research_commands_name_a_bad_option(
    argv: list[str],
    said: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "out").exists()  # nothing written
