#!/usr/bin/env python3
"""Measures how human-like rokade's strength levels play, on rated human games.

From rated games (PGN with WhiteElo/BlackElo tags, or the one-line format of
../shared/data/human-games/: `WHITE_RATING - BLACK_RATING - BASE+INC - 1. e4 e5 ... RESULT`),
it samples positions from ply --min-ply on, each the position before a human move with the
mover's rating, --per-bin of them in each rating bin (<1200, 1200-1399, 1400-1599, 1600-1799,
1800-1999, 2000+; fewer if a bin has fewer), at most --per-side from one player of one game.
Every player is then asked for a move in every position as a new user would ask it:
`ucinewgame`, its options (for rokade `Level` and a `Skill Seed` drawn from --seed and the
position), `position startpos moves <the game so far>`, `go movetime 200` (--movetime or
--nodes). The players: every level `rokade levels --json` lists, Full (full strength), Stockfish at
each --sf-elo (UCI_LimitStrength) and each --engine.

Stockfish at --depth judges every move: the position's best score and the score after the
human's move and after every player's move, each searched with a cleared table, so a score
does not depend on what was searched before and is cached (--cache-dir, shared by every run
with the same judge and depth). A score becomes winning chances on lichess's scale,
wc = 2 / (1 + exp(-0.00368208 * cp)) - 1 with cp clamped to +-1000 and a mate as +-1000; a
move's loss is wc(best) - wc(after the move) from the mover's side, at least 0; an
inaccuracy, mistake or blunder is a loss of at least 0.1, 0.2 or 0.3 (lichess's thresholds),
each move counted in its worst class only.

Prints markdown tables: how often each player plays the human's move, by the human's rating
bin and over all; each player's mean loss and error shares next to the humans' of each bin;
each player's implied human rating (where the humans' mean-loss curve, made non-increasing
and interpolated between bin centres, meets the player's mean loss); and the "done means" of
issue 30 for each level (its match rate on the players nearest its Elo, its blunder share).

    tuning/humanlike.py [GAMES ...] [--per-bin 100] [--per-side 3] [--min-ply 10] [--seed 1]
                        [--movetime 200 | --nodes N] [--concurrency 2] [--depth 12]
                        [--levels Beginner,...,Full] [--sf-elo 1350,1800,2100]
                        [--engine name=NAME cmd=CMD option.NAME=VALUE ...] [--json out.json]
                        [--moves-from earlier.json] [--cache-dir DIR]

GAMES defaults to ../shared/data/human-games/2015-11.txt, the held-out file (tune on
2013-06.txt). Progress goes to stderr. An engine that crashes, hangs or plays an illegal move
is recorded as a failure for that position and restarted; the run goes on. --moves-from takes
the moves of the players an earlier run's --json holds (the same sample) instead of playing
them: to re-print a run, or to measure only a changed level beside the others' old moves.
Needs python-chess
(`pip install chess`) and a release build.
"""
import argparse, bisect, hashlib, json, math, os, queue, random, re, shlex, subprocess, sys, threading, time
from dataclasses import dataclass, field

import chess
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
DEFAULT_GAMES = os.path.join(SHARED, "data", "human-games", "2015-11.txt")
DEFAULT_ENGINE = os.path.join(ROOT, "target", "release", "rokade")
STOCKFISH = "/usr/games/stockfish"
DEFAULT_CACHE = os.path.join(os.path.expanduser("~"), ".cache", "rokade", "humanlike")

# Rating bins: lower edges; a bin runs to the next edge. The open ends are centred as if they
# were 200 wide like the others (1100, 2100), for the implied rating.
BIN_EDGES = [1200, 1400, 1600, 1800, 2000]
BIN_NAMES = ["<1200", "1200-1399", "1400-1599", "1600-1799", "1800-1999", "2000+"]
BIN_CENTRES = [1100, 1300, 1500, 1700, 1900, 2100]
# The human players nearest a level's Elo (issue 30): upper Elo bound -> bins.
NEAREST_BINS = [(1200, ["<1200"]), (1400, ["1200-1399"]), (1800, ["1400-1599", "1600-1799"]),
                (2000, ["1800-1999"]), (math.inf, ["2000+"])]
# Issue 30's targets: each level plays the human's move in at least this share of its nearest
# players' positions, and the levels together average at least the second.
MATCH_TARGET = 0.40
MATCH_AVERAGE_TARGET = 0.42

# lichess's winning chances and its Advice thresholds.
WC_SCALE = 0.00368208
CP_CLAMP = 1000
ERROR_CLASSES = [("blunder", 0.3), ("mistake", 0.2), ("inaccuracy", 0.1)]

FULL = "Full"
JUDGE_HASH_MB = 64
READY_TIMEOUT = 30.0
# A move gets its limit plus this long before the engine counts as hung.
MOVE_GRACE = 30.0
NODES_TIMEOUT = 120.0
CACHE_SAVE_EVERY = 100
PROGRESS_SECONDS = 30.0

RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?")


# ---------------------------------------------------------------------------------------------
# Games and positions

