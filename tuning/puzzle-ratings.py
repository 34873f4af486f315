#!/usr/bin/env python3
"""Checks the ratings of a rated puzzle file (`rokade puzzles rate`) against what happened.

Every puzzle comes from a real game, where the player to move, of a known lichess rating,
either found the solution's first move or did not. If the ratings mean anything, the players
find the puzzles rated below them more often than those rated above, and the Elo expectation
1 / (1 + 10^((puzzle - player) / 400)) predicts roughly how often. The script prints the
ratings by kind, the share of tries each level solved, and the players' results against the
puzzles, binned by the player's rating minus the puzzle's.

    tuning/puzzle-ratings.py src/puzzles/collection.json

lichess's ratings of 2013 and 2015 run higher than the levels' Elo at the low end (see
../shared/data/human-games/README.md), so the comparison is about the order, not the level.
"""
import json, statistics, sys


def expected(player, puzzle):
    return 1 / (1 + 10 ** ((puzzle - player) / 400))


def main():
    with open(sys.argv[1]) as f:
        puzzles = [p for p in json.load(f)["puzzles"] if p.get("rating")]
    print(f"{len(puzzles)} rated puzzles")
    groups = {}
    for p in puzzles:
        groups.setdefault(f"mate in {p['mate_in']}" if p["kind"] == "mate" else "tactic", []).append(p)
    print(f"{'kind':<10} {'count':>5} {'min':>5} {'q1':>5} {'median':>6} {'q3':>5} {'max':>5}")
    for name in sorted(groups):
        r = sorted(p["rating"]["elo"] for p in groups[name])
        q = statistics.quantiles(r, n=4) if len(r) > 1 else [r[0]] * 3
        print(f"{name:<10} {len(r):>5} {r[0]:>5} {q[0]:>5.0f} {q[1]:>6.0f} {q[2]:>5.0f} {r[-1]:>5}")
    levels = {}
    for p in puzzles:
        for t in p["rating"]["levels"]:
            levels.setdefault(t["elo"], []).append(t["chance"])
    print("mean chance of solving, by level: " + ", ".join(
        f"{elo} {100 * statistics.mean(c):.0f} %" for elo, c in sorted(levels.items())))
    check(puzzles, "all puzzles")
    # The human model was fitted on 2013-06 games: the puzzles of the others are held out.
    check([p for p in puzzles if not p["source"]["game"].startswith("2013-06")], "puzzles from games the model was not fitted on")


def check(puzzles, title):

    bins = [(-9999, -400), (-400, -200), (-200, 0), (0, 200), (200, 400), (400, 9999)]
    rows = {b: [0, 0, 0.0] for b in bins}
    by_rating = {}
    for p in puzzles:
        side = p["side_to_move"]
        player = p["source"][f"{side}_rating"]
        played = p["source"]["played"]
        if player is None or played is None:
            continue
        found = played["uci"] in {m["uci"] for m in p["accepted_first_moves"]}
        rating = p["rating"]["elo"]
        for b in bins:
            if b[0] <= player - rating < b[1]:
                rows[b][0] += 1
                rows[b][1] += found
                rows[b][2] += expected(player, rating)
        band = min(rating // 400 * 400, 2000)
        s = by_rating.setdefault(band, [0, 0])
        s[0] += 1
        s[1] += found
    print(f"{title}: the players of the games against their puzzles' first move:")
    print(f"{'player - puzzle':<16} {'puzzles':>7} {'found':>6} {'expected':>9}")
    for b in bins:
        n, found, exp = rows[b]
        if n:
            label = f"{b[0]}..{b[1]}".replace("-9999..", "< ").replace("..9999", " and more")
            print(f"{label:<16} {n:>7} {100 * found / n:>5.0f}% {100 * exp / n:>8.0f}%")
    print("found by the puzzle's rating: " + ", ".join(
        f"{band}-{band + 399 if band < 2000 else ''}: {100 * f / n:.0f} % of {n}" for band, (n, f) in sorted(by_rating.items())))


if __name__ == "__main__":
    main()
