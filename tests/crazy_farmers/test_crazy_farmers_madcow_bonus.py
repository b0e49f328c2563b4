"""Bonuses against the Mad Cow: the check, the normal-mode adaptations and every Backlash effect."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest
from crazy_farmers_helpers import SOLO, cow_plays, fence_around, play, plots, texts, to_cow

from acreage import CHANCE, IllegalMoveError
from acreage import crazy_farmers as cf
from acreage.crazy_farmers.board import SIDES
from acreage.crazy_farmers.bribe import Bribe

FENCE = ["0,-1 NW", "0,-1 W", "0,-1 SW", "0,-1 SE", "0,-1 E", "1,-1 NE"]  # 5 fences down


def _cow(state: cf.State) -> cf.Cow:
    assert state.cow is not None
    return state.cow


# -- the check ------------------------------------------------------------------


def test_a_bonus_is_checked_against_a_mad_cow_card() -> None:
    # "When playing the bonus, draw a Mad Cow card (that you will discard right
    # after) and check the number indicated: If your number of fences is greater
    # or equal to it, play it normally."
    s = cf.scenario(SOLO, fences={0: FENCE}, hands={0: ["Nitro +1", "Nitro +2"]})
    s = play(s, "play Nitro +1")
    assert s.to_move is CHANCE and s.phase is cf.Phase.CHECK
    assert s.decision == cf.CheckBonus("Nitro +1", -1) and s.farmers[0].hand == ("Nitro +2",)
    assert len(cf.chance_outcomes(s)) == 18
    normal = play(s, "mad cow card Straight Forward 5")  # 5 fences down, 5 on the card
    assert normal.phase is cf.Phase.TURN and normal.allowance == 5  # 3 + acceleration + Nitro
    assert _cow(normal).discard == ("Straight Forward 5",) and len(_cow(normal).deck) == 17
    assert normal.discard == ("Nitro +1",) and normal.decision == cf.Turn(0)
    # "If your current number of fences is lower than the number shown on the
    # card, you will suffer the Backlash effects."
    backlash = play(s, "mad cow card Turn Left 6")
    assert backlash.phase is cf.Phase.TURN and backlash.allowance == 4
    assert _cow(backlash).draws == 1  # Backlash Nitro: the Cow's next turn has one more card
    assert backlash.discard == ("Nitro +1",)


def test_co_op_checks_the_total_of_the_fences() -> None:
    # The authors' FAQ: "In co-op mode, which fence should we take into account to
    # determine bonus backlash mode? Use the total length of all players' fences."
    duo = cf.Rules(players=2, mode="mad-cow")
    s = cf.scenario(
        duo,
        fences={1: ["0,-2 SE", "1,-2 SW", "1,-2 SE"]},
        tractors={0: "0,-2 NW"},
        hands={0: ["Nitro +1"]},
    )
    assert s.farmers[0].fence_length == 0 and s.farmers[1].fence_length == 2
    s = play(s, "play Nitro +1", "mad cow card Turn Left 2")  # 2 fences down in all: normal
    assert s.allowance == 4 and _cow(s).draws == 0


def test_co_op_checks_can_be_turned_off() -> None:
    duo = cf.Rules(players=2, mode="mad-cow", coop_backlash=False)
    s = cf.scenario(duo, tractors={0: "0,-2 NW"}, hands={0: ["Nitro +1"]})
    s = play(s, "play Nitro +1")
    assert s.phase is cf.Phase.TURN and s.allowance == 4  # no check: played normally
    solo = attrs.evolve(SOLO, coop_backlash=False)
    s = play(cf.scenario(solo, tractors={0: "0,-2 NW"}, hands={0: ["Nitro +1"]}), "play Nitro +1")
    assert s.phase is cf.Phase.CHECK  # "in solo mode, playing a bonus might backfire"


# -- normal mode ----------------------------------------------------------------


def test_rut_makes_the_cow_skip_its_turn() -> None:
    # "Rut: The Cow does not move."
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, hands={0: ["Rut"]})
    assert texts(s)[-1] == "play Rut on the Cow"
    assert cf.parse_move(s, "play Rut on the Cow") == cf.Play("Rut", cf.THE_COW)
    s = play(s, "play Rut on the Cow", "mad cow card Turn Around 0")  # 0 <= 0 fences: normal
    assert _cow(s).rests == 1 and s.discard == ("Rut",)
    s = to_cow(s)
    assert s.phase is cf.Phase.TURN and s.player == 0  # the Cow's turn is skipped
    assert _cow(s).rests == 0 and _cow(s).plot == cf.plot("0,0") and not _cow(s).discard[1:]
    assert to_cow(s).phase is cf.Phase.COW  # and it plays the turn after


def test_watchdog_blocks_the_cow() -> None:
    # "Watchdog: The Cow cannot go on the plot guarded by the watchdog, it is
    # blocked. See Redirection."
    s = cf.scenario(
        SOLO, fields={0: ["0,-2", "0,-1"]}, tractors={0: "0,-2 NW"}, hands={0: ["Watchdog"]}
    )
    s = play(s, "play Watchdog", "mad cow card Turn Around 0")
    assert s.farmers[0].in_play == ("Watchdog",)
    s = cow_plays(s, "Straight Forward 1")
    assert (cf.plot_name(_cow(s).plot), SIDES[_cow(s).facing]) == ("0,1", "S")
    assert s.farmers[0].plots == plots("0,-2", "0,-1")


def test_bribe_takes_a_plot_of_the_cows_field() -> None:
    # "Bribe: Same. You however cannot annex the plot where the Cow is located."
    s = cf.scenario(
        SOLO,
        fields={0: ["0,-2"]},
        tractors={0: "0,-2 NW"},
        cow="0,0",
        cow_field=["0,-1", "1,-2"],
        hands={0: ["Bribe"]},
    )
    # 1,-2 has a barn: only 0,-1 may be bribed.
    assert [t for t in texts(s) if t.startswith("play")] == ["play Bribe on 0,-1"]
    s = play(s, "play Bribe on 0,-1", "mad cow card Turn Around 0")
    assert s.farmers[0].plots == s.farmers[0].main == plots("0,-2", "0,-1")
    assert _cow(s).plots == plots("0,0", "1,-2")
    s = cf.scenario(
        SOLO, fields={0: ["0,-2", "0,-1"]}, tractors={0: "0,-2 NW"}, hands={0: ["Bribe"]}
    )
    with pytest.raises(IllegalMoveError, match="where the Cow is located"):
        cf.apply_move(s, cf.parse_move(s, "play Bribe on 0,0"))


def test_a_bribe_that_closes_the_fence_annexes_against_the_cow_too() -> None:
    # "Bribe: Same." With Rules(bribe_annexes=True) a bribe that closes the
    # fence annexes (the authors' FAQ); by default it is refused; one that
    # would touch a partner's fence would cut it back: never allowed.
    fence = ["0,-2 SE", "1,-2 SW", "0,-1 SE", "0,-1 SW", "-1,-1 SE", "-1,-1 SW", "-2,0 SE"]
    strict = cf.scenario(
        cf.Rules(players=1, mode="mad-cow", barns=()),
        fences={0: fence},
        cow_field=["-1,-1"],
        hands={0: ["Bribe"]},
    )
    assert "play Bribe on -1,-1" not in texts(strict)
    rules = cf.Rules(players=1, mode="mad-cow", barns=(), bribe_annexes=True)
    s = cf.scenario(rules, fences={0: fence}, cow_field=["-1,-1"], hands={0: ["Bribe"]})
    s = play(s, "play Bribe on -1,-1", "mad cow card Turn Around 0")
    f = s.farmers[0]
    assert f.plots == f.main == plots("0,-2", "-1,-1", "0,-1")
    assert f.fence_length == 1 and _cow(s).plots == plots("0,0")
    rules = cf.Rules(players=2, mode="mad-cow", barns=(), bribe_annexes=True)
    s = cf.scenario(
        rules,
        fences={1: fence},
        tractors={0: "0,-2 NW"},
        cow_field=["-1,-1"],
        hands={0: ["Bribe"]},
    )
    assert "play Bribe on -1,-1" not in texts(s)
    with pytest.raises(IllegalMoveError, match="cut player 1's fence back"):
        cf.apply_move(s, cf.parse_move(s, "play Bribe on -1,-1"))


# -- Backlash mode --------------------------------------------------------------


def test_backlash_nitro_gives_the_cow_more_cards() -> None:
    # "Nitro: Draw 1 or 2 additional Mad Cow cards and place them after the Cow's
    # initial moves."
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, hands={0: ["Nitro +2"]}, facing="NW")
    s = play(s, "play Nitro +2", "mad cow card Straight Forward 1")
    s = cow_plays(s, "Straight Forward 5", "Rear Right 8", "Turn Around 5")
    assert (cf.plot_name(_cow(s).plot), SIDES[_cow(s).facing]) == ("-1,0", "SW")
    assert _cow(s).plots == plots("0,0", "-1,0", "0,-1")
    assert s.phase is cf.Phase.TURN and _cow(s).draws == 0


def test_backlash_rut_costs_the_next_player_two_moves() -> None:
    # "Rut: The player playing next loses 2 moves at his/her turn." Solo: you.
    s = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, hands={0: ["Rut"]})
    s = play(s, "play Rut on the Cow", "mad cow card Repeat 1")
    assert _cow(s).ruts == (0,) and _cow(s).rests == 0 and s.allowance == 3
    s = cow_plays(s, "Turn Around 0")
    assert s.player == 0 and s.allowance == 1 and _cow(s).ruts == ()
    trio = cf.Rules(players=3, mode="mad-cow")
    s = cf.scenario(trio, tractors={0: "0,-2 NW", 1: "0,-2 NE"}, hands={0: ["Rut"]})
    s = play(s, "play Rut on the Cow", "mad cow card Repeat 1")
    assert _cow(s).ruts == (1,)


def test_backlash_hay_bales_go_around_a_tractor() -> None:
    # "Choose a tractor and place a first Hay bale on one of the 3 paths around it.
    # If 2 Hay Bales, place the second one path further."
    s = cf.scenario(SOLO, tractors={0: "0,-2 SE"}, hands={0: ["2 Hay Bales"]})
    s = play(s, "play 2 Hay Bales", "mad cow card Repeat 1")
    assert s.phase is cf.Phase.BACKLASH_BALE and s.pending == 2  # one tractor: no choice
    # The task carries the card, the tractor aimed at and (once placed) the first bale.
    tractor = s.farmers[0].tractor
    assert s.decision == cf.BacklashBales(0, "2 Hay Bales", tractor, -1, 2)
    assert texts(s) == ["place hay bale 0,-1 N", "place hay bale 0,-1 NE", "place hay bale 0,-2 SE"]
    s = play(s, "place hay bale 0,-1 N")
    assert s.decision == cf.BacklashBales(0, "2 Hay Bales", tractor, cf.path("0,-1 N"), 1)
    assert texts(s) == ["place hay bale -1,-1 NE", "place hay bale -1,-1 SE"]
    with pytest.raises(IllegalMoveError, match="one path further"):
        cf.apply_move(s, cf.parse_move(s, "place hay bale 0,-2 SE"))
    s = play(s, "place hay bale -1,-1 SE")
    assert s.phase is cf.Phase.TURN and s.bales == (1 << cf.path("0,-1 N")) | (
        1 << cf.path("-1,-1 SE")
    )
    assert s.discard == ("2 Hay Bales",) and s.decision == cf.Turn(0)
    # "If there is not enough space, try a path further away": 2 of the 3
    # paths around the tractor hold bales already and a bale on the third
    # would lock it in, so the bale goes one path away.
    s = cf.scenario(
        SOLO,
        tractors={0: "0,-2 SE"},
        hands={0: ["Hay Bale"]},
        bales=["0,-1 N", "0,-1 NE"],
    )
    s = play(s, "play Hay Bale", "mad cow card Repeat 1")
    tractor = s.farmers[0].tractor
    around = {w for _, _, w in cf.board.STEPS[tractor]}
    spots = [cf.path(t.split(" bale ")[1]) for t in texts(s)]
    assert spots and all(set(cf.board.GRID.edge_vertices[e]) & around for e in spots)


def test_backlash_hay_bale_aims_at_a_chosen_tractor() -> None:
    duo = cf.Rules(players=2, mode="mad-cow")
    s = cf.scenario(
        duo, tractors={0: "0,-2 NW", 1: "0,-2 SE"}, hands={0: ["Hay Bale"]}, cow_field=["0,3"]
    )
    s = play(s, "play Hay Bale", "mad cow card Repeat 1")
    assert s.phase is cf.Phase.AIM and s.to_move == 0
    assert s.decision == cf.AimBales(0, "Hay Bale", 1)
    assert texts(s) == ["aim at player 0's tractor", "aim at player 1's tractor"]
    s = play(s, "aim at player 1's tractor")
    assert s.decision == cf.BacklashBales(0, "Hay Bale", s.farmers[1].tractor, -1, 1)
    assert texts(s) == ["place hay bale 0,-1 N", "place hay bale 0,-1 NE", "place hay bale 0,-2 SE"]


def test_backlash_dynamite_blasts_the_cows_plot() -> None:
    # "Dynamite: The Cow blasts everything on its plot and paths: fences (i.e. the
    # fence is cut), Hay Bales and Barns."
    fence = FENCE[:4]  # its last piece, protected, is on a path of the Cow's plot 0,0
    s = cf.scenario(SOLO, fences={0: fence}, hands={0: ["Dynamite"]}, bales=["0,0 SE", "1,1 N"])
    assert SOLO.barn_plots >> cf.plot("0,0") & 1
    s = play(s, "play Dynamite on 1,1 N", "mad cow card Rear Left 4")  # 3 < 4
    assert s.farmers[0].fence == ()
    assert s.bales == 1 << cf.path("1,1 N")  # the other bale is not on the Cow's paths
    assert not s.barns >> cf.plot("0,0") & 1 and _cow(s).blasted == plots("0,0")
    assert "barn" not in cf.render_text(s).split("\n")[14]


def test_backlash_high_voltage_removes_the_fence() -> None:
    # "High Voltage: Remove your (or the next player's) entire fence."
    s = cf.scenario(SOLO, fences={0: FENCE[:3]}, hands={0: ["High Voltage"]})
    s = play(s, "play High Voltage", "mad cow card Straight Forward 5")  # 2 < 5
    assert s.farmers[0].fence == () and s.farmers[0].in_play == ()
    assert s.discard == ("High Voltage",)


def test_backlash_watchdog_prevents_the_capture() -> None:
    # "Watchdog: Immediately protects the Cow's plots from being annexed until the
    # start of the player's (or the Cow's) turn that played the bonus. Warning:
    # this card can prevent you from capturing the Cow during this turn."
    field = ["0,-2", "-1,-1", "1,-2", "-1,0"]
    fence, close = fence_around(plots(*field), plots("0,-1", "0,0", "1,-1"))
    s = cf.scenario(SOLO, fields={0: field}, fences={0: fence}, hands={0: ["Watchdog"]})
    assert s.farmers[0].fence_length == 5
    s = play(s, "play Watchdog", "mad cow card Rear Left 8")
    assert _cow(s).guard == 0 and s.farmers[0].in_play == ()
    s = play(s, close)
    assert s.phase is cf.Phase.TURN  # no capture
    assert s.farmers[0].plots == plots(*field, "0,-1", "1,-1")
    assert _cow(s).plots == plots("0,0")
    s = cow_plays(s, "Rear Left 4")
    assert _cow(s).guard == -1  # gone when the player's next turn started


def test_backlash_helicopter_flies_the_cow_to_the_far_end_of_its_field() -> None:
    # "Helicopter: The Cow goes straight to the farthest plot of its field (if
    # several, choose one) without cutting the fences it may cross path with.
    # Once there, the Cow reverses its direction."
    s = cf.scenario(
        SOLO,
        tractors={0: "0,-2 NW"},
        hands={0: ["Helicopter"]},
        facing="NE",
        cow_field=["0,1", "0,2", "2,0", "2,-1"],
    )
    s = play(s, "play Helicopter", "mad cow card Repeat 1")
    assert s.phase is cf.Phase.FLY and s.decision == cf.FlyCow(0, "Helicopter")
    assert texts(s) == ["fly the Cow to 2,-1", "fly the Cow to 2,0", "fly the Cow to 0,2"]
    s = play(s, "fly the Cow to 0,2")
    assert cf.plot_name(_cow(s).plot) == "0,2" and SIDES[_cow(s).facing] == "SW"
    assert s.phase is cf.Phase.TURN and s.discard == ("Helicopter",)
    one = cf.scenario(SOLO, tractors={0: "0,-2 NW"}, hands={0: ["Helicopter"]}, cow_field=["0,3"])
    one = play(one, "play Helicopter", "mad cow card Repeat 1")  # a single farthest plot
    assert cf.plot_name(_cow(one).plot) == "0,3" and SIDES[_cow(one).facing] == "S"
    assert one.phase is cf.Phase.TURN  # and no barn bonus for a flight


def test_backlash_bribe_gives_a_plot_to_the_cow() -> None:
    # "Bribe: Lose any one of your plots adjacent to the Cow."
    field = ["0,-2", "0,-1", "1,-2", "-1,0"]
    s = cf.scenario(
        SOLO, fields={0: field}, tractors={0: "0,-2 NW"}, hands={0: ["Bribe"]}, cow_field=["1,-1"]
    )
    s = play(s, "play Bribe on 1,-1", "mad cow card Repeat 1")
    # 0,-1 would split the field; -1,0 is the only one next to the Cow that may go.
    assert s.phase is cf.Phase.SURRENDER and texts(s) == ["give -1,0 to the Cow"]
    # The choice's task carries the card and what it was played on.
    assert s.decision == cf.LoseToCow(0, "Bribe", cf.plot("1,-1"))
    assert cf.to_position(s)["cow"]["target"] == "1,-1"
    with pytest.raises(IllegalMoveError, match="adjacent to the Cow"):
        cf.apply_move(s, cf.parse_move(s, "give 0,-1 to the Cow"))
    s = play(s, "give -1,0 to the Cow")
    assert s.farmers[0].plots == plots("0,-2", "0,-1", "1,-2")
    assert _cow(s).plots == plots("0,0", "1,-1", "-1,0")
    assert s.phase is cf.Phase.TURN and s.discard == ("Bribe",)
    # "if it cannot play a Bribe, the card is discarded" (the authors' FAQ): 1,-2
    # has a barn, and without 0,-2 the tractor would lose its field.
    s = cf.scenario(
        SOLO,
        fields={0: ["0,-2", "1,-2"]},
        tractors={0: "0,-2 NW"},
        hands={0: ["Bribe"]},
        cow="0,-1",
        cow_field=["1,-3"],
    )
    s = play(s, "play Bribe on 1,-3", "mad cow card Repeat 1")
    assert s.phase is cf.Phase.TURN and s.discard == ("Bribe",)
    assert s.farmers[0].plots == plots("0,-2", "1,-2") and _cow(s).plots == plots("0,-1", "1,-3")


class WatchedBribe(Bribe):
    """The rulebook's Bribe, its Backlash effect watched: what the handler is given."""

    seen: ClassVar[list[tuple[object, int]]] = []

    def backlash(self, state: cf.State, seat: int, card: str) -> cf.State:
        self.seen.append((state.decision, cf.backlash_target(state)))
        return super().backlash(state, seat, card)


class WatchedRules(cf.Rules):
    """The Mad Cow mode with the Bribe's Backlash watched."""

    handlers = (WatchedBribe(),)


def test_a_backlash_handler_reads_its_card_and_target_off_the_top_task() -> None:
    # Handler.backlash: the task on top of the agenda carries the card until the
    # effect is over: the CheckBonus that checked it, with what it was played on.
    rules = WatchedRules(players=1, mode="mad-cow")
    field = ["0,-2", "0,-1", "1,-2", "-1,0"]
    s = cf.scenario(
        rules, fields={0: field}, tractors={0: "0,-2 NW"}, hands={0: ["Bribe"]}, cow_field=["1,-1"]
    )
    WatchedBribe.seen.clear()
    s = play(s, "play Bribe on 1,-1", "mad cow card Repeat 1")
    assert WatchedBribe.seen == [(cf.CheckBonus("Bribe", cf.plot("1,-1")), cf.plot("1,-1"))]
    assert s.decision == cf.LoseToCow(0, "Bribe", cf.plot("1,-1"))
    assert cf.backlash_target(s) == cf.plot("1,-1")
    s = play(s, "give -1,0 to the Cow")
    assert s.decision == cf.Turn(0) and cf.backlash_target(s) == -1
