"""Code generation: the intermediate model, models.py, the rendered package, formatting."""
