#!/usr/bin/env python3
"""Checks of humanlike.py's pure parts, no engine needed: `python3 tuning/test_humanlike.py`
(or `python3 -m unittest discover -s tuning -p 'test_humanlike.py'`; pytest also finds them).

Run by hand; not part of cargo test or CI.
"""
import doctest
from collections import Counter
import io
import os
import sys
import tempfile
import unittest

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import humanlike  # noqa: E402
from humanlike import (BIN_NAMES, Game, error_class, implied_rating, monotone_losses, move_loss,  # noqa: E402
                       nearest_bins, parse_line, play_sans, rating_bin, read_games, sample_positions,
                       skill_seed, winning_chances)


def game(white, black, plies):
    """A game of `plies` legal moves (knights out and back), for the sampler."""
    board, moves = chess.Board(), []
    shuttle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for i in range(plies):
        move = chess.Move.from_uci(shuttle[i % 4])
        board.push(move)
        moves.append(move)
    return Game(white, black, moves)


class OneLineFormat(unittest.TestCase):
    def test_a_line_gives_ratings_time_control_and_moves(self):
        line = "1633 - 1586 - 600+0 - 1. d4 d5 2. Nf3 Nc6 3. e3 Nf6 1/2-1/2\n"
        self.assertEqual(parse_line(line), (1633, 1586, "600+0", ["d4", "d5", "Nf3", "Nc6", "e3", "Nf6"]))

    def test_a_game_may_end_without_a_result(self):
        self.assertEqual(parse_line("900 - 1010 - 300+8 - 1. e4 e5 2. Qh5")[3], ["e4", "e5", "Qh5"])

    def test_a_fully_disambiguated_move_is_read(self):
        _, _, _, sans = parse_line("1500 - 1500 - 600+0 - 1. d4 d5 2. Nb1d2 Nf6 0-1")
        moves, bad = play_sans(sans)
        self.assertIsNone(bad)
        self.assertEqual([m.uci() for m in moves], ["d2d4", "d7d5", "b1d2", "g8f6"])

    def test_an_illegal_move_ends_the_game_there(self):
        moves, bad = play_sans(["e4", "e5", "Ke3", "Nc6"])
        self.assertEqual(([m.uci() for m in moves], bad), (["e2e4", "e7e5"], "Ke3"))

    def test_a_line_without_four_fields_is_refused(self):
        with self.assertRaises(ValueError):
            parse_line("1500 - 1. e4 e5")

    def test_files_of_both_formats_are_read(self):
        with tempfile.TemporaryDirectory() as tmp:
            lines = os.path.join(tmp, "games.txt")
            with open(lines, "w") as f:
                f.write("1538 - 1330 - 600+0 - 1. e4 e5 2. Nf3 1-0\nnot a game\n\n1200 - 1300 - 900+0 - 1. d4 *\n")
            pgn = os.path.join(tmp, "games.pgn")
            with open(pgn, "w") as f:
                f.write('[WhiteElo "1810"]\n[BlackElo "2050"]\n\n1. e4 c5 2. Nf3 *\n\n'
                        '[WhiteElo "?"]\n[BlackElo "1500"]\n\n1. d4 *\n')
            warnings = []
            one_line = read_games(lines, warnings.append)
            from_pgn = read_games(pgn, warnings.append)
        self.assertEqual([(g.white_elo, g.black_elo, len(g.moves)) for g in one_line], [(1538, 1330, 3), (1200, 1300, 1)])
        self.assertEqual([(g.white_elo, g.black_elo, [m.uci() for m in g.moves]) for g in from_pgn],
                         [(1810, 2050, ["e2e4", "c7c5", "g1f3"])])
        self.assertEqual(len(warnings), 2)   # the line that is no game, the PGN game without a rating


