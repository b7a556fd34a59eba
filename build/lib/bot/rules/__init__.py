"""The rules core of Caylus: pure, deterministic, no I/O (see docs/notation.md).

This is its public face: everything outside `bot/rules` imports from here, never from a
submodule (tests/test_import_graph.py enforces it). `COMPILED` says which core runs: the source
compiled by mypyc where it is built and fresh, else the source as plain Python (bot/rules/native.py).
"""

from .native import compiled_path, use_compiled

COMPILED = use_compiled(__path__)  # before any other submodule is imported

# ruff: noqa: E402 (the imports below must follow that choice)

from .castle import BATCHES, CASTLE_PENALTY
from .decisions import Choice, Decision, Event, EventKind, IllegalChoice, KindFacts, ScoreLine
from .effects import (
    SPECIAL_EFFECTS,
    Effect,
    SpecialEffect,
    effect_of,
    effect_words,
    special_hint,
    special_words,
)
from .engine import Game, final_scores, new_game, use_now, winners
from .eventlines import Line as ReportLine
from .eventlines import report_items, report_lines
from .eventwords import WORDS as EVENT_WORDS
from .glossary import TOPICS, Topic, namesakes, tile_text, topic_text
from .glossary import search as search_glossary
from .glossary import topic_title as rule_topic_title
from .notation import Code, CodeKind
from .obvious import Obvious, obvious_choice
from .placing import bridge_price, placement_cost
from .placing import targets as placement_targets
from .record import Record, RecordError, read_record, replay_record, write_record
from .schema import state_from_json
from .simulate import play_random
from .speech import ENGLISH, Speech
from .state import Options, Player, State
from .tasks import (
    DECISION_KINDS,
    build_codes,
    castle_section,
    kind_facts,
    lawyer_targets,
    trade_possible,
)
from .tiles import (  # the rules' numbers the edges' texts say (the chooser's warnings, the board, the lobby)
    CUBE_NAMES,
    CUBES,
    CUBES_PER_PP,
    DENIERS_PER_PP,
    FAVOUR_LINES,
    FIRST_PASS_DENIERS,
    FIXED_SPACES,
    GOLD_PP,
    JOUST_CLOTH,
    JOUST_DENIERS,
    LOW_PLACEMENT_COST,
    MARKS,
    NEUTRALS,
    PRESTIGE,
    PROVOST_STEPS,
    ROAD_LEN,
    SCORING,
    SECTION_PP,
    SECTION_SIZE,
    SECTIONS,
    SIMPLE_FAVOUR_PP,
    SPECIAL_NAMES,
    STONE,
    TILES,
    TRADES,
    WOOD,
    G,
    Tile,
)
from .words import (
    PHASE_NAMES,
    cost_parts,
    cost_words,
    cube_count,
    cube_list,
    either,
    plural,
    trade_text,
)

__all__ = [
    "CUBE_NAMES", "CUBES", "EVENT_WORDS", "FAVOUR_LINES", "FIXED_SPACES", "G", "MARKS", "NEUTRALS",
    "PHASE_NAMES", "PRESTIGE", "PROVOST_STEPS", "ROAD_LEN", "SCORING", "SECTION_PP", "SECTION_SIZE", "SECTIONS",
    "SPECIAL_EFFECTS", "SPECIAL_NAMES", "STONE", "TILES", "TOPICS", "TRADES", "WOOD",
    "Choice", "Decision", "Effect", "SpecialEffect", "Event", "EventKind", "Game", "IllegalChoice", "KindFacts", "Obvious", "Options", "Player",
    "ScoreLine", "State", "Tile", "Topic",
    "bridge_price", "effect_of", "effect_words", "special_hint", "special_words", "build_codes", "castle_section", "final_scores", "kind_facts",
    "lawyer_targets", "new_game", "obvious_choice", "play_random", "search_glossary", "state_from_json",
    "trade_possible", "trade_text", "winners", "cost_parts", "cost_words", "cube_count", "cube_list", "plural",
]
__all__ += ["tile_text", "topic_text"]  # a rules topic's explanation in a reader's language (issue 12)
__all__ += ["BATCHES"]  # the castle batches (§2 phase 6): the chooser flags a castle worker without one
__all__ += ["either"]  # "a or b" in a reader's language, plain or bold (the chooser, the glossary)
__all__ += ["FIRST_PASS_DENIERS", "JOUST_CLOTH", "JOUST_DENIERS", "LOW_PLACEMENT_COST", "SIMPLE_FAVOUR_PP"]  # numbers the edges say
__all__ += ["CASTLE_PENALTY"]  # §2 phase 6: the chooser warns a castle worker without a batch
__all__ += ["CUBES_PER_PP", "DENIERS_PER_PP", "GOLD_PP"]  # final scoring (§2.8), said under the final scores
__all__ += ["DECISION_KINDS"]  # every decision kind that asks a player, in the engine's order
__all__ += ["Code", "CodeKind"]  # a choice code as a value: parsed once, printed as stored (docs/notation.md)
__all__ += ["COMPILED", "compiled_path"]  # which core runs: compiled (mypyc) or the Python source (bot/rules/native.py)
__all__ += ["ENGLISH", "Speech"]  # the language of the rules' words (issue 12): English unless the edges pass one
__all__ += ["ReportLine", "report_items", "report_lines"]  # a phase report's compact lines (issue 24)
__all__ += ["Record", "RecordError", "read_record", "replay_record", "write_record"]  # a game record (/caylus-game export)
__all__ += ["namesakes", "rule_topic_title"]  # /caylus rules: a building's namesakes, the rule topics' titles
__all__ += ["placement_cost", "placement_targets"]  # a placement's price and where a worker may go (the round plan, issue 22)
__all__ += ["use_now"]  # what a building would ask its user now: a round plan answers it ahead (issue 22)
