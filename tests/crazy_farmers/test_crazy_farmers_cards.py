"""Each Core Bonus card, played from a constructed position."""

from __future__ import annotations

import json
import pickle

import attrs
import networkx as nx
import pytest
from crazy_farmers_helpers import play, plots, texts

from acreage import IllegalMoveError, RulesError
from acreage import crazy_farmers as cf
from acreage.core.regions import vertex_graph
from acreage.crazy_farmers import board
from acreage.crazy_farmers.cards import bale_spots, bridges
from acreage.crazy_farmers.handler import KINDS
from acreage.testing import check_game

TWO = cf.Rules(players=2)
THREE = cf.Rules(players=3)

# Player 1's fence, 5 pieces from its field (0,2) northwards; the last 3
# crossroads (-1,-1 SE, 0,-1 SW, -1,0 SE) are protected by its tractor.
LONG_FENCE = ["0,1 SW", "-1,1 SE", "0,0 SW", "-1,0 SE", "0,-1 SW", "-1,-1 SE"]


def _home(**kw: object) -> cf.State:
    """Player 0 on its start plot 0,-2 at 1,-3 SW; player 1 on 0,2 at 0,2 SE."""
    fenced = kw.get("fences", {})
    tractors = {s: t for s, t in ((0, "0,-2 E"), (1, "0,2 SE")) if s not in fenced}  # type: ignore[operator]
    args: dict[str, object] = {"fields": {0: ["0,-2"], 1: ["0,2"]}, "tractors": tractors}
    args.update(kw)
    return cf.scenario(TWO, **args)  # type: ignore[arg-type]


# Moves around a player's start plot, along its own field (no fence): player 0
# from 1,-3 SW (the E corner of 0,-2) and player 1 from 0,2 SE, three at a time.
AROUND_0 = ("move NW", "move W", "move SW")
BACK_0 = ("move SE", "move E", "move NE")
AROUND_1 = ("move NE", "move NW", "move W")


@pytest.mark.parametrize(("card", "allowance"), [("Nitro +1", 4), ("Nitro +2", 5)])
def test_nitro_gives_extra_moves(card: str, allowance: int) -> None:
    # "Get 1 or 2 extra moves during his turn."
    s = _home(hands={0: [card]})
    assert s.allowance == 3
    s = play(s, f"play {card}")
    assert s.allowance == allowance and s.farmers[0].hand == ()
    assert s.discard == (card,)


def test_nitro_never_goes_past_five_moves_and_must_be_used() -> None:
    # "Reminder: max. 5 moves per turn." / "You must use all your moves."
    s = _home(
        hands={0: ["Nitro +2"]}, fences={0: ["0,-2 E", "1,-3 SE", "2,-3 SW", "2,-3 SE", "3,-3 SW"]}
    )
    assert s.allowance == 4  # acceleration: 4 fences down at the start of the turn
    s = play(s, "play Nitro +2")
    assert s.allowance == 5
    s = _home(hands={0: ["Nitro +1"]})
    s = play(s, *AROUND_0)
    assert "end turn" in texts(s)
    s = play(s, "play Nitro +1")
    assert "end turn" not in texts(s) and s.moves_left == 1


def test_rut_takes_two_moves_from_the_opponents_next_turn() -> None:
    # "Give this card to an opponent; he/she will have two fewer moves during his next turn."
    s = _home(hands={0: ["Rut"]})
    assert texts(s)[-1] == "play Rut on player 1"
    with pytest.raises(IllegalMoveError, match="opponent"):
        cf.apply_move(s, cf.parse_move(s, "play Rut on player 0"))
    s = play(s, "play Rut on player 1")
    assert s.farmers[1].in_play == ("Rut",) and s.farmers[1].slowdown == 2
    s = play(s, *AROUND_0, "end turn")
    assert s.player == 1 and s.allowance == 1
    s = play(s, "move NE", "end turn")
    assert s.farmers[1].in_play == () and "Rut" in s.discard
    s = play(s, *BACK_0, "end turn")
    assert s.player == 1 and s.allowance == 3


