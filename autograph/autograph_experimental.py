"""`ag.autograph.experimental`, as `tf.autograph.experimental`: directives to the converter."""

from autograph.impl.api import do_not_convert  # noqa: F401
from autograph.impl.directives import set_loop_options  # noqa: F401
from autograph.pyct.features import Feature  # noqa: F401
