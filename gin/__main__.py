"""The command line: ``python -m gin SUBCOMMAND``.

A subcommand is a :class:`Subcommand`: a name, a one-line help, a function that adds its
arguments and a function that runs it and returns the exit status. They are listed once, in
``SUBCOMMANDS``; add a new one there.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, NoReturn

from gin import limits
from gin.cards import CardError, parse_cards, to_mask
from gin.i18n import LANGUAGES
from gin.melds import deadwood, discard_options


@dataclass(frozen=True)
class Subcommand:
    """One subcommand of ``python -m gin``."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    """For subcommands without options."""


class _Parser(argparse.ArgumentParser):
    """Reports a bad command line in one line (status 2), quoting a bad value only so far."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, limits.clip(f"{self.prog}: {message} (see --help)") + "\n")


def _at_least(low: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low:
            raise argparse.ArgumentTypeError(f"must be a whole number >= {low}, not {text!r}")
        return value

    return read


def _opponent_name(text: str) -> str:
    from gin.ai import opponent

    try:
        opponent(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def deadwood_lines(lines: IO[str] | IO[bytes], out: IO[str], err: IO[str]) -> int:
    """Print the minimum deadwood of each hand (one a line): of a 10-card hand, or after the best
    discard of an 11-card hand. Blank lines are skipped. A bad line (not cards, not UTF-8, longer
    than ``gin.limits.LINE_BYTES``) stops with a message on ``err`` naming the line and the token,
    and status 2."""
    for number, line in enumerate(limits.bounded_lines(lines), 1):
        if isinstance(line, limits.LimitError):
            err.write(f"line {number}: {line}\n")
            return 2
        if not line.strip():
            continue
        try:
            cards = parse_cards(line)
        except CardError as error:
            err.write(limits.clip(f"line {number}: {error}") + "\n")
            return 2
        if len(cards) == 10:
            out.write(f"{deadwood(to_mask(cards))}\n")
        elif len(cards) == 11:
            out.write(f"{discard_options(to_mask(cards))[0][1]}\n")
        else:
            err.write(f"line {number}: {len(cards)} cards; a hand here has 10 or 11 cards\n")
            return 2
    return 0


def _deadwood(args: argparse.Namespace) -> int:
    return deadwood_lines(sys.stdin.buffer, sys.stdout, sys.stderr)


def _bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=_at_least(1), default=20_000, help="hands per figure")
    parser.add_argument(
        "--review-hands",
        type=_at_least(0),
        default=200,
        help="hands of seeded matches the coach reviews (0: none)",
    )


def _bench(args: argparse.Namespace) -> int:
    from gin import bench

    bench.run(args.hands)
    if args.review_hands:
        bench.review_figures(args.review_hands)
    return 0


def _arena_arguments(parser: argparse.ArgumentParser) -> None:
    from gin.ai.research.arena import arguments

    arguments(parser)


def _bad_seed(command: str, seed: str) -> bool:
    """Whether ``--seed`` is refused (saves take the same seeds), said on stderr when it is."""
    from gin.save import check_seed

    try:
        check_seed(seed)
    except ValueError as error:
        sys.stderr.write(f"python -m gin {command}: --seed: {error}\n")
        return True
    return False


def _arena(args: argparse.Namespace) -> int:
    from gin.ai.research.arena import main

    return 2 if _bad_seed("arena", args.seed) else main(args)


def _ladder_arguments(parser: argparse.ArgumentParser) -> None:
    from gin.ai.research.ladder import arguments

    arguments(parser)


def _ladder(args: argparse.Namespace) -> int:
    from gin.ai.research.ladder import main

    return 2 if _bad_seed("ladder", args.seed) else main(args)


def _selfplay_arguments(parser: argparse.ArgumentParser) -> None:
    from gin.ai.research.selfplay import arguments

    arguments(parser)


def _selfplay(args: argparse.Namespace) -> int:
    from gin.ai.research.selfplay import main

    return 2 if _bad_seed("selfplay", args.seed) else main(args)


def _train_arguments(parser: argparse.ArgumentParser) -> None:
    from gin.ai.research.train import arguments

    arguments(parser)


def _train(args: argparse.Namespace) -> int:
    from gin.ai.research.train import main

    return main(args)


def _calibration_arguments(parser: argparse.ArgumentParser) -> None:
    from gin.ai.research.calibration import arguments

    arguments(parser)


def _calibration(args: argparse.Namespace) -> int:
    from gin.ai.research.calibration import main

    return 2 if _bad_seed("calibration", args.seed) else main(args)


def _coachcheck_arguments(parser: argparse.ArgumentParser) -> None:
    from gin.ai.research.coachcheck import arguments

    arguments(parser)


def _coachcheck(args: argparse.Namespace) -> int:
    from gin.ai.research.coachcheck import main

    return 2 if _bad_seed("coachcheck", args.seed) else main(args)


def _bot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--opponent", type=_opponent_name, default="expert", help="which opponent answers"
    )


def _bot(args: argparse.Namespace) -> int:
    from gin.ai.bot import serve

    serve(sys.stdin.buffer, sys.stdout, args.opponent)
    return 0


def _verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", metavar="FILE", help="an exported match (a save)")
    parser.add_argument(
        "--bench",
        type=_at_least(1),
        metavar="MATCHES",
        help="instead of a file: verify that many random matches and every single-card change "
        "of their revealed decks, and print the figures",
    )


