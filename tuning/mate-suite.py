#!/usr/bin/env python3
"""Runs `go mate N` on every position of a mate suite (default tests/data/mates.epd)
and prints how many were solved with the right length, how many claims were false, and the
median and worst time. A claim is false when the engine reports a mate shorter than the
suite's proven `dm`, or plays a first move that the suite does not list as mating in `dm`.

    tuning/mate-suite.py [--engine target/release/rokade] [--step 1] [--extra N] [--json out.json]

`--extra N` asks for `go mate dm+N`: the engine must still find the shortest mate.
`--answers K` instead checks puzzle answers the way the README tells a front end to: every
move the suite lists as mating in `dm`, and K other legal moves, each played and then
`go mate dm-1` (the defender must be mated in at most dm-1); it reports wrong verdicts and
the time per check.
`--bands Beginner,Easy,...` instead plays every position at each strength level (`go movetime
60000`: a level's own budget is nodes, so the result does not depend on the machine's load) and
counts the positions where the level's move keeps the forced mate: a move the suite lists as
mating in `dm`, or one after which a full-strength search of 2M nodes still mates the defender.
Needs python-chess (`pip install chess`).
"""
import argparse, json, os, statistics, sys, time

import chess
import chess.engine

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=os.path.join(HERE, "..", "target", "release", "rokade"))
    ap.add_argument("--suite", default=os.path.join(HERE, "..", "tests", "data", "mates.epd"))
    ap.add_argument("--step", type=int, default=1, help="use every STEP-th position")
    ap.add_argument("--extra", type=int, default=0, help="search for mate in dm+EXTRA")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    ap.add_argument("--json", help="write per-position results here")
    ap.add_argument("--answers", type=int, help="check answers: all right moves and this many wrong ones")
    ap.add_argument("--bands", help="comma-separated levels: check that each keeps every mate")
    args = ap.parse_args()
    if args.answers is not None:
        return check_answers(args)
    if args.bands:
        return check_bands(args)

    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    for opt in args.option:
        name, value = opt.split("=", 1)
        engine.configure({name: value})
    records = []
    with open(args.suite) as f:
        lines = [l for l in f if l.strip()][:: args.step]
    by_n = {}
    for line in lines:
        board, ops = chess.Board.from_epd(line)
        dm = int(ops["dm"])
        good = {m.uci() for m in ops["bm"]}
        engine.protocol.send_line("ucinewgame")
        start = time.perf_counter()
        result = engine.play(board, chess.engine.Limit(mate=dm + args.extra), info=chess.engine.INFO_SCORE)
        seconds = time.perf_counter() - start
        score = result.info.get("score")
        mate = score.relative.mate() if score else None
        move = result.move.uci() if result.move else None
        right = mate == dm and move in good
        false_claim = mate is not None and mate > 0 and (mate < dm or move not in good)
        records.append({"fen": board.fen(), "dm": dm, "mate": mate, "move": move, "right": right,
                        "false_claim": false_claim, "seconds": seconds})
        s = by_n.setdefault(dm, [0, 0, 0])
        s[0] += 1
        s[1] += right
        s[2] += false_claim
        if false_claim or not right:
            print(f"{'FALSE' if false_claim else 'miss '} dm {dm}: got mate {mate} move {move} in {seconds:.2f}s  {board.fen()}",
                  file=sys.stderr)
    engine.quit()

    times = [r["seconds"] for r in records]
    print(f"{'mate in':>8} {'tried':>6} {'right':>6} {'false':>6}")
    for n in sorted(by_n):
        print(f"{n:>8} {by_n[n][0]:>6} {by_n[n][1]:>6} {by_n[n][2]:>6}")
    print(f"total: {len(records)} tried, {sum(r['right'] for r in records)} right length and move, "
          f"{sum(r['false_claim'] for r in records)} false claims; time median {statistics.median(times):.3f}s, "
          f"worst {max(times):.3f}s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(records, f, indent=1)


def answer_keeps_mate(engine, board, move, dm):
    """The front end's check: after `move`, is the defender mated within dm-1 moves?"""
    after = board.copy()
    after.push(move)
    if dm == 1:
        return after.is_checkmate(), 0.0
    engine.protocol.send_line("ucinewgame")
    start = time.perf_counter()
    info = engine.analyse(after, chess.engine.Limit(mate=dm - 1))
    seconds = time.perf_counter() - start
    mate = info["score"].relative.mate() if "score" in info else None
    return mate is not None and mate < 0 and -mate <= dm - 1, seconds


def check_answers(args):
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    with open(args.suite) as f:
        lines = [l for l in f if l.strip()][:: args.step]
    checks = wrong_verdicts = 0
    times = []
    for line in lines:
        board, ops = chess.Board.from_epd(line)
        dm = int(ops["dm"])
        right = set(ops["bm"])
        others = [m for m in board.legal_moves if m not in right][: args.answers]
        for move in list(right) + others:
            keeps, seconds = answer_keeps_mate(engine, board, move, dm)
            checks += 1
            if dm > 1:
                times.append(seconds)
            if keeps != (move in right):
                wrong_verdicts += 1
                print(f"wrong verdict: {board.san(move)} ({'right' if move in right else 'wrong'} answer) "
                      f"in {board.fen()} (mate in {dm})", file=sys.stderr)
    engine.quit()
    print(f"{len(lines)} puzzles, {checks} answers checked, {wrong_verdicts} wrong verdicts; "
          f"time per check (mate in 2..5) median {statistics.median(times):.3f}s, worst {max(times):.3f}s")


def still_mates(engine, board, move):
    """After `move`, does a full-strength search see the defender mated (any distance)?"""
    after = board.copy()
    after.push(move)
    if after.is_checkmate():
        return True
    engine.protocol.send_line("ucinewgame")
    info = engine.analyse(after, chess.engine.Limit(nodes=2_000_000))
    mate = info["score"].relative.mate() if "score" in info else None
    return mate is not None and mate < 0


def check_bands(args):
    checker = chess.engine.SimpleEngine.popen_uci(args.engine)
    with open(args.suite) as f:
        lines = [l for l in f if l.strip()][:: args.step]
    print(f"{'level':<9} {'tried':>6} {'kept':>6} {'longer':>6} {'lost':>6} {'s/move':>7}")
    for level in args.bands.split(","):
        engine = chess.engine.SimpleEngine.popen_uci(args.engine)
        engine.configure({"Level": level})
        kept = longer = lost = 0
        times = []
        for line in lines:
            board, ops = chess.Board.from_epd(line)
            engine.protocol.send_line("ucinewgame")
            start = time.perf_counter()
            move = engine.play(board, chess.engine.Limit(time=60)).move
            times.append(time.perf_counter() - start)
            if move in ops["bm"]:
                kept += 1
                continue
            keeps = move is not None and still_mates(checker, board, move)
            longer += keeps
            lost += not keeps
            if not keeps:
                print(f"{level} lost the mate: {move} in {board.fen()} (mate in {ops['dm']})", file=sys.stderr)
        engine.quit()
        print(f"{level:<9} {len(lines):>6} {kept:>6} {longer:>6} {lost:>6} {statistics.mean(times):>7.3f}", flush=True)
    checker.quit()


if __name__ == "__main__":
    main()
