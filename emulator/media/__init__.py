"""The media of the time: disc images (and, later, tapes) as the machines' drives see them."""
