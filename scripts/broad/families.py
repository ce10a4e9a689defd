"""The broad suite's instances, each built from a one-line source spec.

A spec names where a formula comes from, so that the suite list (scripts/broad/suite.tsv)
holds a few bytes a formula and every file is rebuilt, byte for byte, on any machine (its
SHA-256 is in the list too, and `make bench-broad` refuses a file that differs):

| spec | what |
|---|---|
| `pool:DIR/NAME.cnf.xz` | a file of ../shared/bench/pool |
| `cnfgen:ARGS` | `cnfgen -q ARGS` (CNFgen 0.9.6, Lauria, Elffers, Nordström & Vinyals, SAT 2017): the generator of the proof-complexity families (ordering principles, pigeonhole, clique-colouring, Tseitin, subset cardinality, van der Waerden, planted random k-CNF); ARGS carries `--seed` where the formula is random |
| `flat:N:M:K:SEED` | a planted K-colouring of a flat graph, ours (`flat_colouring`) |
| `vmpc:N:SEED` | recovering a VMPC permutation from its output, ours (`vmpc`) |
| `factor:BITS:SEED[:prime]` | factoring a semiprime (or, with `prime`, a prime: UNSAT) through an array multiplier, ours (`factoring`) |
| `sudoku:PUZZLE_FILE` | `sudoku2cnf` of a puzzle of testdata/ (every size is ours) |
| `sudokugen:N:BLANK:SEED` | a random grid of side N (`sudokugen grids 1 --random --size N --seed SEED`), BLANK percent of its cells blanked (a seeded choice), then `sudoku2cnf`: satisfiable, often with many solutions. The grid comes from the solver's model, so it changes with the solver's defaults: the suite uses `grid:` instead |
| `grid:GRID_FILE:BLANK:SEED` | a solved grid of testdata/ (block format), BLANK percent of its cells blanked as above, then `sudoku2cnf`. testdata/broad/grid-N-seed-S.txt are `sudokugen:N:..:S`'s grids from f003276's sudokugen, kept as files so that a change of the solver does not change the suite |
| `miter:BITS:KIND:SEED` | `examples/miter.rs`: two multipliers against each other |

Every generator here draws from SplitMix64 (as `sudosat::rng`), not from Python's
`random`, so the files do not depend on the Python version.
"""

import csv
import hashlib
import lzma
import os
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))

from benchlib import RELEASE, shared_path  # noqa: E402

# Our binaries: the release build, or the folder $SUDOSAT_BIN_DIR names (the tests' build).
RELEASE = Path(os.environ.get("SUDOSAT_BIN_DIR", RELEASE))

CNFGEN_VERSION = "0.9.6"
MASK = (1 << 64) - 1


class SpecError(Exception):
    """A source spec that names no generator, or bad arguments to one."""


class SplitMix64:
    """Steele, Lea & Flood's SplitMix64, the generator of `sudosat::rng`."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        """A uniform integer in [0, bound), by rejection (no modulo bias)."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next()
            if value < limit:
                return value % bound

    def shuffle(self, items):
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def dimacs(num_vars, clauses, comments=()):
    """The formula as DIMACS text with an exact header."""
    lines = [f"c {line}" for line in comments]
    lines.append(f"p cnf {num_vars} {len(clauses)}")
    lines += [" ".join(map(str, clause)) + " 0" for clause in clauses]
    return "\n".join(lines) + "\n"


# --- Flat graph colouring -----------------------------------------------------------------


def flat_graph(n, m, k, rng):
    """A flat graph in Culberson's model (Culberson, Beacham & Papp, "Hiding our colors",
    CP 1995; the generator behind SATLIB's flat instances, with flatness 0): n vertices in k
    colour classes whose sizes differ by at most one, m edges only between classes, spread
    as evenly as possible over the k(k-1)/2 pairs of classes, and inside each pair over
    the vertices (the degrees a vertex gets from one other class differ by at most one
    across its class). Returns the edges and the hidden colouring."""
    order = list(range(n))
    rng.shuffle(order)
    colour = [0] * n
    classes = [[] for _ in range(k)]
    for position, vertex in enumerate(order):
        colour[vertex] = position % k
        classes[position % k].append(vertex)
    pairs = [(a, b) for a in range(k) for b in range(a + 1, k)]
    share, extra = divmod(m, len(pairs))
    rng.shuffle(pairs)
    edges = set()
    for index, (a, b) in enumerate(pairs):
        count = share + (index < extra)
        if count > len(classes[a]) * len(classes[b]):
            raise SpecError(f"flat: {m} edges do not fit between {k} classes of {n} vertices")
        edges |= flat_bipartite(classes[a], classes[b], count, rng)
    return sorted(edges), colour


