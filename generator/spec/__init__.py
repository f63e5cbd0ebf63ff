"""The shared spec core: reading, pointers, references, bundling, overlays, the walk over operations.

Nothing here imports from any other part of the generator but `generator.problems` and `generator.io`.
"""
