"""`ag.distribute`: strategies for running replicas of a computation (TensorFlow's
`tf.distribute`)."""

from autograph import distribute_experimental as experimental  # noqa: F401
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.distribute.cross_device_ops import (  # noqa: F401
    CrossDeviceOps,
    HierarchicalCopyAllReduce,
    NcclAllReduce,
    ReductionToOneDevice,
)
from autograph.runtime.distribute.distribute_lib import (  # noqa: F401
    InputContext,
    ReplicaContext,
    Strategy,
    get_replica_context,
    get_strategy,
    has_strategy,
    in_cross_replica_context,
)
from autograph.runtime.distribute.distributed_variables import (  # noqa: F401
    MirroredVariable,
    SyncOnReadVariable,
)
from autograph.runtime.distribute.local_strategies import MultiWorkerMirroredStrategy  # noqa: F401
from autograph.runtime.distribute.mirrored_strategy import MirroredStrategy  # noqa: F401
from autograph.runtime.distribute.reduce_util import ReduceOp  # noqa: F401
from autograph.runtime.distribute.values import PerReplica  # noqa: F401

_filter_exports(globals())  # errors show the user's frames