@dataclass
class Game:
    white_elo: int
    black_elo: int
    moves: list            # chess.Move, from the start position (or `fen`)
    fen: str = None        # None: the standard start position
    source: str = ""       # file:line or file:game number, for messages


@dataclass
class Position:
    game: int              # index into the games
    ply: int               # moves played before this position
    rating: int            # the mover's
    bin: int               # index into BIN_NAMES
    index: int = 0         # in the sample, after sorting


def parse_line(line):
    """One game of the one-line format: (white rating, black rating, time control, SAN moves).

    >>> parse_line("1538 - 1330 - 600+0 - 1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0")
    (1538, 1330, '600+0', ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5'])
    """
    parts = line.strip().split(" - ", 3)
    if len(parts) != 4:
        raise ValueError(f"not 'WHITE - BLACK - TC - MOVES': {line.strip()[:60]!r}")
    white, black, tc, text = parts
    sans = []
    for token in text.split():
        token = MOVE_NUMBER.sub("", token)
        if token and token not in RESULTS:
            sans.append(token)
    return int(white), int(black), tc, sans


def play_sans(sans, board=None):
    """The moves of a SAN list, up to the first one that is not legal (and that one's text)."""
    board = board or chess.Board()
    moves = []
    for san in sans:
        try:
            move = board.parse_san(san)
        except ValueError:
            return moves, san
        moves.append(move)
        board.push(move)
    return moves, None


def read_one_line_games(path, warn):
    games = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                white, black, _, sans = parse_line(line)
            except ValueError as e:
                warn(f"{path}:{number}: skipped: {e}")
                continue
            moves, bad = play_sans(sans)
            if bad is not None:
                warn(f"{path}:{number}: '{bad}' is not legal after {len(moves)} plies; the game stops there")
            games.append(Game(white, black, moves, None, f"{os.path.basename(path)}:{number}"))
    return games


def read_pgn_games(path, warn):
    games = []
    with open(path) as f:
        number = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            number += 1
            where = f"{os.path.basename(path)}:game {number}"
            try:
                white, black = int(game.headers.get("WhiteElo", "")), int(game.headers.get("BlackElo", ""))
            except ValueError:
                warn(f"{where}: skipped: no WhiteElo/BlackElo")
                continue
            if game.headers.get("Variant", "Standard").lower() not in ("standard", "chess", "from position"):
                warn(f"{where}: skipped: variant {game.headers['Variant']}")
                continue
            if game.errors:
                warn(f"{where}: {game.errors[0]}; the game stops there")
            fen = game.headers.get("FEN")
            games.append(Game(white, black, list(game.mainline_moves()), fen, where))
    return games


def read_games(path, warn):
    """PGN (by the .pgn name or a leading '[') or the one-line format."""
    with open(path) as f:
        head = f.read(4096).lstrip()
    if path.lower().endswith(".pgn") or head.startswith("["):
        return read_pgn_games(path, warn)
    return read_one_line_games(path, warn)


def rating_bin(rating):
    """Index into BIN_NAMES.

    >>> [BIN_NAMES[rating_bin(r)] for r in (1199, 1200, 1999, 2000)]
    ['<1200', '1200-1399', '1800-1999', '2000+']
    """
    return bisect.bisect_right(BIN_EDGES, rating)


def sample_positions(games, per_bin, per_side, min_ply, seed):
    """Up to per_bin positions per rating bin, spread over the players: in a random order of
    the game sides (one player of one game) of the bin, each gives one random position of its
    own, then each a second, ... up to per_side. Sorted by bin, game and ply, and numbered."""
    rng = random.Random(seed)
    sides = [[] for _ in BIN_NAMES]   # per bin: (game, colour, [plies])
    for g, game in enumerate(games):
        white_first = game.fen is None or chess.Board(game.fen).turn == chess.WHITE
        for colour, rating in ((chess.WHITE, game.white_elo), (chess.BLACK, game.black_elo)):
            parity = 0 if (colour == chess.WHITE) == white_first else 1   # the side's plies are even or odd
            plies = list(range(min_ply + (min_ply % 2 != parity), len(game.moves), 2))
            if plies:
                sides[rating_bin(rating)].append((g, rating, plies))
    sample = []
    for b, bin_sides in enumerate(sides):
        rng.shuffle(bin_sides)
        for _, _, plies in bin_sides:
            rng.shuffle(plies)
        taken = []
        for round_ in range(per_side):
            for g, rating, plies in bin_sides:
                if len(taken) == per_bin:
                    break
                if round_ < len(plies):
                    taken.append(Position(g, plies[round_], rating, b))
        sample.extend(taken)
    sample.sort(key=lambda p: (p.bin, p.game, p.ply))
    for i, p in enumerate(sample):
        p.index = i
    return sample


def skill_seed(run_seed, index):
    """The position's `Skill Seed`: from the run's seed and the position, never 0 (random)."""
    digest = hashlib.sha256(f"{run_seed}/{index}".encode()).digest()
    return 1 + int.from_bytes(digest[:4], "big") % (2 ** 32 - 1)


# ---------------------------------------------------------------------------------------------
# Scores, losses, the implied rating

