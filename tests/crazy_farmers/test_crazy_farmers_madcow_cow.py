"""The Mad Cow on the board: each card's motion, Repeat chains, redirection, cuts, barns, 12 plots."""

from __future__ import annotations

from fractions import Fraction

import pytest
from crazy_farmers_helpers import SOLO, cow_plays, play, plots, texts, to_cow

from acreage import CHANCE, IllegalMoveError
from acreage import crazy_farmers as cf
from acreage.crazy_farmers.board import SIDES

# A fence from the start plot 0,-2 down around 0,-1; its third piece from
# the tractor is the path between 0,-1 and 0,0 (unprotected), its last two
# are protected.
FENCE = ["0,-1 NW", "0,-1 W", "0,-1 SW", "0,-1 SE", "0,-1 E", "1,-1 NE"]


def _cow(state: cf.State) -> tuple[str, str]:
    assert state.cow is not None
    return cf.plot_name(state.cow.plot), SIDES[state.cow.facing]


# "the Cow stands in the middle of the plots and has a defined direction towards
# one of the 6 adjacent plots" (docs/rulings/crazy-farmers.md, ruling 33).
MOTIONS = {
    "Straight Forward 1": (("0,-1", "N"), ("1,0", "SE")),
    "Turn Left 2": (("-1,0", "NW"), ("1,-1", "NE")),
    "Slide Left 3": (("-1,0", "N"), ("1,-1", "SE")),
    "Turn Right 2": (("1,-1", "NE"), ("0,1", "S")),
    "Slide Right 3": (("1,-1", "N"), ("0,1", "SE")),
    "Rear Left 4": (("-1,1", "SW"), ("0,-1", "N")),
    "Rear Right 4": (("1,0", "SE"), ("-1,1", "SW")),
    "Turn Around 0": (("0,1", "S"), ("-1,0", "NW")),
}


@pytest.mark.parametrize("card", sorted(MOTIONS))
def test_each_card_kind_moves_the_cow_as_the_rulings_say(card: str) -> None:
    for facing, expected in zip(("N", "SE"), MOTIONS[card], strict=True):
        s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, facing=facing)
        s = cow_plays(s, card)
        assert _cow(s) == expected
        assert s.cow is not None and s.cow.plots == plots("0,0", expected[0])
        assert s.phase is cf.Phase.TURN and s.player == 0  # one card, one move: the turn is over
        assert s.cow.discard == (card,) and not s.cow.pile and not s.cow.active


def test_the_reference_mad_cow_deck() -> None:
    rules = SOLO
    counts = rules.cow_deck_counts()
    assert sum(counts.values()) == 18
    kinds = {c.name for c in rules.mad_cow_cards}
    assert kinds == {
        "Turn Left",
        "Turn Right",
        "Rear Left",
        "Rear Right",
        "Slide Left",
        "Slide Right",
        "Turn Around",
        "Straight Forward",
        "Repeat",
    }
    numbers = sorted(rules.cow_number(c) for c in counts for _ in range(counts[c]))
    assert numbers == sorted(list(range(9)) * 2)
    assert rules.cow_motion("Repeat 0") is None
    assert rules.cow_motion("Turn Around 5") == (3, 3)


def test_repeat_moves_the_cow_twice() -> None:
    # "If the card indicates Repeat, draw a new Mad Cow card, move the Cow as
    # indicated twice."
    s = to_cow(cf.scenario(SOLO, tractors={0: "0,-2 NW"}, facing="SE"))
    s = play(s, "mad cow card Repeat 0")
    assert s.to_move is CHANCE and s.phase is cf.Phase.COW  # a new card for the Repeat
    assert s.cow is not None and s.cow.pile == ("Repeat 0",) and s.cow.plot == cf.plot("0,0")
    s = play(s, "mad cow card Slide Right 7")
    assert _cow(s) == ("0,2", "SE")  # to 0,1, then to 0,2, facing SE all along
    assert s.cow.plots == plots("0,0", "0,1", "0,2")
    assert s.phase is cf.Phase.TURN
    assert s.cow.discard == ("Repeat 0", "Slide Right 7")


def test_repeat_after_repeat_moves_it_three_times() -> None:
    # "If you draw another Repeat card, move the Cow as indicated 3 times, and so on."
    s = cow_plays(
        cf.scenario(SOLO, tractors={0: "0,-2 NW"}, facing="S"),
        "Repeat 1",
        "Repeat 0",
        "Straight Forward 5",
    )
    assert _cow(s) == ("0,3", "S")
    assert s.cow is not None and s.cow.plots == plots("0,0", "0,1", "0,2", "0,3")
    assert s.phase is cf.Phase.COW_BONUS  # 0,3 has a barn: the Cow draws a bonus


