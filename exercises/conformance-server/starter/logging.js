// logging/setLevel, and the log messages a tool sends through its peer, filtered by that level.