def winning_chances(score):
    """lichess's winning chances in [-1, 1] of a score ('cp', n) or ('mate', n), mover's view.

    >>> winning_chances(('cp', 0)), round(winning_chances(('cp', 5000)), 4), winning_chances(('mate', -3)) < -0.95
    (0.0, 0.9509, True)
    """
    kind, value = score
    cp = (CP_CLAMP if value > 0 else -CP_CLAMP) if kind == "mate" else max(-CP_CLAMP, min(CP_CLAMP, value))
    return 2 / (1 + math.exp(-WC_SCALE * cp)) - 1


def move_loss(best, after):
    """The move's loss of winning chances: both scores from the mover's side."""
    return max(0.0, winning_chances(best) - winning_chances(after))


def error_class(loss):
    """'blunder', 'mistake', 'inaccuracy' or None: the worst class the loss reaches."""
    for name, threshold in ERROR_CLASSES:
        if loss >= threshold:
            return name
    return None


def negate(score):
    kind, value = score
    return (kind, -value)


def monotone_losses(losses, weights):
    """The nearest non-increasing sequence (weighted least squares, pool adjacent violators):
    a higher rating should not lose more, and a bump of the sample should not give a level
    two implied ratings."""
    blocks = []   # [mean, weight, count]
    for loss, weight in zip(losses, weights):
        blocks.append([loss, weight, 1])
        while len(blocks) > 1 and blocks[-2][0] < blocks[-1][0]:
            m2, w2, n2 = blocks.pop()
            m1, w1, n1 = blocks.pop()
            w = w1 + w2
            blocks.append([(m1 * w1 + m2 * w2) / w if w else (m1 + m2) / 2, w, n1 + n2])
    out = []
    for mean, _, count in blocks:
        out.extend([mean] * count)
    return out


def implied_rating(centres, losses, loss):
    """The rating where the piecewise-linear curve through (centres, losses), non-increasing,
    has the given loss: (rating, None), or (rating, 'below' / 'above') when it lies beyond the
    first or last centre and is extrapolated along the nearest sloping end of the curve. On a
    flat stretch that equals the loss, its middle. None when the curve is flat throughout."""
    points = list(zip(centres, losses))
    if loss > points[0][1] or loss < points[-1][1]:
        end = "below" if loss > points[0][1] else "above"
        ordered = points if end == "below" else points[::-1]
        x0, y0 = ordered[0]
        for x1, y1 in ordered[1:]:
            if y1 != y0:
                return x0 + (loss - y0) * (x1 - x0) / (y1 - y0), end
        return None
    hits = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if y0 == y1 == loss:
            hits.extend([x0, x1])
        elif min(y0, y1) <= loss <= max(y0, y1) and y0 != y1:
            hits.append(x0 + (loss - y0) * (x1 - x0) / (y1 - y0))
    if not hits:   # a single point equal to the loss
        hits = [x for x, y in points if y == loss]
    return (min(hits) + max(hits)) / 2, None


def wilson_interval(successes, n, z=1.96):
    """The 95 % interval of a share (Wilson's score interval).

    >>> [round(x, 3) for x in wilson_interval(40, 100)]
    [0.309, 0.498]
    """
    if n == 0:
        return None
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def nearest_bins(elo):
    for bound, bins in NEAREST_BINS:
        if elo < bound:
            return bins
    return NEAREST_BINS[-1][1]


# ---------------------------------------------------------------------------------------------
# A small UCI driver: exactly the commands a user's GUI would send, timeouts, restarts

class EngineFailure(Exception):
    pass


