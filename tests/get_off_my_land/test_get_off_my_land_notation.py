"""Move texts: every form written and read by the notation, aliases, and what a wrong text is told."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import attrs
import pytest
from get_off_my_land_helpers import edge, started, tile

import acreage.get_off_my_land
from acreage import MoveSyntaxError
from acreage.core.chance import sample
from acreage.get_off_my_land import (
    Rules,
    State,
    apply_move,
    chance_outcomes,
    is_terminal,
    legal_moves,
    new_game,
    parse_move,
)
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land.notation import NOTATION

STATE = started(2)  # a 4 x 4 board, a1 to d4; slots $2 $3 $4 $6 $8 $10


def _playout_moves(rules: Rules, seed: int) -> list[tuple[State, mv.Move]]:
    """Every legal move (chance outcomes included) of each state of a seeded random game."""
    rng = random.Random(seed)
    state = new_game(rules)
    out = []
    while not is_terminal(state):
        legal = legal_moves(state)
        out += [(state, m) for m in legal]
        outcomes = chance_outcomes(state)
        state = apply_move(state, sample(outcomes, rng) if outcomes else rng.choice(legal))
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_legal_move_of_random_playouts_reads_back_as_itself(players: int, seed: int) -> None:
    kinds = set()
    for state, move in _playout_moves(Rules(players=players), seed):
        text = str(move)
        assert parse_move(state, text) is move  # the shared move the tables hold
        assert parse_move(state, f"  {text.replace(' ', '   ')}\t") is move
        kinds.add(type(move))
    assert len(kinds) >= 15


def _forms() -> list[tuple[str, mv.Move]]:
    t = STATE.rules.tables
    b2, b1, c2 = tile(STATE, "b2"), tile(STATE, "b1"), tile(STATE, "c2")
    north = edge(STATE, "b2 N")
    fertilizer = t.fence_names["Fertilizer! (2 fences, 0 holes)"]
    steroids = t.fence_names["Steroids! (1 fence, 1 hole)"]
    cows = t.market.index(next(m for m in t.market if m.label == "Cows (B)"))
    oil = t.forest.index(next(f for f in t.forest if f.label == "oil strike"))
    hoarder = [h.name for h in STATE.rules.farmhouses].index("Hoarder")
    slot = STATE.rules.market_costs.index(4)
    return [
        ("keep Hoarder", mv.Keep(hoarder, "")),
        ("end turn", mv.EndTurn("")),
        ("log b2", mv.Log(b2, "")),
        (f"play {t.fence[fertilizer].label} for fences", mv.PlayCard(fertilizer, True, "")),
        (f"play {t.fence[fertilizer].label} for its action", mv.PlayCard(fertilizer, False, "")),
        ("buy Cows (B) from the $4 slot onto b2", mv.Buy(slot, cows, b2, "")),
        ("buy lumber", mv.Lumber("")),
        ("harvest b2", mv.Harvest(b2, "")),
        ("fence b2 N", mv.Fence(north, -1, "")),
        ("fence b2 N inside", mv.Fence(north, b2, "")),
        ("fence b1 S inside", mv.Fence(north, b1, "")),
        ("move the fence at b2 N", mv.Lift(north, "")),
        ("done", mv.Done("")),
        (
            "defend with Fertilizer! (2 fences, 0 holes) + Steroids! (1 fence, 1 hole)",
            mv.Defend(tuple(sorted((fertilizer, steroids))), ""),
        ),
        ("no defence", mv.Yield("")),
        ("discard Steroids! (1 fence, 1 hole)", mv.Discard(steroids, "")),
        ("send player 1's farmer home", mv.SendHome(1, "")),
        ("farmer to c2", mv.PlaceFarmer(c2, "")),
        ("raid c2", mv.Raid(c2, "")),
        ("log and draw", mv.SlashOption(True, "")),
        ("break and fence", mv.SlashOption(False, "")),
        ("flip b2", mv.Flip(b2, "")),
        ("break player 1's fence at b2 N", mv.Break(north, 1, "")),
        ("remove Cows (B) from the $4 slot", mv.RemoveCard(slot, cows, "")),
        ("mature b2", mv.Mature(b2, "")),
        ("discard the card on b2", mv.Scrap(b2, "")),
        ("deal Hoarder", mv.DealFarmhouse(hoarder, "")),
        ("draw Steroids! (1 fence, 1 hole)", mv.Draw(steroids, "")),
        ("reveal Cows (B)", mv.Reveal(cows, "")),
        ("logged side: oil strike", mv.Uncover(oil, "")),
    ]


def _written_in(move: mv.Move) -> str:
    """The template ``move``'s text is written in: the first whose field values it holds."""
    for template, when in type(move)._templates:
        if all(getattr(move, name) == value for name, value in when):
            return template.source
    raise AssertionError(move)


