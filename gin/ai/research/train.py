"""Fit the read of the other hand to self-play rows and write it as data for the engine.

``python -m gin train DIR [DIR ...] --out gin/ai/search/otherhand.json``, then
``python -m gin train --recalibrate MATCHES --seed S --jobs J`` (:func:`recalibrate`)

Needs the ``train`` extra (numpy and scikit-learn): ``pip install -e '.[train]'``. The page never
loads this module; it reads the JSON this writes (:mod:`gin.ai.search.otherhand`).

Two models of boosted trees, log-loss, on the rows of :mod:`gin.ai.research.selfplay`:

* **undercut**: one example per knock a row offers, inputs the position's, the other player's
  name (one input per opponent seen in the rows) and the declaration's; label whether the real
  other hand undercut it;
* **ends_next**: one example per row where the seat played on, label whether the other player
  knocked or went gin at its next turn.

Each example is given twice, once naming the other player and once not, so the models also answer
for a player they do not know (the computer facing a person). Rows are split by deal: one deal in
:data:`HOLD_OUT` is held out, and the report gives the held-out log-loss and calibration error
per opponent beside the sampled worlds' own share. The written trees are checked against
scikit-learn's probabilities before the file is written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from gin.ai.research.calibration import chances, ece
from gin.ai.research.cluster import options
from gin.ai.search.otherhand import DECLARATION, POSITION, Trees
from gin.rules import PRESETS, Rules

HOLD_OUT = 8
"""One deal in this many is held out of fitting, for the report."""
SHAPES = {"undercut": (160, 15), "ends_next": (100, 8)}
"""Each model's boosting rounds and leaves a tree."""
RATE = 0.08


def rows_of(folders: Sequence[Path]) -> Iterator[dict[str, Any]]:
    """Every row of every shard in ``folders``."""
    for folder in folders:
        for path in sorted(folder.glob("*.jsonl")):
            with path.open(encoding="utf-8") as lines:
                for line in lines:
                    yield json.loads(line)


def split(deal: str) -> tuple[bool, int]:
    """Whether a deal is held out (one in :data:`HOLD_OUT`), and its fold (0 or 1) for the
    out-of-fold predictions: both from a hash of its seed, so a deal's two mirrored matches
    fall together."""
    digest = hashlib.sha256(deal.encode()).digest()
    return digest[0] % HOLD_OUT == 0, digest[1] % 2


def examples(
    rows: Sequence[dict[str, Any]], opponents: Sequence[str]
) -> dict[str, dict[str, list[Any]]]:
    """The two models' inputs, labels, opponent and held-out flag, each example twice (named and
    unknown), plus the worlds' undercut share of each knock."""
    out: dict[str, dict[str, list[Any]]] = {
        name: {"x": [], "y": [], "other": [], "held": [], "fold": [], "named": [], "worlds": []}
        for name in ("undercut", "ends_next")
    }
    worlds_at = DECLARATION.index("worlds_undercut")
    for row in rows:
        held, fold = split(row["deal"])
        for named in (True, False):
            who = [1.0 if named and row["other"] == o else 0.0 for o in opponents]
            base = row["x"] + who
            for knock in row["knocks"]:
                part = out["undercut"]
                part["x"].append(base + knock["x"])
                part["y"].append(knock["undercut"])
                part["worlds"].append(knock["x"][worlds_at])
                part["other"].append(row["other"])
                part["held"].append(held)
                part["fold"].append(fold)
                part["named"].append(named)
            if row["ends_next"] is not None:
                part = out["ends_next"]
                part["x"].append(base)
                part["y"].append(row["ends_next"])
                part["worlds"].append(0.0)
                part["other"].append(row["other"])
                part["held"].append(held)
                part["fold"].append(fold)
                part["named"].append(named)
    return out


def export(model: Any) -> dict[str, Any]:
    """A fitted HistGradientBoostingClassifier as the JSON :class:`Trees` reads (leaf values
    already carry the learning rate; thresholds exact: a threshold may equal an input's value,
    which must still go left)."""
    trees = []
    for (predictor,) in model._predictors:
        nodes = predictor.nodes.tolist()
        names = predictor.nodes.dtype.names
        rows = [dict(zip(names, node, strict=True)) for node in nodes]
        trees.append(
            {
                "feature": [0 if n["is_leaf"] else int(n["feature_idx"]) for n in rows],
                "threshold": [0.0 if n["is_leaf"] else float(n["num_threshold"]) for n in rows],
                "left": [-1 if n["is_leaf"] else int(n["left"]) for n in rows],
                "right": [-1 if n["is_leaf"] else int(n["right"]) for n in rows],
                "value": [float(f"{n['value']:.7g}") if n["is_leaf"] else 0.0 for n in rows],
            }
        )
    return {"base": float(model._baseline_prediction[0, 0]), "trees": trees}


