#!/usr/bin/env python3
"""Counts, in a match.py PGN of tablebase openings, the games an engine played as the side
to move of the opening: in won openings how many it won (conversions), in drawn ones how many
it did not lose (holds). Usage: tally.py ENGINE-NAME won GAMES.pgn [drawn GAMES.pgn]"""
import sys

import chess
import chess.pgn


def tally(path, engine, kind):
    good = played = 0
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            color = chess.WHITE if game.headers["White"] == engine else chess.BLACK
            if color != game.board().turn:
                continue
            played += 1
            win, loss = ("1-0", "0-1") if color == chess.WHITE else ("0-1", "1-0")
            result = game.headers["Result"]
            good += result == win if kind == "won" else result != loss
    return good, played


engine = sys.argv[1]
for kind, path in zip(sys.argv[2::2], sys.argv[3::2]):
    good, played = tally(path, engine, kind)
    print(f"{path}: {engine} {'converted' if kind == 'won' else 'held'} {good} of {played}")
