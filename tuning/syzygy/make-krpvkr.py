#!/usr/bin/env python3
"""KRPvKR openings from the tables: won positions (side to move wins, DTZ >= 15, at least
a third of its moves spoil the win) and drawn ones where the pawnless side is to move and at
least a third of its moves lose (Philidor-like: the draw must be held)."""
import chess, chess.syzygy, random, sys
# Usage: make-krpvkr.py SEED [TABLES] writes krpvkr-won.epd and krpvkr-drawn.epd (seed 32; the
# Lucena and Philidor positions were added by hand as the last line of each).
tb = chess.syzygy.open_tablebase(sys.argv[2] if len(sys.argv) > 2 else "../../../shared/syzygy")
random.seed(int(sys.argv[1]))
won, drawn = [], []
def rand_pos():
    b = chess.Board(None); used=set()
    strong = random.choice([chess.WHITE, chess.BLACK])
    for color, kinds in ((strong, [chess.KING, chess.ROOK, chess.PAWN]), (not strong, [chess.KING, chess.ROOK])):
        for k in kinds:
            while True:
                sq = random.randrange(64)
                if sq in used: continue
                r = chess.square_rank(sq)
                if k == chess.PAWN and (r in (0,7) or (color==chess.WHITE and r<3) or (color==chess.BLACK and r>4)): continue
                used.add(sq); b.set_piece_at(sq, chess.Piece(k, color)); break
    return b, strong
while len(won) < 30 or len(drawn) < 30:
    b, strong = rand_pos()
    b.turn = random.choice([chess.WHITE, chess.BLACK])
    if not b.is_valid() or b.is_check() or b.is_game_over(): continue
    if any(b.is_capture(m) for m in b.legal_moves): continue
    wdl = tb.probe_wdl(b)
    outcomes = []
    for m in b.legal_moves:
        b.push(m); outcomes.append(-tb.probe_wdl(b)); b.pop()
    spoil = sum(1 for o in outcomes if o < wdl) / len(outcomes)
    if wdl == 2 and b.turn == strong and len(won) < 30 and tb.probe_dtz(b) >= 15 and spoil >= 1/3:
        won.append(b.epd() + ' c0 "KRPvKR won";')
    elif wdl == 0 and b.turn != strong and len(drawn) < 30 and spoil >= 1/3:
        drawn.append(b.epd() + ' c0 "KRPvKR drawn";')
open("krpvkr-won.epd", "w").write("\n".join(won)+"\n")
open("krpvkr-drawn.epd", "w").write("\n".join(drawn)+"\n")