def test_two_ruts_leave_no_move_and_a_nitro_makes_up_for_them_first() -> None:
    # The authors' FAQ: "When someone plays 2 Rut bonus against me, do I have 0
    # moves? Yes, 3 - 4 = -1, but I cannot do -1 move so I don't move. And if I
    # play Nitro+2 bonus to move nonetheless? -> I do 3 - 4 + 2 = 1 move."
    s = _home(in_play={1: ["Rut", "Rut"]}, hands={1: ["Nitro +2"]}, turn=1)
    assert s.moves_left == 0 and texts(s) == ["play Nitro +2", "end turn"]
    s = play(s, "play Nitro +2")
    assert s.moves_left == 1
    s = play(s, "move NE")
    assert texts(s) == ["end turn"]


def test_hay_bale_blocks_a_path() -> None:
    # "Place 1 or 2 Hay Bale(s) on any path(s). Hay Bales block the path for all players."
    s = _home(hands={0: ["Hay Bale"]})
    s = play(s, "play Hay Bale")
    assert s.phase is cf.Phase.HAY_BALE and s.to_move == 0
    options = texts(s)
    assert all(t.startswith("place hay bale ") for t in options)
    edge = cf.path("0,3 N")  # from 0,2 SE, player 1 may drive W along it
    assert f"place hay bale {cf.path_name(edge)}" in options
    s = play(s, "place hay bale 0,3 N")
    assert s.phase is cf.Phase.TURN and s.bales == 1 << edge and s.hay_bales_left == 7
    s = play(s, *AROUND_0, "end turn")
    assert "move W" not in texts(s)
    with pytest.raises(IllegalMoveError, match="hay bale blocks"):
        cf.apply_move(s, cf.parse_move(s, "move W"))


def test_hay_bales_never_on_the_edge_a_fence_another_bale_or_locking_in() -> None:
    # "You cannot place a Hay Bale on a fence in progress, on the edge of the
    # board or with another Hay Bale. It is forbidden to lock in an opponent."
    # A crossroad with two of its three paths baled keeps only the third: that
    # third path is a bridge of the crossroad graph.
    s = _home(
        hands={0: ["Hay Bale"]},
        fences={1: LONG_FENCE},
        bales=["0,0 N", "0,0 NE"],  # two of the three paths at 0,-1 SE
    )
    spots = bale_spots(s)
    graph = vertex_graph(board.GRID, s.bales)
    locking = {graph.edges[a, b]["edge"] for a, b in nx.bridges(graph)}
    assert locking == {cf.path("0,-1 SE")}
    for e in range(board.GRID.n_edges):
        allowed = bool(spots >> e & 1)
        forbidden = (
            board.GRID.is_border(e)
            or s.bales >> e & 1
            or s.farmers[1].fence_paths >> e & 1
            or e in locking
        )
        assert allowed != forbidden, cf.path_name(e)
    s = play(s, "play Hay Bale")
    with pytest.raises(IllegalMoveError, match="lock in an opponent': it would cut the crossroads"):
        cf.apply_move(s, cf.parse_move(s, "place hay bale 0,-1 SE"))


def test_two_hay_bales_are_placed_one_after_the_other() -> None:
    s = _home(hands={0: ["2 Hay Bales"]})
    s = play(s, "play 2 Hay Bales", "place hay bale 0,0 N")
    assert s.phase is cf.Phase.HAY_BALE and s.pending == 1
    assert "place hay bale 0,0 N" not in texts(s)
    s = play(s, "place hay bale 0,0 NE")
    assert s.phase is cf.Phase.TURN and s.hay_bales_left == 6
    # The third path at 0,-1 SE now locks that crossroad in.
    assert bale_spots(s) >> cf.path("0,-1 SE") & 1 == 0


