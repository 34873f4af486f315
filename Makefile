# OpenBench builds engines with `make -j EXE=<name>` in this directory and expects the binary
# at $(EXE). rokade is a cargo project: this wraps `cargo build --release` and copies the binary.
# OpenBench may also pass CC, CXX, EVALFILE, CFLAGS and the like; none applies to rokade (its
# evaluation is built in), so they are accepted and kept away from cargo's build scripts.

EXE ?= rokade
CARGO ?= cargo
BUILT := target/release/rokade

unexport CC CXX CFLAGS CXXFLAGS CPPFLAGS LDFLAGS EVALFILE

.PHONY: all clean

all:
	$(CARGO) build --release --bin rokade
	cp $(BUILT) $(EXE)

clean:
	$(CARGO) clean
