#!/usr/bin/env python3
"""Plays king and queen and king and rook against a bare king at every strength level, the
level attacking and Stockfish at full strength defending, and counts the games the level
mates (issue 30: every level mates with KQK and KRK against the best defence).

Each game starts from a seeded random legal position: the attacker's king and piece, the
defender's king, the attacker to move, neither side in check and the piece not en prise to
the king. Both sides play at --movetime ms a move, the level with its `Skill Seed` drawn
from --seed and the game. A game ends by mate, stalemate, threefold repetition or the
fifty-move rule (the defender claims it), so anything but mate is a failure of the level.

    tuning/bare-king.py [--levels Beginner,...] [--games 10] [--movetime 200] [--seed 1]
                        [--engine target/release/rokade] [--stockfish /usr/games/stockfish]

Prints, for each level and ending, the games mated, drawn and the mean number of moves to
mate. Needs python-chess and a release build.
"""
import argparse, json, os, random, subprocess, sys

import chess
import chess.engine

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
ENDINGS = {"KQK": chess.QUEEN, "KRK": chess.ROOK}


def random_start(rng, piece):
    """A legal position, White (the attacker) to move, with king and `piece` against a king."""
    while True:
        squares = rng.sample(chess.SQUARES, 3)
        board = chess.Board(None)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(piece, chess.WHITE))
        board.set_piece_at(squares[2], chess.Piece(chess.KING, chess.BLACK))
        board.turn = chess.WHITE
        if not board.is_valid() or board.is_check() or board.is_game_over():
            continue
        board.turn = chess.BLACK
        hangs = board.is_attacked_by(chess.BLACK, squares[1]) and not board.is_attacked_by(chess.WHITE, squares[1])
        board.turn = chess.WHITE
        if not hangs:
            return board


def play(level, defender, board, movetime, seed):
    """The game's end: ('mate', moves) or ('draw', moves)."""
    level.configure({"Skill Seed": seed})
    level.protocol.send_line("ucinewgame")
    limit = chess.engine.Limit(time=movetime / 1000)
    while not board.is_game_over(claim_draw=True):
        engine = level if board.turn == chess.WHITE else defender
        board.push(engine.play(board, limit).move)
    outcome = board.outcome(claim_draw=True)
    moves = (board.ply() + 1) // 2
    return ("mate" if outcome.termination == chess.Termination.CHECKMATE else "draw"), moves


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "rokade"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--levels", help="comma-separated levels (default: every level)")
    ap.add_argument("--games", type=int, default=10, help="games per level and ending")
    ap.add_argument("--movetime", type=int, default=200, help="ms per move, both sides")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.levels:
        levels = args.levels.split(",")
    else:
        out = subprocess.run([args.engine, "levels", "--json"], check=True, capture_output=True, text=True)
        levels = [row["name"] for row in json.loads(out.stdout)]
    defender = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    print(f"{'level':<9} {'ending':<6} {'games':>5} {'mated':>5} {'drawn':>5} {'moves':>6}")
    failures = 0
    for level_name in levels:
        level = chess.engine.SimpleEngine.popen_uci(args.engine)
        level.configure({"Level": level_name})
        for ending, piece in ENDINGS.items():
            rng = random.Random(f"{args.seed}-{ending}")
            mated, lengths = 0, []
            for game in range(args.games):
                board = random_start(rng, piece)
                start = board.fen()
                defender.protocol.send_line("ucinewgame")
                result, moves = play(level, defender, board, args.movetime, args.seed * 1000 + game)
                if result == "mate":
                    mated += 1
                    lengths.append(moves)
                else:
                    print(f"{level_name} drew {ending} from {start} after {moves} moves", file=sys.stderr)
            failures += args.games - mated
            mean = sum(lengths) / len(lengths) if lengths else 0
            print(f"{level_name:<9} {ending:<6} {args.games:>5} {mated:>5} {args.games - mated:>5} {mean:>6.1f}", flush=True)
        level.quit()
    defender.quit()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
