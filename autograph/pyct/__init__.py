"""Python code tools for the converter: parsing, templates, static analyses, loading."""