def flat_bipartite(left, right, count, rng):
    """`count` distinct edges between two vertex sets with each side's degrees as even as
    possible: each vertex gets `count // size` or one more edge end (which ones get the
    extra is random), and the ends are matched at random; a match that repeats an edge is
    undone by swapping with a random earlier edge that keeps both simple, as the
    configuration model's switch chain does."""

    def stubs(side):
        base, extra = divmod(count, len(side))
        chosen = list(side)
        rng.shuffle(chosen)
        ends = []
        for position, vertex in enumerate(chosen):
            ends += [vertex] * (base + (position < extra))
        rng.shuffle(ends)
        return ends

    ends_left, ends_right = stubs(left), stubs(right)
    edges, taken = [], set()
    pending = []
    for u, v in zip(ends_left, ends_right):
        if (u, v) in taken:
            pending.append((u, v))
        else:
            taken.add((u, v))
            edges.append((u, v))
    for u, v in pending:
        for _ in range(100 * count + 100):
            i = rng.below(len(edges))
            x, y = edges[i]
            # Swap partners: (u, v), (x, y) -> (u, y), (x, v).
            if u != x and v != y and (u, y) not in taken and (x, v) not in taken:
                taken.discard((x, y))
                taken.add((u, y))
                taken.add((x, v))
                edges[i] = (u, y)
                edges.append((x, v))
                break
        else:
            raise SpecError("flat: could not place the edges without repeating one")
    return {(min(u, v), max(u, v)) for u, v in edges}


def flat_colouring(n, m, k, seed):
    """The flat graph's k-colouring as CNF, SATLIB's encoding of its flat instances:
    variable (v, c) = vertex v has colour c; every vertex a colour, at most one colour a
    vertex, and no edge with both ends of one colour. Satisfiable: the classes colour it."""
    edges, _ = flat_graph(n, m, k, SplitMix64(seed))

    def var(v, c):
        return v * k + c + 1

    clauses = [[var(v, c) for c in range(k)] for v in range(n)]
    clauses += [[-var(v, c), -var(v, d)] for v in range(n) for c in range(k) for d in range(c + 1, k)]
    clauses += [[-var(u, c), -var(v, c)] for u, v in edges for c in range(k)]
    comments = [f"flat graph {k}-colouring (Culberson's model, flatness 0): {n} vertices, "
                f"{len(edges)} edges, seed {seed}; planted, satisfiable"]
    return dimacs(n * k, clauses, comments)


# --- VMPC -------------------------------------------------------------------------------


def vmpc(n, seed):
    """Inverting the VMPC one-way function (Zoltak, FSE 2004) on a permutation of size n:
    Q[x] = P[P[P[x]] + 1] (indices mod n). A random P gives Q; the formula asks for a
    permutation P with that output, which P itself is, so it is satisfiable (others may
    be too). Variable (x, y) = "P[x] = y"; P is a permutation (exactly one y a row, one x
    a column: at-least-one clauses and pairwise at-most-one), and for every x, y, z:
    P[x] = y and P[y] = z imply P[z + 1] = Q[x] (one ternary clause each), which with the
    permutation is exactly the function's definition. The SAT 2005 competition's vmpc
    instances state the same problem over the same n² variables in their own clauses."""
    rng = SplitMix64(seed)
    p = list(range(n))
    rng.shuffle(p)
    q = [p[(p[p[x]] + 1) % n] for x in range(n)]

    def var(x, y):
        return x * n + y + 1

    clauses = [[var(x, y) for y in range(n)] for x in range(n)]
    clauses += [[var(x, y) for x in range(n)] for y in range(n)]
    for a in range(n):
        for b in range(n):
            for c in range(b + 1, n):
                clauses.append([-var(a, b), -var(a, c)])  # row a: one value
                clauses.append([-var(b, a), -var(c, a)])  # column a: one preimage
    for x in range(n):
        for y in range(n):
            for z in range(n):
                clauses.append([-var(x, y), -var(y, z), var((z + 1) % n, q[x])])
    comments = [f"VMPC one-way function inversion, permutation size {n}, seed {seed}; "
                "satisfiable (the permutation that made the output)"]
    return dimacs(n * n, clauses, comments)


