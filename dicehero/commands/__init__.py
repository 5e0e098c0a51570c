"""Command-line jobs that need no server: simulate, score, balance."""
