#!/usr/bin/env python3
"""Picks the shipped puzzle collection from a checked puzzle file.

Reads what `tuning/verify-puzzles.py --out` kept of `rokade puzzles find`'s puzzles and
writes a collection for `src/puzzles/collection.json` (rate it afterwards with
`rokade puzzles rate`): every tactic, then mates in 1, 2 and 3 in equal numbers as far as
there are enough, up to `--size` puzzles, at most one puzzle from any game (a tactic first),
the mates drawn with `--seed`. The puzzles keep the order of the input.

    tuning/make-collection.py checked.json --out collection.json [--size 420] [--seed 1]
"""
import argparse, json, random


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checked")
    ap.add_argument("--out", required=True)
    ap.add_argument("--size", type=int, default=420)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    with open(args.checked) as f:
        source = json.load(f)
    puzzles = source["puzzles"]
    rng = random.Random(args.seed)
    used_games = set()
    chosen = set()
    for i, p in enumerate(puzzles):
        if p["kind"] == "tactic" and p["source"]["game"] not in used_games:
            chosen.add(i)
            used_games.add(p["source"]["game"])
    mates = {n: [i for i, p in enumerate(puzzles) if p["mate_in"] == n] for n in (1, 2, 3)}
    for pool in mates.values():
        rng.shuffle(pool)
    # Round-robin over mate lengths so that they come in equal numbers while they last.
    while len(chosen) < args.size and any(mates.values()):
        for n in (1, 2, 3):
            while mates[n] and len(chosen) < args.size:
                i = mates[n].pop()
                game = puzzles[i]["source"]["game"]
                if game not in used_games:
                    chosen.add(i)
                    used_games.add(game)
                    break
    kept = [p for i, p in enumerate(puzzles) if i in chosen]
    counts = {}
    for p in kept:
        key = f"mate in {p['mate_in']}" if p["kind"] == "mate" else "tactic"
        counts[key] = counts.get(key, 0) + 1
    description = (f"{len(kept)} puzzles from {source['description'].split(':')[0]} "
                   f"({', '.join(f'{v} {k}' for k, v in sorted(counts.items()))}), "
                   f"checked by Stockfish (tuning/verify-puzzles.py), picked by tuning/make-collection.py "
                   f"--size {args.size} --seed {args.seed}")
    with open(args.out, "w") as f:
        json.dump({"description": description, "puzzles": kept}, f, indent=2)
        f.write("\n")
    print(description)


if __name__ == "__main__":
    main()
