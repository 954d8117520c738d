# The link screen's texts for the link's end, "give up?" and a hidden deal (ui/lang.py tx()
# ids from 17, ui/linkkeys.py names them; the session's reasons last, from T_REASON), loaded
# only then: a linked match never holds them while it is played.
TX = (
    'A: continuar',
    'El enlace terminó',
    'lo decidió la otra consola',
    'lo decidió esta consola',
    '¿Abandonar la partida?',
    'X:abandonar B:no',
    'A:guardarla X:borrarla',
    'Reparto oculto',
    'Comprobando la mano',
    'Oculto',   # the Rummy set-up's J2 row: over the cable, hidden hands
    '',
    'la partida terminó',
    'versiones distintas',
    'reglas o reparto distintos',
    'la otra consola perdió partida',
    'esta consola perdió la partida',
    'otra partida en curso',
    'reparto deshonesto',
    'la otra consola hizo trampa',
    'las posiciones difieren',
    'partida abandonada',
    'error de protocolo',
    'la otra consola la abandonó',
    'reparto no revelado',
    'trampa en el reparto oculto',
    'la otra consola se detuvo',
    'sin azar en esta consola',
)
