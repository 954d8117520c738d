"""The AI's exact speed-ups change no decision: the transcripts of fixed
seeds are pinned as the baseline played them before the rewrite (sha256 of
the whole transcript, recorded with the original firmware/ai/basic.py at
commit 90946f4). Level 0 is that baseline, kept frozen for this pin and the
speed figures (benchmarks/ai_figures.py)."""
import pytest

from ai.basic import BasicAI, find_meld
from ai import rack as ai_rack
from ai.selfplay import play_match
from engine import tiles

PINNED = {
    ("burako", 2, 1): "3b5dee6cc7b45f3f793f4a7bea76510cd85657734d53901d835ee113b58570e9",
    ("burako", 2, 2): "57cfdfd2b4fdc428cb7ccb94bd2fbfd98cb6114922f351d28940f121789bb7fd",
    ("burako", 2, 3): "f4f66fa26941d8cd00103ef95b6cec328557789bb1cd7bed9a2f72d69a65f84d",
    ("burako", 2, 4): "ba67add50745cba286d16cfc3b6a6915e193617dac43806d2ed80a500809b121",
    ("burako", 2, 5): "6b8fdb5d53942986006b8217cba4c310de25858bdba0855ea76c37846b7a241b",
    ("burako", 2, 6): "60143380e5ed405c1f6e9a6e24b4a2cc5efcea21b4ac26e8682ee7e731659668",
    ("burako", 4, 1): "316a7bd2bf56858b89924afa5beda40efefeb4eb3b74b2a987b79939c17b3c55",
    ("burako", 4, 2): "99ee99a0fcce5f66e6cdf656f6c3708094088e31b3952cba82f54d151adfeb9d",
    ("burako", 4, 3): "69887d82cb369580f5078d2df2e96d98d4874ea63398d5117bb5e11cd96193e9",
    ("burako", 4, 4): "7adf210fcfe3bfe3e59af76c5cdd5a273b4fb82bcd768846640b7c7717317a33",
    ("burako", 4, 5): "a5bc2fb364e641b8850ad9fcbbc1d90040beb7aa7778c2333159e515496a991a",
    ("burako", 4, 6): "07da49ede2170acc9e003e2a124c7a13f9470b8aca9d6196309fcc0a24f42862",
    ("torneo", 2, 1): "357b0608f920c8238b67d8b6f8aab7489536e5f3130ba39b1580b5faf0b5e25e",
    ("torneo", 2, 2): "438bd65897a6bf6de199b554a585f5f55af1e88a68a4bf98eaa445b1e9f1f430",
    ("torneo", 2, 3): "80610d69faf39f10fcf6d407f43da65b832431efbd8591d5eae89e02d90d5a5e",
    ("torneo", 2, 4): "f4cfc1997a36fa42943d42cc6a257255f091468fb01e891e2c409c4b847b164b",
    ("torneo", 2, 5): "416ebaffb4fff209a280fb1c41c52d46ed29ef9fb40bb06ea60eda474d770986",
    ("torneo", 2, 6): "8cd056edaf4bb5dd842a01c9be80649bbf77630f999ce4307868531a515edf5b",
}


@pytest.mark.parametrize("variant,n,seed", sorted(PINNED))
def test_baseline_transcripts_are_unchanged(variant, n, seed):
    r = play_match(variant, n, seed, players=[BasicAI(0) for _ in range(n)])
    assert r["transcript_sha256"] == PINNED[(variant, n, seed)]


