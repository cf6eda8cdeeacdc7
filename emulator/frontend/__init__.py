"""The pygame front end: the window (`window.run_window`, used by `acorn run`), key maps, sound, the
keyboard view and the debugger panel.  Only this package imports pygame.  See docs/frontend.md."""
