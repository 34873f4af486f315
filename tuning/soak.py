#!/usr/bin/env python3
"""Soak test: fast self-play games with random option changes, for hours if asked.

Plays rokade against itself (one process, both sides) at a short clock or a node limit per
move. Between games it changes options at random (Hash, Threads, Clear Hash, MultiPV, Level);
during some moves it starts `go infinite` and changes an option while the search runs (Hash
and Threads stop it first; the others must not disturb it), then stops it. It checks that the
engine never exits, always answers in time, sends exactly one legal `bestmove` per `go`, and
samples its resident memory (VmRSS in /proc/PID/status) against the Hash size in force.

    python3 tuning/soak.py --minutes 240 --engine target/release/rokade

Exit status 1 when anything went wrong; the last lines explain. Needs python-chess
(`pip install chess`) for the rules; the UCI exchange is its own, so that options can be
changed mid-search. Run it niced on a shared machine: `nice -n 19 python3 tuning/soak.py ...`.
"""

import argparse
import json
import queue
import random
import subprocess
import sys
import threading
import time

import chess

HASH_MB = [1, 4, 16, 32, 64, 128, 256]
THREADS = [1, 2, 3, 4]
MULTI_PV = [1, 1, 1, 2, 4]
# Level option values, filled from `rokade levels --json`: each level once, full strength three
# times (it is what most games play).
LEVELS = []
# Options changed while a `go infinite` runs.
MID_SEARCH = ["Hash", "Threads", "Clear Hash", "MultiPV", "Level"]
# Seconds an answer may take beyond the move's clock before it counts as a hang.
PATIENCE = 10.0
MAX_PLIES = 300


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.hash_mb = 16

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, done, timeout):
        """Lines up to and including the first for which done() is true."""
        got = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise Failure(f"no answer within {timeout:.1f} s; last lines {got[-5:]}")
            if line is None:
                raise Failure(f"engine exited (status {self.proc.wait()}); last lines {got[-5:]}")
            got.append(line)
            if done(line):
                return got

    def sync(self):
        self.send("isready")
        return self.read_until(lambda l: l == "readyok", PATIENCE)

    def setoption(self, name, value=None):
        self.send(f"setoption name {name}" + ("" if value is None else f" value {value}"))
        if name == "Hash":
            self.hash_mb = value

    def rss_mb(self):
        with open(f"/proc/{self.proc.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=PATIENCE)
        except Exception:
            self.proc.kill()


class Failure(Exception):
    pass


class Stats:
    def __init__(self):
        self.games = self.moves = self.infinite = self.mid_search_options = 0
        self.margins = []  # RSS minus Hash, MB
        self.failures = []

    def sample(self, engine):
        self.margins.append(engine.rss_mb() - engine.hash_mb)


def random_option(rng, engine, name):
    if name == "Hash":
        engine.setoption("Hash", rng.choice(HASH_MB))
    elif name == "Threads":
        engine.setoption("Threads", rng.choice(THREADS))
    elif name == "Clear Hash":
        engine.setoption("Clear Hash")
    elif name == "MultiPV":
        engine.setoption("MultiPV", rng.choice(MULTI_PV))
    else:
        engine.setoption("Level", rng.choice(LEVELS))


def bestmove_of(lines, board):
    """The one legal move of a `go`'s answer."""
    moves = [l.split()[1] for l in lines if l.startswith("bestmove")]
    if len(moves) != 1:
        raise Failure(f"{len(moves)} bestmoves for one go: {lines[-5:]}")
    move = chess.Move.from_uci(moves[0]) if moves[0] != "0000" else None
    if move is None or move not in board.legal_moves:
        raise Failure(f"illegal bestmove {moves[0]} in {board.fen()}")
    return move


def timed_move(engine, board, clock, args):
    """A move under the clock (or a node limit); returns it and charges the clock."""
    side = "w" if board.turn == chess.WHITE else "b"
    if args.nodes:
        engine.send(f"go nodes {args.nodes}")
        lines = engine.read_until(lambda l: l.startswith("bestmove"), PATIENCE)
    else:
        start = time.monotonic()
        engine.send(f"go wtime {int(clock['w'] * 1000)} btime {int(clock['b'] * 1000)} "
                    f"winc {int(args.inc * 1000)} binc {int(args.inc * 1000)}")
        lines = engine.read_until(lambda l: l.startswith("bestmove"), clock[side] + PATIENCE)
        clock[side] += args.inc - (time.monotonic() - start)
        if clock[side] < -args.timemargin:
            raise Failure(f"lost on time ({clock[side]:.3f} s) in {board.fen()}")
        clock[side] = max(clock[side], 0.0)
    return bestmove_of(lines, board)


def infinite_move(rng, engine, board, stats):
    """`go infinite`, an option changed mid-search, `stop`: one legal bestmove."""
    stats.infinite += 1
    engine.send("go infinite")
    time.sleep(rng.uniform(0.005, 0.05))
    name = rng.choice(MID_SEARCH)
    random_option(rng, engine, name)
    stats.mid_search_options += 1
    time.sleep(rng.uniform(0.0, 0.02))
    engine.send("stop")
    # Hash, Threads and Clear Hash stop the search before they apply: its bestmove may come
    # before the `stop`, which then has nothing to stop. A second bestmove would show up here
    # or in the next move's answer.
    lines = engine.read_until(lambda l: l.startswith("bestmove"), PATIENCE)
    lines += engine.sync()
    return bestmove_of(lines, board)


def play_game(rng, engine, stats, args):
    for _ in range(rng.randint(0, 3)):
        random_option(rng, engine, rng.choice(MID_SEARCH))
    engine.send("ucinewgame")
    engine.sync()
    board = chess.Board()
    moves = []
    clock = {"w": args.base, "b": args.base}
    while not board.is_game_over(claim_draw=True) and len(moves) < MAX_PLIES:
        engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        if rng.random() < args.infinite_share:
            move = infinite_move(rng, engine, board, stats)
        else:
            move = timed_move(engine, board, clock, args)
        board.push(move)
        moves.append(move.uci())
        stats.moves += 1
        if stats.moves % 10 == 0:
            stats.sample(engine)
    stats.games += 1


def report(stats, elapsed):
    margins = sorted(stats.margins)
    print(f"{stats.games} games, {stats.moves} moves, {stats.infinite} go infinite with "
          f"{stats.mid_search_options} options changed mid-search, in {elapsed / 60:.1f} min")
    if margins:
        print(f"RSS minus Hash over {len(margins)} samples: min {margins[0]:.1f} MB, "
              f"median {margins[len(margins) // 2]:.1f} MB, max {margins[-1]:.1f} MB")
    print(f"{len(stats.failures)} failures")
    for failure in stats.failures:
        print(f"  {failure}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="target/release/rokade")
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", type=float, default=0.5, help="clock per side, seconds")
    parser.add_argument("--inc", type=float, default=0.01, help="increment, seconds")
    parser.add_argument("--nodes", type=int, default=0, help="go nodes N instead of a clock")
    parser.add_argument("--timemargin", type=float, default=0.1,
                        help="seconds a move may overrun the clock, as match.py allows (it measures here, in Python)")
    parser.add_argument("--infinite-share", type=float, default=0.1,
                        help="share of moves searched with go infinite and stopped")
    parser.add_argument("--max-margin-mb", type=float, default=200.0,
                        help="fail when RSS exceeds Hash by more than this")
    args = parser.parse_args()
    rows = json.loads(subprocess.run([args.engine, "levels", "--json"], check=True, capture_output=True,
                                     text=True).stdout)
    LEVELS.extend(["Full"] * 3 + [row["name"] for row in rows])
    rng = random.Random(args.seed)
    stats = Stats()
    start = time.monotonic()
    engine = Engine(args.engine)
    while time.monotonic() - start < args.minutes * 60:
        try:
            play_game(rng, engine, stats, args)
            if stats.margins and stats.margins[-1] > args.max_margin_mb:
                raise Failure(f"RSS is {stats.margins[-1]:.0f} MB above Hash {engine.hash_mb} MB")
        except Failure as failure:
            stats.failures.append(f"game {stats.games + 1}: {failure}")
            print(f"FAILURE: {failure}", file=sys.stderr)
            engine.proc.kill()
            engine = Engine(args.engine)
    engine.close()
    report(stats, time.monotonic() - start)
    sys.exit(1 if stats.failures else 0)


if __name__ == "__main__":
    main()
