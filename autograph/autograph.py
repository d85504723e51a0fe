"""`ag.autograph`: the converter's namespace, as `tf.autograph` (errors, `to_code`, ...)."""

from autograph import autograph_experimental as experimental  # noqa: F401
from autograph.impl.api import convert, do_not_convert, to_code, to_graph  # noqa: F401
from autograph.pyct.errors import (  # noqa: F401
    ConversionError,
    StagingError,
    UnsupportedLanguageElementError,
)
