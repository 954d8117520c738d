"""The baseline AI plays Burako, not just legal moves: it melds, builds
canastas, takes the muerto and closes; and its matches always end."""
import pytest

from ai.basic import BasicAI
from ai.selfplay import play_match
from engine import game
from engine import melds
from engine import rules


def hand_stats(variant, n, seeds):
    hands = closes = canastas = muertos = 0
    for seed in seeds:
        g = game.Game(rules.by_name(variant), n, seed)
        ai = [BasicAI() for _ in range(n)]
        while g.phase != game.P_MATCH_OVER:
            assert g.play(ai[g.turn].choose(g)) == 0
            if g.phase in (game.P_HAND_OVER, game.P_MATCH_OVER) and not g.void:
                hands += 1
                closes += g.closer >= 0
                muertos += g.taken[0] + g.taken[1]
                canastas += sum(melds.is_canasta(m, g.rules) for s in (0, 1) for m in g.melds[s])
            if g.phase == game.P_HAND_OVER:
                g.play((game.NEXT, 0, b"", 0))
    return hands, closes / hands, canastas / hands, muertos / (2 * hands)


@pytest.mark.parametrize("variant,n", [("burako", 2), ("burako", 4), ("torneo", 2)])
def test_ai_melds_canastas_muerto_and_closes(variant, n):
    hands, closed, canastas, muerto = hand_stats(variant, n, range(1, 7))
    assert hands >= 6
    assert closed >= 0.7          # measured ~96% over 30 matches
    assert canastas >= 1.5        # measured ~3.3 per hand
    assert muerto >= 0.5          # measured ~75-80% of side-hands


@pytest.mark.parametrize("variant,n", [("burako", 2), ("burako", 4), ("torneo", 2)])
def test_matches_end_with_a_winner(variant, n):
    for seed in range(100, 115):
        r = play_match(variant, n, seed)
        a, b = r["scores"]
        assert r["winner"] == (0 if a > b else 1)
        assert max(a, b) >= rules.by_name(variant).target


def test_level_one_is_easier_than_level_two():
    from ai.basic import BasicAI
    wins = [0, 0]
    for seed in range(1, 21):
        lv = (1, 2) if seed % 2 else (2, 1)      # alternate seats
        r = play_match("burako", 2, seed, players=[BasicAI(lv[0]), BasicAI(lv[1])])
        wins[lv[r["winner"]] - 1] += 1
    assert wins[1] > wins[0]                  # measured 42 to 18 over 60 matches
