#!/usr/bin/env python3
"""Endgame openings that reach the tables: random legal positions of chosen material,
kept when Stockfish (depth 12, no tables) scores them within +-250 cp for the side to move."""
import chess, chess.engine, chess.syzygy, random, sys
# Usage: make-endgames.py COUNT [SEED] > endgames.epd (COUNT 90, SEED 32 made endgames.epd)
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 32)
families = ["KRPPvKR", "KRPvKRP", "KRPPvKRP", "KPPvKP", "KPPPvKPP", "KRPvKR", "KBPPvKB", "KNPPvKN", "KRPPvKRP"]
def place(b, piece, used):
    while True:
        sq = random.randrange(64)
        if sq in used: continue
        if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7): continue
        if piece.piece_type == chess.PAWN:
            r = chess.square_rank(sq)
            if piece.color == chess.WHITE and r > 5: continue
            if piece.color == chess.BLACK and r < 2: continue
        used.add(sq); b.set_piece_at(sq, piece); return
def random_position(fam):
    w, bl = fam.split("v")
    b = chess.Board(None); used = set()
    flip = random.random() < 0.5
    for side, letters in ((chess.WHITE, w), (chess.BLACK, bl)):
        color = side if not flip else not side
        for ch in letters:
            place(b, chess.Piece(chess.Piece.from_symbol(ch).piece_type, color), used)
    b.turn = random.choice([chess.WHITE, chess.BLACK])
    return b
sf = chess.engine.SimpleEngine.popen_uci(["nice", "-n", "19", "/usr/games/stockfish"])
want = int(sys.argv[1]); out = []
while len(out) < want:
    fam = families[len(out) % len(families)]
    b = random_position(fam)
    if not b.is_valid() or b.is_check() or b.is_game_over(): continue
    if any(b.is_capture(m) for m in b.legal_moves) : continue   # quiet: no capture available
    score = sf.analyse(b, chess.engine.Limit(depth=12))["score"].relative
    if score.is_mate() or abs(score.score()) > 250: continue
    out.append(b.epd() + f' c0 "{fam} sf12 {score.score()}";')
    print(out[-1], flush=True)
sf.quit()