def test_with_no_hay_bale_left_one_is_picked_from_the_board() -> None:
    # "If there are no Hay Bales left, pick any one from the board."
    eight = ["0,0 N", "1,0 N", "-1,0 N", "0,1 N", "1,1 N", "-1,1 N", "2,0 N", "-2,1 N"]
    s = _home(hands={0: ["Hay Bale"]}, bales=eight)
    assert s.hay_bales_left == 0
    s = play(s, "play Hay Bale")
    assert all(t.startswith("take hay bale ") for t in texts(s)) and len(texts(s)) == 8
    s = play(s, "take hay bale 1,1 N")
    assert s.hay_bales_left == 1 and all(t.startswith("place hay bale ") for t in texts(s))
    s = play(s, "place hay bale 2,-1 N")
    assert s.phase is cf.Phase.TURN and s.hay_bales_left == 0
    assert s.bales >> cf.path("2,-1 N") & 1 and not s.bales >> cf.path("1,1 N") & 1


def test_bridges_match_networkx_on_random_bales() -> None:
    import random

    rng = random.Random(4)
    inner = [e for e in range(board.GRID.n_edges) if not board.GRID.is_border(e)]
    for _ in range(200):
        bales = 0
        for e in rng.sample(inner, rng.randrange(0, 30)):
            if not (bridges(bales) >> e & 1):
                bales |= 1 << e
        graph = vertex_graph(board.GRID, bales)
        expected = {graph.edges[a, b]["edge"] for a, b in nx.bridges(graph)}
        assert {e for e in range(board.GRID.n_edges) if bridges(bales) >> e & 1} == expected
        assert nx.is_connected(graph)


def test_dynamite_removes_a_hay_bale() -> None:
    # "Remove 1 Hay Bale of your choice. Bang!"
    s = _home(hands={0: ["Dynamite"]})
    assert not any(t.startswith("play Dynamite") for t in texts(s))  # no bale to blow up
    s = _home(hands={0: ["Dynamite"]}, bales=["0,0 N", "1,0 N"])
    assert [t for t in texts(s) if t.startswith("play")] == [
        "play Dynamite on 0,0 N",
        "play Dynamite on 1,0 N",
    ]
    s = play(s, "play Dynamite on 1,0 N")
    assert s.bales == 1 << cf.path("0,0 N") and s.discard == ("Dynamite",)


def test_high_voltage_protects_the_whole_fence_until_its_next_turn() -> None:
    # "Protects the entire length of the fence, even the starting point until
    # your next turn. Opponents' tractors cannot go through or cut your fence."
    position = {
        "fields": {0: ["1,0"], 1: ["0,2"]},
        "tractors": {0: "0,0 SE"},
        "fences": {1: LONG_FENCE},
    }
    s = cf.scenario(TWO, hands={1: ["High Voltage"]}, turn=1, **position)  # type: ignore[arg-type]
    s = play(s, "play High Voltage")
    assert s.farmers[1].in_play == ("High Voltage",)
    assert s.farmers[1].guards & cf.state.HIGH_VOLTAGE
    s = cf.scenario(TWO, in_play={1: ["High Voltage"]}, **position)  # type: ignore[arg-type]
    assert "move W" not in texts(s)  # 0,0 SW: unprotected without the card
    with pytest.raises(IllegalMoveError, match="High Voltage"):
        cf.apply_move(s, cf.parse_move(s, "move W"))
    s = play(s, "move NE", "move E", "move SE", "end turn")
    assert s.player == 1 and s.farmers[1].guards == 0 and s.discard == ("High Voltage",)


@pytest.mark.parametrize("tractor", ["2,-2 SE", "0,2 SE"])
def test_watchdog_keeps_plots_and_barns_from_annexing_and_bribes(tractor: str) -> None:
    # "Protects your plots and Barns from being annexed as well as from bonus
    # effects until your next turn. Annexations by opponents leave the plots
    # and barns of the protected player in place." The authors' FAQ: "Does the
    # Watchdog protect fallow lands? [...] Yes" (from 0,2 SE player 1's plots
    # are all off its main field).
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["1,-2", "2,-2"]},
        fences={0: ["1,-3 SW", "1,-3 SE", "2,-3 SW"]},
        tractors={1: tractor},
        in_play={1: ["Watchdog"]},
        hands={0: ["Bribe"]},
    )
    assert s.farmers[1].fallow == (0 if tractor == "2,-2 SE" else plots("1,-2", "2,-2"))
    assert not any(t.startswith("play Bribe") for t in texts(s))
    s = play(s, "move SW", "move W", "move NW")
    assert s.farmers[1].plots == plots("1,-2", "2,-2")
    assert s.farmers[0].plots == plots("0,-2")
    assert s.phase is cf.Phase.TURN and s.farmers[0].fence == ()  # back in the field, no card


