"""`ag.autograph.experimental`, as `tf.autograph.experimental`: directives to the converter."""

from autograph.api import do_not_convert  # noqa: F401
from autograph.directives import set_loop_options  # noqa: F401
