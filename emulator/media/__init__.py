"""What a machine reads and writes its files on, as opposed to the chips that drive it: the host
filing card (hostfs.py, docs/hostfs.md) and DFS disc images (dfs_disc.py).  Disc drives, the 8271 and
tape images join them here; the machine modules fit them at their addresses."""