class UciEngine:
    def __init__(self, command, options=()):
        self.command = command
        self.options = list(options)
        self.proc = None
        self.id_name = None
        self.start()

    def start(self):
        self.proc = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()
        self.send("uci")
        for line in self.expect("uciok", READY_TIMEOUT):
            if line.startswith("id name "):
                self.id_name = line[len("id name "):].strip()
        for name, value in self.options:
            self.send(f"setoption name {name} value {value}")
        self.ready()

    @staticmethod
    def _read(proc, lines):
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineFailure("crash") from None

    def expect(self, token, timeout):
        """The lines up to and including the first that starts with `token`."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineFailure("timeout") from None
            if line is None:
                raise EngineFailure("crash")
            seen.append(line)
            if line.split(" ", 1)[0] == token:
                return seen

    def ready(self):
        self.send("isready")
        self.expect("readyok", READY_TIMEOUT)

    def restart(self):
        self.close()
        self.start()

    def close(self):
        if self.proc is None:
            return
        try:
            self.send("quit")
            self.proc.wait(timeout=2)
        except (EngineFailure, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def search(self, position_command, go_command, timeout):
        """Sends the position and the go; returns (the info lines, the bestmove token)."""
        self.send(position_command)
        self.send(go_command)
        lines = self.expect("bestmove", timeout)
        parts = lines[-1].split()
        return lines[:-1], parts[1] if len(parts) > 1 else None


def position_command(game, ply):
    start = f"fen {game.fen}" if game.fen else "startpos"
    moves = " ".join(m.uci() for m in game.moves[:ply])
    return f"position {start}" + (f" moves {moves}" if moves else "")


def board_at(game, ply):
    board = chess.Board(game.fen) if game.fen else chess.Board()
    for move in game.moves[:ply]:
        board.push(move)
    return board


def last_score(info_lines):
    """The last exact score of the main line in the info lines: ('cp', n) or ('mate', n)."""
    found = None
    for line in info_lines:
        tokens = line.split()
        if "score" not in tokens or "multipv" in tokens and tokens[tokens.index("multipv") + 1] != "1":
            continue
        i = tokens.index("score")
        bound = len(tokens) > i + 3 and tokens[i + 3] in ("lowerbound", "upperbound")
        if found is None or not bound:
            found = (tokens[i + 1], int(tokens[i + 2]))
    return found


# ---------------------------------------------------------------------------------------------
# Players

@dataclass
class Player:
    name: str
    command: str
    options: list = field(default_factory=list)       # set once, when the process starts
    per_move: callable = None                         # position index -> [(name, value)]
    elo: int = None
    kind: str = "engine"                              # level, stockfish, engine

    def process_key(self):
        return (self.command, tuple(self.options))


def rokade_levels(engine):
    """(name, elo) of every level `rokade levels --json` lists, in its order."""
    out = subprocess.run([engine, "levels", "--json"], check=True, capture_output=True, text=True).stdout
    levels = [(row["name"], row["elo"]) for row in json.loads(out)]
    if not levels:
        sys.exit(f"`{engine} levels` listed no level")
    return levels


def parse_engine_spec(words):
    """match.py's form: name=NAME cmd=CMD option.NAME=VALUE ..."""
    spec = {"options": []}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            raise ValueError(f"'{word}' is not KEY=VALUE")
        if key.startswith("option."):
            spec["options"].append((key[len("option."):], value))
        elif key in ("name", "cmd"):
            spec[key] = value
        else:
            raise ValueError(f"unknown key '{key}' (name=, cmd=, option.NAME=)")
    if "cmd" not in spec:
        raise ValueError("cmd= is required")
    spec.setdefault("name", os.path.basename(shlex.split(spec["cmd"])[0]))
    return spec


def build_players(args):
    players = []
    listed = rokade_levels(args.rokade)
    elos = dict(listed)
    names = [name for name, _ in listed] + [FULL]
    if args.levels is not None:
        wanted = [n for n in args.levels.split(",") if n]
        unknown = [n for n in wanted if n not in names]
        if unknown:
            sys.exit(f"unknown level(s): {', '.join(unknown)} (rokade lists {', '.join(names)})")
        names = wanted
    for name in names:
        def per_move(index, level=name):
            return [("Level", level), ("Skill Seed", skill_seed(args.seed, index))]
        players.append(Player(name, args.rokade, [], per_move, elos.get(name), "level"))
    try:
        sf_elos = [int(e) for e in args.sf_elo.split(",") if e.strip()]
    except ValueError:
        sys.exit(f"--sf-elo: '{args.sf_elo}' is not a comma-separated list of numbers")
    for elo in sf_elos:
        players.append(Player(f"sf{elo}", args.stockfish, [("UCI_LimitStrength", "true"), ("UCI_Elo", elo)],
                              None, elo, "stockfish"))
    for words in args.engine:
        try:
            spec = parse_engine_spec(words)
        except ValueError as e:
            sys.exit(f"--engine: {e}")
        players.append(Player(spec["name"], spec["cmd"], spec["options"], None, None, "engine"))
    seen = set()
    for p in players:
        if p.name in seen:
            sys.exit(f"two players named {p.name}")
        seen.add(p.name)
    return players


# ---------------------------------------------------------------------------------------------
# Running tasks on workers, each with its own long-lived engine processes

class Progress:
    def __init__(self, what, total):
        self.what, self.total, self.done, self.failures = what, total, 0, 0
        self.start = self.last = time.monotonic()
        self.lock = threading.Lock()

    def step(self, failed=False):
        with self.lock:
            self.done += 1
            self.failures += failed
            now = time.monotonic()
            if now - self.last >= PROGRESS_SECONDS or self.done == self.total:
                self.last = now
                spent = now - self.start
                left = spent / self.done * (self.total - self.done)
                print(f"{self.what}: {self.done}/{self.total}, {self.failures} failures, {spent:.0f} s, "
                      f"about {left:.0f} s left", file=sys.stderr, flush=True)


def run_workers(tasks, concurrency, work):
    """Runs work(task, engines) for every task on `concurrency` threads; each thread keeps its
    own dict of engine processes (by command and options), closed at the end."""
    todo = queue.Queue()
    for task in tasks:
        todo.put(task)
    errors = []

    def worker():
        engines = {}
        try:
            while not errors:
                try:
                    task = todo.get_nowait()
                except queue.Empty:
                    return
                work(task, engines)
        except Exception as e:   # a bug, not an engine's failure: stop the run
            errors.append(e)
        finally:
            for engine in engines.values():
                engine.close()

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(concurrency)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.5)
    except KeyboardInterrupt:
        errors.append(KeyboardInterrupt())
        for t in threads:
            t.join()
        raise
    if errors:
        raise errors[0]


