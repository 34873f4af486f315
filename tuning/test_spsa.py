#!/usr/bin/env python3
"""Checks of spsa.py's arithmetic, no engine needed: `python3 tuning/test_spsa.py`.

Run by hand (pytest also finds them); not part of cargo test or CI.
"""
import doctest
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spsa  # noqa: E402
from spsa import Param, adjudicate, coefficients, parse_listing, perturb, updated  # noqa: E402

ALPHA, GAMMA, A_RATIO = 0.602, 0.101, 0.1


def rfp() -> Param:
    return Param("rfp_margin_per_depth", 75.0, 30, 150, 6.0, 0.002)


def test_the_listing_is_read_as_rokade_prints_it():
    text = ("aspiration_delta, int, 20, 5, 60, 2.8, 0.002\n"
            "not a parameter line\n"
            "see_quiet_margin_per_depth, int, -60, -120, -20, 5.0, 0.002\n")
    assert parse_listing(text) == [Param("aspiration_delta", 20.0, 5, 60, 2.8, 0.002),
                                   Param("see_quiet_margin_per_depth", -60.0, -120, -20, 5.0, 0.002)]


def test_c_and_r_reach_c_end_and_r_end_at_the_last_iteration():
    for n in (10, 1000, 5000):
        c, r = coefficients(rfp(), n, n, ALPHA, GAMMA, A_RATIO)
        assert math.isclose(c, 6.0) and math.isclose(r, 0.002), (n, c, r)


def test_c_starts_at_c_end_times_n_to_the_gamma():
    c, _ = coefficients(rfp(), 1, 2000, ALPHA, GAMMA, A_RATIO)
    assert math.isclose(c, 6.0 * 2000 ** GAMMA)


def test_the_gain_a_k_is_the_classic_one():
    # r_k * c_k^2 = a / (A + k)^alpha, with a fixed so that it is r_end * c_end^2 at k = N.
    n, big_a = 2000, A_RATIO * 2000
    a = 0.002 * 6.0 ** 2 * (big_a + n) ** ALPHA
    for k in (1, 10, 500, n):
        c, r = coefficients(rfp(), k, n, ALPHA, GAMMA, A_RATIO)
        assert math.isclose(r * c * c, a / (big_a + k) ** ALPHA), k


def test_an_integer_perturbation_is_at_least_half_a_unit():
    p = Param("lmp_base", 3.0, 1, 8, 0.3, 0.002)
    assert coefficients(p, 100, 100, ALPHA, GAMMA, A_RATIO)[0] == 0.5


def test_the_update_is_r_c_result_flip():
    p = rfp()
    for flip in (-1, 1):
        for result in (-2, -1, 0, 1, 2):
            assert math.isclose(updated(p, 6.0, 0.002, flip, result), 75.0 + 0.012 * result * flip)


def test_the_update_stays_in_range():
    assert updated(Param("x", 149.99, 30, 150, 6.0, 0.002), 6.0, 1.0, 1, 2) == 150.0
    assert updated(Param("x", 30.01, 30, 150, 6.0, 0.002), 6.0, 1.0, 1, -2) == 30.0


def test_the_rounding_is_unbiased_and_clamped():
    p = Param("x", 75.3, 30, 150, 6.0, 0.002)
    us = [i / 1000 for i in range(1000)]
    pluses, minuses = zip(*(perturb(p, 2.5, 1, u) for u in us))
    assert math.isclose(sum(pluses) / len(us), 77.8, abs_tol=1e-9)
    assert math.isclose(sum(minuses) / len(us), 72.8, abs_tol=1e-9)
    assert perturb(Param("x", 31.0, 30, 150, 6.0, 0.002), 6.0, 1, 0.0) == (37, 30)


def test_spsa_finds_the_optimum_of_a_noiseless_match():
    # The side nearer 100 always wins both games: the flips, the rounding and the update
    # must agree on signs for theta to get there, from either side.
    for start in (75.0, 125.0):
        p, rng, n = Param("x", start, 30, 150, 6.0, 0.002), random.Random(1), 1000
        for k in range(1, n + 1):
            c, r = coefficients(p, k, n, ALPHA, GAMMA, A_RATIO)
            flip = rng.choice((-1, 1))
            plus, minus = perturb(p, c, flip, rng.random())
            nearer = abs(minus - 100) - abs(plus - 100)
            p.value = updated(p, c, r, flip, 2 if nearer > 0 else -2 if nearer < 0 else 0)
        assert abs(p.value - 100) < 2, (start, p.value)


def test_adjudication():
    assert adjudicate([-1200, -1100, -1500, -1300, -1050, -1000], 30) == -1
    assert adjudicate([1200, 1100, 1500, 1300, 1050], 30) is None  # not 3 moves each yet
    assert adjudicate([1200, 1100, 1500, None, 1050, 1000], 30) is None
    assert adjudicate([0] * 16, 40) == 0
    assert adjudicate([0] * 15 + [10], 40) is None


def test_doctests():
    assert doctest.testmod(spsa).failed == 0


if __name__ == "__main__":
    tests = [f for name, f in sorted(globals().items()) if name.startswith("test_")]
    failed = 0
    for test in tests:
        try:
            test()
        except AssertionError as err:
            failed += 1
            print(f"FAIL {test.__name__}: {err!r}")
    print(f"{len(tests) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