# The levels' own matches, recorded with the tree of 1 Dec (9ffcf43), before the speed-ups of
# docs/ai.md "Speed": the same moves for the same seed (levels per side, side 0 first; level
# 4's random numbers seeded seed * 4 + seat, as burako league and ai/leveled.py do)
PINNED_LEVELS = {
    ("burako", 2, 1, (2, 2)): "ae41dd81c4424cebae3a1a6d19aab5a5b6358ed4795edc9e0521dfc36736d427",
    ("burako", 2, 2, (2, 2)): "77b750d953bb76fc9f101f246470026480faece965cece4e7f4fd2fb5aebcd9e",
    ("burako", 4, 1, (2, 2)): "4fde4a3391f5a4bd96627e0ff4041f2a17e15d3d2d01655c3fa7b0c69e247428",
    ("burako", 4, 2, (2, 2)): "7c660d5acc075c451100bb24201e190b37e0a2d0d0917ccd7c3c5dc35f73cbca",
    ("burako", 2, 3, (1, 1)): "98131ecb4c077e514b6c2ff5f7dbdcde36a621af202a1bed447c66a1e624c824",
    ("torneo", 4, 3, (1, 2)): "80cb1aad9b6098a772fb243d7ba22bee66bb1100403fcee0c54c4a8263219b74",
    ("burraco", 2, 4, (2, 3)): "864a2678aebce51ca2d8fb0c01ef546b3c15ce6c68b4d8b0b3e33f983965ba02",
    ("torneo", 2, 5, (3, 3)): "8813829038d281c88db8c2011014382094c9ead873bca0083d98f466d62460da",
    ("burraco", 4, 6, (3, 3)): "549d2ce17e4316034381c18781116cb1bb93992183b7e2fa88b3f9261271727c",
    ("burako", 2, 1, (3, 4)): "597754ea8fde6205120bc14af9805052b66ad614aa9d990ca6ff8e848f36e3d0",
    ("burraco", 4, 2, (3, 4)): "4eaeb74ee26e10fa301689e2807115ef1d47e4c39401d22ac7f9b1bdd7ccccf6",
    ("torneo", 2, 3, (3, 4)): "53ea02857cb9b459a097fd65b80bc7d9f68e94a013a50c76550d1db5d7d0da94",
}


@pytest.mark.parametrize("variant,n,seed,levels", sorted(PINNED_LEVELS))
def test_level_transcripts_are_unchanged(variant, n, seed, levels):
    from ai import leveled
    r = play_match(variant, n, seed, players=leveled.players(n, seed, levels))
    assert r["transcript_sha256"] == PINNED_LEVELS[(variant, n, seed, levels)]


def _slow_find_meld(rack, naturals_only):
    # the original helper-per-tile search, the reference for the bitmask one
    from engine import melds
    cnt = tiles.counts(rack)
    wild = -1
    if not naturals_only:
        for t in rack:
            if tiles.is_wild(t):
                wild = t
                break
        if wild < 0:
            return None
    need = 3 if naturals_only else 2
    best = None
    for n in (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13):
        ts = bytearray()
        for c in range(4):
            for _ in range(cnt[tiles.tile(c, n)]):
                ts.append(tiles.tile(c, n))
        if len(ts) >= need and (best is None or len(ts) + (wild >= 0) > len(best)):
            best = ts
            if wild >= 0:
                best.append(wild)
    for c in range(4):
        for p in range(1, 15):
            ts = bytearray()
            nat = 0
            used = wild < 0
            q = p
            while q <= 14 and len(ts) < 13:
                t = melds.natural_at(c, q)
                if cnt[t]:
                    ts.append(t)
                    nat += 1
                elif not used and nat:
                    used = True
                    ts.append(wild)
                else:
                    break
                q += 1
            if nat >= need and (best is None or len(ts) + (not used) > len(best)):
                if not used:
                    ts.append(wild)
                best = ts
    return bytes(best) if best else None


def test_bitmask_meld_finder_equals_the_tile_by_tile_one():
    from engine import rng
    x = rng.seed_state(5)
    deck = tiles.full_deck()
    for size in list(range(3, 30)) * 30:
        x = rng.shuffle(deck, x)
        rack = deck[:size]
        for nat in (True, False):
            assert find_meld(rack, nat) == _slow_find_meld(rack, nat), (tiles.list_text(rack), nat)


def test_rack_tables_match_the_engine_helpers():
    for t in range(tiles.NCODES):
        assert ai_rack.NUM[t] == tiles.number(t)
        assert ai_rack.WILD[t] == tiles.is_wild(t)
        assert ai_rack.COL[t] == (4 if t == tiles.JOKER else tiles.colour(t))
        if t != tiles.JOKER:
            assert ai_rack.VAL[t] == tiles.value(t)
