"""The semantic diff of two OpenAPI documents (`differ.diff`), its rules and its judge of
composed schemas (`subsume`), and the provider comparison table (`table.compare`)."""