def test_helicopter_flies_to_fallow_land_which_becomes_the_main_field() -> None:
    # "This bonus can only be used if you have no fences. Move your tractor from
    # one crossroad to another in your field (main field of Fallow land) without
    # an opponent's fence. Once you have moved, you cannot cut any more fences
    # until the end of the turn." / "Move to Fallow Land using a Helicopter
    # bonus card to change it into your Main Field."
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2", "0,0"], 1: ["0,2"]},
        tractors={0: "0,-2 E"},
        fences={1: LONG_FENCE},
        hands={0: ["Helicopter", "Helicopter"]},
    )
    assert s.farmers[0].main == plots("0,-2") and s.farmers[0].fallow == plots("0,0")
    s = play(s, "play Helicopter")
    assert s.phase is cf.Phase.HELICOPTER
    spots = texts(s)
    assert "land 0,0 SE" in spots
    for fenced in ("0,-1 SW", "0,0 SW", "-1,0 SE"):  # player 1's fence
        assert f"land {fenced}" not in spots
    assert "land 1,-3 SW" not in spots  # where it stands
    s = play(s, "land 0,0 SE")
    assert s.farmers[0].main == plots("0,0") and s.farmers[0].fallow == plots("0,-2")
    assert s.flown and s.moves_made == 0
    # 0,0 SW is on player 1's fence and unprotected: no cutting after the flight.
    assert "move W" not in texts(s)
    with pytest.raises(IllegalMoveError, match="Helicopter"):
        cf.apply_move(s, cf.parse_move(s, "move W"))
    # The authors' FAQ: "Can I use 2, or 3 Helicopters in a single turn? As
    # much as you wish." "Does an Helicopter move cost one standard move? No".
    s = play(s, "play Helicopter", "land 1,-3 SW")
    assert s.farmers[0].main == plots("0,-2") and s.moves_made == 0 and s.flown


def test_helicopter_needs_no_fence() -> None:
    s = _home(hands={0: ["Helicopter"]}, fences={0: ["1,-3 SW", "1,-3 SE"]})
    assert "play Helicopter" not in texts(s)
    with pytest.raises(IllegalMoveError, match="no fences"):
        cf.apply_move(s, cf.parse_move(s, "play Helicopter"))


def test_bribe_takes_an_adjacent_plot_of_an_opponent() -> None:
    # "Choose a plot of an opponent's field adjacent to your field... now it
    # belongs to you, he replace it with a plot of your color!"
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["0,-1", "1,-1", "1,-2"]},
        tractors={0: "0,-2 E", 1: "2,-2 SW"},
        hands={0: ["Bribe"]},
    )
    # 1,-2 has a barn: "You cannot take over a plot that would create an immediate effect: Barn".
    assert [t for t in texts(s) if t.startswith("play")] == ["play Bribe on 0,-1"]
    s = play(s, "play Bribe on 0,-1")
    assert s.farmers[0].plots == s.farmers[0].main == plots("0,-2", "0,-1")
    assert s.farmers[1].plots == plots("1,-1", "1,-2")
    assert s.discard == ("Bribe",)


