"""What a machine reads and writes its files on, as opposed to the chips that drive it: the host
filing card (hostfs.py, docs/hostfs.md), DFS catalogues (dfs_disc.py) and disc images in drives
(disc_image.py, docs/discs.md), UEF tape images (uef.py) and the cassette recorder that plays and
records them (cassette.py, docs/tapes.md).  The machine modules fit them at their addresses."""