def test_nitro_cards_go_under_the_pile_and_repeat_plays_the_next_one() -> None:
    # A Nitro that backfires adds cards to the Cow's next turn: "Make the moves
    # one by one following the order they were drawn [...] Each new Mad Cow card
    # drawn is placed UNDER the pile. A Repeat card means playing the card next
    # in the pile."
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, hands={0: ["Nitro +2"]}, facing="SW")
    s = play(s, "play Nitro +2", "mad cow card Turn Left 2")  # 2 > 0 fences: Backlash
    assert s.phase is cf.Phase.TURN and s.allowance == 3  # no extra move for the player
    assert s.cow is not None and s.cow.draws == 2
    s = cow_plays(s, "Repeat 1")  # its own card: a Repeat draws a new card...
    assert s.phase is cf.Phase.COW and s.cow is not None and s.cow.draws == 2
    s = play(s, "mad cow card Slide Left 3")  # ...and the initial moves are that card twice
    assert _cow(s) == ("0,2", "SW") and s.phase is cf.Phase.COW  # then the Nitro's 2 cards
    assert s.cow is not None and s.cow.draws == 2
    s = play(s, "mad cow card Repeat 0")  # plays the card under it in the pile...
    assert s.phase is cf.Phase.COW and s.cow is not None and s.cow.draws == 1
    s = play(s, "mad cow card Straight Forward 5")  # ...which is the Nitro's second card
    # To -1,3, then off the board: redirected to the opposite side, back to 0,2.
    assert _cow(s) == ("0,2", "NE")
    assert s.phase is cf.Phase.TURN and s.cow is not None and not s.cow.draws
    assert s.cow.plots == plots("0,0", "0,1", "0,2", "-1,3")


def test_redirection_at_the_board_edge() -> None:
    # "If the Cow cannot move as indicated [...] because it is on the edge of the
    # board [...] the Cow turns towards the opposite direction indicated on the card."
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, cow="3,-3", facing="NE")
    s = cow_plays(s, "Straight Forward 1")
    assert _cow(s) == ("2,-2", "SW")


def test_redirection_turns_clockwise_when_the_opposite_is_blocked_too() -> None:
    # "If it still can't move, the Cow turns one notch clockwise until it finds a
    # way out." A hay bale blocks the opposite way (SW): NW is next.
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, cow="3,-3", facing="NE", bales=["3,-3 SW"])
    s = cow_plays(s, "Straight Forward 1")
    assert _cow(s) == ("2,-3", "NW")


def test_with_no_way_out_the_cow_stays_put() -> None:
    # "If there is no way out, the Cow stays put and loses its move." Hay
    # bales lock it in its corner only with Rules.lock_in_cow.
    s = cf.scenario(
        cf.Rules(players=1, mode="mad-cow", lock_in_cow=True),
        tractors={0: "0,-2 NW"},
        cow="3,-3",
        facing="N",
        bales=["3,-3 SW", "3,-3 NW", "3,-3 S"],
    )
    s = cow_plays(s, "Turn Left 2")
    assert _cow(s) == ("3,-3", "N")
    assert s.cow is not None and s.cow.plots == plots("3,-3") and s.phase is cf.Phase.TURN


def test_the_cow_cuts_a_fence_it_crosses() -> None:
    # "The Cow can cut a fence by crossing it"
    s = cf.scenario(SOLO, fences={0: FENCE})
    s = cow_plays(s, "Straight Forward 1")
    assert _cow(s) == ("0,-1", "N")
    f = s.farmers[0]
    assert f.fence == () and f.fence_paths == 0 and not f.powered


def test_the_two_fences_behind_a_tractor_stop_the_cow() -> None:
    # "the 2 fences behind your tractor cannot be cut and are an OBSTACLE"
    fence = FENCE[:4]  # the path between 0,-1 and 0,0 is the last piece
    s = cow_plays(cf.scenario(SOLO, fences={0: fence}), "Straight Forward 1")
    assert _cow(s) == ("0,1", "S")
    assert s.farmers[0].fence_length == 3


def test_redirection_at_a_high_voltage_fence() -> None:
    # "High Voltage: The Cow is blocked by a fence, that is of course entirely
    # protected. See Redirection."
    s = cf.scenario(SOLO, fences={0: FENCE}, hands={0: ["High Voltage"]})
    s = play(s, "play High Voltage", "mad cow card Turn Around 5")  # 5 fences down: played
    assert s.farmers[0].in_play == ("High Voltage",)
    s = cow_plays(s, "Straight Forward 1")
    assert _cow(s) == ("0,1", "S")
    assert s.farmers[0].fence_length == 5