@pytest.mark.parametrize(
    ("fields", "extra", "reason"),
    [
        ({1: ["0,-1"]}, {}, "last plot"),
        ({1: ["1,-1", "0,-1", "-1,0"]}, {}, "split player 1's field"),
        (
            {1: ["0,-1", "1,-1"]},
            {"fences": {1: ["0,-1 SW", "-1,0 SE", "-1,0 SW"]}, "tractors": {0: "0,-2 E"}},
            "where player 1's fence starts",
        ),
        ({1: ["0,-1", "1,-1"]}, {"tractors": {0: "0,-2 E", 1: "0,-1 SW"}}, "tractor stands"),
        ({1: ["0,-1", "1,-1"]}, {"tractors": {0: "0,-2 E", 1: "0,-1 E"}}, "tractor stands"),
        ({1: ["0,-1", "1,-1"]}, {"in_play": {1: ["Watchdog"]}}, "Watchdog"),
    ],
)
def test_bribe_never_has_an_immediate_effect(
    fields: dict[int, list[str]], extra: dict[str, object], reason: str
) -> None:
    # "You cannot take over a plot that would create an immediate effect: Barn,
    # cutting a fence, Fallow land, eliminating a player, immediate victory."
    # The authors' FAQ lists the conditions: "The target plot must not be the
    # starting point of the owners fence, The owner must not be on the border
    # the target plot".
    args: dict[str, object] = {
        "fields": {0: ["0,-2"], **fields},
        "tractors": {0: "0,-2 E", 1: "2,-2 SW"},
        "hands": {0: ["Bribe"]},
    }
    args.update(extra)
    s = cf.scenario(TWO, **args)  # type: ignore[arg-type]
    assert "play Bribe on 0,-1" not in texts(s)
    with pytest.raises(IllegalMoveError, match=reason):
        cf.apply_move(s, cf.parse_move(s, "play Bribe on 0,-1"))


def test_bribe_never_closes_plots_off_with_the_field_alone() -> None:
    # The online game refuses a bribe that would close the field round plots
    # (a "bridge" plot): no fence could ever be pulled round them.
    ring = ["0,-1", "1,-1", "1,0", "0,1", "-1,1"]
    s = cf.scenario(
        TWO,
        fields={0: ring, 1: ["-1,0", "-2,0"]},
        tractors={0: "0,-1 NE", 1: "2,0 SE"},
        hands={0: ["Bribe"]},
    )
    assert "play Bribe on -1,0" not in texts(s)
    with pytest.raises(IllegalMoveError, match="close plots off with no fence"):
        cf.apply_move(s, cf.parse_move(s, "play Bribe on -1,0"))


def test_bribe_takes_a_plot_next_to_fallow_land_or_joining_it() -> None:
    # The authors' FAQ: "The target plot must be in contact with your own field
    # (main field or fallow land)". Making fallow land is an immediate effect;
    # joining one's own fallow land back to the main field is none.
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2", "-2,2"], 1: ["-1,1", "0,1"]},
        tractors={0: "0,-2 E", 1: "2,0 SE"},
        hands={0: ["Bribe"]},
    )
    s = play(s, "play Bribe on -1,1")
    assert s.farmers[0].main == plots("0,-2")
    assert s.farmers[0].fallow == plots("-2,2", "-1,1")
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2", "1,-1"], 1: ["0,-1", "-1,0"]},
        tractors={0: "0,-2 E", 1: "2,0 SE"},
        hands={0: ["Bribe"]},
    )
    assert s.farmers[0].fallow == plots("1,-1")
    s = play(s, "play Bribe on 0,-1")
    assert s.farmers[0].plots == s.farmers[0].main == plots("0,-2", "0,-1", "1,-1")


NO_BARNS = cf.Rules(players=2, barns=())

# Player 0's fence around plot 0,-1, from its field 0,-2 to the corner of
# player 1's plot -1,-1 and one path on.
AROUND_0_1 = ["0,-2 SE", "1,-2 SW", "0,-1 SE", "0,-1 SW", "-1,-1 SE", "-1,-1 SW"]