def engine_for(engines, command, options):
    key = (command, tuple(options))
    if key not in engines:
        engines[key] = UciEngine(command, options)
    return engines[key]


def play_moves(players, positions, games, args):
    """{(player name, position index): {'move': uci or None, 'seconds', 'failure'}}."""
    if args.nodes:
        go, timeout = f"go nodes {args.nodes}", NODES_TIMEOUT
    else:
        go, timeout = f"go movetime {args.movetime}", args.movetime / 1000 + MOVE_GRACE
    tasks = [(p, pos) for p in players for pos in positions]
    results, lock = {}, threading.Lock()
    progress = Progress("moves", len(tasks))

    def work(task, engines):
        player, pos = task
        game = games[pos.game]
        board = board_at(game, pos.ply)
        record = {"move": None, "seconds": None, "failure": None}
        try:
            engine = engine_for(engines, player.command, player.options)
            engine.send("ucinewgame")
            for name, value in player.per_move(pos.index) if player.per_move else []:
                engine.send(f"setoption name {name} value {value}")
            engine.ready()
            start = time.monotonic()
            _, best = engine.search(position_command(game, pos.ply), go, timeout)
            record["seconds"] = time.monotonic() - start
            if best in (None, "(none)", "0000"):
                record["failure"] = "no move"
            else:
                try:   # parse_uci also takes castling written king-takes-rook
                    record["move"] = board.parse_uci(best).uci()
                except ValueError:
                    record["failure"] = "illegal"
                    record["bestmove"] = best
        except EngineFailure as e:
            record["failure"] = str(e)
            key = (player.command, tuple(player.options))
            if key in engines:
                try:
                    engines[key].restart()
                except EngineFailure:
                    engines.pop(key).close()
        if record["failure"]:
            print(f"{player.name}: {record['failure']} in position {pos.index} ({game.source} ply {pos.ply})",
                  file=sys.stderr, flush=True)
        with lock:
            results[(player.name, pos.index)] = record
        progress.step(bool(record["failure"]))

    run_workers(tasks, args.concurrency, work)
    return results


class Judge:
    """Stockfish at a fixed depth with a cleared table for every score; scores are cached in
    one JSON file per judge and depth: 'FEN|' is the position's best score, 'FEN|move' the
    score after the move, both from the side to move in FEN."""

    def __init__(self, args):
        self.args = args
        probe = UciEngine(args.stockfish)
        self.id_name = probe.id_name or os.path.basename(args.stockfish)
        probe.close()
        slug = re.sub(r"[^A-Za-z0-9.]+", "-", self.id_name).strip("-")
        os.makedirs(args.cache_dir, exist_ok=True)
        self.path = os.path.join(args.cache_dir, f"judge-{slug}-hash{JUDGE_HASH_MB}-depth{args.depth}.json")
        self.cache = self._load()
        self.lock = threading.Lock()
        self.unsaved = 0

    def _load(self):
        try:
            with open(self.path) as f:
                return {k: tuple(v) for k, v in json.load(f).items()}
        except FileNotFoundError:
            return {}

    def save(self):
        """Merges with what another run may have saved meanwhile, then replaces the file."""
        with self.lock:
            merged = self._load()
            merged.update(self.cache)
            self.cache = merged
            tmp = f"{self.path}.{os.getpid()}.tmp"
            with open(tmp, "w") as f:
                json.dump(self.cache, f)
            os.replace(tmp, self.path)
            self.unsaved = 0

    def score(self, fen, move):
        return self.cache.get(f"{fen}|{move or ''}")

    def judge(self, wanted):
        """Scores every (fen, move or None) of `wanted` that the cache lacks."""
        keys = sorted({f"{fen}|{move or ''}" for fen, move in wanted} - set(self.cache))
        print(f"judge: {len(wanted)} scores wanted, {len(keys)} not cached ({self.path})", file=sys.stderr)
        progress = Progress("judge", len(keys))
        options = [("Hash", JUDGE_HASH_MB), ("Threads", 1)]

        def work(key, engines):
            fen, move = key.split("|")
            score = self.evaluate(engines, options, fen, move or None)
            with self.lock:
                self.cache[key] = score
                self.unsaved += 1
                save = self.unsaved >= CACHE_SAVE_EVERY
            if save:
                self.save()
            progress.step()

        try:
            run_workers(keys, self.args.concurrency, work)
        finally:
            self.save()

    def evaluate(self, engines, options, fen, move):
        """The score of the position (move None) or after the move, for the side to move in fen."""
        board = chess.Board(fen)
        if move:
            board.push(chess.Move.from_uci(move))
            if board.is_checkmate():
                return ("mate", 1)
            if board.is_stalemate() or board.is_insufficient_material():
                return ("cp", 0)
        command = f"position fen {fen}" + (f" moves {move}" if move else "")
        for attempt in range(2):
            engine = engine_for(engines, self.args.stockfish, options)
            try:
                engine.send("ucinewgame")
                engine.ready()
                info, _ = engine.search(command, f"go depth {self.args.depth}", NODES_TIMEOUT)
                score = last_score(info)
                if score is None:
                    raise EngineFailure("no score")
                return negate(score) if move else score
            except EngineFailure as e:
                broken = engines.pop((self.args.stockfish, tuple(options)), None)
                if broken:
                    broken.close()
                if attempt:
                    raise RuntimeError(f"the judge failed twice ({e}) on {command}") from None


