"""The content-stream reader and interpreter as they were before they were made fast (commit
ad6a4e6: one regular-expression match per token, an if-chain on the decoded operator): the
reference the fast ones must agree with, exactly (tests/verify/test_same_reading.py).

Frozen: never change these files to follow the fast code. The one known difference is
deliberate: the reference lets a dictionary with an array for a key raise TypeError, where
the fast reader refuses the stream with ContentSyntaxError."""
