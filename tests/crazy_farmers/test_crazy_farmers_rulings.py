"""The readings of the rulebook recorded in docs/rulings/crazy-farmers.md, and the turn rules."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from crazy_farmers_helpers import fence_around, play, plots, texts

from acreage import CHANCE, IllegalMoveError
from acreage import crazy_farmers as cf
from acreage.core.chance import Deck

TWO = cf.Rules(players=2)
AROUND_0 = ("move NW", "move W", "move SW")  # around plot 0,-2 from its E corner
BACK_0 = ("move SE", "move E", "move NE")
AROUND_1 = ("move NE", "move NW", "move W")  # around plot 0,2 from its SE corner
BACK_1 = ("move SW", "move SE", "move E")


def _after_setup(rules: cf.Rules) -> cf.State:
    """Play the setup: every player is dealt Nitro +1 x2 and Helicopter and keeps the Helicopter."""
    s = cf.new_game(rules)
    for _ in range(rules.players):
        s = play(s, "draw Nitro +1", "draw Nitro +1", "draw Helicopter", "keep Helicopter")
    return s


def test_board_edge_is_no_wall_but_fences_may_run_along_it() -> None:
    # Ruling "board edge": plot 1,-3 touches the field on all four of its inner
    # sides, but its two sides on the board's edge leave it open.
    s = cf.scenario(
        TWO,
        fields={0: ["0,-3", "0,-2", "1,-2", "2,-3"], 1: ["0,2"]},
        tractors={0: "0,-3 E", 1: "0,2 SE"},
    )
    assert cf.enclosed(s.farmers[0]) == 0
    s = play(s, "move E")  # along the board's edge: a fence is pulled there too
    assert s.farmers[0].fence_length == 1
    s = play(s, "move SE")
    assert s.farmers[0].plots == plots("0,-3", "0,-2", "1,-2", "2,-3", "1,-3")


def test_no_fence_inside_or_along_the_own_field() -> None:
    # "There is no need to place fences INSIDE your field or on the BORDERS of the board."
    s = cf.scenario(TWO, fields={0: ["0,-2", "0,-1"], 1: ["0,2"]}, tractors={0: "0,-2 SE"})
    s = play(s, "move W")  # inside: between 0,-2 and 0,-1
    s = play(s, "move NW", "move NE")  # along the field's edge
    assert s.farmers[0].fence == () and s.farmers[0].powered


def test_holes_in_the_main_field_are_annexed_with_the_next_annexation() -> None:
    # Ruling "annexing": every group of plots closed off by the fence and the
    # main field becomes the player's, a hole in the main field included.
    ring = ["0,-1", "1,-1", "1,0", "0,1", "-1,1", "-1,0"]
    s = cf.scenario(
        TWO,
        fields={0: ring, 1: ["0,0", "0,3"]},
        fences={0: ["0,-2 SE", "1,-3 SW", "1,-3 SE", "2,-3 SW"]},
        tractors={1: "0,3 SE"},
    )
    assert s.farmers[1].fallow == plots("0,0")  # player 1's tractor stands on 0,3
    s = play(s, "move SW")
    assert s.farmers[0].plots == plots(*ring, "1,-2", "0,0")
    assert s.farmers[1].plots == plots("0,3")
    assert s.pending == 1 + 2  # the barns of 1,-2 (empty) and 0,0 (player 1's)


def test_own_fallow_land_rejoining_earns_no_barn_card() -> None:
    # Ruling "barn cards": a barn is won by annexing it; the player's own
    # fallow land rejoining the main field was theirs already.
    fence, close = fence_around(plots("0,-2"), plots("0,-1", "0,0"))
    assert TWO.barn_plots >> cf.plot("0,0") & 1
    s = cf.scenario(TWO, fields={0: ["0,-2", "0,0"], 1: ["0,2"]}, fences={0: fence})
    assert s.farmers[0].fallow == plots("0,0")
    s = play(s, close)
    assert s.farmers[0].plots == s.farmers[0].main == plots("0,-2", "0,-1", "0,0")
    assert s.phase is cf.Phase.TURN and s.pending == 0
    s = cf.scenario(TWO, fields={0: ["0,-2"], 1: ["0,2"]}, fences={0: fence})
    s = play(s, close)
    assert s.phase is cf.Phase.DRAW and s.pending == 1  # the same barn, empty: 1 card


def test_a_loop_is_removed_without_annexing() -> None:
    # Ruling "loops": "You can however take a path from where you came in the
    # opposite direction, removing the fence placed on it, or create a loop."
    # Closing a loop on its own fence cuts the fence back to that crossroad:
    # the fence stays one loop-free line from the field to the tractor.
    fence = ["0,-2 SE", "1,-2 SW", "1,-2 SE", "2,-2 SW", "1,-1 SE", "1,-1 SW"]
    s = cf.scenario(TWO, fields={0: ["0,-2"], 1: ["0,2"]}, fences={0: fence})
    assert s.allowance == 4
    s = play(s, "move NW")
    assert s.farmers[0].fence_length == 6
    s = play(s, "move NE")  # back onto 1,-2 SW, the fence's second crossroad
    f = s.farmers[0]
    assert [cf.crossroad_name(v) for v in f.fence] == ["0,-2 SE", "1,-2 SW"]
    assert f.fence_length == 1 and f.fence_paths == 1 << cf.path("0,-1 NE")
    assert f.plots == plots("0,-2")  # plot 1,-1 was looped around, not annexed


def test_reverse_move_takes_back_the_last_fence() -> None:
    s = cf.scenario(
        TWO, fields={0: ["0,-2"], 1: ["0,2"]}, fences={0: ["0,-2 SE", "1,-2 SW", "0,-1 SE"]}
    )
    s = play(s, "move NE")  # back to 1,-2 SW
    assert s.farmers[0].fence_length == 1 and s.moves_made == 1
    s = play(s, "move NW")  # back to the starting point: no fence left
    assert s.farmers[0].fence == () and s.farmers[0].powered


def test_annexing_the_plot_a_fence_starts_from_cuts_it() -> None:
    # "Same thing if you annex the plot where the fence starts." Player 1's
    # fence lies inside the seven plots around 1,-1 that player 0 closes off;
    # its starting point loses player 1's plot 1,-2, so the fence is lost.
    around = [
        "1,-3 SW",
        "1,-3 SE",
        "2,-3 SW",
        "2,-3 SE",
        "3,-3 SW",
        "2,-2 SE",
        "3,-2 SW",
        "2,-1 SE",
    ]
    around += ["2,-1 SW", "1,0 SE", "1,0 SW", "0,0 SE", "0,0 SW", "-1,0 SE", "0,-1 SW", "-1,-1 SE"]
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["1,-2", "0,2"]},
        fences={0: around, 1: ["1,-2 SE", "2,-2 SW", "1,-1 SE"]},
    )
    assert s.farmers[1].main == plots("1,-2") and s.farmers[1].fallow == plots("0,2")
    s = play(s, "move NE")
    flower = plots("1,-1", "1,-2", "2,-2", "2,-1", "1,0", "0,0", "0,-1")
    assert s.farmers[0].plots == plots("0,-2") | flower
    one = s.farmers[1]
    assert one.fence == () and one.plots == plots("0,2")
    assert not one.powered and one.main == 0  # outside its field without a fence
    # Barns: 0,0 and 2,-1 were empty (1 card each), 1,-2 was player 1's (2 cards).
    assert s.phase is cf.Phase.DRAW and s.pending == 4


def test_the_start_plot_is_fixed_and_the_tractor_chooses_a_crossroad() -> None:
    # Ruling "first turn": "Before starting the first round, place your tractor
    # on one of the crossroads around your plot."
    s = _after_setup(TWO)
    assert s.phase is cf.Phase.START and s.to_move == 0
    assert sorted(texts(s)) == [
        "start at -1,-2 SE",
        "start at 0,-2 SE",
        "start at 0,-2 SW",
        "start at 0,-3 SE",
        "start at 0,-3 SW",
        "start at 1,-3 SW",
    ]
    s = play(s, "start at 1,-3 SW")
    assert s.phase is cf.Phase.TURN and s.allowance == 3
    assert "play Helicopter" in texts(s)  # to another crossroad of its plot
    assert "play Nitro +1" not in texts(s)  # kept the Helicopter, set the Nitros aside


def test_choosing_the_start_plot_on_the_first_turn() -> None:
    # "For your first turn, choose the plot you wish to start from."
    rules = cf.Rules(players=2, start="choose")
    s = _after_setup(rules)
    assert s.farmers[0].plots == 0
    options = texts(s)
    assert len(options) == 37 and options[0] == "start plot 0,-3"
    s = play(s, "start plot 1,1", "start at 1,1 SW")
    assert s.farmers[0].plots == s.farmers[0].main == plots("1,1")
    s = play(s, "move NW", "move NE", "move E", "end turn")
    assert "start plot 1,1" not in texts(s) and len(texts(s)) == 36


def test_powerless_move_limit_is_an_option() -> None:
    # Ruling: an earlier edition limits a powerless tractor to 3 moves; this rulebook does not.
    position = {
        "fields": {0: ["0,-3"], 1: ["0,2"]},
        "tractors": {0: "0,0 SE", 1: "0,2 SE"},
        "hands": {0: ["Nitro +2"]},
    }
    free = cf.scenario(TWO, **position)  # type: ignore[arg-type]
    free = play(free, "play Nitro +2", "move NE", "move E", "move SE")
    assert free.moves_left == 2 and "end turn" not in texts(free)
    limited = cf.scenario(cf.Rules(players=2, powerless_move_limit=3), **position)  # type: ignore[arg-type]
    limited = play(limited, "play Nitro +2", "move NE", "move E", "move SE")
    assert texts(limited) == ["end turn"]
    with pytest.raises(IllegalMoveError, match="powerless tractor makes at most 3 moves"):
        cf.apply_move(limited, cf.parse_move(limited, "move SW"))


def test_every_move_must_be_used_when_possible() -> None:
    # "You must use all your moves at every turn, reverse moves are allowed."
    s = cf.scenario(TWO, fields={0: ["0,-2"], 1: ["0,2"]}, tractors={0: "0,-2 E"})
    assert "end turn" not in texts(s)
    with pytest.raises(IllegalMoveError, match="must use all your moves"):
        cf.apply_move(s, cf.parse_move(s, "end turn"))
    # A tractor with nowhere to go ends its turn with its moves left.
    s = cf.scenario(
        cf.Rules(players=3),
        fields={0: ["1,0"], 1: ["0,-2"], 2: ["-2,2"]},
        tractors={0: "0,0 SE", 1: "1,-1 SW", 2: "0,0 SW"},
        bales=["0,1 NE"],
    )
    assert s.moves_left == 3 and texts(s) == ["end turn"]


def test_acceleration_and_the_five_move_limit() -> None:
    # "You have 4 or more fences down at the beginning of your turn? Win +1 move!"
    fence = ["0,-2 SE", "1,-2 SW", "1,-2 SE", "2,-2 SW"]
    s = cf.scenario(TWO, fields={0: ["0,-2"], 1: ["0,2"]}, fences={0: fence})
    assert s.allowance == 3
    s = cf.scenario(TWO, fields={0: ["0,-2"], 1: ["0,2"]}, fences={0: [*fence, "1,-1 SE"]})
    assert s.allowance == 4
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["0,2"]},
        fences={0: [*fence, "1,-1 SE"]},
        in_play={0: ["Rut"]},
    )
    assert s.allowance == 2


def test_a_fence_is_never_longer_than_the_fences_in_the_box() -> None:
    rules = cf.Rules(players=2, fences=2)
    s = cf.scenario(
        rules, fields={0: ["0,-2"], 1: ["0,2"]}, fences={0: ["0,-2 SE", "1,-2 SW", "0,-1 SE"]}
    )
    assert texts(s) == ["move NE"]  # only taking a fence back: both fences are down
    s = cf.scenario(
        TWO, fields={0: ["0,-2"], 1: ["0,2"]}, fences={0: ["0,-2 SE", "1,-2 SW", "0,-1 SE"]}
    )
    assert texts(s) == ["move NE", "move W", "move SE"]


def test_the_hand_limit_applies_at_the_end_of_the_turn() -> None:
    # "If you have more than 6 cards in hand at the end of your turn, play them
    # or discard the cards in excess."
    # A turn starts with at most 6 cards in hand; annexing the barn on 1,-2
    # draws a seventh.
    hand = ["Helicopter"] * 4 + ["Watchdog", "Dynamite"]
    around_barn = ["1,-3 SW", "1,-3 SE", "2,-3 SW", "1,-2 SE"]
    s = cf.scenario(TWO, fields={0: ["0,-2"], 1: ["0,2"]}, fences={0: around_barn}, hands={0: hand})
    s = play(s, "move W", "move NW", "draw Helicopter", "move NE")
    assert len(s.farmers[0].hand) == 7 and s.moves_left == 0
    assert "end turn" not in texts(s)
    assert "discard Helicopter" in texts(s) and "discard Watchdog" in texts(s)
    with pytest.raises(IllegalMoveError, match="maximum of 6 cards"):
        cf.apply_move(s, cf.parse_move(s, "end turn"))
    s = play(s, "discard Helicopter", "end turn")
    assert s.discard == ("Helicopter",) and len(s.farmers[0].hand) == 6


def test_setup_deals_three_keeps_one_and_sets_the_rest_under_the_pile() -> None:
    # "Each player draws 3 bonus cards, chooses one, and shuffles the remaining
    # cards adding the Endgame card, then places them at the bottom of the draw pile."
    s = cf.new_game(cf.Rules(players=3))
    assert s.to_move is CHANCE
    outcomes = {str(m): p for m, p in cf.chance_outcomes(s)}
    assert outcomes["draw Nitro +1"] == Fraction(6, 36) and outcomes["draw Watchdog"] == Fraction(
        2, 36
    )
    s = play(s, "draw Bribe", "draw Rut", "draw Bribe")
    assert s.to_move == 0 and texts(s) == ["keep Bribe", "keep Rut"]
    s = play(s, "keep Rut")
    assert s.farmers[0].hand == ("Rut",) and s.farmers[0].set_aside == ("Bribe", "Bribe")
    for _ in range(2):
        s = play(s, "draw Nitro +1", "draw Nitro +1", "draw Dynamite", "keep Dynamite")
    assert [len(seg) for seg in s.deck.segments] == [27, 6]
    assert s.deck.segments[1].counts == (("Bribe", 2), ("Nitro +1", 4))
    assert s.endgame == 6  # shuffled with the 6 cards set aside
    assert s.phase is cf.Phase.START


def _endgame_position(rules: cf.Rules, cards: int, window: int) -> cf.State:
    s = cf.scenario(rules, fields={0: ["0,-2"], 1: ["0,2"]}, tractors={0: "0,-2 E", 1: "0,2 SE"})
    deck: Deck[str] = Deck.of({"Nitro +1": cards})
    draw = (cf.DrawCards(s.player, cards + 1),)
    return attrs.evolve(s, deck=deck, endgame=window, agenda=draw)


@pytest.mark.parametrize(("cards", "window"), [(10, 4), (6, 6), (12, 8)])
def test_endgame_card_is_equally_likely_anywhere_in_its_window(cards: int, window: int) -> None:
    # The Endgame card shuffled with the last `window` cards lies at any of the
    # last window + 1 places with the same probability.
    s = _endgame_position(TWO, cards, window)
    reach = Fraction(1)
    found = []
    for _ in range(cards + 1):
        p_end = {str(m): p for m, p in cf.chance_outcomes(s)}.get("draw Endgame", Fraction(0))
        found.append(reach * p_end)
        reach *= 1 - p_end
        if p_end == 1:
            break
        s = play(s, "draw Nitro +1")
    expected = [Fraction(0)] * (cards - window) + [Fraction(1, window + 1)] * (window + 1)
    assert found == expected
    end = play(_endgame_position(TWO, 0, window), "draw Endgame")
    assert cf.is_terminal(end) and end.ended == "endgame"


def test_endgame_among_the_last_eight_cards_is_an_option() -> None:
    # Quick start: "Place the Endgame card anywhere with the last 8 bonus cards."
    s = _after_setup(cf.Rules(players=2, endgame_window=8))
    assert s.endgame == 8 and [len(seg) for seg in s.deck.segments] == [30, 4]


def test_discard_pile_is_reshuffled_without_the_endgame_card() -> None:
    rules = cf.Rules(players=2, endgame_card=False)
    s = _after_setup(rules)
    assert s.endgame == -1
    draw = (cf.DrawCards(s.player, 2),)
    s = attrs.evolve(s, deck=Deck(), discard=("Bribe", "Rut", "Rut"), agenda=draw)
    assert [(str(m), p) for m, p in cf.chance_outcomes(s)] == [
        ("draw Bribe", Fraction(1, 3)),
        ("draw Rut", Fraction(2, 3)),
    ]
    s = play(s, "draw Rut")
    assert s.reshuffles == 1 and s.discard == () and s.deck.counts() == (("Bribe", 1), ("Rut", 1))


def test_the_last_plot_tile_ends_the_game_and_plots_without_tiles_do_not_count() -> None:
    # "If you are missing plot tiles to fill in all the plots you annexed, the
    # game ends [...] but plots without tiles will not count."
    rules = cf.Rules(players=3, plot_tiles=2)
    s = cf.scenario(
        rules,
        fields={0: ["0,-2"], 1: ["0,2"], 2: ["2,0"]},
        fences={0: ["0,-2 SE", "1,-2 SW", "0,-1 SE"]},
    )
    s = play(s, "move W", "move NW", "move NE")
    assert cf.is_terminal(s) and s.ended == "tiles"
    assert cf.scores(s) == (2, 1, 1) and cf.winners(s) == (0,)
    rules = cf.Rules(players=3, plot_tiles=2)
    s = cf.scenario(
        rules,
        fields={0: ["0,-2"], 1: ["0,2"], 2: ["2,0"]},
        fences={0: ["1,-3 SW", "1,-3 SE", "2,-3 SW", "2,-3 SE", "3,-3 SW", "2,-2 SE"]},
    )
    assert s.allowance == 4
    s = play(s, "move W", "move NW", "move W", "move NW")
    assert cf.is_terminal(s) and s.ended == "tiles"
    assert s.farmers[0].plots.bit_count() == 3
    assert cf.fields(s)[0] == (2, 2)  # one of the plots annexed holds no tile


def test_the_common_pile_of_two_players() -> None:
    # "For a two-player game, players share a common stack of red/yellow plots."
    rules = cf.Rules(players=2, plot_tiles=3)
    s = cf.scenario(
        rules, fields={0: ["0,-2"], 1: ["0,2"]}, fences={0: ["0,-2 SE", "1,-2 SW", "0,-1 SE"]}
    )
    s = play(s, "move W", "move NW", "move NE")
    assert cf.is_terminal(s) and s.ended == "tiles" and cf.winners(s) == (0,)


def test_ties_are_broken_by_fallow_land() -> None:
    # "The player with the most plots in his main field [...] wins the game. In
    # the event of a tie, include Fallow Lands."
    def final(fields: dict[int, list[str]]) -> cf.State:
        s = cf.scenario(
            cf.Rules(players=3),
            fields=fields,
            tractors={0: "0,-2 E", 1: "0,2 SE", 2: "2,0 SE"},
        )
        return attrs.evolve(s, agenda=(), ended="endgame")

    s = final({0: ["0,-2", "0,-1", "2,-3"], 1: ["0,2", "0,1"], 2: ["2,0"]})
    assert cf.fields(s) == ((2, 3), (2, 2), (1, 1)) and cf.winners(s) == (0,)
    s = final({0: ["0,-2", "0,-1", "2,-3"], 1: ["0,2", "0,1", "-3,3"], 2: ["2,0"]})
    assert cf.winners(s) == (0, 1)
    assert cf.scores(s) == (2, 2, 1)


def test_repeating_a_position_three_times_ends_the_game_in_a_tie() -> None:
    # The authors' FAQ: "What if we repeat endlessly the same moves and nobody
    # wants to concede? Like in chess, when a position is repeated 3 times, the
    # game ends in a tie." Player 0 leads 2 plots to 1, yet nobody wins alone.
    fields = {0: ["0,-2", "-1,-2"], 1: ["0,2"]}
    s = cf.scenario(TWO, fields=fields, tractors={0: "0,-2 E", 1: "0,2 SE"})
    for _ in range(2):
        s = play(s, *AROUND_0, "end turn", *AROUND_1, "end turn", *BACK_0, "end turn")
        assert not cf.is_terminal(s)
        s = play(s, *BACK_1, "end turn")
    assert cf.is_terminal(s) and s.ended == "repetition"
    assert cf.scores(s) == (2, 1) and cf.winners(s) == (0, 1)
    assert "a tie" in cf.render_text(s)
    s = cf.scenario(
        cf.Rules(players=2, repetition_limit=None),
        fields=fields,
        tractors={0: "0,-2 E", 1: "0,2 SE"},
    )
    for _ in range(3):
        s = play(s, *AROUND_0, "end turn", *AROUND_1, "end turn", *BACK_0, "end turn")
        s = play(s, *BACK_1, "end turn")
    assert not cf.is_terminal(s)


def test_a_card_played_makes_a_new_position() -> None:
    # A position is the board and what each player may still play: after a
    # card leaves a hand, the earlier positions cannot come back.
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["0,2"]},
        tractors={0: "0,-2 E", 1: "0,2 SE"},
        hands={0: ["Watchdog"]},
    )
    s = play(s, *AROUND_0, "end turn", *AROUND_1, "end turn", *BACK_0, "end turn")
    s = play(s, *BACK_1, "end turn", "play Watchdog")
    for _ in range(2):
        s = play(s, *AROUND_0, "end turn", *AROUND_1, "end turn", *BACK_0, "end turn")
        assert not cf.is_terminal(s)
        s = play(s, *BACK_1, "end turn")
    s = play(s, *AROUND_0, "end turn", *AROUND_1, "end turn")
    assert cf.is_terminal(s) and s.ended == "repetition"


def test_a_bribe_may_not_power_a_tractor_on_an_opponents_fence() -> None:
    # "You cannot take over a plot that would create an immediate effect: [...]
    # cutting a fence." Player 0's powerless tractor stands on player 1's
    # fence; bribing player 2's plot 0,0 would join the tractor's crossroad to
    # player 0's field and power it there, touching the fence.
    rules = cf.Rules(players=3, barns=())
    fence = ["0,1 SW", "-1,1 SE", "0,0 SW", "0,0 SE", "1,-1 SW"]
    s = cf.scenario(
        rules,
        fields={0: ["0,-1"], 1: ["0,2"], 2: ["0,0", "1,0"]},
        fences={1: fence},
        tractors={0: "0,0 SW", 2: "1,0 E"},
        hands={0: ["Bribe"]},
    )
    assert not s.farmers[0].powered
    assert "play Bribe on 0,0" not in texts(s)
    with pytest.raises(IllegalMoveError, match="your tractor would be powered on player 1's fence"):
        cf.apply_move(s, cf.parse_move(s, "play Bribe on 0,0"))


def test_the_turn_limit_ends_the_game_counted_as_it_stands() -> None:
    # Ruling 51: no rule ends a game that goes round in circles without
    # repeating a position; the turn limit does, and the game is counted.
    rules = cf.Rules(players=2, turn_limit=3, repetition_limit=None)
    fields = {0: ["0,-2", "-1,-2"], 1: ["0,2"]}
    s = cf.scenario(rules, fields=fields, tractors={0: "0,-2 E", 1: "0,2 SE"})
    assert s.turn_number == 1 and TWO.turn_limit == 10_000
    s = play(s, *AROUND_0, "end turn", *AROUND_1, "end turn")
    assert s.turn_number == 3 and not cf.is_terminal(s)
    s = play(s, *BACK_0, "end turn")
    assert cf.is_terminal(s) and s.ended == "turns" and s.turn_number == 3
    assert cf.scores(s) == (2, 1) and cf.winners(s) == (0,)
    assert "game over: the turn limit of 3 turns was reached" in cf.render_text(s)
    assert cf.observe(s, 1).turn_number == 3