def test_a_bribe_that_closes_the_fence_annexes() -> None:
    # Rules(bribe_annexes=True), the authors' FAQ: "if the Bribe is used to take
    # a plot that closes a fence, which then causes an annexation which ends the
    # game, the Bribe did not cause the end of the game by immediate effect.
    # There were intermediate effects, thus the Bribe is allowed."
    s = cf.scenario(
        attrs.evolve(NO_BARNS, bribe_annexes=True),
        fields={0: ["0,-2"], 1: ["-1,-1", "-2,-1"]},
        fences={0: AROUND_0_1},
        tractors={1: "2,0 SE"},
        hands={0: ["Bribe"]},
    )
    s = play(s, "move SW")
    s = play(s, "play Bribe on -1,-1")
    f = s.farmers[0]
    assert f.plots == f.main == plots("0,-2", "-1,-1", "0,-1")
    # The fence keeps its part beyond the last crossroad on the field.
    assert cf.crossroad_name(f.fence[0]) == "-1,-1 SW" and f.fence_length == 1
    assert s.farmers[1].plots == plots("-2,-1")
    assert s.phase is cf.Phase.TURN and cf.scores(s) == (3, 0)
    # A barn in the plots annexed earns its card, as any annexation does.
    assert TWO.barn_plots >> cf.plot("1,-2") & 1
    s = cf.scenario(
        attrs.evolve(TWO, bribe_annexes=True),
        fields={0: ["0,-2"], 1: ["0,-1", "-1,0"]},
        fences={0: ["0,-2 E", "1,-2 NE", "1,-2 E", "1,-2 SE", "1,-2 SW"]},
        tractors={1: "2,0 SE"},
        hands={0: ["Bribe"]},
    )
    s = play(s, "play Bribe on 0,-1")
    assert s.farmers[0].plots == plots("0,-2", "0,-1", "1,-2") and s.farmers[0].fence == ()
    assert s.phase is cf.Phase.DRAW and s.pending == 1


def test_a_bribe_that_would_close_the_fence_is_refused() -> None:
    # The default, Rules(bribe_annexes=False): "You cannot take over a plot that
    # would create an immediate effect" read strictly, nothing may follow a Bribe.
    s = cf.scenario(
        NO_BARNS,
        fields={0: ["0,-2"], 1: ["-1,-1", "-2,-1"]},
        fences={0: AROUND_0_1},
        tractors={1: "2,0 SE"},
        hands={0: ["Bribe"]},
    )
    assert not any(t.startswith("play Bribe") for t in texts(s))
    with pytest.raises(IllegalMoveError, match="annex at once"):
        cf.apply_move(s, cf.parse_move(s, "play Bribe on -1,-1"))


def test_bribe_cannot_place_the_last_tile() -> None:
    # "IMPORTANT: You cannot eliminate or end the game with a Bonus card."
    # Player 0 has placed 2 of its 3 tiles; player 1's 2 plots leave it one too
    # (a pile that runs out ends the game, so no position has an empty one).
    rules = cf.Rules(players=3, plot_tiles=3)
    s = cf.scenario(
        rules,
        fields={0: ["0,-2", "-1,-2"], 1: ["0,-1", "1,-1"], 2: ["2,0"]},
        tractors={0: "0,-2 E", 1: "2,-2 SW"},
        hands={0: ["Bribe"]},
    )
    with pytest.raises(IllegalMoveError, match="last plot tile"):
        cf.apply_move(s, cf.parse_move(s, "play Bribe on 0,-1"))


class Pitchfork(cf.Handler):
    """A made-up kind of card: clears every hay bale off the board."""

    kind = "pitchfork"

    def targets(self, state: cf.State, seat: int, card: str) -> tuple[int, ...]:
        return (-1,) if state.bales else ()

    def apply(self, state: cf.State, seat: int, card: str, target: int) -> cf.State:
        return attrs.evolve(state, bales=0)


class PitchforkRules(cf.Rules):
    """Crazy Farmers with a kind of card of our own."""

    handlers = (Pitchfork(),)