# ---------------------------------------------------------------------------------------------
# Figures and tables

def summarise(players, positions, games, moves, judge):
    """Per player and for the humans: per position the move, match and loss; per bin and over
    all: match share, mean loss, error shares."""
    per_position = []
    for pos in positions:
        game = games[pos.game]
        fen = board_at(game, pos.ply).fen()
        best = judge.score(fen, None)
        human = game.moves[pos.ply].uci()
        entry = {"index": pos.index, "source": game.source, "ply": pos.ply, "rating": pos.rating,
                 "bin": BIN_NAMES[pos.bin], "fen": fen, "human": human, "best_score": list(best),
                 "human_loss": move_loss(best, judge.score(fen, human)), "players": {}}
        for p in players:
            r = dict(moves[(p.name, pos.index)])
            if r["move"]:
                r["loss"] = move_loss(best, judge.score(fen, r["move"]))
                r["match"] = r["move"] == human
            entry["players"][p.name] = r
        per_position.append(entry)

    def figures(rows):
        """rows: (bin index, loss or None, match or None) for one player."""
        def one(sel):
            answered = [r for r in sel if r[1] is not None]
            n = len(answered)
            out = {"positions": len(sel), "answered": n, "failures": len(sel) - n}
            if n:
                out["match"] = sum(bool(r[2]) for r in answered) / n
                out["mean_loss"] = sum(r[1] for r in answered) / n
                for name, _ in ERROR_CLASSES:
                    out[name] = sum(error_class(r[1]) == name for r in answered) / n
            return out
        return {"all": one(rows), "bins": {BIN_NAMES[b]: one([r for r in rows if r[0] == b])
                                           for b in range(len(BIN_NAMES))}}

    bin_of = {e["index"]: BIN_NAMES.index(e["bin"]) for e in per_position}
    summary = {"humans": figures([(bin_of[e["index"]], e["human_loss"], None) for e in per_position]),
               "players": {}}
    for p in players:
        rows = [(bin_of[e["index"]], e["players"][p.name].get("loss"), e["players"][p.name].get("match"))
                for e in per_position]
        summary["players"][p.name] = figures(rows)
        times = [e["players"][p.name]["seconds"] for e in per_position if e["players"][p.name]["seconds"]]
        summary["players"][p.name]["seconds_per_move"] = sum(times) / len(times) if times else None

    # The humans' curve: mean loss at the bin centres of the bins with positions.
    hb = summary["humans"]["bins"]
    filled = [b for b in range(len(BIN_NAMES)) if hb[BIN_NAMES[b]]["answered"]]
    centres = [BIN_CENTRES[b] for b in filled]
    curve = monotone_losses([hb[BIN_NAMES[b]]["mean_loss"] for b in filled],
                            [hb[BIN_NAMES[b]]["answered"] for b in filled])
    summary["human_curve"] = {"centres": centres, "mean_loss": curve}
    for p in players:
        s = summary["players"][p.name]
        implied = implied_rating(centres, curve, s["all"]["mean_loss"]) if "mean_loss" in s["all"] and centres else None
        s["implied_rating"] = None if implied is None else {"rating": implied[0], "extrapolated": implied[1]}
        if p.elo is not None:
            bins = nearest_bins(p.elo)
            sel = [e for e in per_position if e["bin"] in bins and e["players"][p.name]["move"]]
            human_sel = [e for e in per_position if e["bin"] in bins]
            matches = sum(e["players"][p.name]["match"] for e in sel)
            s["nearest"] = {"bins": bins, "positions": len(sel),
                            "match": matches / len(sel) if sel else None,
                            "match_ci": wilson_interval(matches, len(sel)),
                            "human_blunder": (sum(error_class(e["human_loss"]) == "blunder" for e in human_sel)
                                              / len(human_sel) if human_sel else None)}
    levels = [summary["players"][p.name]["nearest"]["match"] for p in players if p.kind == "level" and p.elo is not None]
    levels = [m for m in levels if m is not None]
    summary["levels_match_average"] = sum(levels) / len(levels) if levels else None
    summary["levels_averaged"] = len(levels)
    return per_position, summary


def pct(x):
    return "-" if x is None else f"{100 * x:.1f} %"


def num(x):
    return "-" if x is None else f"{x:.3f}"


def rating_text(implied):
    if implied is None:
        return "-"
    rating = round(implied["rating"])
    if implied["extrapolated"] == "below":
        return f"{rating} (extrapolated below {BIN_CENTRES[0]})"
    if implied["extrapolated"] == "above":
        return f"{rating} (extrapolated above {BIN_CENTRES[-1]})"
    return str(rating)