def _boost(name: str, x: Any, y: Any) -> Any:
    from sklearn.ensemble import HistGradientBoostingClassifier

    rounds, leaves = SHAPES[name]
    model = HistGradientBoostingClassifier(
        max_iter=rounds,
        max_leaf_nodes=leaves,
        learning_rate=RATE,
        min_samples_leaf=40,
        early_stopping=False,
        random_state=0,
    )
    return model.fit(x, y)


def _scaling(raw: Any, y: Any) -> tuple[float, float]:
    """Platt's scaling of log-odds ``raw`` to the outcomes ``y``: (slope, shift)."""
    from sklearn.linear_model import LogisticRegression

    if len(set(y.tolist())) < 2:
        return 1.0, 0.0
    fitted = LogisticRegression(C=1e4).fit(raw.reshape(-1, 1), y)
    return round(float(fitted.coef_[0, 0]), 6), round(float(fitted.intercept_[0]), 6)


def fit(name: str, data: dict[str, list[Any]]) -> tuple[dict[str, Any], Any]:
    """The model for ``name`` fitted to the examples not held out, as JSON, and the held-out
    mask. The trees see every example; each opponent's log-odds are then scaled (Platt) on
    out-of-fold predictions of its own examples, and the unnamed examples' for an unknown
    player (key ``""``), so that the stated chance is right on average against each."""
    import numpy as np

    x = np.asarray(data["x"], dtype=float)
    y = np.asarray(data["y"], dtype=int)
    held = np.asarray(data["held"], dtype=bool)
    deals = np.asarray(data["fold"], dtype=int)
    others = np.asarray(data["other"])
    named = np.asarray(data["named"], dtype=bool)
    train = ~held
    raw = np.zeros(len(y))
    for fold in (0, 1):
        part = train & (deals == fold)
        model = _boost(name, x[train & (deals != fold)], y[train & (deals != fold)])
        raw[part] = model.decision_function(x[part])
    scale = {"": _scaling(raw[train & ~named], y[train & ~named])}
    for who in sorted(set(others[named].tolist())):
        mask = train & named & (others == who)
        scale[who] = _scaling(raw[mask], y[mask])
    final = _boost(name, x[train], y[train])
    return {**export(final), "scale": scale, "_model": final}, held


def report(
    name: str, data: dict[str, list[Any]], fitted: dict[str, Any], held: Any, out: Any
) -> None:
    """Held-out figures per opponent, named and not: examples, true share, the model's mean
    chance and calibration error, and for knocks the worlds' share and its error. Fails when
    the exported trees do not give scikit-learn's log-odds."""
    import numpy as np

    x = np.asarray(data["x"], dtype=float)[held]
    y = np.asarray(data["y"], dtype=int)[held]
    if not len(y):
        out.write(f"\n{name}: no held-out examples\n")
        return
    raw = fitted["_model"].decision_function(x)
    trees = Trees.from_json(fitted)
    sample = x[:500].tolist()
    drift = max(abs(trees.raw(row) - r) for row, r in zip(sample, raw[:500], strict=True))
    if drift > 1e-5:
        raise RuntimeError(f"{name}: the exported trees differ from scikit-learn's by {drift}")
    others = np.asarray(data["other"])[held]
    named = np.asarray(data["named"], dtype=bool)[held]
    worlds = np.asarray(data["worlds"], dtype=float)[held]
    scale = fitted["scale"]
    keys = [o if f else "" for o, f in zip(others.tolist(), named.tolist(), strict=True)]
    slope = np.asarray([scale.get(k, (1.0, 0.0))[0] for k in keys])
    shift = np.asarray([scale.get(k, (1.0, 0.0))[1] for k in keys])
    p = 1 / (1 + np.exp(-(slope * raw + shift)))
    out.write(f"\n{name}: held-out examples {len(y)}, trees exact to {drift:.1e}\n")
    out.write("  opponent           named   n       true   model  ECE    worlds ECE\n")
    for who in sorted(set(others.tolist())):
        for flag in (True, False):
            mask = (others == who) & (named == flag)
            if not mask.any():
                continue
            line = (
                f"  {who:18} {'yes' if flag else 'no ':5} {int(mask.sum()):7d} "
                f"{y[mask].mean():.3f}  {p[mask].mean():.3f}  {ece(p[mask], y[mask]):.3f}"
            )
            if name == "undercut":
                line += f"  {worlds[mask].mean():.3f}  {ece(worlds[mask], y[mask]):.3f}"
            out.write(line + "\n")


