"""`ag.print` and the logging ops."""
