print("caret: not yet")
