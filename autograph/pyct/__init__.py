"""Python code tools for the converter: parsing, templates, analyses, loading (as AutoGraph's pyct)."""