# --- Factoring ------------------------------------------------------------------------


def is_prime(value):
    if value < 2:
        return False
    divisor = 2
    while divisor * divisor <= value:
        if value % divisor == 0:
            return False
        divisor += 1
    return True


def random_prime(bits, rng):
    """A prime of exactly `bits` bits (top bit set)."""
    while True:
        candidate = (1 << (bits - 1)) | rng.below(1 << (bits - 1)) | 1
        if is_prime(candidate):
            return candidate


def factoring(bits, seed, prime=False):
    """Factoring through an array multiplier: two `bits`-bit factors a and b, their
    product by shift-and-add rows of full adders in Tseitin clauses, the product's 2·bits
    bits fixed to N, and a, b > 1. N is the product of two random `bits`-bit primes
    (satisfiable), or with `prime` a random prime of 2·bits - 1 bits, which has no such
    factors (unsatisfiable). The classic crypto-flavoured family of the SAT competitions
    (factoring formulas, e.g. Purdom & Sabry's generator)."""
    rng = SplitMix64(seed)
    if prime:
        target = random_prime(2 * bits - 1, rng)
    else:
        target = random_prime(bits, rng) * random_prime(bits, rng)
    clauses = []
    counter = [0]

    def new():
        counter[0] += 1
        return counter[0]

    def and_gate(x, y):
        out = new()
        clauses.extend([[-out, x], [-out, y], [out, -x, -y]])
        return out

    def xor_gate(x, y):
        out = new()
        clauses.extend([[-out, x, y], [-out, -x, -y], [out, -x, y], [out, x, -y]])
        return out

    def or_gate(x, y):
        out = new()
        clauses.extend([[out, -x], [out, -y], [-out, x, y]])
        return out

    def full_adder(x, y, carry):
        half = xor_gate(x, y)
        total = xor_gate(half, carry)
        out = or_gate(and_gate(x, y), and_gate(half, carry))
        return total, out

    a = [new() for _ in range(bits)]
    b = [new() for _ in range(bits)]
    width = 2 * bits
    # Row by row: acc += (a AND b_j) << j, with None standing for a constant 0.
    acc = [None] * width
    for j in range(bits):
        carry = None
        for i in range(width - j):
            bit = and_gate(a[i], b[j]) if i < bits else None
            position = i + j
            terms = [t for t in (acc[position], bit, carry) if t is not None]
            if len(terms) == 0:
                acc[position], carry = None, None
            elif len(terms) == 1:
                acc[position], carry = terms[0], None
            elif len(terms) == 2:
                acc[position], carry = xor_gate(*terms), and_gate(*terms)
            else:
                acc[position], carry = full_adder(*terms)
        # A carry out of the top bit would exceed 2·bits bits: impossible for the product.
        if carry is not None:
            clauses.append([-carry])
    for position in range(width):
        wanted = (target >> position) & 1
        if acc[position] is None:
            if wanted:
                clauses.append([])
        else:
            clauses.append([acc[position] if wanted else -acc[position]])
    clauses.append(a[1:])  # a > 1
    clauses.append(b[1:])  # b > 1
    kind = "prime, unsatisfiable" if prime else "semiprime, satisfiable"
    comments = [f"factoring {target} ({kind}) with two {bits}-bit factors, seed {seed}"]
    return dimacs(counter[0], clauses, comments)


# --- Sources ---------------------------------------------------------------------------


def run(argv):
    """stdout of a command, with a clear error when it fails."""
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise SpecError(f"{shlex.join(argv)} failed ({done.returncode}): {done.stderr.strip()[:300]}")
    return done.stdout


def ints(text, count, spec):
    parts = text.split(":")
    if len(parts) < count or not all(p.isdigit() for p in parts[:count]):
        raise SpecError(f"{spec}: expected {count} numbers separated by ':'")
    return [int(p) for p in parts[:count]], parts[count:]


