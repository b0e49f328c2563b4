"""Scenarios from the rulebook's text, each a short move sequence from a constructed position."""

from __future__ import annotations

import pytest
from crazy_farmers_helpers import play, plots, texts

from acreage import CHANCE, IllegalMoveError
from acreage import crazy_farmers as cf

TWO = cf.Rules(players=2)
THREE = cf.Rules(players=3)


def test_simple_annex() -> None:
    # "As soon as your tractor has pulled fences connecting back to your field:
    # Place your Plot tiles [...] Remove unnecessary fences [...] Then resume your moves."
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["0,2"]},
        fences={0: ["0,-2 SE", "1,-2 SW", "0,-1 SE"]},
        tractors={1: "0,2 SE"},
    )
    s = play(s, "move W", "move NW")
    assert s.farmers[0].fence_length == 4
    assert s.farmers[0].plots == plots("0,-2")
    s = play(s, "move NE")
    f = s.farmers[0]
    assert f.plots == f.main == plots("0,-2", "0,-1")
    assert f.fence == () and f.fence_paths == 0
    assert cf.crossroad_name(f.tractor) == "0,-2 SW"
    assert s.phase is cf.Phase.TURN and s.pending == 0  # no barn: nothing to draw
    assert cf.scores(s) == (2, 1)
    assert texts(s) == ["end turn"]  # 3 moves made
    s = play(s, "end turn")
    assert s.player == 1


def test_annex_takes_an_opponents_plot_and_barn_for_two_cards() -> None:
    # "If some of the plots annexed belonged to an opponent, hand him/her back
    # his plot tiles. [...] Draw 1 or 2 Bonus cards for each plot annexed that
    # contains a Barn (2 if on an opponent's plot)."
    assert TWO.barn_plots >> cf.plot("1,-2") & 1
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["1,-2", "2,-2"]},
        fences={0: ["1,-3 SW", "1,-3 SE", "2,-3 SW"]},
        tractors={1: "2,-2 SE"},
    )
    s = play(s, "move SW", "move W", "move NW")
    assert s.farmers[0].plots == plots("0,-2", "1,-2")
    assert s.farmers[1].plots == s.farmers[1].main == plots("2,-2")
    assert s.to_move is CHANCE and s.phase is cf.Phase.DRAW and s.pending == 2
    assert sum(p for _, p in cf.chance_outcomes(s)) == 1
    s = play(s, "draw Helicopter")
    assert s.to_move is CHANCE and s.pending == 1
    s = play(s, "draw Nitro +1")
    assert s.phase is cf.Phase.TURN and s.player == 0
    assert s.farmers[0].hand == ("Helicopter", "Nitro +1")
    # An empty barn plot gives 1 card only.
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["0,2"]},
        fences={0: ["1,-3 SW", "1,-3 SE", "2,-3 SW"]},
        tractors={1: "0,2 SE"},
    )
    s = play(s, "move SW", "move W", "move NW")
    assert s.phase is cf.Phase.DRAW and s.pending == 1


def test_cut_at_a_fences_starting_point() -> None:
    # "By touching an opponent's fence, including the starting point, you cut
    # it off. [...] Your opponent's fence is lost: remove it entirely."
    s = cf.scenario(
        TWO,
        fields={0: ["1,1"], 1: ["0,2"]},
        tractors={0: "0,1 SE"},
        fences={1: ["0,1 SW", "-1,1 SE", "0,0 SW", "-1,0 SE"]},
    )
    assert s.farmers[1].fence_length == 3
    s = play(s, "move W")
    assert cf.crossroad_name(s.farmers[0].tractor) == "0,1 SW"
    assert s.farmers[1].fence == () and s.farmers[1].fence_crossroads == 0
    # Cut off outside its field with no fence, player 1 is powerless and has no main field.
    assert not s.farmers[1].powered and s.farmers[1].main == 0
    assert cf.scores(s) == (1, 0)
    assert cf.fields(s) == ((1, 1), (0, 1))