def tables(players, summary, positions):
    out = []
    counts = {name: sum(1 for p in positions if BIN_NAMES[p.bin] == name) for name in BIN_NAMES}
    out.append("**Plays the human's move**, by the human's rating (positions: "
               + ", ".join(f"{n} {counts[n]}" for n in BIN_NAMES) + f"; all {len(positions)})\n")
    out.append("| player | " + " | ".join(BIN_NAMES) + " | all | failures | s/move |")
    out.append("|---|" + "---|" * (len(BIN_NAMES) + 3))
    for p in players:
        s = summary["players"][p.name]
        cells = [pct(s["bins"][b].get("match")) for b in BIN_NAMES]
        spm = s["seconds_per_move"]
        out.append(f"| {p.name} | " + " | ".join(cells) + f" | {pct(s['all'].get('match'))} | "
                   f"{s['all']['failures']} | {'-' if spm is None else f'{spm:.2f}'} |")
    out.append("")
    out.append("**Errors**: mean loss of winning chances, and the share of moves in each of lichess's "
               "classes (worst class only); the implied rating is where the humans' mean loss "
               "(non-increasing, linear between the bin centres " + ", ".join(map(str, BIN_CENTRES)) + ") "
               "equals the player's\n")
    out.append("| who | mean loss | inaccuracies | mistakes | blunders | implied rating |")
    out.append("|---|---|---|---|---|---|")
    for p in players:
        s = summary["players"][p.name]
        a = s["all"]
        out.append(f"| {p.name} | {num(a.get('mean_loss'))} | {pct(a.get('inaccuracy'))} | {pct(a.get('mistake'))} "
                   f"| {pct(a.get('blunder'))} | {rating_text(s['implied_rating'])} |")
    curve = dict(zip(summary["human_curve"]["centres"], summary["human_curve"]["mean_loss"]))
    for b, name in enumerate(BIN_NAMES):
        h = summary["humans"]["bins"][name]
        pooled = curve.get(BIN_CENTRES[b])
        note = "" if pooled is None or math.isclose(pooled, h.get("mean_loss", pooled)) else f" (curve {pooled:.3f})"
        out.append(f"| humans {name} | {num(h.get('mean_loss'))}{note} | {pct(h.get('inaccuracy'))} | "
                   f"{pct(h.get('mistake'))} | {pct(h.get('blunder'))} | |")
    h = summary["humans"]["all"]
    out.append(f"| humans, all | {num(h.get('mean_loss'))} | {pct(h.get('inaccuracy'))} | {pct(h.get('mistake'))} "
               f"| {pct(h.get('blunder'))} | |")
    out.append("")
    rated = [p for p in players if p.elo is not None]
    if rated:
        out.append(f"**Done means** (issue 30): the human's move in at least {pct(MATCH_TARGET)} of the positions "
                   f"of the players nearest the level's Elo, the levels' average at least "
                   f"{pct(MATCH_AVERAGE_TARGET)}; blunders within the human range of the bin\n")
        out.append("| player | Elo | nearest players | positions | plays the human's move (95 %) | target met "
                   "| blunders (all positions) | humans' blunders there |")
        out.append("|---|---|---|---|---|---|---|---|")
        for p in rated:
            s = summary["players"][p.name]
            n = s["nearest"]
            met = "-" if n["match"] is None else ("yes" if n["match"] >= MATCH_TARGET else "no")
            ci = "" if n["match_ci"] is None else f" ({100 * n['match_ci'][0]:.0f}-{100 * n['match_ci'][1]:.0f} %)"
            out.append(f"| {p.name} | {p.elo} | {', '.join(n['bins'])} | {n['positions']} | {pct(n['match'])}{ci} | {met} | "
                       f"{pct(s['all'].get('blunder'))} | {pct(n['human_blunder'])} |")
        average = summary["levels_match_average"]
        if average is not None:
            out.append("")
            out.append(f"Average over the {summary['levels_averaged']} levels: {pct(average)} "
                       f"({'met' if average >= MATCH_AVERAGE_TARGET else 'not met'}; target {pct(MATCH_AVERAGE_TARGET)})")
    return "\n".join(out)


def reused_moves(path, positions, games, players):
    """The moves of the players that a previous run's --json holds, if it sampled the same
    positions: {(player, position index): record}."""
    try:
        with open(path) as f:
            old = json.load(f)["positions"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"--moves-from {path}: {e}")
    fens = {e["index"]: e["fen"] for e in old}
    if len(old) != len(positions) or any(fens.get(p.index) != board_at(games[p.game], p.ply).fen() for p in positions):
        sys.exit(f"--moves-from {path}: its positions are not this run's (other games, seed or sampling options)")
    names = {p.name for p in players} & set.intersection(*(set(e["players"]) for e in old))
    return {(name, e["index"]): {k: e["players"][name].get(k) for k in ("move", "seconds", "failure")}
            for e in old for name in names}