def _verify(args: argparse.Namespace) -> int:
    from gin import verify

    if (args.file is None) == (args.bench is None):
        sys.stderr.write("python -m gin verify: give a FILE, or --bench MATCHES\n")
        return 2
    if args.bench is not None:
        verify.benchmark(args.bench)
        return 0
    try:
        with open(args.file, "rb") as stream:
            return verify.verify_file(args.file, stream, sys.stdout, sys.stderr)
    except OSError as error:
        sys.stderr.write(limits.clip(f"{args.file}: cannot be read ({error.strerror})") + "\n")
        return 2


def every_second(err: IO[str], say: Callable[[int, int], str]) -> Callable[[int, int], None]:
    """A progress report for ``review_match``: ``say(hand, count)`` written to ``err`` at most once
    a second, the first a second after the start, so that a short review stays silent and stdout
    keeps the review alone."""
    last = time.monotonic()

    def report(hand: int, count: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= 1.0:
            last = now
            err.write(say(hand, count) + "\n")
            err.flush()

    return report


def _review_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a saved or exported match (docs/save.md)")
    parser.add_argument("--seat", type=int, choices=(0, 1), default=0, help="whose decisions")
    parser.add_argument("--json", action="store_true", help="one JSON object (docs/coach.md)")
    parser.add_argument(
        "--deep",
        action="store_true",
        help="judge by the deep reference: hundreds of worlds played out by full players "
        "(seconds a decision)",
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="the language of the review's words"
    )


def _review(args: argparse.Namespace) -> int:
    import json

    from gin.ai.coach.review import as_json, as_text, review_match
    from gin.i18n import catalogue, msg, word
    from gin.save import loads

    try:
        with open(args.file, encoding="utf-8") as file:
            text = file.read(limits.REQUEST_CHARS + 1)
        saved = loads(text)
    except (OSError, ValueError) as error:
        sys.stderr.write(limits.clip(f"python -m gin review: {args.file}: {error}") + "\n")
        return 2
    cat = catalogue(args.lang)

    def say(hand: int, count: int) -> str:
        return word(cat, msg("coach.cli.progress", hand=hand, count=count), args.lang)

    hands = review_match(saved, args.seat, every_second(sys.stderr, say), args.deep)
    if args.json:
        sys.stdout.write(json.dumps(as_json(hands), ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(as_text(hands, cat, args.lang))
    return 0


SUBCOMMANDS: tuple[Subcommand, ...] = (
    Subcommand(
        "deadwood",
        "read hands from stdin, one a line (cards separated by spaces), and print the minimum "
        "deadwood of each (after the best discard for 11 cards)",
        _no_arguments,
        _deadwood,
    ),
    Subcommand(
        "bench",
        "print engine speed: minimum deadwood on random and meld-dense hands, random playouts, "
        "RLCard's melding on the same hands when it is importable, and the coach's review: "
        "self-consistency and time per hand and per match",
        _bench_arguments,
        _bench,
    ),
    Subcommand(
        "arena",
        "play two opponents against each other over mirrored deals and print their figures",
        _arena_arguments,
        _arena,
    ),
    Subcommand(
        "review",
        "review one seat's decisions in a saved match: each move's cost, its class and a "
        "reason, and each hand's luck (docs/coach.md)",
        _review_arguments,
        _review,
    ),
    Subcommand(
        "ladder",
        "play a round robin of opponents (or read earlier ones) and fit their Elo ratings",
        _ladder_arguments,
        _ladder,
    ),
    Subcommand(
        "selfplay",
        "write self-play positions with the hidden truth beside them (the data the read of the "
        "other hand learns from), sharded and resumable, on local processes or a Dask cluster",
        _selfplay_arguments,
        _selfplay,
    ),
    Subcommand(
        "train",
        "fit the read of the other hand to selfplay rows and write it as the engine's data "
        "(needs the train extra: numpy, scikit-learn)",
        _train_arguments,
        _train,
    ),
    Subcommand(
        "calibration",
        "set the undercut risk the hint states beside the truth, per opponent: the knock played "
        "on a copy of the match, undercut or not",
        _calibration_arguments,
        _calibration,
    ),
    Subcommand(
        "coachcheck",
        "class decisions of league play by the coach's quick review and by its deep reference "
        "(review --deep), and count where they agree",
        _coachcheck_arguments,
        _coachcheck,
    ),
    Subcommand(
        "bot",
        "answer JSON requests (one view a line) on stdin with JSON actions on stdout",
        _bot_arguments,
        _bot,
    ),
    Subcommand(
        "verify",
        "check every hand of an exported match: each deal's fingerprint recomputed from its deck "
        "and salt (exit 0: all match; 1: one does not, named; 2: not a match)",
        _verify_arguments,
        _verify,
    ),
)


def parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    top = _Parser(prog="python -m gin", description="Gin Rummy engine tools.")
    subs = top.add_subparsers(dest="command", metavar="SUBCOMMAND", required=True)
    for sub in SUBCOMMANDS:
        sub.arguments(subs.add_parser(sub.name, help=sub.help, description=sub.help))
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; its exit status."""
    args = parser().parse_args(argv)
    chosen = next(s for s in SUBCOMMANDS if s.name == args.command)
    return chosen.run(args)


if __name__ == "__main__":
    sys.exit(main())
