// The SQLGenEmulator module. See README.md for its place in the pipeline.
