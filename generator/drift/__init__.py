"""Drift: what changed between two documents, and whether a caller would notice.

* `walk`: the one schema walker (fields, 3.0/3.1 normalisation) and operation pairing helpers.
* `rules`: what a field change breaks; `change`: a change and its three severities.
* `subsume`: whether one schema accepts every value another does (composed schemas judged whole).
* `differ`: `diff(old, new) -> list[Change]`; `report`: every report format, and `md_cell`.
* `client`: what each change does to the generated client (method and argument, model and
  field, or no effect), from the intermediate model of each side (`diff_with_client`).
* `table`: the providers' comparison table; `compare`: it as docs/providers.md, and its check.
* `tree`: a generated folder against its regeneration (what `check` explains).
* `update`: what a new spec changes in the generated code.
"""
