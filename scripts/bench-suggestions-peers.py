#!/usr/bin/env python3
"""symspellpy as a peer of Caret's suggestion engine, for caret-bench's suggestion suite.

Reads misspelled words from stdin, one a line, and for each prints one tab-separated line:
    <ns for Verbosity.ALL> <ns for Verbosity.CLOSEST> <suggestion 1> ... <suggestion 5>
where each time is the fastest of --repetitions runs of SymSpell.lookup(max_edit_distance=2) and
the suggestions are the first five of the Verbosity.ALL lookup (distance ascending, then count
descending). A first line '# words N load_ms T' describes the dictionary.

symspellpy (MIT) is not part of Caret: scripts/setup-bench-peers.sh installs it outside the
repository and caret-bench runs this script with PYTHONPATH pointing there. The dictionary is the
frequency list that ships inside symspellpy (frequency_dictionary_en_82_765.txt).
"""
import argparse
import os
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--prefix-length", type=int, default=7)
    args = parser.parse_args()

    from symspellpy import SymSpell, Verbosity
    import symspellpy

    path = os.path.join(os.path.dirname(symspellpy.__file__), "frequency_dictionary_en_82_765.txt")
    start = time.perf_counter()
    sym = SymSpell(max_dictionary_edit_distance=2, prefix_length=args.prefix_length)
    if not sym.load_dictionary(path, term_index=0, count_index=1):
        sys.exit("bench-suggestions-peers: cannot load " + path)
    load_ms = (time.perf_counter() - start) * 1000
    out = sys.stdout
    out.write("# words %d load_ms %.0f\n" % (len(sym.words), load_ms))
    clock = time.perf_counter_ns
    for line in sys.stdin:
        word = line.strip()
        best_all = best_closest = None
        suggestions = []
        for _ in range(max(1, args.repetitions)):
            t0 = clock()
            suggestions = sym.lookup(word, Verbosity.ALL, max_edit_distance=2)
            t1 = clock()
            sym.lookup(word, Verbosity.CLOSEST, max_edit_distance=2)
            t2 = clock()
            best_all = t1 - t0 if best_all is None else min(best_all, t1 - t0)
            best_closest = t2 - t1 if best_closest is None else min(best_closest, t2 - t1)
        terms = [s.term for s in suggestions[:5]]
        out.write("\t".join([str(best_all), str(best_closest)] + terms) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