def test_protection_blocks_the_two_fences_behind_a_tractor() -> None:
    # "the 2 fences behind your tractor are protected. [...] opponents cannot
    # cut or go through the 3 crossroads around them. The crossroad where your
    # 3rd fence behind your tractor ends is therefore the first weak point."
    position = {
        "fields": {0: ["-1,2"], 1: ["0,2"]},
        "fences": {1: ["0,1 SW", "-1,1 SE", "0,0 SW", "-1,0 SE"]},
    }
    s = cf.scenario(TWO, tractors={0: "-1,1 SW"}, **position)  # type: ignore[arg-type]
    assert "move E" not in texts(s)
    with pytest.raises(IllegalMoveError, match="2 fences behind player 1's tractor are protected"):
        cf.apply_move(s, cf.parse_move(s, "move E"))
    # The crossroad at the end of the 3rd fence is the first weak point.
    s = cf.scenario(TWO, tractors={0: "-1,2 SE"}, **position)  # type: ignore[arg-type]
    s = play(s, "move NE")
    assert s.farmers[1].fence == ()


def test_a_short_fence_protects_its_starting_point() -> None:
    # The authors' FAQ: "When I have only 1 or 2 fences behind me, is the
    # starting point protected? Yes, Fence protection (2 fences on 3
    # crossroads) also protects the starting point if included".
    s = cf.scenario(
        TWO,
        fields={0: ["1,1"], 1: ["0,2"]},
        tractors={0: "0,1 SE"},
        fences={1: ["0,1 SW", "-1,1 SE"]},
    )
    assert "move W" not in texts(s)  # 0,1 SE -> 0,1 SW, the fence's starting point
    with pytest.raises(IllegalMoveError, match="protected"):
        cf.apply_move(s, cf.parse_move(s, "move W"))


def test_powerless_tractor_passes_through_fences_without_cutting() -> None:
    # "When outside of your field and without fences, you are Powerless. [...]
    # can however pass through them when not protected by their tractor. It is
    # actually the only situation that allows a tractor to pass through or even
    # end its turn on a fence without cutting it."
    fence = ["0,1 SW", "-1,1 SE", "0,0 SW", "-1,0 SE", "0,-1 SW", "-1,-1 SE"]
    s = cf.scenario(
        TWO, fields={0: ["0,-3"], 1: ["0,2"]}, tractors={0: "0,0 SE"}, fences={1: fence}
    )
    assert not s.farmers[0].powered
    s = play(s, "move W")  # onto the fence
    assert s.farmers[1].fence_length == 5
    assert "move NW" not in texts(s)  # still protected: 3rd crossroad from player 1's tractor
    s = play(s, "move SW", "move SE")  # along it, to its starting point
    assert s.farmers[1].fence_length == 5
    assert cf.crossroad_name(s.farmers[0].tractor) == "0,1 SW"
    assert texts(s) == ["end turn"]
    s = play(s, "end turn")
    assert s.farmers[1].fence_length == 5  # ended its turn on the fence, nothing cut
    # Powerless tractors pull no fence.
    assert s.farmers[0].fence == ()


def test_powerless_tractor_is_powered_again_on_reaching_its_field() -> None:
    # "You will no longer be Powerless once connected back to your field,
    # allowing you to pull new fences and cut opponents' fences again."
    s = cf.scenario(TWO, fields={0: ["0,0"], 1: ["0,2"]}, tractors={0: "1,0 SW", 1: "0,2 SE"})
    assert not s.farmers[0].powered and cf.scores(s)[0] == 0
    s = play(s, "move NW")  # 1,0 SW -> 0,0 SE, a corner of plot 0,0
    assert s.farmers[0].powered and s.farmers[0].main == plots("0,0")
    s = play(s, "move SE")  # leaves the field: now a fence is pulled
    assert s.farmers[0].fence_length == 1


