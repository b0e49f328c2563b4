"""The Mad Cow game as a whole: setup, turn order, co-op fences, locking the Cow down, the end."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from crazy_farmers_helpers import SOLO, cow_plays, fence_around, play, plots, texts

from acreage import CHANCE, IllegalMoveError, RulesError
from acreage import crazy_farmers as cf
from acreage.crazy_farmers.board import CELL_EDGES, STEPS

DUO = cf.Rules(players=2, mode="mad-cow")


def _cow(state: cf.State) -> cf.Cow:
    assert state.cow is not None
    return state.cow


def test_the_mode_and_its_player_counts() -> None:
    for players in (1, 2, 3, 4):
        rules = cf.Rules(players=players, mode="mad-cow")
        assert rules.mad_cow and rules.to_data() == {
            "players": players,
            "mode": "mad-cow",
            "length": "regular",
        }
        assert cf.Rules.from_data(rules.to_data()) == rules
    assert cf.Rules(players=3).mode == "competitive"
    with pytest.raises(RulesError, match="one player plays the Mad Cow mode"):
        cf.Rules(players=1)


def test_setup_two_piles_thirty_fences_all_tiles_one_start_plot() -> None:
    # "Build 2 different draw piles: Core Bonus cards, Mad Cow cards. Play solo or
    # co-op, with 30 fences and all plot tiles. In Co-op mode, play using the same
    # tiles and all start from the same plot. Prepare 12 plot tiles, and place
    # one in the center of the board, with the Cow on it."
    for players in (1, 3):
        rules = cf.Rules(players=players, mode="mad-cow")
        s = cf.new_game(rules)
        assert rules.fences == 30 and rules.plot_tiles == 31 + 22 and rules.cow_tiles == 12
        assert len(s.deck) == 36 and s.endgame == -1  # no Endgame card
        assert len(_cow(s).deck) == 18 and _cow(s).plots == plots("0,0") == 1 << _cow(s).plot
        assert all(f.plots == f.main == plots("0,-2") and f.hand == () for f in s.farmers)
        assert cf.tiles_left(s, 0) == 52
        assert s.to_move is CHANCE and s.phase is cf.Phase.FACE


def test_the_cow_faces_a_neighbour_drawn_at_setup() -> None:
    s = cf.new_game(SOLO)
    outcomes = cf.chance_outcomes(s)
    assert [str(m) for m, _ in outcomes] == [f"the Cow faces {d}" for d in cf.board.SIDES]
    assert {p for _, p in outcomes} == {Fraction(1, 6)}
    s = play(s, "the Cow faces SW")
    assert _cow(s).facing == 4
    # "The Cow plays 1st."
    assert s.phase is cf.Phase.COW and _cow(s).active and s.player == 0


def _turns(rules: cf.Rules, count: int) -> list[str]:
    """Who plays, turn after turn, from the start; the Cow is boxed in by hay bales."""
    s = cf.new_game(rules)
    around = CELL_EDGES[cf.board.CENTRE]
    s = play(attrs.evolve(s, bales=around), "the Cow faces N")
    order = []
    while len(order) < count:
        if s.phase is cf.Phase.COW:
            order.append("Cow")
            s = cf.apply_move(s, cf.legal_moves(s)[0])
            continue
        order.append(str(s.player))
        if s.phase is cf.Phase.START:
            s = cf.apply_move(s, cf.legal_moves(s)[0])
        s = cf.apply_move(attrs.evolve(s, allowance=s.moves_made), cf.parse_move(s, "end turn"))
    return order


def test_turn_order_solo_and_two_players() -> None:
    # "When 1 or 2 players, the Cow plays between each player's turn."
    assert _turns(SOLO, 6) == ["Cow", "0", "Cow", "0", "Cow", "0"]
    assert _turns(DUO, 8) == ["Cow", "0", "Cow", "1", "Cow", "0", "Cow", "1"]


def test_turn_order_three_and_four_players() -> None:
    # "When 3 or 4 players, the Cow plays after two players' turn."
    trio = cf.Rules(players=3, mode="mad-cow")
    assert _turns(trio, 9) == ["Cow", "0", "1", "Cow", "2", "0", "Cow", "1", "2"]
    quartet = cf.Rules(players=4, mode="mad-cow")
    assert _turns(quartet, 9) == ["Cow", "0", "1", "Cow", "2", "3", "Cow", "0", "1"]


def test_choosing_the_start_plot_chooses_for_everybody() -> None:
    rules = cf.Rules(players=2, mode="mad-cow", start="choose")
    s = cf.new_game(rules)
    assert all(f.plots == 0 for f in s.farmers)
    s = play(s, "the Cow faces N", "mad cow card Turn Around 0")
    assert s.phase is cf.Phase.START and "start plot 0,1" not in texts(s)  # the Cow's now
    s = play(s, "start plot 2,-2")
    assert [f.plots for f in s.farmers] == [plots("2,-2")] * 2


# -- co-op: partners' fences ----------------------------------------------------

PARTNER = ["0,-1 NE", "0,-1 E", "0,-1 SE", "0,-1 SW", "0,0 W", "0,0 SW", "0,0 SE"]


def test_touching_a_partners_fence_annexes_what_it_closes_off() -> None:
    # "When playing a co-op game, touching a partner's fence leads to annexing
    # plots if circled by the fence AND fields."
    s = cf.scenario(DUO, fences={0: ["0,-1 NW", "0,-1 W"], 1: PARTNER})
    s = play(s, "move SE")
    mover, partner = s.farmers
    assert mover.plots == partner.plots == plots("0,-2", "0,-1")
    assert mover.fence == () and mover.main == mover.plots
    # The partner keeps the rest of its fence, from the field to its tractor.
    assert [cf.crossroad_name(v) for v in partner.fence] == [
        "0,-1 SW",
        "-1,0 SE",
        "0,0 SW",
        "0,0 SE",
    ]
    assert partner.tractor == cf.crossroad("0,0 SE")


def test_touching_a_partners_fence_closing_nothing_cuts_it() -> None:
    # "Otherwise the fence is cut."
    s = cf.scenario(DUO, tractors={0: "0,-2 SW"}, fences={1: PARTNER})
    s = play(s, "move E")  # onto the partner's starting point, along the field
    assert s.farmers[1].fence == () and s.farmers[0].plots == plots("0,-2")


def test_partners_fences_are_protected_too() -> None:
    # "Players move exactly the same way as in a regular game unless indicated otherwise."
    s = cf.scenario(DUO, tractors={0: "0,0 E"}, fences={1: PARTNER})
    tractor = s.farmers[1].tractor
    heading = next(h for h, _, w in STEPS[s.farmers[0].tractor] if w == tractor)
    with pytest.raises(IllegalMoveError, match="player 1's tractor stands there"):
        cf.apply_move(s, cf.Drive(heading))


# -- annexing against the Cow -----------------------------------------------------


def test_players_take_plots_back_from_the_cow() -> None:
    # The Cow is the opponent: "replace your opponents' plots", "2 if on an
    # opponent's plot" for a barn.
    fence, close = fence_around(plots("0,-2"), plots("-1,-1"))
    s = cf.scenario(SOLO, fences={0: fence}, cow_field=["-1,-1"])
    s = play(s, close)
    assert s.farmers[0].plots == plots("0,-2", "-1,-1")
    assert _cow(s).plots == plots("0,0")
    assert s.phase is cf.Phase.DRAW and s.pending == 2


def test_locking_the_cow_down_wins() -> None:
    # "You win if you lock the Cow down by annexing at least 3 plots."
    field = ["0,-2", "-1,-2", "1,-3"]
    fence, close = fence_around(plots(*field), plots("0,-1", "0,0", "1,-1"))
    s = cf.scenario(SOLO, fields={0: field}, fences={0: fence}, cow_field=["0,-1", "2,0"])
    assert cf.scores(s) == (0,)
    s = play(s, close)
    assert s.phase is cf.Phase.OVER and s.ended == "lockdown"
    assert cf.winners(s) == (0,) and cf.scores(s) == (6 - 1,)
    assert _cow(s).plots == plots("2,0")
    assert "the players locked the Cow down" in cf.render_text(s)
    assert "Not bad at all!" in cf.render_text(s)


def test_a_small_annexation_leaves_the_cows_plot() -> None:
    field = ["0,-2", "-1,-1", "1,-2", "-1,0", "2,-2"]
    fence, close = fence_around(plots(*field), plots("0,-1", "0,0"))
    s = cf.scenario(SOLO, fields={0: field}, fences={0: fence})
    s = play(s, close)
    assert s.phase is cf.Phase.TURN and not s.ended
    assert s.farmers[0].plots == plots(*field, "0,-1")
    assert _cow(s).plots == plots("0,0")
    three = attrs.evolve(SOLO, lockdown_plots=2)
    s = cf.scenario(three, fields={0: field}, fences={0: fence})
    assert play(s, close).ended == "lockdown"


def test_a_cow_in_a_hole_of_the_field_goes_with_the_next_annexation() -> None:
    # Ruling "annexing": plots closed off by the main field alone go with the
    # next annexation; the Cow standing there is locked down with them.
    ring = ["0,-1", "1,-1", "1,0", "0,1", "-1,1", "-1,0"]
    field = ["0,-2", *ring]
    fence, close = fence_around(plots(*field), plots("1,-3", "2,-3"))
    s = cf.scenario(SOLO, fields={0: field}, fences={0: fence})
    s = play(s, close)
    assert s.phase is cf.Phase.OVER and s.ended == "lockdown"
    assert s.farmers[0].plots == plots(*field, "1,-3", "2,-3", "0,0")


def test_hay_bales_may_not_lock_the_cow_in() -> None:
    # "It is forbidden to lock in an opponent": in the Mad Cow mode the Cow is
    # the opponent. Five bales round its plot leave it a way out; a sixth
    # would freeze it for good, and is refused.
    five = ["0,0 N", "0,0 NE", "0,0 SE", "0,0 S", "0,0 SW"]
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, hands={0: ["Hay Bale"]}, bales=five)
    s = play(s, "play Hay Bale", "mad cow card Turn Around 0")  # 0 <= 0 fences: normal
    sixth = cf.parse_move(s, "place hay bale 0,0 NW")
    assert s.phase is cf.Phase.HAY_BALE and s.hay_bales_left == 3
    assert sixth not in cf.legal_moves(s) and len(cf.legal_moves(s)) > 50
    with pytest.raises(IllegalMoveError, match="lock in an opponent': it would lock the Cow in"):
        cf.apply_move(s, sixth)
    # Nor may bales cut the board in two: a line of bales from edge to edge
    # parts the plots, wherever the Cow stands. The corner plot 3,-3 has 3
    # sides inside the board: bales on 2 of them leave it reachable, not on all 3.
    corner = ["3,-3 SW", "3,-3 S"]
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, hands={0: ["Hay Bale"]}, bales=corner)
    s = play(s, "play Hay Bale", "mad cow card Turn Around 0")
    third = cf.parse_move(s, "place hay bale 3,-3 NW")
    assert third not in cf.legal_moves(s)
    # With Rules.lock_in_cow only the tractors are protected.
    locked = cf.Rules(players=1, mode="mad-cow", lock_in_cow=True)
    s = cf.scenario(locked, tractors={0: "0,-2 NW"}, hands={0: ["Hay Bale"]}, bales=corner)
    s = play(s, "play Hay Bale", "mad cow card Turn Around 0")
    assert third in cf.legal_moves(s)
    s = cf.scenario(locked, tractors={0: "0,-2 NW"}, hands={0: ["Hay Bale"]}, bales=five)
    s = play(s, "play Hay Bale", "mad cow card Turn Around 0")
    assert sixth in cf.legal_moves(s)
    s = cf.apply_move(s, sixth)
    assert s.bales.bit_count() == 6
    s = cow_plays(s, "Straight Forward 5")
    assert _cow(s).plot == cf.board.CENTRE  # no way out: it stays put


def test_the_cow_wins_when_the_players_are_eliminated() -> None:
    # "The Cow wins immediately [...] if you are eliminated"
    s = cf.scenario(SOLO, fields={0: ["0,-1"]}, tractors={0: "0,-1 NW"}, hands={0: ["Rut"]})
    s = cow_plays(s, "Straight Forward 1")
    assert s.phase is cf.Phase.OVER and s.ended == "elimination"
    assert s.farmers[0].out and cf.winners(s) == () and cf.scores(s) == (-2,)
    assert "Rut" in s.discard
    assert "the players are eliminated: the Cow wins" in cf.render_text(s)


def test_score_and_score_board() -> None:
    # "Calculate the difference between your and the Cow's number of plots."
    # "Example: 20 (player(s)) - 3 (Cow) = 17"
    assert cf.scoreboard(20 - 3) == "Aspiring UFC Champion"
    board = {
        25: "Undisputed UFC Champion",
        20: "Undisputed UFC Champion",
        15: "Aspiring UFC Champion",
        14: "Crazy Farmer",
        10: "Crazy Farmer",
        9: "Not bad at all!",
        5: "Not bad at all!",
        4: "You can do so much better",
        1: "You can do so much better",
        0: "Do you really believe this can be called a victory?",
        -1: "You won, but you still lost...",
    }
    for score, result in board.items():
        assert cf.scoreboard(score) == result
    # Only main fields count, as in the regular game.
    s = cf.scenario(
        cf.Rules(players=3, mode="mad-cow"),
        fields={0: ["0,-2", "0,-3", "2,-2"]},
        tractors={0: "0,-2 SW", 1: "0,-2 NW", 2: "0,-2 E"},
        cow_field=["0,1"],
    )
    assert cf.scores(s) == (2 - 2,) * 3
    assert cf.fields(s)[0] == (2, 3)


def test_repetition_is_a_tie_the_players_have_not_won() -> None:
    # Six bales round the Cow's plot freeze it: only with Rules.lock_in_cow.
    around = ["0,0 N", "0,0 NE", "0,0 SE", "0,0 S", "0,0 SW", "0,0 NW"]
    locked = cf.Rules(players=1, mode="mad-cow", lock_in_cow=True)
    s = cf.scenario(locked, tractors={0: "0,-2 NW"}, bales=around)
    s = cow_plays(s, "Turn Around 0")  # the Cow has no way out
    assert s.phase is cf.Phase.TURN and _cow(s).plot == cf.board.CENTRE
    s = cow_plays(s, "Turn Around 5")  # the same position starts the turn a 3rd time
    assert s.phase is cf.Phase.OVER and s.ended == "repetition"
    assert cf.winners(s) == ()
    assert "a tie, the players have not won" in cf.render_text(s)


def test_the_turn_limit_in_the_mad_cow_mode_is_no_win() -> None:
    # Ruling 51: the players have not locked the Cow down.
    rules = cf.Rules(players=1, mode="mad-cow", turn_limit=1)
    s = cf.scenario(rules, tractors={0: "0,-2 NW"})
    assert s.turn_number == 1
    s = cow_plays(s, "Straight Forward 1")
    assert s.phase is cf.Phase.OVER and s.ended == "turns" and cf.winners(s) == ()
    assert "the turn limit: the players have not won" in cf.render_text(s)


def test_the_cow_draws_no_more_than_its_card_limit() -> None:
    # Ruling 52: a Repeat that needs another card beyond the limit moves nothing.
    herd = (
        cf.MadCowCard("Again", numbers=(0,), repeat=True),
        cf.MadCowCard("Charge", numbers=(1,)),
    )
    for limit in (1, 2):
        rules = cf.Rules(players=1, mode="mad-cow", mad_cow_cards=herd, cow_card_limit=limit)
        s = play(cf.new_game(rules), "the Cow faces N", "mad cow card Again 0")
        if limit == 1:
            assert s.phase is cf.Phase.START and _cow(s).plot == cf.board.CENTRE
            assert _cow(s).pile == () and _cow(s).discard == ("Again 0",)
        else:
            assert s.phase is cf.Phase.COW and _cow(s).pile == ("Again 0",)
    # Cards a Backlash Nitro owes the Cow are not drawn past the limit either.
    for limit, phase in ((2, cf.Phase.TURN), (30, cf.Phase.COW)):
        rules = cf.Rules(players=1, mode="mad-cow", cow_card_limit=limit)
        s = cf.scenario(rules, tractors={0: "0,-2 NW"}, facing="S")  # away from the field
        s = attrs.evolve(s, cow=_cow(s).but(draws=2))
        s = cow_plays(s, "Straight Forward 1", "Straight Forward 5")
        assert s.phase is phase and _cow(s).played == 2
