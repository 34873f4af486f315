#!/usr/bin/env python3
"""spsa.py -- SPSA tuning of rokade's search parameters, as OpenBench runs it.

The parameters come from `rokade spsa` of a `--features tune` build (one line each:
`name, int, value, min, max, c_end, r_end`), optionally a subset (`--params`). Each
iteration k = 1..N draws a random flip of +-1 per parameter and plays a game pair (one
opening, both colours) between theta + c_k * flip and theta - c_k * flip; every parameter
then moves by r_k * c_k * (W - L) * flip, W - L counted from the plus side's games.

OpenBench's schedule, with A = a_ratio * N, fixed when the run starts:
    c_k = max(c_end * N**gamma / k**gamma, 0.5)
    r_k = r_end * c_end**2 * (A + N)**alpha / (A + k)**alpha / c_k**2
so c_k decays to c_end and r_k to r_end at the last iteration; r_k * c_k**2 is the classic
SPSA gain a_k = a / (A + k)**alpha, and r_k * c_k * (W - L) its step a_k * (W - L) / c_k.

Both sides of a pair are long-lived engine processes of the same binary; before every game
each gets its values by `setoption`, then `ucinewgame`. The script keeps the clocks from wall
time around each move (a move past the clock loses), ends games by the rules (claimed draws
included) or by adjudication, restarts an engine that crashed or hung (that game is lost by
it) and writes its state after every iteration, from which a run resumes. See README.md
("Tuning the search (SPSA)"). Needs python-chess.
"""
from __future__ import annotations

import argparse
import io
import json
import math
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

import chess
import chess.pgn

MATE_CP = 100_000
RESIGN_CP, RESIGN_MOVES = 1000, 3  # both engines agree a side wins by this much, this long
DRAW_CP, DRAW_MOVES, DRAW_FROM_MOVE = 10, 8, 40  # both near zero this long, from this move
INT_MIN_C = 0.5  # OpenBench's smallest perturbation of an integer parameter


# ------------------------------------------------------------------ the SPSA arithmetic

@dataclass
class Param:
    """One tuned parameter: its current (real) value theta and its SPSA settings."""
    name: str
    value: float
    min: int
    max: int
    c_end: float
    r_end: float


def parse_listing(text: str) -> list[Param]:
    """The parameters of an OpenBench SPSA listing (`name, int, value, min, max, c_end, r_end`).

    >>> parse_listing("rfp_margin_per_depth, int, 75, 30, 150, 6.0, 0.002")
    [Param(name='rfp_margin_per_depth', value=75.0, min=30, max=150, c_end=6.0, r_end=0.002)]
    """
    params = []
    for line in text.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            continue
        name, _, value, lo, hi, c_end, r_end = fields
        params.append(Param(name, float(value), int(lo), int(hi), float(c_end), float(r_end)))
    return params


def coefficients(p: Param, k: int, iterations: int, alpha: float, gamma: float,
                 a_ratio: float) -> tuple[float, float]:
    """(c_k, r_k) of parameter p at iteration k (1-based) of a run of `iterations`.

    >>> p = Param("x", 75.0, 30, 150, 6.0, 0.002)
    >>> c, r = coefficients(p, 1000, 1000, 0.602, 0.101, 0.1)   # the last iteration
    >>> round(c, 9), round(r, 9)
    (6.0, 0.002)
    >>> round(coefficients(p, 1, 1000, 0.602, 0.101, 0.1)[0], 3)  # 6 * 1000**0.101
    12.055
    """
    c = max(p.c_end * iterations ** gamma / k ** gamma, INT_MIN_C)
    big_a = a_ratio * iterations
    a = p.r_end * p.c_end ** 2 * (big_a + iterations) ** alpha
    return c, a / (big_a + k) ** alpha / c ** 2


def perturb(p: Param, c: float, flip: int, u: float) -> tuple[int, int]:
    """The integer values (plus side, minus side) for theta +- c * flip, in range.

    Rounded as OpenBench does, floor(x + u) with one uniform u in [0, 1) for both sides, so
    that on average the engines play theta +- c exactly.

    >>> perturb(Param("x", 75.3, 30, 150, 6.0, 0.002), 6.0, 1, 0.5)
    (81, 69)
    >>> perturb(Param("x", 148.0, 30, 150, 6.0, 0.002), 6.0, -1, 0.0)
    (142, 150)
    """
    plus = math.floor(p.value + flip * c + u)
    minus = math.floor(p.value - flip * c + u)
    return min(max(plus, p.min), p.max), min(max(minus, p.min), p.max)


