#!/usr/bin/env python3
"""Relabels `rokade datagen` positions with Stockfish's score: the target of the landed
evaluation table (tuning/README, *Evaluation weights*, issue 32).

    python3 tuning/stockfish-labels.py data.txt sf.txt [--nodes 3000] [--workers 2]
    cargo run --release --bin tune -- sf.txt --epochs 300 --lambda 0.5 --l2 3e-8 --write

Each `FEN | result | score` line keeps its FEN and result; its score becomes Stockfish's at
--nodes (White's view; a mate as +-3000), put on rokade's scale: K_sf of sigmoid(K_sf * cp /
400) is fitted to the game results (least squares, golden section) and each score is
multiplied by K_sf / --k-rokade, so that tune.rs's sigmoid reads it as Stockfish meant it.
"""
import argparse, math, subprocess, threading

MATE_CP = 3000


def stockfish_scores(cmd, fens, nodes, scores, indices):
    sf = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    sf.stdin.write("uci\nsetoption name Hash value 16\nsetoption name Threads value 1\nisready\n")
    while sf.stdout.readline().strip() != "readyok":
        pass
    for i in indices:
        sf.stdin.write(f"position fen {fens[i]}\ngo nodes {nodes}\n")
        score = None
        for line in iter(sf.stdout.readline, ""):
            if line.startswith("bestmove"):
                break
            words = line.split()
            if "score" in words and "lowerbound" not in words and "upperbound" not in words:
                k = words.index("score")
                value = int(words[k + 2])
                score = value if words[k + 1] == "cp" else (MATE_CP if value > 0 else -MATE_CP)
        if score is not None:
            scores[i] = score if fens[i].split()[1] == "w" else -score
    sf.stdin.write("quit\n")
    sf.wait()


def fit_k(pairs):
    def error(k):
        return sum((r - 1 / (1 + math.exp(-k * s / 400))) ** 2 for r, s in pairs) / len(pairs)

    lo, hi, g = 0.5, 6.0, (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        lo, hi = (lo, b) if error(a) < error(b) else (a, hi)
    return (lo + hi) / 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--nodes", type=int, default=3000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--k-rokade", type=float, default=3.046, help="tune.rs's K on the same kind of data")
    args = ap.parse_args()
    rows = [[p.strip() for p in line.split("|")] for line in open(args.data) if line.count("|") == 2]
    fens = [r[0] for r in rows]
    scores = [None] * len(rows)
    workers = [
        threading.Thread(target=stockfish_scores, args=(args.stockfish, fens, args.nodes, scores, range(k, len(rows), args.workers)))
        for k in range(args.workers)
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    labelled = [(fen, result, s) for (fen, result, _), s in zip(rows, scores) if s is not None]
    k_sf = fit_k([(float(r), max(-2000, min(2000, s))) for _, r, s in labelled[::4]])
    print(f"{len(labelled)} positions; K for Stockfish's scores {k_sf:.4f}, scale {k_sf / args.k_rokade:.4f}")
    with open(args.out, "w") as f:
        for fen, result, s in labelled:
            f.write(f"{fen} | {result} | {round(s * k_sf / args.k_rokade)}\n")


if __name__ == "__main__":
    main()