class SlowNitro(cf.Handler):
    """A house rule for the rulebook's Nitro: one extra move whatever the card says."""

    kind = "nitro"

    def targets(self, state: cf.State, seat: int, card: str) -> tuple[int, ...]:
        return (-1,)

    def apply(self, state: cf.State, seat: int, card: str, target: int) -> cf.State:
        return attrs.evolve(state, allowance=state.allowance + 1)


class SlowNitroRules(cf.Rules):
    """Crazy Farmers with the Nitro cards played the house's way."""

    handlers = (SlowNitro(),)


PITCHFORK_DECK = (*TWO.bonus_cards, cf.BonusCard("Pitchfork", "pitchfork", 2))


def test_a_new_kind_of_card_is_data_plus_a_handler_its_rules_class_holds() -> None:
    # The Crazy Bonus and Stadium Event cards are named by the rulebook without
    # their text; a new kind of card is a handler held by a Rules class.
    rules = PitchforkRules(bonus_cards=PITCHFORK_DECK, length="fast")
    s = cf.scenario(
        rules,
        fields={0: ["0,-2"], 1: ["0,2"]},
        tractors={0: "0,-2 E", 1: "0,2 SE"},
        hands={0: ["Pitchfork"]},
        bales=["0,0 N", "1,0 N"],
    )
    s = play(s, "play Pitchfork")
    assert s.bales == 0 and s.discard == ("Pitchfork",)
    game = attrs.evolve(cf.GAME, rules_type=PitchforkRules)
    check_game(game, rules, playouts=1, seed=3)


def test_a_kind_of_card_is_known_by_the_rules_class_alone() -> None:
    # Whether Rules are valid depends on their class and fields only: making
    # PitchforkRules changed nothing for cf.Rules, before or after.
    for _ in range(2):
        with pytest.raises(RulesError, match=r"bonus_cards\[10\]\.kind: .*Rules\.handlers"):
            cf.Rules(bonus_cards=PITCHFORK_DECK)
        PitchforkRules(bonus_cards=PITCHFORK_DECK)
    with pytest.raises(TypeError):
        cf.HANDLERS["pitchfork"] = Pitchfork()  # type: ignore[index]
    assert "pitchfork" not in cf.HANDLERS


def test_rules_with_handlers_of_their_own_travel_as_data_and_by_pickle() -> None:
    rules = PitchforkRules(bonus_cards=PITCHFORK_DECK)
    assert rules != cf.Rules() and rules != PitchforkRules()
    again = PitchforkRules.from_data(json.loads(json.dumps(rules.to_data())))
    assert again == rules and hash(again) == hash(rules)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert cf.Rules.from_data(cf.Rules().to_data()) == cf.Rules()
    with pytest.raises(RulesError, match="pitchfork"):
        cf.Rules.from_data(rules.to_data())


def test_a_rules_class_may_play_a_rulebook_kind_its_own_way() -> None:
    allowances = []
    for rules in (SlowNitroRules(), TWO):
        s = cf.scenario(
            rules,
            fields={0: ["0,-2"], 1: ["0,2"]},
            tractors={0: "0,-2 E", 1: "0,2 SE"},
            hands={0: ["Nitro +2"]},
        )
        allowances.append(play(s, "play Nitro +2").allowance - s.allowance)
    assert allowances == [1, 2]


class _Twice(cf.Rules):
    handlers = (Pitchfork(), Pitchfork())


class _NotAHandler(cf.Rules):
    handlers = ("pitchfork",)  # type: ignore[assignment]


def test_a_rules_class_with_broken_handlers_is_refused() -> None:
    with pytest.raises(RulesError, match=r"_Twice\.handlers\[1\]: a second handler"):
        _Twice()
    with pytest.raises(RulesError, match=r"_NotAHandler\.handlers\[0\]: expected a Handler"):
        _NotAHandler()


def test_the_rulebook_kinds_are_the_handlers_table() -> None:
    # rules.py checks deck data against KINDS (it sits below the handlers),
    # so the two must list the same kinds, each handler under its own kind.
    assert tuple(cf.HANDLERS) == KINDS
    assert all(h.kind == kind for kind, h in cf.HANDLERS.items())