def updated(p: Param, c: float, r: float, flip: int, result: int) -> float:
    """theta after a pair that the plus side won by `result` (W - L, -2..2), kept in range.

    >>> p = Param("x", 75.0, 30, 150, 6.0, 0.002)
    >>> round(updated(p, 6.0, 0.002, 1, 2), 6), round(updated(p, 6.0, 0.002, -1, 2), 6)
    (75.024, 74.976)
    >>> updated(p, 6.0, 0.002, 1, 0)
    75.0
    """
    return min(max(p.value + r * c * result * flip, float(p.min)), float(p.max))


def adjudicate(scores: list, fullmove: int) -> int | None:
    """A game's result by adjudication (1, 0 or -1 for White), or None to play on.

    `scores` are the engines' scores after each move so far, from White's side (None when
    an engine gave none). Both engines at RESIGN_CP or more for the same side for their
    last RESIGN_MOVES moves: that side wins. From move DRAW_FROM_MOVE, both within DRAW_CP
    of zero for DRAW_MOVES moves: a draw.

    >>> adjudicate([1200, 1100, 1500, 1300, 1050, 1000], 50)
    1
    >>> adjudicate([1200, -1100, 1500, 1300, 1050, 1000], 50)
    >>> adjudicate([3] * 16, 41), adjudicate([3] * 16, 39)
    (0, None)
    """
    last = scores[-2 * RESIGN_MOVES:]
    if len(last) == 2 * RESIGN_MOVES and None not in last:
        if all(s >= RESIGN_CP for s in last):
            return 1
        if all(s <= -RESIGN_CP for s in last):
            return -1
    last = scores[-2 * DRAW_MOVES:]
    if fullmove >= DRAW_FROM_MOVE and len(last) == 2 * DRAW_MOVES and None not in last \
            and all(abs(s) < DRAW_CP for s in last):
        return 0
    return None


# ------------------------------------------------------------------------- the engines