def build(spec):
    """The DIMACS text of a source spec (see the module docs)."""
    kind, _, rest = spec.partition(":")
    if kind == "pool":
        path = shared_path("bench/pool") / rest
        if not path.exists():
            raise SpecError(f"{spec}: no file {path}")
        return lzma.open(path, "rt").read() if path.suffix == ".xz" else path.read_text()
    if kind == "cnfgen":
        version = run(["cnfgen", "--version"]).split()[-1].strip("()")
        if version != CNFGEN_VERSION:
            raise SpecError(f"{spec}: cnfgen {version} found, the suite was made with "
                            f"{CNFGEN_VERSION} (pip install cnfgen=={CNFGEN_VERSION})")
        return run(["cnfgen", "-q", *shlex.split(rest)])
    if kind == "flat":
        (n, m, k, seed), _ = ints(rest, 4, spec)
        return flat_colouring(n, m, k, seed)
    if kind == "vmpc":
        (n, seed), _ = ints(rest, 2, spec)
        return vmpc(n, seed)
    if kind == "factor":
        (bits, seed), tail = ints(rest, 2, spec)
        return factoring(bits, seed, prime=tail == ["prime"])
    if kind == "sudoku":
        return run([str(RELEASE / "sudoku2cnf"), str(ROOT / rest)])
    if kind == "sudokugen":
        (size, blank, seed), _ = ints(rest, 3, spec)
        grid = run([str(RELEASE / "sudokugen"), "grids", "1", "--random", "--size", str(size),
                    "--seed", str(seed), "--format", "block"])
        return run_stdin([str(RELEASE / "sudoku2cnf"), "-"], blank_cells(grid, blank, seed))
    if kind == "grid":
        parts = rest.rsplit(":", 2)
        if len(parts) != 3:
            raise SpecError(f"{spec}: expected grid:GRID_FILE:BLANK:SEED")
        (blank, seed), _ = ints(":".join(parts[1:]), 2, spec)
        grid_path = ROOT / parts[0]
        if not grid_path.exists():
            raise SpecError(f"{spec}: no grid file {grid_path}")
        grid = grid_path.read_text()
        return run_stdin([str(RELEASE / "sudoku2cnf"), "-"], blank_cells(grid, blank, seed))
    if kind == "miter":
        (bits,), tail = ints(rest, 1, spec)
        if len(tail) != 2:
            raise SpecError(f"{spec}: expected miter:BITS:KIND:SEED")
        return run([str(RELEASE / "examples" / "miter"), str(bits), tail[0], tail[1]])
    raise SpecError(f"{spec}: unknown source {kind!r} (pool, cnfgen, flat, vmpc, factor, "
                    "sudoku, sudokugen, grid, miter)")


def blank_cells(grid, percent, seed):
    """The block-format grid with `percent` of its cells blanked (`.`), the cells chosen
    by SplitMix64 from the seed."""
    rows = [line.split() for line in grid.splitlines() if line.strip()]
    cells = [(r, c) for r, row in enumerate(rows) for c in range(len(row))]
    rng = SplitMix64(seed ^ 0x5EED)
    rng.shuffle(cells)
    for r, c in cells[: len(cells) * percent // 100]:
        rows[r][c] = "."
    return "\n".join(" ".join(row) for row in rows) + "\n"


def run_stdin(argv, text):
    done = subprocess.run(argv, input=text, capture_output=True, text=True)
    if done.returncode != 0:
        raise SpecError(f"{shlex.join(argv)} failed ({done.returncode}): {done.stderr.strip()[:300]}")
    return done.stdout


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def check(suite, kinds):
    """Builds the rows of `suite` whose source is one of `kinds` and compares each file's
    hash with the row's; returns the mismatches as messages."""
    wrong = []
    with open(suite) as handle:
        rows = [row for row in csv.DictReader(handle, delimiter="\t")
                if row["spec"].partition(":")[0] in kinds]
    for row in rows:
        try:
            got = sha256(build(row["spec"]))
        except SpecError as error:
            wrong.append(f"{row['name']}: {error}")
            continue
        if got != row["sha256"]:
            wrong.append(f"{row['name']}: {row['spec']} built SHA-256 {got[:12]}, "
                         f"the suite says {row['sha256'][:12]}")
    return len(rows), wrong


if __name__ == "__main__":
    # `families.py SPEC`: the formula on stdout, for a look at one instance.
    # `families.py --check SUITE KIND,...`: the rows of those sources build as recorded.
    try:
        if sys.argv[1] == "--check":
            count, wrong = check(sys.argv[2], sys.argv[3].split(","))
            for message in wrong:
                print(f"families.py: {message}", file=sys.stderr)
            if wrong or count == 0:
                sys.exit(1)
            print(f"{count} rows build as the suite records")
        else:
            sys.stdout.write(build(sys.argv[1]))
    except (SpecError, IndexError) as error:
        sys.exit(f"families.py: {error}")
