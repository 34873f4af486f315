#!/usr/bin/env python3
"""Fits rokade's win/draw/loss model (src/eval/wdl.rs) to the outcomes of real games.

Reads PGN files written by ../shared/tools/match.py, whose move comments carry the engine's
score (`{ +0.23/13 0.341s }`, from the side to move). For every move of the named engine it
takes (score, material on the board, the game's result for the mover) and fits

    P(win)  = 1 / (1 + exp((a - s) / b))      P(loss) = 1 / (1 + exp((a + s) / b))
    a = A_BASE + A_PER_MATERIAL * m           b = B_BASE + B_PER_MATERIAL * m

by maximum likelihood (draw = the rest). Prints the fit and, with --write, rewrites the block
between the markers in src/eval/wdl.rs.

    tuning/fit-wdl.py --engine rokade games1.pgn games2.pgn [--write]

Pure Python plus python-chess (`pip install chess`).
"""
import argparse, math, os, re

import chess
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
WDL_RS = os.path.join(HERE, "..", "src", "eval", "wdl.rs")
SCORE = re.compile(r"^\s*([+-]?\d+\.\d+)/\d+")
VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
MAX_CP = 2000


def samples(paths, engine):
    out = []
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                result = game.headers.get("Result")
                if result not in ("1-0", "0-1", "1/2-1/2"):
                    continue
                white_score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
                board = game.board()
                for node in game.mainline():
                    mover = board.turn
                    name = game.headers.get("White" if mover == chess.WHITE else "Black", "")
                    m = SCORE.match(node.comment or "")
                    if m and name.startswith(engine):
                        cp = round(float(m.group(1)) * 100)
                        if abs(cp) <= MAX_CP:
                            material = sum(len(board.pieces(p, c)) * v for p, v in VALUES.items() for c in chess.COLORS)
                            outcome = white_score if mover == chess.WHITE else 1.0 - white_score
                            out.append((cp, material, outcome))
                    board.push(node.move)
    return out


def probabilities(params, cp, material):
    a0, a1, b0, b1 = params
    a = max(a0 + a1 * material, 1.0)
    b = max(b0 + b1 * material, 1.0)
    win = 1.0 / (1.0 + math.exp(min(50.0, (a - cp) / b)))
    loss = 1.0 / (1.0 + math.exp(min(50.0, (a + cp) / b)))
    return win, max(1.0 - win - loss, 1e-9), loss


def binned(data):
    """Counts of wins, draws and losses per (score rounded to 10 cp, material): the fit then
    costs the same for a thousand games as for ten."""
    bins = {}
    for cp, material, outcome in data:
        key = (round(cp / 10) * 10, material)
        counts = bins.setdefault(key, [0, 0, 0])
        counts[{1.0: 0, 0.5: 1, 0.0: 2}[outcome]] += 1
    return [(cp, material, counts) for (cp, material), counts in bins.items()]


def log_likelihood(params, bins):
    total = 0.0
    for cp, material, counts in bins:
        for p, n in zip(probabilities(params, cp, material), counts):
            if n:
                total += n * math.log(max(p, 1e-12))
    return total


def fit(data):
    params = [200.0, 0.0, 80.0, 0.0]
    steps = [50.0, 2.0, 20.0, 1.0]
    best = log_likelihood(params, data)
    while max(steps) > 1e-3:
        improved = False
        for i in range(4):
            for sign in (1, -1):
                trial = params[:]
                trial[i] += sign * steps[i]
                value = log_likelihood(trial, data)
                if value > best:
                    params, best, improved = trial, value, True
        if not improved:
            steps = [s / 2 for s in steps]
    return params, best


def current():
    """The model now in src/eval/wdl.rs, to judge whether a refit is worth writing."""
    with open(WDL_RS) as f:
        text = f.read()
    names = ("A_BASE", "A_PER_MATERIAL", "B_BASE", "B_PER_MATERIAL")
    return [float(re.search(rf"const {n}: f64 = ([-0-9.]+);", text).group(1)) for n in names]


def write(params):
    with open(WDL_RS) as f:
        text = f.read()
    block = (
        "// BEGIN FITTED WDL MODEL (tuning/fit-wdl.py)\n"
        f"const A_BASE: f64 = {params[0]:.3f};\n"
        f"const A_PER_MATERIAL: f64 = {params[1]:.4f};\n"
        f"const B_BASE: f64 = {params[2]:.3f};\n"
        f"const B_PER_MATERIAL: f64 = {params[3]:.4f};\n"
        "// END FITTED WDL MODEL"
    )
    text = re.sub(r"// BEGIN FITTED WDL MODEL.*?// END FITTED WDL MODEL", block, text, flags=re.S)
    with open(WDL_RS, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--engine", default="rokade", help="fit the scores of the players whose name starts so")
    ap.add_argument("--write", action="store_true", help="rewrite the model in src/eval/wdl.rs")
    args = ap.parse_args()
    data = samples(args.pgn, args.engine)
    if not data:
        raise SystemExit("no scored moves of that engine in those files")
    results = [0, 0, 0]
    for _, _, o in data:
        results[{1.0: 0, 0.5: 1, 0.0: 2}[o]] += 1
    bins = binned(data)
    params, ll = fit(bins)
    now = current()
    print(f"{len(data)} positions (mover won {results[0]}, drew {results[1]}, lost {results[2]})")
    print(f"a = {params[0]:.1f} + {params[1]:.3f} * material, b = {params[2]:.1f} + {params[3]:.3f} * material")
    print(f"mean log-likelihood {ll / len(data):.4f} (model in wdl.rs: {log_likelihood(now, bins) / len(data):.4f})")
    for material in (78, 40, 15):
        row = " ".join(f"{cp:+5d}:{'/'.join(str(round(p * 1000)) for p in probabilities(params, cp, material))}"
                       for cp in (0, 50, 100, 200, 400))
        print(f"material {material:2d}  {row}")
    if args.write:
        write(params)
        print(f"wrote {os.path.normpath(WDL_RS)}")


if __name__ == "__main__":
    main()