def _shift(raw: Any, y: Any) -> float:
    """The shift of log-odds ``raw`` that fits the outcomes ``y`` best (log-loss; Newton's
    method), the slope kept: with the few undercuts some opponents allow, a fitted slope
    swings (against the cautious player 3.0, turning a stated 20% into 63%)."""
    import numpy as np

    shift = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(raw + shift)))
        step = float((y - p).sum()) / max(float((p * (1 - p)).sum()), 1e-9)
        shift = max(-4.0, min(4.0, shift + step))
        if abs(step) < 1e-7:
            break
    return round(shift, 6)


def recalibrate(
    path: Path, matches: int, seed: str, rules: Rules, jobs: int = 1, dask: str | None = None
) -> str:
    """Shift each named opponent's undercut log-odds again, on the risks the hint states in play
    (:func:`gin.ai.research.calibration.chances`, ``matches`` matches against each opponent the
    model knows, with the model at ``path``, which the engine has loaded): the self-play rows
    hold every declaration of every seat, the hint states its best knock from its own seat, and
    the two are not quite the same positions. Returns the report of what changed."""
    import numpy as np

    data = json.loads(path.read_text(encoding="utf-8"))
    found = chances(data["opponents"], matches, seed, rules, jobs, dask)
    scale = data["undercut"]["scale"]
    lines = []
    for who, pairs in found.items():
        stated = np.asarray([min(max(p, 1e-3), 1 - 1e-3) for p, _ in pairs])
        truth = np.asarray([y for _, y in pairs], dtype=int)
        shift = _shift(np.log(stated / (1 - stated)), truth)
        old = scale.get(who, scale[""])
        scale[who] = [old[0], round(old[1] + shift, 6)]
        before = ece(stated.tolist(), truth.tolist())
        lines.append(f"  {who:18} {len(pairs):5d} chances, ECE {before:.3f}, shifted {shift:+.3f}")
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    """Run ``python -m gin train``."""
    try:
        import numpy  # noqa: F401
        import sklearn  # noqa: F401
    except ImportError:
        print("train: needs numpy and scikit-learn: pip install -e '.[train]'", file=sys.stderr)
        return 2
    if args.recalibrate:
        rules = PRESETS[args.rules]
        print(recalibrate(Path(args.out), args.recalibrate, args.seed, rules, args.jobs, args.dask))
        return 0
    rows = list(rows_of([Path(f) for f in args.folders]))
    if not rows:
        print("train: no rows in " + ", ".join(args.folders), file=sys.stderr)
        return 2
    opponents = sorted({row["other"] for row in rows})
    data = examples(rows, opponents)
    written: dict[str, Any] = {
        "version": 1,
        "inputs": [*POSITION, *(f"is {o}" for o in opponents), *DECLARATION],
        "opponents": opponents,
        "rows": len(rows),
    }
    for name in ("undercut", "ends_next"):
        fitted, held = fit(name, data[name])
        report(name, data[name], fitted, held, sys.stdout)
        written[name] = {k: v for k, v in fitted.items() if k != "_model"}
    text = json.dumps(written, separators=(",", ":"))
    Path(args.out).write_text(text + "\n", encoding="utf-8")
    print(f"\nwrote {args.out}: {len(text)} bytes, {len(rows)} rows, opponents {len(opponents)}")
    return 0


def arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m gin train``."""
    parser.add_argument("folders", nargs="*", metavar="DIR", help="folders of selfplay shards")
    parser.add_argument(
        "--out", default="gin/ai/search/otherhand.json", help="where to write the models"
    )
    parser.add_argument(
        "--recalibrate",
        type=int,
        metavar="MATCHES",
        help="instead of fitting: scale the undercut model at --out per opponent on the risks "
        "the hint states in MATCHES matches against each",
    )
    parser.add_argument("--seed", default="recalibrate", help="seed of --recalibrate's deals")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="standard")
    options(parser)