class EngineFailure(Exception):
    """An engine crashed, hung or lost on time; `kind` says which."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


class Engine:
    """A UCI engine process, read by a thread so that every wait has a timeout."""

    def __init__(self, cmd: list[str], options: dict[str, str]):
        self.cmd, self.options = cmd, options
        self.proc: subprocess.Popen | None = None
        self.killed = False
        self.lines: queue.Queue = queue.Queue()
        self.declared: set[str] = set()  # the option names that `uci` answered with
        self.start()

    def start(self) -> None:
        """Start the process (in its own session: Ctrl-C stops the tuner, which stops it)."""
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                     start_new_session=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc.stdout, self.lines), daemon=True).start()
        self.send("uci")
        self.declared = {m.group(1) for line in self.wait_for("uciok", 10)
                         if (m := re.match(r"option name (\S+) type", line))}
        for name, value in self.options.items():
            self.send(f"setoption name {name} value {value}")
        self.sync()

    @staticmethod
    def _read(stream, lines: queue.Queue) -> None:
        for line in stream:
            lines.put(line.strip())
        lines.put(None)  # end of file: the process is gone

    def send(self, line: str) -> None:
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineFailure("crash", f"engine died (writing '{line}')") from None

    def wait_for(self, token: str, timeout: float) -> list[str]:
        """The lines up to the first one starting with `token`, which is the last."""
        deadline, seen = time.monotonic() + timeout, []
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                raise EngineFailure("timeout", f"no '{token}' in {timeout:g}s") from None
            if line is None:
                raise EngineFailure("crash", f"engine died (waiting for '{token}')")
            seen.append(line)
            if line.split(" ", 1)[0] == token:
                return seen

    def sync(self) -> None:
        """isready/readyok, which also drops any stale output."""
        self.send("isready")
        self.wait_for("readyok", 10)

    def new_game(self, values: dict[str, int]) -> None:
        for name, value in values.items():
            self.send(f"setoption name {name} value {value}")
        self.send("ucinewgame")
        self.sync()

    def go(self, position: str, go: str, timeout: float) -> tuple[str, int | None, float]:
        """(best move, last score in centipawns from the mover's side, seconds taken)."""
        self.send(position)
        start = time.monotonic()
        self.send(go)
        lines = self.wait_for("bestmove", timeout)
        elapsed = time.monotonic() - start
        score = None
        for line in lines:
            m = re.search(r"\bscore (cp|mate) (-?\d+)", line)
            if m:
                n = int(m.group(2))
                score = n if m.group(1) == "cp" else (MATE_CP if n > 0 else -MATE_CP)
        words = lines[-1].split()
        return (words[1] if len(words) > 1 else "0000"), score, elapsed

    def restart(self) -> None:
        if self.killed:
            raise EngineFailure("stopped", "the tuner is stopping")
        self.close()
        self.start()

    def kill(self) -> None:
        """Stop the process at once, for good (from another thread)."""
        self.killed = True
        if self.proc is not None:
            self.proc.kill()

    def close(self) -> None:
        """Ask the process to quit; kill it if it has not within a second."""
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            self.send("quit")
            self.proc.wait(1)
        except (EngineFailure, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


# --------------------------------------------------------------------------- the games

RESULTS = {1: "1-0", 0: "1/2-1/2", -1: "0-1"}


@dataclass
class Limits:
    """Either a clock (seconds) or a node count per move; `margin` forgives overhead."""
    base: float = 0.0
    inc: float = 0.0
    nodes: int = 0
    margin: float = 0.1


def load_openings(path: str) -> list[str]:
    """The openings of an EPD file (a line each) or a PGN file (a game each), unparsed."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    if path.lower().endswith(".pgn"):
        return [g for g in re.split(r"\n\s*\n(?=\s*\[)", text) if g.strip()]
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


def opening_fen(item: str) -> str:
    """The FEN of an opening: a FEN or EPD line, or where a PGN game's main line ends."""
    if item.lstrip().startswith("["):
        return chess.pgn.read_game(io.StringIO(item)).end().board().fen()
    board = chess.Board()
    try:
        board.set_fen(item)
    except ValueError:
        board.set_epd(item)
    return board.fen()


def play_game(white: Engine, black: Engine, values: tuple[dict, dict], fen: str,
              limits: Limits) -> tuple[int, str]:
    """Play a game from `fen`: (1, 0 or -1 for White, how it ended).

    `values` are the parameter values of White and Black. An engine that crashes, hangs or
    exceeds its clock loses the game and is restarted for the next one.
    """
    engines = {chess.WHITE: white, chess.BLACK: black}
    for color, engine in engines.items():
        own = values[0] if color == chess.WHITE else values[1]
        try:
            engine.new_game(own)
        except EngineFailure:
            engine.restart()  # a crash between games costs nothing
            engine.new_game(own)
    board, moves, scores = chess.Board(fen), [], []
    clock = {chess.WHITE: limits.base, chess.BLACK: limits.base}
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return (0 if outcome.winner is None else 1 if outcome.winner else -1,
                    f"{outcome.result()} {outcome.termination.name.lower()}")
        verdict = adjudicate(scores, board.fullmove_number)
        if verdict is not None:
            return verdict, f"{RESULTS[verdict]} adjudication"
        side, engine = board.turn, engines[board.turn]
        sign = 1 if side == chess.WHITE else -1
        if limits.nodes:
            go, timeout = f"go nodes {limits.nodes}", 60.0
        else:
            ms = {c: max(int(clock[c] * 1000), 1) for c in clock}
            inc = int(limits.inc * 1000)
            go = f"go wtime {ms[chess.WHITE]} btime {ms[chess.BLACK]} winc {inc} binc {inc}"
            timeout = clock[side] + limits.margin + 1.0
        position = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
        try:
            uci, score, elapsed = engine.go(position, go, timeout)
        except EngineFailure as err:
            engine.restart()
            return -sign, f"{RESULTS[-sign]} {err.kind}"
        if not limits.nodes:
            clock[side] -= elapsed
            if clock[side] < -limits.margin:
                return -sign, f"{RESULTS[-sign]} time forfeit"
            clock[side] += limits.inc
        try:
            move = chess.Move.from_uci(uci)
        except ValueError:
            move = None
        if move is None or move not in board.legal_moves:
            return -sign, f"{RESULTS[-sign]} illegal move {uci}"
        board.push(move)
        moves.append(uci)
        scores.append(None if score is None else sign * score)


# ---------------------------------------------------------------------------- the tuner

class Tuner:
    """The run: parameters, schedule, random source and history, shared by the workers."""

    def __init__(self, args, params: list[Param], openings: list[str]):
        self.args, self.params, self.openings = args, params, openings
        self.run = {"params": [p.name for p in params], "iterations": args.iterations,
                    "alpha": args.alpha, "gamma": args.gamma, "a_ratio": args.a_ratio,
                    "c_end": {p.name: p.c_end for p in params},
                    "r_end": {p.name: p.r_end for p in params},
                    "seed": args.seed, "start": {p.name: p.value for p in params}}
        self.rng = random.Random(args.seed)
        self.done, self.started, self.history = 0, 0, []
        self.lock, self.stop = threading.Lock(), threading.Event()
        self.engines: list[Engine] = []  # every worker's, to kill on Ctrl-C
        if args.state and os.path.exists(args.state):
            self.resume(args.state)

    def resume(self, path: str) -> None:
        with open(path) as f:
            state = json.load(f)
        if {k: v for k, v in state["run"].items() if k != "start"} != \
                {k: v for k, v in self.run.items() if k != "start"}:
            sys.exit(f"error: {path} holds another run (parameters, iterations, schedule or "
                     f"seed differ: {state['run']}); resume with the command that started it")
        self.run = state["run"]
        self.done = self.started = state["iteration"]
        self.history = state["history"]
        for p in self.params:
            p.value = state["theta"][p.name]
        version, internal, gauss = state["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        print(f"resumed {path} at iteration {self.done}", flush=True)

    def save(self) -> None:
        if not self.args.state:
            return
        state = {"run": self.run, "iteration": self.done, "games": 2 * self.done,
                 "theta": {p.name: p.value for p in self.params},
                 "rng": self.rng.getstate(), "history": self.history}
        tmp = self.args.state + ".tmp"
        with open(tmp, "w") as f:
            json.dump(state, f)
        os.replace(tmp, self.args.state)

    def next_task(self):
        """The next iteration to play: (k, flips, c values, plus values, minus values, fen)."""
        with self.lock:
            if self.stop.is_set() or self.started >= self.args.iterations:
                return None
            self.started += 1
            k = self.started
            fen = self.draw_opening()
            flips, cs, plus, minus = {}, {}, {}, {}
            for p in self.params:
                flips[p.name] = self.rng.choice((-1, 1))
                cs[p.name] = coefficients(p, k, self.args.iterations, self.args.alpha,
                                          self.args.gamma, self.args.a_ratio)
                plus[p.name], minus[p.name] = perturb(p, cs[p.name][0], flips[p.name],
                                                      self.rng.random())
            return k, flips, cs, plus, minus, fen

    def draw_opening(self) -> str:
        """A random opening's FEN; a line that is no position is skipped (a few at most)."""
        for _ in range(100):
            try:
                return opening_fen(self.rng.choice(self.openings))
            except (ValueError, AttributeError):  # AttributeError: a PGN text with no game
                continue
        raise ValueError("100 openings in a row are no positions")

    def record(self, k: int, flips, cs, plus, minus, result: int, endings) -> None:
        """Apply a pair's result to theta, log it and save the state."""
        with self.lock:
            for p in self.params:
                c, r = cs[p.name]
                p.value = updated(p, c, r, flips[p.name], result)
            self.done += 1
            self.history.append({"k": k, "plus": plus, "minus": minus, "result": result,
                                 "endings": endings,
                                 "theta": {p.name: round(p.value, 4) for p in self.params}})
            self.save()
            if self.done % self.args.print_every == 0 or self.done == self.args.iterations:
                theta = "  ".join(f"{p.name} {p.value:.2f}" for p in self.params)
                print(f"iteration {self.done}/{self.args.iterations}  games {2 * self.done}  "
                      f"{theta}", flush=True)

    def worker(self, limits: Limits) -> None:
        """Play pairs on one engine pair (plus, minus) until the run is done or stopped."""
        cmd, options, pair = [self.args.engine], dict(self.args.option), {}
        try:
            for side in ("plus", "minus"):
                pair[side] = Engine(cmd, options)
                with self.lock:
                    self.engines.append(pair[side])
            while (task := self.next_task()) is not None:
                k, flips, cs, plus, minus, fen = task
                endings, result = [], 0
                for white, black, sign in (("plus", "minus", 1), ("minus", "plus", -1)):
                    values = (plus, minus) if white == "plus" else (minus, plus)
                    score, ending = play_game(pair[white], pair[black], values, fen, limits)
                    result += sign * score
                    endings.append(ending)
                if self.stop.is_set():
                    return  # a pair cut short by Ctrl-C says nothing
                self.record(k, flips, cs, plus, minus, result, endings)
        except EngineFailure as err:
            if not self.stop.is_set():
                print(f"error: an engine failed to start ({err}); a worker stops", flush=True)
        finally:
            for engine in pair.values():
                engine.close()


def report(params: list[Param], done: int) -> None:
    """The tuned values, as setoption lines and as the lines of src/search/params.rs."""
    values = {p.name: math.floor(p.value + 0.5) for p in params}
    print(f"\nvalues after {done} iterations ({2 * done} games):")
    for p in params:
        print(f"{p.name}: {p.value:.2f}")
    print()
    for p in params:
        print(f"setoption name {p.name} value {values[p.name]}")
    print("\nfor src/search/params.rs:")
    for p in params:
        print(f"    {p.name} = {values[p.name]}, {p.min}, {p.max};")


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="a `cargo build --release --features tune` binary")
    ap.add_argument("--params", help="comma-separated names to tune (default: all)")
    ap.add_argument("--openings", required=True, help="EPD or PGN file of start positions")
    limit = ap.add_mutually_exclusive_group(required=True)
    limit.add_argument("--tc", help="clock per game, BASE+INC in seconds, e.g. 2+0.02")
    limit.add_argument("--nodes", type=int, help="nodes per move instead of a clock")
    ap.add_argument("--iterations", type=int, default=1000, help="game pairs in the run (N)")
    ap.add_argument("--concurrency", type=int, default=1, help="game pairs played at once")
    ap.add_argument("--seed", type=int, default=1, help="seeds the flips, roundings and openings")
    ap.add_argument("--state", help="JSON state written after every iteration; resumed if present")
    ap.add_argument("--alpha", type=float, default=0.602, help="decay exponent of a_k")
    ap.add_argument("--gamma", type=float, default=0.101, help="decay exponent of c_k")
    ap.add_argument("--a-ratio", type=float, default=0.1, help="A as a share of N")
    ap.add_argument("--c-scale", type=float, default=1.0,
                    help="multiplies every c_end of the listing (a short run needs larger perturbations)")
    ap.add_argument("--r-end", type=float,
                    help="r_end for every parameter instead of the listing's (a short run needs a larger one)")
    ap.add_argument("--margin", type=float, default=100, help="ms a move may overrun the clock")
    ap.add_argument("--option", action="append", default=[], type=lambda s: s.split("=", 1),
                    metavar="NAME=VALUE", help="a fixed UCI option for both sides (repeatable)")
    ap.add_argument("--print-every", type=int, default=10, help="progress every this many iterations")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    listing = subprocess.run([args.engine, "spsa"], capture_output=True, text=True, check=True).stdout
    params = parse_listing(listing)
    if args.params:
        wanted = [n.strip() for n in args.params.split(",") if n.strip()]
        unknown = sorted(set(wanted) - {p.name for p in params})
        if unknown:
            sys.exit(f"error: unknown parameter(s) {', '.join(unknown)}; "
                     f"`{args.engine} spsa` lists {', '.join(p.name for p in params)}")
        params = [p for p in params if p.name in wanted]
    for p in params:
        p.c_end *= args.c_scale
        p.r_end = args.r_end if args.r_end is not None else p.r_end
    probe = Engine([args.engine], dict(args.option))
    probe.close()
    if not params or any(p.name not in probe.declared for p in params):
        sys.exit(f"error: {args.engine} offers no such options: build it with "
                 "`cargo build --release --features tune`")
    if args.tc:
        base, _, inc = args.tc.partition("+")
        limits = Limits(base=float(base), inc=float(inc or 0), margin=args.margin / 1000)
    else:
        limits = Limits(nodes=args.nodes)
    openings = load_openings(args.openings)
    try:
        opening_fen(openings[0])
    except (IndexError, ValueError, AttributeError):
        sys.exit(f"error: {args.openings} does not start with a position (FEN, EPD or PGN)")
    tuner = Tuner(args, params, openings)
    print(f"tuning {len(params)} parameters over {args.iterations} iterations "
          f"({args.tc or f'{args.nodes} nodes'}, concurrency {args.concurrency})", flush=True)
    workers = [threading.Thread(target=tuner.worker, args=(limits,), daemon=True)
               for _ in range(args.concurrency)]
    for w in workers:
        w.start()
    interrupted = False
    try:
        while any(w.is_alive() for w in workers):
            for w in workers:
                w.join(0.2)
    except KeyboardInterrupt:
        print("\ninterrupted: pairs in play are dropped", flush=True)
        interrupted = True
        tuner.stop.set()
        for engine in tuner.engines:
            engine.kill()
        for w in workers:
            w.join(5)
    report(params, tuner.done)
    return 130 if interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
