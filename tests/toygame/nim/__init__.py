# Nim, a toy game of the console (tests/toygame/README.md): the package a newcomer adds.