def git_commit():
    try:
        head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return head + (" (with uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    started = time.monotonic()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=[DEFAULT_GAMES], help="PGN or one-line game files")
    ap.add_argument("--per-bin", type=int, default=100, help="positions per rating bin")
    ap.add_argument("--per-side", type=int, default=3, help="at most this many positions of one player in one game")
    ap.add_argument("--min-ply", type=int, default=10, help="positions from this ply on (0: the start position)")
    ap.add_argument("--seed", type=int, default=1, help="sample and Skill Seeds")
    limit = ap.add_mutually_exclusive_group()
    limit.add_argument("--movetime", type=int, default=200, help="ms per move (go movetime)")
    limit.add_argument("--nodes", type=int, help="go nodes N instead of movetime")
    ap.add_argument("--concurrency", type=int, default=2, help="engines at work at once")
    ap.add_argument("--depth", type=int, default=12, help="the judge's depth")
    ap.add_argument("--rokade", default=DEFAULT_ENGINE, help="the rokade binary")
    ap.add_argument("--levels", help="comma-separated rokade levels to measure (default: every level and Full)")
    ap.add_argument("--sf-elo", default="1350,1800,2100", help="Stockfish UCI_Elo players, comma-separated ('' for none)")
    ap.add_argument("--engine", nargs="+", action="append", default=[], metavar="KEY=VALUE",
                    help="another player: name=NAME cmd=CMD option.NAME=VALUE ... (repeatable)")
    ap.add_argument("--stockfish", default=STOCKFISH, help="Stockfish, for the judge and the UCI_Elo players")
    ap.add_argument("--cache-dir", default=DEFAULT_CACHE, help="where the judge's scores are kept")
    ap.add_argument("--json", help="write every position, move, loss and figure here")
    ap.add_argument("--moves-from", metavar="JSON", help="take the moves of the players a previous run's --json "
                    "holds (same games and sample) instead of playing them")
    args = ap.parse_args()
    for name in ("per_bin", "per_side", "concurrency", "depth", "movetime"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.nodes is not None and args.nodes < 1:
        ap.error("--nodes must be at least 1")
    if args.min_ply < 0:
        ap.error("--min-ply must be at least 0")
    if not os.access(args.rokade, os.X_OK):
        ap.error(f"{args.rokade} is not an executable (cargo build --release)")

    warnings = []
    games = []
    for path in args.games:
        try:
            games.extend(read_games(path, warnings.append))
        except OSError as e:
            ap.error(f"cannot read {path}: {e}")
    for w in warnings[:10]:
        print(w, file=sys.stderr)
    if len(warnings) > 10:
        print(f"... and {len(warnings) - 10} more warnings", file=sys.stderr)
    positions = sample_positions(games, args.per_bin, args.per_side, args.min_ply, args.seed)
    if not positions:
        sys.exit("no positions: no rated game is long enough")
    players = build_players(args)
    # Every player must start: a wrong command is a bad command line, not a failure to record.
    for key, p in {p.process_key(): p for p in players}.items():
        try:
            UciEngine(p.command, p.options).close()
        except (EngineFailure, OSError, ValueError) as e:
            sys.exit(f"{p.name}: cannot start '{p.command}': {e}")
    limit_text = f"go nodes {args.nodes}" if args.nodes else f"go movetime {args.movetime}"
    print(f"{len(games)} games, {len(positions)} positions; players: {', '.join(p.name for p in players)}; "
          f"{limit_text}, {args.concurrency} workers, seed {args.seed}", file=sys.stderr, flush=True)

    judge = Judge(args)
    moves = reused_moves(args.moves_from, positions, games, players) if args.moves_from else {}
    reused = sorted({name for name, _ in moves}, key=[p.name for p in players].index)
    if reused:
        print(f"moves of {', '.join(reused)} from {args.moves_from}", file=sys.stderr)
    moves.update(play_moves([p for p in players if p.name not in reused], positions, games, args))
    wanted = []
    for pos in positions:
        game = games[pos.game]
        fen = board_at(game, pos.ply).fen()
        wanted.append((fen, None))
        wanted.append((fen, game.moves[pos.ply].uci()))
        wanted.extend((fen, moves[(p.name, pos.index)]["move"]) for p in players if moves[(p.name, pos.index)]["move"])
    judge.judge(wanted)
    per_position, summary = summarise(players, positions, games, moves, judge)

    seconds = time.monotonic() - started
    header = (f"rokade {git_commit()}, {time.strftime('%Y-%m-%d')}; games {', '.join(os.path.basename(g) for g in args.games)}, "
              f"{len(positions)} positions from ply {args.min_ply} (at most {args.per_bin} a bin, {args.per_side} a player "
              f"and game), seed {args.seed}; {limit_text}, {args.concurrency} workers; judge {judge.id_name} depth "
              f"{args.depth}, Hash {JUDGE_HASH_MB}, 1 thread"
              + (f"; the moves of {', '.join(reused)} from {args.moves_from}" if reused else "") + "\n")
    text = tables(players, summary, positions)
    print(header)
    print(text)
    print(f"\nTotal time {seconds / 60:.1f} min ({seconds:.0f} s).")
    if args.json:
        config = {k: v for k, v in vars(args).items()}
        config.update({"commit": git_commit(), "judge": judge.id_name, "date": time.strftime("%Y-%m-%d"),
                       "seconds": seconds, "players": [{"name": p.name, "kind": p.kind, "elo": p.elo,
                                                        "command": p.command, "options": p.options} for p in players]})
        with open(args.json, "w") as f:
            json.dump({"config": config, "summary": summary, "positions": per_position}, f, indent=1)


if __name__ == "__main__":
    main()
