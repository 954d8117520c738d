# The link screen's texts for the link's end, "give up?" and a hidden deal (ui/lang.py tx()
# ids from 17, ui/linkkeys.py names them; the session's reasons last, from T_REASON), loaded
# only then: a linked match never holds them while it is played.
TX = (
    'A: continua',
    'Il collegamento è finito',
    "deciso dall'altra console",
    'deciso da questa console',
    'Abbandonare la partita?',
    'X:abbandona B:no',
    'A:tienila X:cancellala',
    'Mani coperte',
    'Verifica della mano',
    'Coperto',   # the Rummy set-up's J2 row: over the cable, hidden hands
    '',
    'la partita è finita',
    'versioni diverse',
    'regole o mani diverse',
    "l'altra console l'ha persa",
    "questa console l'ha persa",
    "un'altra partita in corso",
    'distribuzione disonesta',
    "l'altra console ha barato",
    'posizioni diverse',
    'partita abbandonata',
    'errore di protocollo',
    "abbandonata dall'altra console",
    'distribuzione non rivelata',
    'mani coperte truccate',
    "l'altra console si è fermata",
    'nessun caso in questa console',
)