def test_the_cow_cuts_a_fence_on_the_edge_that_blocks_it() -> None:
    # "or simply being blocked by (for example at the edge of the board) a path
    # that contains a fence that is not protected."
    fence = ["0,-3 E", "0,-3 NE", "0,-3 NW", "0,-3 W", "0,-3 SW"]
    s = cf.scenario(SOLO, fields={0: ["1,-3"]}, fences={0: fence}, cow="0,-3", facing="N")
    assert s.farmers[0].fence_paths >> cf.path("0,-3 N") & 1  # the edge path, unprotected
    s = cow_plays(s, "Straight Forward 1")
    assert s.farmers[0].fence == ()  # cut by the Cow it blocked
    assert _cow(s) == ("0,-2", "S")  # and the Cow turned away


def test_the_cow_annexes_the_plots_it_moves_onto() -> None:
    # "The Cow annexes all plots it moves onto": a plot of the players is lost,
    # and a field cut in two leaves fallow land.
    s = cf.scenario(SOLO, fields={0: ["0,-2", "0,-1", "0,-3"]}, tractors={0: "0,-3 NE"})
    s = cow_plays(s, "Straight Forward 1")
    assert _cow(s) == ("0,-1", "N")
    f = s.farmers[0]
    assert f.plots == plots("0,-2", "0,-3") and f.main == f.plots
    assert s.cow is not None and s.cow.plots == plots("0,0", "0,-1")
    assert cf.scores(s) == (0,)
    s = cf.scenario(SOLO, fields={0: ["-1,-1", "0,-1", "1,-1"]}, tractors={0: "1,-1 E"})
    s = cow_plays(s, "Straight Forward 1")
    f = s.farmers[0]
    assert f.plots == plots("-1,-1", "1,-1") and f.main == plots("1,-1")
    assert f.fallow == plots("-1,-1")


def test_a_barn_gives_the_cow_a_bonus_that_backfires() -> None:
    # "If it moves to a Barn (that may already belong to the Cow), it draws a
    # bonus and triggers the Backlash Mode. [...] When the Cow gets a bonus
    # (Barn), apply its effect before making the remaining moves."
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, facing="SE")
    s = cow_plays(s, "Repeat 1", "Turn Right 2")  # to 0,1 facing S, then to -1,2 (a barn)
    assert _cow(s) == ("-1,2", "SW")
    assert SOLO.barn_plots >> cf.plot("-1,2") & 1
    assert s.to_move is CHANCE and s.phase is cf.Phase.COW_BONUS
    assert sum(p for _, p in cf.chance_outcomes(s)) == 1
    s = play(s, "draw Nitro +1")  # Backlash Nitro: one more card at once
    assert s.phase is cf.Phase.COW and s.cow is not None and s.cow.draws == 1
    assert "Nitro +1" in s.discard
    s = play(s, "mad cow card Turn Right 6")
    assert _cow(s) == ("-2,2", "NW")
    assert s.phase is cf.Phase.TURN


def test_the_cow_wins_with_twelve_plots() -> None:
    # "The Cow wins immediately as soon as it reaches 12 plots"
    field = ["1,0", "2,0", "3,0", "1,1", "2,1", "1,2", "0,2", "-1,2", "-1,3", "0,3"]
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, facing="SW", cow_field=field)
    assert s.cow is not None and s.cow.plots.bit_count() == 11
    s = cow_plays(s, "Straight Forward 1")
    assert s.phase is cf.Phase.OVER and s.ended == "cow"
    assert cf.is_terminal(s) and cf.winners(s) == ()
    assert cf.scores(s) == (1 - 12,)
    assert "the Cow wins" in cf.render_text(s)


def test_only_chance_and_rules_move_the_cow() -> None:
    # The Cow's turn is its cards, drawn at random: nobody decides anything in it.
    s = to_cow(cf.scenario(SOLO, tractors={0: "0,-2 NW"}))
    assert s.to_move is CHANCE and len(cf.legal_moves(s)) == 18
    assert texts(s)[0] == "mad cow card Rear Left 4"
    assert {p for _, p in cf.chance_outcomes(s)} == {Fraction(1, 18)}
    with pytest.raises(IllegalMoveError, match="the Cow is drawing"):
        cf.apply_move(s, cf.parse_move(s, "end turn"))
