# The link screen's texts for the link's end, "give up?" and a hidden deal (ui/lang.py tx()
# ids from 17, ui/linkkeys.py names them; the session's reasons last, from T_REASON), loaded
# only then: a linked match never holds them while it is played.
TX = (
    'A: continue',
    'The link has ended',
    'decided by the other console',
    'decided on this console',
    'Give up the match?',
    'X:give up B:no',
    'A:keep it saved X:delete',
    'Hidden deal',
    'Checking the hand',
    'Hidden',   # the Rummy set-up's J2 row: over the cable, hidden hands
    'The other console cannot hide',    # hidden hands asked, the peer cannot (link.downgraded)
    'hands: it will see your rack',
    'A:play open  B:leave',
    '',
    'the match is over',
    'different program versions',
    'different rules or deal',
    'the other console lost it',
    'this console lost the match',
    'another match in progress',
    'dishonest deal',
    'the other console cheated',
    'positions differ',
    'match abandoned',
    'protocol error',
    'abandoned by the other console',
    'the deal was not revealed',
    'the hidden deal was cheated',
    'the other console stalled',
    'no randomness on this console',
)
