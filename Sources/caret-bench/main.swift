print("caret-bench: not yet")
