"""Record files that ``acreage replay`` must refuse, and the one line it prints for each.

Shared by the in-process and the subprocess tests of the command line, so they
use a bundled game (the test-only game is not registered in a subprocess).
Each message follows ``acreage: <file>`` for a file named ``bad.json``.
"""

from __future__ import annotations

GOOD = '{"game": "fence-em-in", "moves": ["reveal large-enclosures"]}'

BAD_RECORDS: dict[str, bytes] = {
    "nested": ("[" * 100_000 + "]" * 100_000).encode(),
    "big number": ('{"game": "x", "moves": [], "metadata": {"n": ' + "9" * 5000 + "}}").encode(),
    "not UTF-8": b'\xff\xfe{"game": "x"}',
    "empty": b"",
    "blank": b"  \n\n\t\n",
    "not JSON": b"hello\n",
    "NaN": b'{"game": "x", "moves": [], "metadata": {"n": NaN}}',
    "moves a str": b'{"game": "fence-em-in", "moves": "done"}',
    "unknown game": b'{"game": "chess", "moves": []}',
    "bad rules": b'{"game": "fence-em-in", "rules": {"players": 9}, "moves": []}',
    "illegal move": (
        b'{"game": "fence-em-in", "moves": ["reveal large-enclosures", "reveal large-enclosures"]}'
    ),
    "bad third line": f"{GOOD}\n{GOOD}\n{{oops\n".encode(),
}

MESSAGES: dict[str, str] = {
    "nested": "bad.json line 1: JSON nested too deeply",
    "big number": "bad.json line 1: a number of 5000 digits is larger than a record holds",
    "not UTF-8": "bad.json line 1: not UTF-8 text: byte 0xff at position 0",
    "empty": "bad.json holds no records",
    "blank": "bad.json holds no records",
    "not JSON": "bad.json line 1: not valid JSON: Expecting value at line 1 column 1",
    "NaN": "bad.json line 1: NaN is not strict JSON",
    "moves a str": "bad.json line 1: moves: expected a list of move texts, got one text 'done'",
    "unknown game": "bad.json line 1: no game named 'chess'",
    "bad rules": "bad.json line 1: rules: players: expected 2 to 4",
    "illegal move": "bad.json line 1: move 2 'reveal large-enclosures'",
    "bad third line": "bad.json line 3: not valid JSON",
}