class Losses(unittest.TestCase):
    def test_winning_chances_on_lichess_scale(self):
        self.assertEqual(winning_chances(("cp", 0)), 0.0)
        # 2 / (1 + exp(-k x)) - 1 is tanh(k x / 2).
        self.assertAlmostEqual(winning_chances(("cp", 100)), 0.18205, places=5)
        self.assertAlmostEqual(winning_chances(("cp", -300)), -0.50225, places=5)
        # Clamped at 1000 cp; a mate counts as 1000 cp for the side that mates.
        self.assertEqual(winning_chances(("cp", 1000)), winning_chances(("cp", 4000)))
        self.assertEqual(winning_chances(("mate", 2)), winning_chances(("cp", 1000)))
        self.assertEqual(winning_chances(("mate", -1)), winning_chances(("cp", -1000)))

    def test_the_loss_is_never_negative(self):
        self.assertEqual(move_loss(("cp", 50), ("cp", 80)), 0.0)
        self.assertAlmostEqual(move_loss(("cp", 100), ("cp", -100)), 2 * 0.18205, places=4)
        self.assertEqual(move_loss(("mate", 3), ("cp", 1500)), 0.0)

    def test_each_loss_in_its_worst_class_only(self):
        self.assertEqual([error_class(x) for x in (0.0, 0.0999, 0.1, 0.1999, 0.2, 0.2999, 0.3, 1.5)],
                         [None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"])

    def test_losing_a_won_position_is_a_blunder(self):
        self.assertEqual(error_class(move_loss(("cp", 400), ("cp", 0))), "blunder")
        self.assertEqual(error_class(move_loss(("cp", 30), ("cp", 0))), None)


class ImpliedRating(unittest.TestCase):
    CENTRES = [1100, 1300, 1500, 1700, 1900, 2100]

    def test_between_two_centres_it_interpolates(self):
        losses = [0.18, 0.12, 0.10, 0.08, 0.06, 0.05]
        self.assertEqual(implied_rating(self.CENTRES, losses, 0.12), (1300, None))
        rating, end = implied_rating(self.CENTRES, losses, 0.09)
        self.assertAlmostEqual(rating, 1600)
        self.assertIsNone(end)

    def test_beyond_the_ends_it_extrapolates_and_says_so(self):
        losses = [0.18, 0.12, 0.10, 0.08, 0.06, 0.05]
        rating, end = implied_rating(self.CENTRES, losses, 0.21)
        self.assertAlmostEqual(rating, 1000)
        self.assertEqual(end, "below")
        rating, end = implied_rating(self.CENTRES, losses, 0.03)
        self.assertAlmostEqual(rating, 2500)
        self.assertEqual(end, "above")

    def test_a_bump_is_pooled_so_the_curve_does_not_rise(self):
        # The humans: 1600-1799 lost more than 1400-1599.
        losses = [0.180, 0.123, 0.093, 0.102, 0.077, 0.056]
        curve = monotone_losses(losses, [100] * 6)
        self.assertEqual(curve[:2] + curve[4:], [0.180, 0.123, 0.077, 0.056])
        self.assertAlmostEqual(curve[2], 0.0975)
        self.assertAlmostEqual(curve[3], 0.0975)
        # A loss equal to the pooled stretch: its middle; a loss just above it: one answer.
        self.assertAlmostEqual(implied_rating(self.CENTRES, curve, 0.0975)[0], 1600)
        self.assertAlmostEqual(implied_rating(self.CENTRES, curve, 0.1)[0], 1500 - 200 * 0.0025 / 0.0255)

    def test_pooling_weighs_by_positions(self):
        self.assertEqual(monotone_losses([0.1, 0.2], [3, 1]), [0.125, 0.125])
        self.assertEqual(monotone_losses([0.3, 0.2, 0.1], [1, 1, 1]), [0.3, 0.2, 0.1])

    def test_a_flat_curve_has_no_slope_to_extrapolate(self):
        self.assertIsNone(implied_rating([1100, 1300], [0.1, 0.1], 0.2))
        self.assertEqual(implied_rating([1100, 1300], [0.1, 0.1], 0.1), (1200, None))


class Bins(unittest.TestCase):
    def test_edges(self):
        self.assertEqual([BIN_NAMES[rating_bin(r)] for r in (800, 1199, 1200, 1399, 1400, 1799, 1800, 2000, 2900)],
                         ["<1200", "<1200", "1200-1399", "1200-1399", "1400-1599", "1600-1799", "1800-1999",
                          "2000+", "2000+"])

    def test_a_levels_nearest_players_follow_its_elo(self):
        self.assertEqual([nearest_bins(e) for e in (600, 1199, 1200, 1500, 1799, 1800, 2100)],
                         [["<1200"], ["<1200"], ["1200-1399"], ["1400-1599", "1600-1799"], ["1400-1599", "1600-1799"],
                          ["1800-1999"], ["2000+"]])

    def test_the_sample_spreads_over_players_and_keeps_the_movers_rating(self):
        games = [game(1100, 1450, 30), game(1150, 1500, 30), game(2200, 1300, 12)]
        sample = sample_positions(games, per_bin=3, per_side=2, min_ply=10, seed=7)
        by_bin = {}
        for p in sample:
            by_bin.setdefault(BIN_NAMES[p.bin], []).append(p)
            # White moves at even plies, Black at odd ones; the rating is the mover's.
            white = p.ply % 2 == 0
            self.assertEqual(p.rating, games[p.game].white_elo if white else games[p.game].black_elo)
            self.assertGreaterEqual(p.ply, 10)
        # <1200: two players, so one position each before a second of either; 3 in all.
        self.assertEqual(sorted(Counter(p.game for p in by_bin["<1200"]).values()), [1, 2])
        self.assertEqual(len(by_bin["1400-1599"]), 3)
        # Game 2 has plies 10 and 11 only: one position for each side.
        self.assertEqual([(p.ply, p.rating) for p in by_bin["2000+"]], [(10, 2200)])
        self.assertEqual([(p.ply, p.rating) for p in by_bin["1200-1399"]], [(11, 1300)])
        self.assertEqual([p.index for p in sample], list(range(len(sample))))
        self.assertEqual(sample, sample_positions(games, 3, 2, 10, 7))   # seeded

    def test_per_side_caps_a_players_positions(self):
        sample = sample_positions([game(1500, 1500, 60)], per_bin=100, per_side=3, min_ply=10, seed=1)
        self.assertEqual(len(sample), 6)   # both players in the same bin, 3 each
        self.assertEqual(sum(p.ply % 2 == 0 for p in sample), 3)

    def test_skill_seeds_differ_by_position_and_are_never_zero(self):
        seeds = [skill_seed(1, i) for i in range(1000)]
        self.assertEqual(len(set(seeds)), 1000)
        self.assertTrue(all(1 <= s < 2 ** 32 for s in seeds))
        self.assertEqual(skill_seed(1, 5), skill_seed(1, 5))
        self.assertNotEqual(skill_seed(1, 5), skill_seed(2, 5))


class Doctests(unittest.TestCase):
    def test_doctests(self):
        self.assertEqual(doctest.testmod(humanlike).failed, 0)


if __name__ == "__main__":
    unittest.main()
