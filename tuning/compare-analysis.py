#!/usr/bin/env python3
"""Compares rokade's move classification with Stockfish's on the same games.

Runs `rokade analyse --json -` on a PGN (at rokade's default settings unless told
otherwise), analyses the same positions with Stockfish through python-chess, classifies
Stockfish's evaluations exactly as lichess does (lila Advice.scala: the drop in winning
chances 2 / (1 + exp(-0.00368208 * cp)) - 1 with cp capped at +-1000, 0.1 / 0.2 / 0.3 for
an inaccuracy / mistake / blunder, and lichess's mate rules), and prints how often the
two agree. Stockfish is the reference: the precision of rokade's mistake and blunder calls
is the share of them that Stockfish also calls a mistake or blunder, the recall the share
of Stockfish's that rokade calls one too.

    tuning/compare-analysis.py games.pgn [--stockfish-depth 18] [--rokade-depth N]
        [--threads N] [--cache sf.json] [--rokade target/release/rokade] [--moves]

`--cache` keeps Stockfish's evaluations (by FEN and depth) in a JSON file, so that a
second run, with another rokade binary, does not search them again.

Needs python-chess (`pip install chess`).
"""
import argparse, json, math, os, subprocess, sys

import chess
import chess.engine
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
CP_CEILING = 1000
DROPS = [(0.3, "blunder"), (0.2, "mistake"), (0.1, "inaccuracy")]
MATE_RULE_MISTAKE_CP = 700
MATE_RULE_INACCURACY_CP = 999
SERIOUS = ("mistake", "blunder")


def winning_chances(cp):
    cp = max(-CP_CEILING, min(CP_CEILING, cp))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def classify(before, after, was_best):
    """lichess's judgement of a move from the mover's scores before and after it, each
    ("cp", n) or ("mate", n) (n > 0: the mover mates)."""
    judged = None
    if before[0] == "cp" and after[0] == "cp":
        drop = winning_chances(before[1]) - winning_chances(after[1])
        judged = next((name for limit, name in DROPS if drop >= limit), None)
    elif before[0] == "cp" and after[1] < 0:  # allows a forced mate
        cp = before[1]
        judged = ("inaccuracy" if cp < -MATE_RULE_INACCURACY_CP
                  else "mistake" if cp < -MATE_RULE_MISTAKE_CP else "blunder")
    elif before[0] == "mate" and before[1] > 0 and (after[0] == "cp" or after[1] < 0):  # loses its mate
        cp = after[1] if after[0] == "cp" else 0
        judged = ("inaccuracy" if cp > MATE_RULE_INACCURACY_CP
                  else "mistake" if cp > MATE_RULE_MISTAKE_CP else "blunder")
    return judged or ("best" if was_best else "good")


def white_score(score):
    s = score.white()
    return ("mate", s.mate()) if s.is_mate() else ("cp", s.score())


def for_mover(score, white_moved):
    kind, n = score
    return (kind, n if white_moved else -n)


def stockfish_looks(game, engine, depth, cache):
    board = game.board()
    positions = [board.copy()]
    for move in game.mainline_moves():
        board.push(move)
        positions.append(board.copy())
    looks = []
    for pos in positions:
        if pos.is_game_over():
            # After a mate the move is never flagged (see below); a draw is 0.
            looks.append((("cp", 0), None))
            continue
        key = f"{pos.fen()} d{depth}"
        if key not in cache:
            info = engine.analyse(pos, chess.engine.Limit(depth=depth))
            kind, n = white_score(info["score"])
            cache[key] = [kind, n, info["pv"][0].uci() if info.get("pv") else None]
        kind, n, best = cache[key]
        looks.append(((kind, n), best))
    return positions, looks


def stockfish_classes(game, engine, depth, cache):
    positions, looks = stockfish_looks(game, engine, depth, cache)
    classes = []
    for i, move in enumerate(game.mainline_moves()):
        white_moved = positions[i].turn == chess.WHITE
        was_best = looks[i][1] in (None, move.uci())
        if positions[i + 1].is_checkmate():
            classes.append("best" if was_best else "good")  # a mate delivered
            continue
        before = for_mover(looks[i][0], white_moved)
        after = for_mover(looks[i + 1][0], white_moved)
        classes.append(classify(before, after, was_best))
    return classes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--stockfish-depth", type=int, default=18)
    ap.add_argument("--rokade-depth", type=int, help="default: rokade analyse's own default")
    ap.add_argument("--threads", type=int, help="rokade's threads (default: rokade analyse's own, every core)")
    ap.add_argument("--rokade", default=os.path.join(HERE, "..", "target", "release", "rokade"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--cache", help="JSON file of Stockfish's evaluations, read and extended")
    ap.add_argument("--moves", action="store_true", help="print both classes move by move")
    args = ap.parse_args()

    cmd = [args.rokade, "analyse", args.pgn, "--json", "-"]
    if args.rokade_depth:
        cmd += ["--depth", str(args.rokade_depth)]
    if args.threads:
        cmd += ["--threads", str(args.threads)]
    report = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    engine.configure({"Threads": 1, "Hash": 64})
    with open(args.pgn) as f:
        games = []
        while (g := chess.pgn.read_game(f)) is not None:
            games.append(g)
    same = total = both_serious = rokade_serious = sf_serious = 0
    counts = {"rokade": {}, "stockfish": {}}
    for game, rgame in zip(games, report["games"]):
        sf = stockfish_classes(game, engine, args.stockfish_depth, cache)
        if args.cache:
            with open(args.cache, "w") as f:
                json.dump(cache, f)
        if args.moves:
            print(f"{rgame['white']} - {rgame['black']} {rgame['result']}")
            print(f"{'move':<16} {'rokade':<11} {'stockfish':<11}")
        for m, s in zip(rgame["moves"], sf):
            r = m["class"]
            if args.moves:
                number = f"{m['move_number']}{'.' if m['side'] == 'white' else '...'} {m['san']}"
                print(f"{number:<16} {r:<11} {s:<11}{'' if r == s else '  *'}")
            total += 1
            same += r == s
            counts["rokade"][r] = counts["rokade"].get(r, 0) + 1
            counts["stockfish"][s] = counts["stockfish"].get(s, 0) + 1
            rokade_serious += r in SERIOUS
            sf_serious += s in SERIOUS
            both_serious += r in SERIOUS and s in SERIOUS
    engine.quit()
    names = ("inaccuracy", "mistake", "blunder")
    for who in ("rokade", "stockfish"):
        print(f"{who:<10} " + ", ".join(f"{counts[who].get(n, 0)} {n}" for n in names))
    precision = both_serious / rokade_serious if rokade_serious else float("nan")
    recall = both_serious / sf_serious if sf_serious else float("nan")
    print(f"{len(games)} games, {total} moves; same class {same} ({100 * same / max(total, 1):.1f} %)")
    print(f"mistake+blunder: rokade {rokade_serious}, stockfish {sf_serious}, both {both_serious}; "
          f"precision {100 * precision:.1f} %, recall {100 * recall:.1f} %")


if __name__ == "__main__":
    sys.exit(main())
