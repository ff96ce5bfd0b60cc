"""Rules: every option of RULES.md as a setting, with its default, and the presets.

Variants are data here, read by the engine where they matter, never ``if`` branches on
a preset name.

>>> Rules().target, Rules().knock_limit, PRESETS["research"].box_bonus
(100, 10, 0)
>>> Rules.from_dict(Rules(target=50).to_dict()) == Rules(target=50)
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from gin.limits import BONUS_MAX, TARGET_MAX

DealerAfter = Literal["alternate", "winner", "loser"]
DealerAfterVoid = Literal["same", "alternate"]
# The options that take one of a few words, with those words (the first is the default).
CHOICES: dict[str, tuple[str, ...]] = {
    "dealer_after": ("alternate", "winner", "loser"),
    "dealer_after_void": ("same", "alternate"),
}
_BONUSES = ("gin_bonus", "undercut_bonus", "box_bonus", "game_bonus", "big_gin_bonus")


class RulesError(ValueError):
    """A rules document with an unknown option or a value out of range."""


@dataclass(frozen=True)
class Rules:
    """The options of one match. Defaults are the standard game of RULES.md."""

    target: int = 100
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    undercut_on_tie: bool = True
    box_bonus: int = 25
    game_bonus: int = 100
    shutout: bool = False
    big_gin: bool = False
    big_gin_bonus: int = 31
    oklahoma: bool = False
    oklahoma_spades_double: bool = False
    dealer_after: DealerAfter = "alternate"
    dealer_after_void: DealerAfterVoid = "same"
    knock_discard_face_up: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("int",) and (type(value) is not int or value < 0):
                raise RulesError(
                    f"rules option {f.name} must be a whole number >= 0, not {value!r}"
                )
            if f.type in ("bool",) and type(value) is not bool:
                raise RulesError(f"rules option {f.name} must be true or false, not {value!r}")
        if not 1 <= self.target <= TARGET_MAX:
            raise RulesError(f"rules option target must be 1..{TARGET_MAX}, not {self.target}")
        for name in _BONUSES:
            if getattr(self, name) > BONUS_MAX:
                raise RulesError(
                    f"rules option {name} must be 0..{BONUS_MAX}, not {getattr(self, name)}"
                )
        if self.knock_limit > 10:
            raise RulesError(f"rules option knock_limit must be 0..10, not {self.knock_limit}")
        for name, choices in CHOICES.items():
            if getattr(self, name) not in choices:
                raise RulesError(
                    f"rules option {name} must be one of {', '.join(choices)}, "
                    f"not {getattr(self, name)!r}"
                )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict of every option."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Read a rules dict; missing options take their defaults, unknown ones are refused."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rules option(s): {', '.join(map(str, unknown))}")
        return cls(**data)

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated)."""
        return replace(self, **changes)

    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, if any."""
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        return None


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    # EAAI 2021 research challenge: no box and no game bonus, ties are undercuts.
    "research": Rules(box_bonus=0, game_bonus=0),
    "classic": Rules(gin_bonus=20, undercut_bonus=10, box_bonus=20),
    "oklahoma": Rules(oklahoma=True),
}


def preset(name: str) -> Rules:
    """A preset by name (standard, research, classic, oklahoma)."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown rules preset {name!r}: choose {', '.join(PRESETS)}") from None
