"""The ops with no gradient: comparisons and logic, integer-valued results (rounding, argmax,
shapes), constants and random numbers, strings, files and records, checks and printing.
Gradients stop at them, as in TensorFlow."""

from autograph.runtime.gradients.registry import no_gradient

NON_DIFFERENTIABLE = (
    # comparisons, logic, bits
    "Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual", "LogicalAnd",
    "LogicalOr", "LogicalNot", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Invert", "IsNan",
    "IsFinite", "Any", "All",
    # piecewise-constant or integer results
    "Floor", "Ceil", "Round", "FloorDiv", "ArgMax", "ArgMin", "Where", "OneHot", "Unique",
    "LowerBound", "UpperBound", "HistogramFixedWidth",
    # shapes and constants
    "Shape", "Size", "Rank", "BroadcastGradientArgs", "Const", "Placeholder", "ZerosLike",
    "OnesLike", "Range", "LinSpace", "Eye",
    # random numbers
    "RandomStandardNormal", "RandomUniform", "RandomUniformInt", "TruncatedNormal",
    "StatelessRandomUniform", "StatelessRandomNormal", "StatelessTruncatedNormal",
    "StatelessRandomUniformInt", "StatelessRandomUniformFullInt", "Multinomial",
    "RandomShuffle", "RandomPoissonV2",
    # RandomGamma's gradient (TensorFlow gives it none)
    "RandomGammaGrad",
    # strings
    "StringBytesSplit", "StringFormat", "StringJoin", "StringLength", "StringLower",
    "StringSplitV2", "StringToHashBucketFast", "StringToNumber", "StringUpper", "Substr",
    "UnicodeDecode", "UnicodeSplit",
    # checks, printing, nothing
    "Assert", "RaiseIf", "PrintV2", "NoOp", "StopGradient", "WriteSummary",
    "FlushSummaryWriter",
    # made by the graph optimiser in plans, which gradients never see
    "_FusedElementwise", "_SumToShape",
    # reading, writing and parsing files and records
    "ReadFile", "WriteFile", "SerializeTensor", "ParseTensor", "ParseExample", "DecodeCSV",
    "DecodeRaw", "DecodePaddedRaw",
    # iterating datasets
    "MakeIteratorFromHeld", "MakeIterator", "IteratorGetNext", "IteratorGetNextAsOptional",
)

for _op_type in NON_DIFFERENTIABLE:
    no_gradient(_op_type)
