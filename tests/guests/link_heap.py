# benchmarks/link_figures.py: a Burako Link's heap and fuel inside MicroPython, two consoles on
# the loop cable of link_consoles.py (joined after link_heap_preload.py and link_consoles.py).
# Prints P and p around the receiving console's poll (the fuel of checking a peer move), then H:
# the heap importing link/ takes, a Link's construction allocates and keeps, one move exchange
# allocates and keeps, the most any of 30 more exchanges allocates, and the moves played.
LA = None
LB = None
gc.collect()
A1B = gc.mem_alloc()


# make() builds console A's Link, other() B's, polls(k) polls both k times (the variant is a
# literal, not a parameter: a parameter's name is one more interned name, which moves the figures)
def make():
    global LA
    LA = S.Link(BA, 'burako', nonce=nonce)
    yield


def other():
    global LB
    LB = S.Link(BB, 'burako', nonce=nonce)
    yield


def polls(k):
    for _ in range(k):
        CLK.now += 10
        LA.poll(CLK.now)
        LB.poll(CLK.now)
        while LA.next_event() or LB.next_event():
            pass
        yield


def exchange():
    # the player to move moves; until the other console has it and the ack is back
    L = LA if LA.my_turn() else LB
    M = LB if L is LA else LA
    n = M.count
    mv = next(L.game.legal_moves())
    a0 = gc.mem_alloc()
    L.send_move(mv)
    while M.count == n or not L.idle():
        CLK.now += 10
        L.poll(CLK.now)
        print('P')
        M.poll(CLK.now)
        print('p')
        while LA.next_event() or LB.next_event():
            pass
    X[0] = gc.mem_alloc() - a0
    yield


X = [0]
for _ in make():
    pass
A2 = gc.mem_alloc()
gc.collect()
A3 = gc.mem_alloc()
for _ in other():
    pass
for _ in polls(40):
    gc.collect()
gc.collect()
B0 = gc.mem_alloc()
for _ in exchange():
    pass
gc.collect()
B2 = gc.mem_alloc()
B1 = X[0]
peak = 0
for i in range(30):
    gc.collect()
    for _ in exchange():
        pass
    if X[0] > peak:
        peak = X[0]
print('H', A1 - A0, A2 - A1B, A3 - A1B, B1, B2 - B0, peak, LA.count)
