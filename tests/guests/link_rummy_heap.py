# benchmarks/link_figures.py: a Rummy Link's heap inside MicroPython, two consoles on the loop
# cable of link_consoles.py (joined after link_rummy_heap_preload.py and link_consoles.py), the
# moves chosen by Rummy's AI. Prints H: the heap importing link/ takes, a Rummy Link keeps after
# construction, a Link 120 moves in holds, the most a move exchange allocates, the moves played,
# the log's bytes, and the Burako modules that entered sys.modules ('-': none may).
AI = RummyAI(1)
LA = None
LB = None
X = [0, 0]
gc.collect()
A1B = gc.mem_alloc()


# make() builds console A's Link, other() B's, polls(k) polls both k times (the variant is a
# literal, not a parameter: a parameter's name is one more interned name, which moves the figures)
def make():
    global LA
    LA = S.Link(BA, 'rummy', nonce=nonce, moves=moves)
    yield


def other():
    global LB
    LB = S.Link(BB, 'rummy', nonce=nonce, moves=moves)
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
    L = LA if LA.my_turn() else LB
    M = LB if L is LA else LA
    n = M.count
    mv = AI.choose(L.game)
    yield
    a0 = gc.mem_alloc()
    L.send_move(mv)
    while M.count == n or not L.idle():
        CLK.now += 10
        L.poll(CLK.now)
        M.poll(CLK.now)
        while LA.next_event() or LB.next_event():
            pass
    X[0] = gc.mem_alloc() - a0
    yield


for _ in make():
    pass
gc.collect()
A3 = gc.mem_alloc()
for _ in other():
    pass
for _ in polls(40):
    gc.collect()
peak = 0
for i in range(120):
    for _ in exchange():
        gc.collect()
    if X[0] > peak:
        peak = X[0]
gc.collect()
B0 = gc.mem_alloc()
LB = None
gc.collect()
B1 = gc.mem_alloc()
bad = [m for m in ('engine.game', 'engine.codec', 'engine.rules', 'engine.reasons', 'link.moves_burako')
       if m in sys.modules]
print('H', A1 - A0, A3 - A1B, B0 - B1, peak, LA.count, len(LA.log), ','.join(bad) or '-')
