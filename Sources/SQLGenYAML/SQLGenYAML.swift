// The SQLGenYAML module. See README.md for its place in the pipeline.
