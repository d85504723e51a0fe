"""User-defined composite types: `ExtensionType` and its generated `Spec` classes."""
