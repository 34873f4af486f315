#!/usr/bin/env python3
"""Compares rokade's move classification with Stockfish's on the same game.

Runs `rokade analyse --json -` on a PGN, analyses the same positions with Stockfish at the
same depth through python-chess, classifies Stockfish's evaluations with the same lichess
formulas (win% = 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1); inaccuracy, mistake and
blunder at drops of 10, 20 and 30 points), and prints both classes move by move and how
many agree.

    tuning/compare-analysis.py game.pgn [--depth 12] [--stockfish /usr/games/stockfish]

Needs python-chess (`pip install chess`).
"""
import argparse, json, math, os, subprocess

import chess
import chess.engine
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
MATE_CP = 10000


def win_percent(cp):
    cp = max(-MATE_CP, min(MATE_CP, cp))
    return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * cp)) - 1)


def classify(drop, was_best):
    if drop >= 30:
        return "blunder"
    if drop >= 20:
        return "mistake"
    if drop >= 10:
        return "inaccuracy"
    return "best" if was_best else "good"


def white_cp(score):
    s = score.white()
    if s.is_mate():
        return MATE_CP if s.mate() > 0 else -MATE_CP
    return s.score()


def stockfish_classes(game, engine, depth):
    board = game.board()
    looks = []
    positions = [board.copy()]
    for move in game.mainline_moves():
        board.push(move)
        positions.append(board.copy())
    for pos in positions:
        if pos.is_game_over():
            outcome = pos.outcome()
            cp = 0 if outcome.winner is None else (MATE_CP if outcome.winner == chess.WHITE else -MATE_CP)
            looks.append((cp, None))
            continue
        info = engine.analyse(pos, chess.engine.Limit(depth=depth))
        looks.append((white_cp(info["score"]), info.get("pv", [None])[0]))
    classes = []
    for i, move in enumerate(game.mainline_moves()):
        sign = 1 if positions[i].turn == chess.WHITE else -1
        before = win_percent(sign * looks[i][0])
        after = win_percent(sign * looks[i + 1][0])
        classes.append(classify(max(0.0, before - after), looks[i][1] in (None, move)))
    return classes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--rokade", default=os.path.join(HERE, "..", "target", "release", "rokade"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()

    out = subprocess.run([args.rokade, "analyse", args.pgn, "--depth", str(args.depth), "--threads", "1", "--json", "-"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    engine.configure({"Threads": 1})
    with open(args.pgn) as f:
        games = []
        while (g := chess.pgn.read_game(f)) is not None:
            games.append(g)
    same = total = serious_same = serious_total = 0
    for game, rgame in zip(games, report["games"]):
        sf = stockfish_classes(game, engine, args.depth)
        print(f"{rgame['white']} - {rgame['black']} {rgame['result']}")
        print(f"{'move':<10} {'rokade':<11} {'stockfish':<11}")
        for m, s in zip(rgame["moves"], sf):
            number = f"{m['move_number']}{'.' if m['side'] == 'white' else '...'} {m['san']}"
            flag = "" if m["class"] == s else "  *"
            print(f"{number:<16} {m['class']:<11} {s:<11}{flag}")
            total += 1
            same += m["class"] == s
            r_serious = m["class"] in ("mistake", "blunder")
            s_serious = s in ("mistake", "blunder")
            if r_serious or s_serious:
                serious_total += 1
                serious_same += m["class"] == s
        for side in ("white", "black"):
            r = rgame[f"summary_{side}"]
            s_moves = [c for c, m in zip(sf, rgame["moves"]) if m["side"] == side]
            print(f"{side}: rokade {r['inaccuracies']}/{r['mistakes']}/{r['blunders']}, stockfish "
                  f"{s_moves.count('inaccuracy')}/{s_moves.count('mistake')}/{s_moves.count('blunder')} "
                  "(inaccuracies/mistakes/blunders)")
    engine.quit()
    print(f"same class: {same} of {total} moves; of the {serious_total} moves either engine calls a mistake "
          f"or blunder, {serious_same} get the same class from both")


if __name__ == "__main__":
    main()