def test_every_form_is_written_and_read() -> None:
    forms = _forms()
    every = [t.source for cls in NOTATION.moves for t, _ in cls._templates]
    assert {_written_in(move) for _, move in forms} == set(every) and len(set(every)) == 29
    for text, move in forms:
        read = parse_move(STATE, text)
        assert read == move and str(read) == text  # (moves compare by their fields)


@pytest.mark.parametrize(
    ("text", "read_as"),
    [
        ("fence b1 S", "fence b2 N"),  # either side names an edge, written from its first tile
        ("move the fence at b1 S", "move the fence at b2 N"),
        ("break player 1's fence at b1 S", "break player 1's fence at b2 N"),
        ("log b02", "log b2"),  # numbers as they always read: leading zeros, any decimal digits
        ("log b\u0662", "log b2"),
        ("send player 01's farmer home", "send player 1's farmer home"),
        ("remove Cows (B) from the $04 slot", "remove Cows (B) from the $4 slot"),
        (" end \t turn ", "end turn"),
        (
            "defend with Steroids! (1 fence, 1 hole) + Fertilizer! (2 fences, 0 holes)",
            "defend with Fertilizer! (2 fences, 0 holes) + Steroids! (1 fence, 1 hole)",
        ),
    ],
)
def test_texts_that_read_as_another(text: str, read_as: str) -> None:
    move = parse_move(STATE, text)
    assert str(move) == read_as and parse_move(STATE, read_as) is move


FORMS = "whose moves read 'keep <farmhouse>', 'end turn', 'log <cell>', 'play <card> for fences'"
FENCE_CARDS = r"a fence card of this game \(Get Off My Land! \(1 fence, 2 holes\), "


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", FORMS),
        ("xyzzy", FORMS),
        ("Done", r"did you mean 'done'\?"),
        ("harvets b2", r"did you mean 'harvest <cell>'\?"),
        ("keep Nobody", r"farmhouse must be a farmhouse tile of this game \(Community Garden, "),
        ("end", "end reads 'end turn'"),
        ("log z9", "cell must be a tile of this board, a1 to d4, not 'z9'"),
        ("log and fence", "log reads 'log <cell>' or 'log and draw'"),
        ("play Nothing! for fences", FENCE_CARDS + r".*\), not 'Nothing!'"),
        ("play Nothing! for its action", FENCE_CARDS),
        ("play Fertilizer! (2 fences, 0 holes)", "play reads 'play <card> for fences' or"),
        ("buy Cows (B) from the $5 slot onto b1", r"slot must be the cost of a slot on the "),
        ("buy Dragons from the $4 slot onto b1", r"card must be a market card of this game \("),
        ("buy Cows (B) from the $4 slot onto e1", "cell must be a tile of this board"),
        ("buy firewood", "buy reads 'buy <card> from the \\$<slot> slot onto <cell>' or 'buy lum"),
        ("harvest", "harvest reads 'harvest <cell>'"),
        ("fence b2 Q", "edge must be a tile's side, as 'b2 N': a tile a1 to d4, then N, E, S, W"),
        ("fence e2 N", "edge must be a tile's side, as 'b2 N'.*, not 'e2 N'"),
        ("fence b2 N outside", "fence reads 'fence <edge>' or 'fence <side> inside'"),
        ("fence b2 Q inside", "side must be a tile's side, as 'b2 N'.*, not 'b2 Q'"),
        ("move the fence at b9 N", "edge must be a tile's side, as 'b2 N'.*, not 'b9 N'"),
        ("done with it", "done reads 'done'"),
        ("defend with Nothing", r"cards must be fence cards of this game joined by ' \+ ', and "),
        (
            "defend with Fertilizer! (2 fences, 0 holes) + Nope",
            r"' \+ ', and 'Nope' is not one \(Get Off My Land!",
        ),
        ("no defense", "no reads 'no defence'"),
        ("discard the card on z9", "cell must be a tile of this board, a1 to d4, not 'z9'"),
        ("discard Nothing", FENCE_CARDS + r".*\), not 'Nothing'"),
        ("send player 2's farmer home", "player must be a seat from 0 to 1, not '2'"),
        ("send player one's farmer home", "player must be a seat from 0 to 1, not 'one'"),
        ("send player 1 home", "send reads 'send player <player>'s farmer home'"),
        ("farmer to q1", "cell must be a tile of this board, a1 to d4, not 'q1'"),
        ("raid", "raid reads 'raid <cell>'"),
        ("flip 2b", "cell must be a tile of this board, a1 to d4, not '2b'"),
        ("break player 5's fence at b2 N", "owner must be a seat from 0 to 1, not '5'"),
        ("break and draw", "break reads 'break and fence' or 'break player <owner>'s fence at"),
        ("remove Cows (B) from the $9 slot", r"\(\$2, \$3, \$4, \$6, \$8, \$10\), not '9'"),
        ("remove Cows (B)", r"remove reads 'remove <card> from the \$<slot> slot'"),
        ("mature b", "cell must be a tile of this board, a1 to d4, not 'b'"),
        ("deal Nobody", "farmhouse must be a farmhouse tile of this game"),
        ("draw Nothing", FENCE_CARDS),
        ("reveal Dragons (A)", r"card must be a market card of this game \(Grain \(A\), "),
        ("logged side: gold", r"tile must be the logged side of a forest tile here \(fence card, "),
        ("logged side:", "logged reads 'logged side: <tile>'"),
    ],
)
def test_a_wrong_text_is_told_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(MoveSyntaxError, match=message):
        parse_move(STATE, text)


