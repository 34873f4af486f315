#!/usr/bin/env python3
"""Checks a puzzle file (`rokade puzzles find` or the shipped collection) with Stockfish.

For every mate in N with K accepted first moves, Stockfish searches the position with
MultiPV K + 1 to the given depth: its first K lines must be mates in N or less starting with
exactly the accepted moves, and line K + 1 must not be one. That decides Stockfish's whole
set of mating first moves, as a MultiPV over all moves would: every move outside the K + 1
lines is proven to score no better than line K + 1 (that is how MultiPV searches the rest),
so none of them is a mate in N either; and it costs a few lines instead of forty (on a
43-move mate in 2, MultiPV over all moves at depth 22 searched 243M nodes). An accepted move
that the MultiPV search does not score as a mate in N is then searched on its own (a
per-move `go mate N`, which goes as deep as it must): Stockfish's pruning hides some mates in the MultiPV
search, an under-promotion's or a quiet move's in particular. For every tactic, Stockfish searches each of the solver's
positions of the solution with MultiPV 2: its best move must be the solution's, and it must
beat the second best by more than the margin in winning chances (lichess-puzzler's rule:
2 / (1 + exp(-0.00368208 * cp)) - 1, uncapped, a mate counting as 1). The first move's
checks are the ones the issue counts; the later moves' are reported beside them.

    tuning/verify-puzzles.py puzzles.json [--depth 22] [--jobs 2] [--out kept.json]
        [--stockfish /usr/games/stockfish] [--margin 0.7]

`--out` writes the puzzles that pass every check, in their order. Needs python-chess.
"""
import argparse, concurrent.futures, json, math, sys, threading, time

import chess
import chess.engine

SLOPE = 0.00368208
# The node cap of Stockfish's `go mate N` on an accepted move that the MultiPV search missed.
SINGLE_MOVE_NODES = 200_000_000


def chances(score):
    """lichess-puzzler's winning chances of a PovScore already from the solver's view."""
    if score.is_mate():
        return 1.0 if score.mate() > 0 else -1.0
    return 2 / (1 + math.exp(-SLOPE * score.score())) - 1


def check_mate(engine, puzzle, depth):
    board = chess.Board(puzzle["fen"])
    n = puzzle["mate_in"]
    accepted = {m["uci"] for m in puzzle["accepted_first_moves"]}
    lines = min(len(accepted) + 1, board.legal_moves.count())
    infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=lines)
    mating = set()
    for info in infos:
        score = info["score"].pov(board.turn)
        if score.is_mate() and 0 < score.mate() <= n:
            mating.add(info["pv"][0].uci())
    # A mate the MultiPV search scored lower: the accepted move searched on its own with
    # Stockfish's `go mate N` (at depth 22 its pruning missed 4 of 851 mates in 3 that
    # rokade's unpruned search proves; `go mate 3` finds them, past depth 30; a plain deeper
    # search may report a longer mate grafted from the table).
    for uci in sorted(accepted - mating):
        limit = chess.engine.Limit(mate=n, nodes=SINGLE_MOVE_NODES)
        info = engine.analyse(board, limit, root_moves=[chess.Move.from_uci(uci)])
        score = info["score"].pov(board.turn)
        if score.is_mate() and 0 < score.mate() <= n:
            mating.add(uci)
    problems = []
    if len(infos) < lines:
        problems.append(f"only {len(infos)} of {lines} lines searched")
    if len(mating) == len(infos) and lines == len(accepted) + 1:
        problems.append(f"all {lines} lines mate: there may be more mating moves than the {len(accepted)} accepted")
    if mating != accepted:
        problems.append(f"stockfish mates with {sorted(mating)}, the puzzle accepts {sorted(accepted)}")
    return {"first": problems, "later": []}


def check_tactic(engine, puzzle, depth, margin):
    board = chess.Board(puzzle["fen"])
    solver = board.turn
    result = {"first": [], "later": [], "margins": []}
    for ply, move in enumerate(puzzle["solution"]):
        if ply % 2 == 0:
            infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=2)
            best = infos[0]["pv"][0].uci()
            gap = 2.0 if len(infos) < 2 else chances(infos[0]["score"].pov(solver)) - chances(infos[1]["score"].pov(solver))
            result["margins"].append(round(gap, 3))
            where = "first" if ply == 0 else "later"
            if best != move["uci"]:
                result[where].append(f"move {ply // 2 + 1}: stockfish plays {best}, the solution {move['uci']}")
            elif gap <= margin:
                second = infos[1]["pv"][0].uci()
                result[where].append(f"move {ply // 2 + 1}: the second best {second} is within {gap:.3f}")
        board.push_uci(move["uci"])
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("puzzles")
    ap.add_argument("--depth", type=int, default=22)
    ap.add_argument("--margin", type=float, default=0.7)
    ap.add_argument("--jobs", type=int, default=1, help="Stockfish processes, one thread each")
    ap.add_argument("--hash", type=int, default=128)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--out", help="write the puzzles that pass every check here")
    args = ap.parse_args()

    with open(args.puzzles) as f:
        collection = json.load(f)
    puzzles = collection["puzzles"]
    local = threading.local()
    engines = []

    def engine():
        if not hasattr(local, "engine"):
            local.engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
            local.engine.configure({"Threads": 1, "Hash": args.hash})
            engines.append(local.engine)
        return local.engine

    def check(puzzle):
        start = time.time()
        if puzzle["kind"] == "mate":
            result = check_mate(engine(), puzzle, args.depth)
        else:
            result = check_tactic(engine(), puzzle, args.depth, args.margin)
        result["seconds"] = time.time() - start
        return result

    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(check, puzzles))
    for e in engines:
        e.quit()

    counts = {"mate": [0, 0, 0], "tactic": [0, 0, 0]}  # checked, first-move failures, later failures
    kept = []
    for puzzle, result in zip(puzzles, results):
        c = counts[puzzle["kind"]]
        c[0] += 1
        c[1] += bool(result["first"])
        c[2] += bool(result["later"])
        for problem in result["first"] + result["later"]:
            print(f"{puzzle['id']} ({puzzle['kind']}): {problem}")
        if not result["first"] and not result["later"]:
            kept.append(puzzle)
    seconds = time.time() - started
    print(f"Stockfish depth {args.depth}, margin {args.margin}, {args.jobs} job(s), {seconds:.0f} s")
    print(f"mates: {counts['mate'][0]} checked, accepted first moves differ from Stockfish's mating moves: "
          f"{counts['mate'][1]}")
    print(f"tactics: {counts['tactic'][0]} checked, first move not Stockfish's or second best within the "
          f"margin: {counts['tactic'][1]}; a later solver move fails: {counts['tactic'][2]}")
    print(f"kept {len(kept)} of {len(puzzles)}")
    if args.out:
        collection = dict(collection, puzzles=kept)
        with open(args.out, "w") as f:
            json.dump(collection, f, indent=2)
            f.write("\n")
    return 0 if len(kept) == len(puzzles) else 1


if __name__ == "__main__":
    sys.exit(main())
