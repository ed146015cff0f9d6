"""Build and load the lexicon: sources, the on-disk trie store, and searches over tries."""