def test_reaching_its_field_on_an_opponents_fence_cuts_it() -> None:
    # Powered again on arrival, the tractor cuts the fence it arrives on.
    fence = ["0,1 SW", "-1,1 SE", "0,0 SW", "-1,0 SE", "0,-1 SW", "-1,-1 SE"]
    s = cf.scenario(
        TWO, fields={0: ["-1,1"], 1: ["0,2"]}, tractors={0: "0,0 SE"}, fences={1: fence}
    )
    assert not s.farmers[0].powered
    s = play(s, "move W")  # 0,0 SW: a corner of plot -1,1 and a crossroad of the fence
    assert s.farmers[0].powered and s.farmers[1].fence == ()


def test_field_split_into_main_and_fallow_then_reunified() -> None:
    # "If annexing a plot ends up dividing an opponent's field into several
    # parts, read Fallow Land below. [...] The part of the field where your
    # tractor is [...] becomes your main field, the remaining parts of your
    # field are fallow. [...] Reunify your main field and Fallow lands by
    # annexing the plots between them."
    s = cf.scenario(
        TWO,
        fields={0: ["0,0", "0,1"], 1: ["1,-1", "1,0", "1,1", "2,0"]},
        fences={0: ["1,0 SW", "1,0 SE", "2,-1 SW", "1,-1 SE"]},
        tractors={1: "2,-1 SE"},
        hands={1: ["Nitro +2"]},
    )
    s = play(s, "move W")  # closes plot 1,0 off
    one = s.farmers[1]
    assert s.farmers[0].plots == plots("0,0", "0,1", "1,0")
    assert one.main == plots("1,1", "2,0") and one.fallow == plots("1,-1")
    assert cf.fields(s)[1] == (2, 3)
    s = play(s, "move NW", "move W", "end turn")  # along player 0's own field: no fence
    assert s.farmers[0].fence == ()
    s = play(s, "play Nitro +2", "move W", "move NW", "move W", "move SW")
    assert s.farmers[1].fence_length == 3  # the first move ran along its own field
    s = play(s, "move SE")
    one = s.farmers[1]
    assert one.plots == one.main == plots("1,-1", "1,0", "1,1", "2,0")
    assert one.fallow == 0
    assert s.farmers[0].plots == plots("0,0", "0,1")


def test_elimination_ends_a_two_player_game() -> None:
    # "Elimination: If a player has annexed the last plot you had on the board,
    # you are eliminated. Remove your tractor and fences from the board."
    # "The game ends immediately as soon as a player [...] Eliminates all other players."
    s = cf.scenario(
        TWO,
        fields={0: ["0,-2"], 1: ["0,-1"]},
        fences={0: ["0,-2 SE", "1,-2 SW", "0,-1 SE"]},
        tractors={1: "2,0 SE"},
        hands={1: ["Bribe"]},
    )
    s = play(s, "move W", "move NW", "move NE")
    assert s.farmers[1].out and s.farmers[1].tractor == -1 and s.farmers[1].plots == 0
    assert "Bribe" in s.discard
    assert cf.is_terminal(s) and s.ended == "elimination"
    assert cf.winners(s) == (0,)
    assert cf.legal_moves(s) == ()


def test_elimination_in_a_three_player_game_skips_the_eliminated_seat() -> None:
    s = cf.scenario(
        THREE,
        fields={0: ["0,-2"], 1: ["0,-1"], 2: ["2,0"]},
        fences={0: ["0,-2 SE", "1,-2 SW", "0,-1 SE"]},
        tractors={1: "-1,1 SW", 2: "2,0 SE"},
    )
    s = play(s, "move W", "move NW", "move NE")
    assert s.farmers[1].out and s.farmers[1].tractor == -1
    assert not cf.is_terminal(s)
    s = play(s, "end turn")
    assert s.player == 2