def _same_label_rules() -> Rules:
    """Rules whose dark 'fertile land + fence card' tile shows only 'fence card', as two
    light tiles do."""
    tiles = tuple(
        attrs.evolve(f, bonus="")
        if (f.kind, f.bonus, f.reward) == ("dark", "fertile land", "fence card")
        else f
        for f in Rules().forest_tiles
    )
    return Rules(players=2, forest_tiles=tiles)


def test_a_logged_side_two_kinds_of_tile_show_is_read_as_the_one_being_logged() -> None:
    rules = _same_label_rules()
    t = rules.tables
    same = [k for k, f in enumerate(t.forest) if f.label == "fence card"]
    assert [t.forest[k].kind for k in same] == ["light", "dark"]
    # Away from a reveal the text names the first; while a tile is logged, the one of its kind.
    assert parse_move(new_game(rules), "logged side: fence card") is t.uncover_moves[same[0]]
    seen = set()
    for seed in range(30):
        for state, move in _playout_moves(rules, seed):
            if isinstance(move, mv.Uncover) and move.tile in same:
                assert parse_move(state, str(move)) is move
                seen.add(move.tile)
        if seen == set(same):
            return
    pytest.fail(f"no reveal of both tiles showing 'fence card' in 30 games: {seen}")


def test_texts_are_written_by_the_notation_for_the_rules() -> None:
    t = STATE.rules.tables
    names = t.names
    # a lone fence's edge by its first tile; a fence on the inside by the tile it faces
    e = edge(STATE, "b2 N")
    assert (
        NOTATION.text(mv.Fence, names, edge=e, inside=-1) == str(t.fence_moves[e]) == "fence b2 N"
    )
    inside = t.inside_moves[e]
    assert [str(m) for m in inside] == ["fence b2 N inside", "fence b1 S inside"]
    assert [m.side for m in inside] == [(tile(STATE, "b2"), e), (tile(STATE, "b1"), e)]
    # moves made on demand are made once, written the same way
    buy = t.buy(2, 0, 5, 4)
    assert buy is t.buy(2, 0, 5, 4)
    assert str(buy) == f"buy {t.market[0].label} from the $4 slot onto b2"
    cards = (1, 1)
    assert t.defend(cards) is t.defend((cards[0], cards[1]))


def _sibling_imports(module: str) -> set[str]:
    """The modules of the package that ``module`` imports when it is loaded."""
    source = Path(acreage.get_off_my_land.__file__).parent / f"{module}.py"
    out = set()
    for node in ast.parse(source.read_text()).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("acreage.get_off_my_land."):
                out.add(node.module.rsplit(".", 1)[1])
            elif node.module == "acreage.get_off_my_land":
                out |= {a.name for a in node.names}
    return out


def test_imports_run_one_way_tables_then_notation_then_moves() -> None:
    # The tables write their moves' texts with the notation, which reads only the moves
    # (the state and the tables it reads texts against are types to it, not imports).
    assert _sibling_imports("notation") == {"moves"}
    assert _sibling_imports("tables") == {"moves", "notation"}
    assert _sibling_imports("moves") == set()
