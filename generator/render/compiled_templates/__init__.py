"""Templates compiled by generator/render/precompiled.py: do not edit."""
